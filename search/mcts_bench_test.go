package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

// benchGames are the games of the benchmarks, from their start.
var benchGames = []struct {
	name string
	raw  func(b *testing.B)
	mcts func(b *testing.B, threads int, mode search.Parallelism)
}{
	{"tictactoe", benchRaw(testgames.NewTicTacToe), benchMCTS(testgames.NewTicTacToe)},
	{"connect4", benchRaw(testgames.NewConnectFour), benchMCTS(testgames.NewConnectFour)},
	{"pig", benchRaw(func() *testgames.Pig { return testgames.NewPig(50) }), benchMCTS(func() *testgames.Pig { return testgames.NewPig(50) })},
}

func benchRaw[P game.Position[int]](start func() P) func(b *testing.B) {
	return func(b *testing.B) {
		pos := start()
		pl := search.Playouter[int, P]{Rand: rand.New(rand.NewPCG(1, 2))}
		plies := 0
		for b.Loop() {
			_, n := pl.Play(pos)
			pl.Undo(pos)
			plies += n
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
	}
}

func benchMCTS[P game.Position[int]](start func() P) func(b *testing.B, threads int, mode search.Parallelism) {
	return func(b *testing.B, threads int, mode search.Parallelism) {
		const iterations = 10000
		m := &search.MCTS[int, P]{Iterations: iterations, Threads: threads, Parallel: mode}
		pos := start()
		for b.Loop() {
			if _, err := m.Choose(context.Background(), pos); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N*iterations)/b.Elapsed().Seconds(), "playouts/s")
	}
}

// BenchmarkPlayout measures raw random playouts from the start.
func BenchmarkPlayout(b *testing.B) {
	for _, g := range benchGames {
		b.Run(g.name, g.raw)
	}
}

// BenchmarkMCTS measures MCTS decisions of 10,000 iterations from the
// start, on one thread and on two, root and tree parallel; playouts/s
// against BenchmarkPlayout's is the cost of the tree.
func BenchmarkMCTS(b *testing.B) {
	for _, g := range benchGames {
		b.Run(g.name+"/threads=1", func(b *testing.B) { g.mcts(b, 1, search.RootParallel) })
		for _, mode := range []search.Parallelism{search.RootParallel, search.TreeParallel} {
			b.Run(g.name+"/"+mode.String()+"/threads=2", func(b *testing.B) { g.mcts(b, 2, mode) })
		}
	}
}

// BenchmarkAlphaBeta measures a depth-7 connect four search from the
// start with the window evaluation.
func BenchmarkAlphaBeta(b *testing.B) {
	ab := &search.AlphaBeta[int, *testgames.ConnectFour]{Eval: c4Eval, MoveKey: intKey, Budget: search.Budget{Depth: 7}}
	var nodes int64
	for b.Loop() {
		d, err := ab.Choose(context.Background(), testgames.NewConnectFour())
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
