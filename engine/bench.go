package engine

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/ludus-games/ludus/game"
)

// PlayoutStats is what MeasurePlayouts counted.
type PlayoutStats struct {
	Playouts int
	Plies    int
	Seconds  float64
}

// PerSecond returns playouts per second.
func (p PlayoutStats) PerSecond() float64 { return float64(p.Playouts) / p.Seconds }

// playoutsPerCheck is how many playouts MeasurePlayouts plays between
// looks at the clock and the context: a look costs 50-150 ns on a virtual
// machine's clock, a few per cent of a connect-four playout.
const playoutsPerCheck = 8

// MeasurePlayouts plays random games from the start for about d (at least
// playoutsPerCheck), each stopped after maxPlies moves, on the calling goroutine; ctx
// stops it between playouts.
func MeasurePlayouts(ctx context.Context, g *Game, d time.Duration, maxPlies int, seed uint64) (PlayoutStats, error) {
	s := NewState(g)
	rng := rand.New(rand.NewPCG(seed, 0x706c61796f7574))
	var ml MoveList
	var st PlayoutStats
	start := time.Now()
	for st.Playouts == 0 || st.Playouts%playoutsPerCheck != 0 || time.Since(start) < d {
		if st.Playouts%playoutsPerCheck == 0 {
			if err := ctx.Err(); err != nil {
				return st, err
			}
		}
		_, n, err := Playout(s, rng, maxPlies, &ml)
		if err != nil {
			return st, err
		}
		st.Playouts++
		st.Plies += n
	}
	st.Seconds = time.Since(start).Seconds()
	return st, nil
}

// MeasurePositionPlayouts is MeasurePlayouts through the game.Position
// adapter, as search players see the game: moves copied out as Ply
// values, results shared between players.
func MeasurePositionPlayouts(ctx context.Context, g *Game, d time.Duration, maxPlies int, seed uint64) (PlayoutStats, error) {
	pos := NewPosition(NewState(g), nil)
	rng := rand.New(rand.NewPCG(seed, 0x706c61796f7574))
	var moves []Ply
	var outs []game.Outcome[Ply]
	var st PlayoutStats
	start := time.Now()
	for st.Playouts == 0 || time.Since(start) < d {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		n := 0
		for ; n < maxPlies; n++ {
			if _, over := pos.Result(); over {
				break
			}
			moves = pos.Moves(moves[:0])
			if len(moves) == 0 {
				// A random player's turn: its outcomes are equally
				// likely.
				if outs = pos.Outcomes(outs[:0]); len(outs) == 0 {
					break
				}
				pos.Play(outs[rng.IntN(len(outs))].Move)
				continue
			}
			pos.Play(moves[rng.IntN(len(moves))])
		}
		for k := 0; k < n; k++ {
			pos.Undo()
		}
		if err := pos.Err(); err != nil {
			return st, err
		}
		st.Playouts++
		st.Plies += n
	}
	st.Seconds = time.Since(start).Seconds()
	return st, nil
}

// MeasurePerft runs perft at the depth and reports leaves and seconds.
func MeasurePerft(ctx context.Context, g *Game, depth int) (int64, float64, error) {
	start := time.Now()
	n, err := PerftContext(ctx, NewState(g), depth)
	return n, time.Since(start).Seconds(), err
}
