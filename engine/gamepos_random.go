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
	for ply := 0; ; ply++ {
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
