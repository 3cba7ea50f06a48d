package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/internal/testgames"
)

// minimax is the plain paranoid expectimax value of pos for player me, on
// the result scale, searched depth plies deep: the reference alpha-beta
// must agree with. Estimates are clipped as alpha-beta clips them.
func minimax[M any, P game.Position[M]](pos P, me game.Player, depth int, eval Eval[P]) float64 {
	if r, over := pos.Result(); over {
		return r[me]
	}
	n := float64(pos.Players())
	estimate := func() float64 {
		v := evalOrEven[M](eval)(pos, me)
		d := min(max(v-(1-v)/(n-1), -estimateMax), estimateMax)
		return (d*(n-1) + 1) / n
	}
	if depth == 0 {
		return estimate()
	}
	if pos.ToMove() == game.Chance {
		var sum float64
		for _, o := range pos.Outcomes(nil) {
			pos.Play(o.Move)
			sum += o.Prob * minimax[M](pos, me, depth, eval)
			pos.Undo()
		}
		return sum
	}
	moves := pos.Moves(nil)
	if len(moves) == 0 {
		return estimate()
	}
	maximise := pos.ToMove() == me
	best := math.Inf(1)
	if maximise {
		best = math.Inf(-1)
	}
	for _, m := range moves {
		pos.Play(m)
		v := minimax[M](pos, me, depth-1, eval)
		pos.Undo()
		if maximise {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// randomPositions plays random games from start and returns copies of
// positions along them where a player is to move.
func randomPositions[P interface {
	game.Position[int]
	game.Copier[P]
}](start func() P, games int, seed uint64) []P {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []P
	for g := 0; g < games; g++ {
		pos := start()
		for {
			if _, over := pos.Result(); over {
				break
			}
			if pos.ToMove() == game.Chance {
				outs := pos.Outcomes(nil)
				pos.Play(outs[rng.IntN(len(outs))].Move)
				continue
			}
			out = append(out, pos.Copy())
			moves := pos.Moves(nil)
			pos.Play(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// agree checks alpha-beta's value, and the value of the move it chooses,
// against minimax on every position at every depth up to maxDepth.
func agree[P interface {
	game.Position[int]
	game.Copier[P]
}](t *testing.T, ab *AlphaBeta[int, P], positions []P, maxDepth int) {
	t.Helper()
	bad := 0
	for i, pos := range positions {
		me := pos.ToMove()
		for depth := 1; depth <= maxDepth && bad < 5; depth++ {
			ab.Budget = Budget{Depth: depth}
			d, err := ab.Choose(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			want := minimax[int](pos, me, depth, ab.Eval)
			pos.Play(d.Move)
			got := minimax[int](pos, me, depth-1, ab.Eval)
			pos.Undo()
			if math.Abs(d.Value-want) > 1e-5 || math.Abs(got-want) > 1e-5 {
				bad++
				t.Errorf("position %d depth %d: alpha-beta says %v, minimax %v, the move chosen is worth %v", i, depth, d.Value, want, got)
			}
		}
	}
}

func TestAlphaBetaAgreesWithMinimax(t *testing.T) {
	c4 := func(c *testgames.ConnectFour, p game.Player) float64 { return c.Eval(p) }
	pig := func(g *testgames.Pig, p game.Player) float64 { return g.Eval(p) }
	key := func(m int) uint64 { return uint64(m) }
	t.Run("tic-tac-toe", func(t *testing.T) {
		agree(t, &AlphaBeta[int, *testgames.TicTacToe]{MoveKey: key}, randomPositions(testgames.NewTicTacToe, 4, 1), 9)
	})
	t.Run("connect four", func(t *testing.T) {
		positions := randomPositions(testgames.NewConnectFour, 3, 2)
		agree(t, &AlphaBeta[int, *testgames.ConnectFour]{Eval: c4, MoveKey: key}, positions, 5)
	})
	newPig := func() *testgames.Pig { return testgames.NewPig(20) }
	for _, rule := range []ChanceRule{Star1, Expect} {
		t.Run(fmt.Sprintf("pig rule %d", rule), func(t *testing.T) {
			// Pig reaches one position by paths of different lengths, so
			// the table may give deeper values than minimax: compare
			// without it.
			positions := randomPositions(newPig, 6, 3)
			agree(t, &AlphaBeta[int, *testgames.Pig]{Eval: pig, Chance: rule, noTable: true}, positions, 5)
		})
	}
	t.Run("three players, paranoid", func(t *testing.T) {
		positions := randomPositions(func() *testgames.Take3 { return testgames.NewTake3(13) }, 4, 4)
		agree(t, &AlphaBeta[int, *testgames.Take3]{MoveKey: key}, positions, 6)
	})
}
