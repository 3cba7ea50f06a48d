package twenty48

import (
	"testing"
)

// benchBoards returns every 7th position of a game played at depth 1, so
// that early, middle and late positions all count.
func benchBoards(tb testing.TB) []Board { return sampleBoards(tb, 7, 7) }

func benchmarkPlayer(b *testing.B, p Player) {
	boards := benchBoards(b)
	var evals int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, info, _ := p.Choose(boards[i%len(boards)], nil)
		evals += info.Evals
	}
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds(), "evals/s")
}

// BenchmarkChooseDepth3 is one decision of the fast path at depth 3 with
// the nneonneo evaluation, on positions from a whole game.
func BenchmarkChooseDepth3(b *testing.B) {
	benchmarkPlayer(b, &Expectimax{Eval: mustEval(b, "nneonneo"), Depth: 3})
}

// BenchmarkGenericDepth3 is the same decision through search.Expectimax.
func BenchmarkGenericDepth3(b *testing.B) {
	benchmarkPlayer(b, &Generic{Eval: mustEval(b, "nneonneo"), Depth: 3})
}

// BenchmarkChooseDepth4 is the fast path at depth 4.
func BenchmarkChooseDepth4(b *testing.B) {
	benchmarkPlayer(b, &Expectimax{Eval: mustEval(b, "nneonneo"), Depth: 4})
}

// BenchmarkMove is one slide on the bitboard.
func BenchmarkMove(b *testing.B) {
	boards := benchBoards(b)
	var sink Board
	for i := 0; i < b.N; i++ {
		sink ^= boards[i%len(boards)].Move(Move(i & 3))
	}
	_ = sink
}
