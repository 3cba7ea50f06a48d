package engine

import (
	"math/rand/v2"

	"github.com/ludus-games/ludus/game"
)

// RandomGame plays uniformly random legal moves (a random player's
// outcomes among them, equally likely) until the game ends, and takes
// them back; it returns the result and the moves played. A game still
// going after maxPlies moves is left there, its result nil, for the
// caller to evaluate and take back with Undo. It draws its moves as
// Playout does, without listing them where it can: the playouts of MCTS
// (search.Playouter) use it.
func (p *Position) RandomGame(rng *rand.Rand, maxPlies int) (game.Result, int) {
	s := p.s
	s.inPlayout = true
	defer func() { s.inPlayout = false }()
	k := s.g.kernel
	for ply := 0; ; ply++ {
		if k != nil && k.ready(s.turn) {
			if r, n, ok := p.kernelGame(rng, maxPlies-ply); ok {
				if r != nil {
					p.undo(ply)
				}
				return r, ply + n
			}
			k = nil
		}
		r, end, err := s.playoutStep(&p.draws, rng, ply >= maxPlies)
		switch {
		case err != nil:
			p.fail(err)
			p.undo(ply)
			return game.Draw(p.Players()), ply
		case end && !r.Over:
			return nil, ply
		case end:
			res := p.shares(r.Scores)
			p.undo(ply)
			return res, ply
		}
		p.next++
		p.ids = append(p.ids, p.next)
	}
}

// undo takes back n moves.
func (p *Position) undo(n int) {
	for ; n > 0; n-- {
		p.Undo()
	}
}

// kernelGame plays the rest of the random game on the game's kernel (ok
// false when the position holds what it does not follow); a game cut at
// maxPlies is then made on the position.
func (p *Position) kernelGame(rng *rand.Rand, maxPlies int) (res game.Result, plies int, ok bool) {
	s := p.s
	k := s.g.kernel
	r, n, ok, err := k.playout(s, rng, maxPlies, true)
	switch {
	case err != nil:
		p.fail(err)
		return game.Draw(p.Players()), 0, true
	case !ok:
		return nil, 0, false
	case !r.Over:
		k.replay(s)
		for range n {
			p.next++
			p.ids = append(p.ids, p.next)
		}
		return nil, n, true
	}
	return p.shares(r.Scores), n, true
}
