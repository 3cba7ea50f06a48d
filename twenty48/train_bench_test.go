package twenty48

import (
	"os"
	"runtime"
	"sync"
	"testing"
)

// benchNet is an untrained network shared by the benchmarks, so that the
// page faults of its first reads are paid once.
var benchNet = sync.OnceValue(func() *Network {
	n, _ := NewNetwork(DefaultShape, 0)
	return n
})

// BenchmarkTrainGame learns games from an untrained network and reports
// moves per second of the thread's CPU time; TC with temporal coherence.
func BenchmarkTrainGame(b *testing.B) { benchTrainGame(b, false) }

func BenchmarkTrainGameTC(b *testing.B) { benchTrainGame(b, true) }

func benchTrainGame(b *testing.B, tc bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	net, _ := NewNetwork(DefaultShape, DefaultTrainConfig.Init)
	tr := &trainer{net: net, cfg: DefaultTrainConfig}
	if tc {
		tr.tcE, tr.tcA = net.zeros(), net.zeros()
	}
	moves := 0
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		moves += tr.game(int64(i), 0).moves
	}
	b.ReportMetric(float64(moves)/(threadCPU()-c0).Seconds(), "moves/cpu-s")
}

// BenchmarkNetworkValue evaluates boards of a game on an untrained
// network, whose reads all hit the zero page: the cost of the arithmetic
// alone.
func BenchmarkNetworkValue(b *testing.B) {
	net := benchNet()
	g := NewGame(1)
	var boards []Board
	for !g.Over() && len(boards) < 1000 {
		m, _, _ := Greedy{}.Choose(g.Board, nil)
		g.Play(m)
		boards = append(boards, g.Board)
	}
	b.ResetTimer()
	var sum float32
	for i := 0; i < b.N; i++ {
		sum += net.value(uint64(boards[i%len(boards)]))
	}
	if sum != 0 {
		b.Fatal(sum)
	}
}

// BenchmarkTrainGameSmall is BenchmarkTrainGame on a network of 4-tuples,
// whose tables fit the processor's caches: the cost of the arithmetic.
func BenchmarkTrainGameSmall(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	shape := Shape{Tuples: [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}, {4, 5, 8, 9}}}
	net, _ := NewNetwork(shape, 0)
	tr := &trainer{net: net, cfg: DefaultTrainConfig}
	moves := 0
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		moves += tr.game(int64(i), 0).moves
	}
	b.ReportMetric(float64(moves)/(threadCPU()-c0).Seconds(), "moves/cpu-s")
}

// BenchmarkTrainCheckpoint learns games on the training kept in the
// directory $LUDUS_TRAIN_DIR (a copy: the games change it in memory
// only), the speed of a trained network's long games.
func BenchmarkTrainCheckpoint(b *testing.B) {
	dir := os.Getenv("LUDUS_TRAIN_DIR")
	if dir == "" {
		b.Skip("LUDUS_TRAIN_DIR names no training")
	}
	t, err := OpenTraining(dir)
	if err != nil {
		b.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tr := &trainer{net: t.Net, cfg: t.State.Config, tcE: t.tcE, tcA: t.tcA}
	moves := 0
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		moves += tr.game(t.State.Games+int64(i), 0).moves
	}
	b.ReportMetric(float64(moves)/(threadCPU()-c0).Seconds(), "moves/cpu-s")
}
