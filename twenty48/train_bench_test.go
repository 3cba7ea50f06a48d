package twenty48

import (
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
// moves per second of the thread's CPU time.
func BenchmarkTrainGame(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	net, _ := NewNetwork(DefaultShape, DefaultTrainConfig.Init)
	tr := &trainer{net: net, cfg: DefaultTrainConfig}
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
