package twenty48

import (
	"os"
	"runtime"
	"testing"
)

// benchBoards returns every 7th position of a game played at depth 1, so
// that early, middle and late positions all count.
func benchBoards(tb testing.TB) []Board { return sampleBoards(tb, 7, 7) }

func benchmarkPlayer(b *testing.B, p Player) { benchmarkPlayerOn(b, benchBoards(b), p) }

// benchmarkPlayerOn times one decision of p on each of boards in turn.
// It also reports the thread's CPU time per decision, which other work on
// the machine inflates less than the wall clock.
func benchmarkPlayerOn(b *testing.B, boards []Board, p Player) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var evals int64
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		_, info, _ := p.Choose(boards[i%len(boards)], nil)
		evals += info.Evals
	}
	cpu := (threadCPU() - c0).Seconds()
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds(), "evals/s")
	b.ReportMetric(float64(evals)/cpu, "evals/cpu-s")
	b.ReportMetric(cpu*1e6/float64(b.N), "cpu-µs/op")
}

// BenchmarkChooseDepth3 is one decision of the fast path at depth 3 with
// the nneonneo evaluation, on positions from a whole game.
func BenchmarkChooseDepth3(b *testing.B) {
	benchmarkPlayer(b, &Expectimax{Eval: mustEval(b, "nneonneo"), Depth: 3, MinProb: DefaultMinProb})
}

// BenchmarkGenericDepth3 is the same decision through search.Expectimax.
func BenchmarkGenericDepth3(b *testing.B) {
	benchmarkPlayer(b, &Generic{Eval: mustEval(b, "nneonneo"), Depth: 3, MinProb: DefaultMinProb})
}

// BenchmarkChooseDepth4 is the fast path at depth 4.
func BenchmarkChooseDepth4(b *testing.B) {
	benchmarkPlayer(b, &Expectimax{Eval: mustEval(b, "nneonneo"), Depth: 4, MinProb: DefaultMinProb})
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

// middleBoards returns every 100th board from move 1000 of a game played
// at depth 2: the long middle of a game, where the adaptive policy
// searches five to eight moves ahead.
func middleBoards(tb testing.TB) []Board {
	tb.Helper()
	x := &Expectimax{Eval: mustEval(tb, "nneonneo"), Depth: 2, MinProb: DefaultMinProb}
	g := NewGame(1001)
	var boards []Board
	for !g.Over() {
		if g.Moves >= 1000 && g.Moves%100 == 0 {
			boards = append(boards, g.Board)
		}
		m, _, _ := x.Choose(g.Board, nil)
		if _, err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	return boards
}

// BenchmarkChooseAdaptive is one decision at the adaptive depth, on
// boards from the middle of a game.
func BenchmarkChooseAdaptive(b *testing.B) {
	benchmarkPlayerOn(b, middleBoards(b), &Expectimax{Eval: mustEval(b, "nneonneo"), MinProb: DefaultMinProb})
}

// BenchmarkLeafMax is the last ply's inner step: the best evaluation over
// the four moves of one board.
func BenchmarkLeafMax(b *testing.B) {
	boards := benchBoards(b)
	s := &searcher{ev: mustEval(b, "nneonneo")}
	var sink int32
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink += s.leafMax(boards[i%len(boards)])
	}
	_ = sink
}

// benchNetEval is the learned evaluation of the benchmarks: the network
// file named by $LUDUS_2048_NET, else the shipped one; the benchmark is
// skipped when neither is there.
func benchNetEval(b *testing.B) *Eval {
	b.Helper()
	name := "learned"
	if f := os.Getenv("LUDUS_2048_NET"); f != "" {
		name = f
	}
	e, err := EvalByName(name)
	if err != nil {
		b.Skip(err)
	}
	return e
}

// BenchmarkChooseNetworkDepth2 is one decision at depth 2 with the learned
// evaluation.
func BenchmarkChooseNetworkDepth2(b *testing.B) {
	benchmarkPlayer(b, &Expectimax{Eval: benchNetEval(b), Depth: 2, MinProb: DefaultMinProb})
}
