package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

// intKey names int moves for move ordering.
func intKey(m int) uint64 { return uint64(m) }

// playGame plays one game from pos between one bot per seat, each through
// a session seeded with seed; chance moves are drawn from seed too. It
// returns the result and the moves played.
func playGame[P game.Position[int]](t testing.TB, pos P, seats []search.Bot[int, P], seed uint64) (game.Result, []int) {
	t.Helper()
	sess := make([]search.Session[int, P], len(seats))
	for i, b := range seats {
		sess[i] = search.NewSession(b, seed*31+uint64(i))
		defer sess[i].Close()
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var moves []int
	for ply := 0; ply < 10000; ply++ {
		if r, over := pos.Result(); over {
			return r, moves
		}
		var m int
		if who := pos.ToMove(); who == game.Chance {
			outs := pos.Outcomes(nil)
			x := rng.Float64()
			m = outs[len(outs)-1].Move
			for _, o := range outs {
				if x -= o.Prob; x < 0 {
					m = o.Move
					break
				}
			}
		} else {
			d, err := sess[who].Choose(context.Background(), pos)
			if err != nil {
				t.Fatalf("ply %d: %v", ply, err)
			}
			m = d.Move
		}
		pos.Play(m)
		moves = append(moves, m)
	}
	t.Fatal("game did not end in 10000 plies")
	return nil, nil
}

// score plays games alternating seats between a and b and returns a's
// points (1 a win, 1/2 a draw) and losses.
func score[P game.Position[int]](t testing.TB, newPos func() P, a, b search.Bot[int, P], games int, seed uint64) (points float64, losses int) {
	t.Helper()
	for g := 0; g < games; g++ {
		seat := g % 2
		seats := []search.Bot[int, P]{a, b}
		if seat == 1 {
			seats = []search.Bot[int, P]{b, a}
		}
		r, _ := playGame(t, newPos(), seats, seed+uint64(g))
		points += r[seat]
		if r[seat] == 0 {
			losses++
		}
	}
	return points, losses
}

// c4Eval and pigEval adapt the test games' evaluations to search.Eval.
func c4Eval(c *testgames.ConnectFour, p game.Player) float64 { return c.Eval(p) }
func pigEval(g *testgames.Pig, p game.Player) float64        { return g.Eval(p) }
