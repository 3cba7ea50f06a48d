package search

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/ludus-games/ludus/game"
)

// Playouter plays random games, the playouts of MCTS: uniformly random
// legal moves, and the chance player's outcomes drawn by their
// probabilities. It reuses its buffers from game to game, so one
// Playouter serves one goroutine.
type Playouter[M any, P game.Position[M]] struct {
	Rand *rand.Rand
	// MaxPlies cuts a game that runs this long (0: 1000).
	MaxPlies int
	moves    []M
	outs     []game.Outcome[M]
	plies    int // played by the last Play and not yet taken back
}

// RandomGamer is a position that plays random games itself, faster than
// through Moves (an engine.Position draws its moves without listing
// them). RandomGame plays uniformly random legal moves, a chance player's
// outcomes by their probabilities, until the game ends, takes them back
// and returns the result and the plies played; a game cut at maxPlies is
// left where it stopped, with a nil result.
type RandomGamer interface {
	RandomGame(rng *rand.Rand, maxPlies int) (game.Result, int)
}

// defaultPlayout bounds playouts of games that can go on for ever.
const defaultPlayout = 1000

// Play plays a random game from pos to its end and takes it back,
// returning the result and the plies played. When the game is cut at
// MaxPlies, or reaches a position without moves that is not finished, the
// result is nil and pos is left where the game stopped, for the caller to
// evaluate before calling Undo.
func (pl *Playouter[M, P]) Play(pos P) (game.Result, int) {
	limit := pl.MaxPlies
	if limit <= 0 {
		limit = defaultPlayout
	}
	pl.plies = 0
	if rg, ok := any(pos).(RandomGamer); ok {
		r, n := rg.RandomGame(pl.Rand, limit)
		if r == nil {
			pl.plies = n // left for the caller to evaluate, then Undo
		}
		return r, n
	}
	for {
		if r, over := pos.Result(); over {
			n := pl.plies
			pl.Undo(pos)
			return r, n
		}
		if pl.plies >= limit {
			return nil, pl.plies
		}
		if pos.ToMove() == game.Chance {
			pl.outs = pos.Outcomes(pl.outs[:0])
			if len(pl.outs) == 0 {
				return nil, pl.plies
			}
			pos.Play(pl.outs[drawOutcome(pl.Rand, len(pl.outs), func(k int) float64 { return pl.outs[k].Prob })].Move)
		} else {
			pl.moves = pos.Moves(pl.moves[:0])
			if len(pl.moves) == 0 {
				return nil, pl.plies
			}
			pos.Play(pl.moves[pl.Rand.IntN(len(pl.moves))])
		}
		pl.plies++
	}
}

// Undo takes back the plies of a game Play left unfinished.
func (pl *Playouter[M, P]) Undo(pos P) {
	for ; pl.plies > 0; pl.plies-- {
		pos.Undo()
	}
}

// PlayoutRate plays random games from pos for about d and returns how
// many it played per second and their mean length: the raw speed of a
// game's playouts, which MCTS's iterations per second are compared with.
// ctx stops it early, with its error.
func PlayoutRate[M any, P game.Position[M]](ctx context.Context, pos P, d time.Duration, seed uint64) (perSecond, meanPlies float64, err error) {
	pl := Playouter[M, P]{Rand: rand.New(rand.NewPCG(seed, 0x706c6179))}
	start := time.Now()
	games, plies := 0, 0
	for games == 0 || time.Since(start) < d {
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		for k := 0; k < 16; k++ {
			_, n := pl.Play(pos)
			pl.Undo(pos)
			games++
			plies += n
		}
	}
	return float64(games) / time.Since(start).Seconds(), float64(plies) / float64(games), nil
}
