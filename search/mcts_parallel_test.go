package search_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

// TestMCTSTreesFixTheDecision checks root parallelism's promise: with an
// iteration budget the decisions depend on the seed and the number of
// trees, not on how many threads search them, nor on whether the position
// can be copied at all.
func TestMCTSTreesFixTheDecision(t *testing.T) {
	decide := func(threads int) string {
		m := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 500, Trees: 4, Threads: threads, Seed: 3}
		pos := testgames.NewConnectFour()
		s := search.NewSession[int, *testgames.ConnectFour](m, 7)
		defer s.Close()
		var out []string
		for pos.Ply() < 8 {
			d, err := s.Choose(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(d.Move, d.Value, d.Nodes))
			pos.Play(d.Move)
		}
		return fmt.Sprint(out)
	}
	want := decide(1)
	for _, threads := range []int{2, 3, 4, 8} {
		if got := decide(threads); got != want {
			t.Errorf("4 trees on %d threads:\n%s\nwant (1 thread)\n%s", threads, got, want)
		}
	}
	// Nim positions cannot be copied: one goroutine searches all trees.
	for _, heap := range []int{5, 9, 14} {
		one := &search.MCTS[int, *nim]{Iterations: 300, Trees: 3, Seed: 1}
		three := &search.MCTS[int, *nim]{Iterations: 300, Trees: 3, Threads: 3, Seed: 1}
		a, err := one.Choose(context.Background(), &nim{heap: heap})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := three.Choose(context.Background(), &nim{heap: heap})
		if a.Move != b.Move || a.Value != b.Value || a.Nodes != b.Nodes || a.Depth != b.Depth {
			t.Errorf("nim %d: %+v on one thread, %+v on three", heap, a, b)
		}
	}
}

// TestMCTSTreeParallel checks tree parallelism's accounting and that one
// thread is the serial search.
func TestMCTSTreeParallel(t *testing.T) {
	ctx := context.Background()
	serial := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 700, Seed: 5}
	single := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 700, Seed: 5, Parallel: search.TreeParallel}
	pos := testgames.NewConnectFour()
	for pos.Ply() < 6 {
		a, err := serial.Choose(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := single.Choose(ctx, pos)
		if a.Move != b.Move || a.Value != b.Value || a.Nodes != b.Nodes {
			t.Fatalf("ply %d: one tree-parallel thread chose %+v, the serial search %+v", pos.Ply(), b, a)
		}
		pos.Play(a.Move)
	}
	for _, threads := range []int{2, 4} {
		m := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 3001, Threads: threads, Parallel: search.TreeParallel}
		d, err := m.Choose(ctx, testgames.NewConnectFour())
		if err != nil || d.Nodes != 3001 || d.Move < 0 || d.Move > 6 || d.Depth < 2 {
			t.Errorf("%d threads: %+v %v", threads, d, err)
		}
	}
}

// TestParallelMCTSPlaysAsWell plays parallel MCTS against the serial
// search at equal iterations: on connect four it must not be clearly
// weaker (an even match gives half the points; 60 games put 30% about 3
// standard deviations below that), on tic-tac-toe it must not lose to
// random play and hardly ever to the serial search.
func TestParallelMCTSPlaysAsWell(t *testing.T) {
	for _, mode := range []search.Parallelism{search.RootParallel, search.TreeParallel} {
		t.Run(mode.String(), func(t *testing.T) {
			serialC4 := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 400, Seed: 1}
			parC4 := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 400, Threads: 2, Parallel: mode, Seed: 2}
			if points, _ := score(t, testgames.NewConnectFour, parC4, serialC4, 60, 100); points < 18 {
				t.Errorf("connect four: %v points of 60 against the serial search", points)
			} else {
				t.Logf("connect four: %v points of 60 against the serial search", points)
			}
			serial := &search.MCTS[int, *testgames.TicTacToe]{Iterations: 2000, Seed: 1}
			par := &search.MCTS[int, *testgames.TicTacToe]{Iterations: 2000, Threads: 2, Parallel: mode, Seed: 2}
			if _, losses := score(t, testgames.NewTicTacToe, par, search.Random[int, *testgames.TicTacToe]{}, 40, 1); losses > 0 {
				t.Errorf("tic-tac-toe: lost %d of 40 to random play", losses)
			}
			points, losses := score(t, testgames.NewTicTacToe, par, serial, 20, 1)
			if losses > 2 {
				t.Errorf("tic-tac-toe: lost %d of 20 to the serial search", losses)
			}
			t.Logf("tic-tac-toe: %v points of 20, %d losses against the serial search", points, losses)
		})
	}
}

// TestParallelMCTSStops checks that every way of searching ends soon
// after its context is cancelled or reaches its deadline (the server's
// cap on a move), and keeps to a time budget.
func TestParallelMCTSStops(t *testing.T) {
	for _, mode := range []search.Parallelism{search.RootParallel, search.TreeParallel} {
		for _, threads := range []int{1, 2} {
			name := fmt.Sprintf("%s/threads=%d", mode, threads)
			m := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 1 << 30, Threads: threads, Parallel: mode}
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(30*time.Millisecond, cancel)
			start := time.Now()
			if _, err := m.Choose(ctx, testgames.NewConnectFour()); !errors.Is(err, context.Canceled) {
				t.Errorf("%s: cancelled search: err %v", name, err)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("%s: stopped %v after the start, cancelled at 30ms", name, d)
			}
			ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
			if _, err := m.Choose(ctx, testgames.NewConnectFour()); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("%s: search past the context's deadline: err %v", name, err)
			}
			cancel()
			timed := &search.MCTS[int, *testgames.ConnectFour]{Time: 30 * time.Millisecond, Threads: threads, Parallel: mode}
			start = time.Now()
			d, err := timed.Choose(context.Background(), testgames.NewConnectFour())
			if err != nil || d.Nodes < 10 || time.Since(start) > time.Second {
				t.Errorf("%s: time budget of 30ms: %d iterations in %v, err %v", name, d.Nodes, time.Since(start), err)
			}
		}
	}
}

// TestTreeParallelIsShared runs one tree-parallel bot on several
// goroutines at once, as the server does: every answer must be a legal
// move found with the whole budget.
func TestTreeParallelIsShared(t *testing.T) {
	m := &search.MCTS[int, *testgames.Pig]{Iterations: 300, Threads: 2, Parallel: search.TreeParallel, Eval: pigEval, MaxPlayout: 20}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Go(func() {
			pos := testgames.NewPig(25)
			for i := 0; i < 5; i++ {
				s := search.NewSession[int, *testgames.Pig](m, uint64(g))
				d, err := s.Choose(context.Background(), pos)
				s.Close()
				if err != nil || d.Nodes != 300 || (d.Move != testgames.Roll && d.Move != testgames.Hold) {
					t.Errorf("goroutine %d: %+v %v", g, d, err)
					return
				}
				pos.Play(testgames.Roll)
				pos.Play(testgames.FaceBase + 2 + i%5)
			}
		})
	}
	wg.Wait()
}

// ExampleParallelism searches a tic-tac-toe position on two threads both
// ways. Root parallelism with a fixed number of trees chooses the same
// move on one thread as on two.
func ExampleParallelism() {
	pos := testgames.NewTicTacToe()
	for _, m := range []int{0, 3, 1, 4, 8} { // X a3 b3, O a2 b2, X c1
		pos.Play(m)
	}
	ctx := context.Background()
	one := &search.MCTS[int, *testgames.TicTacToe]{Iterations: 2000, Trees: 2, Threads: 1, Seed: 1}
	two := &search.MCTS[int, *testgames.TicTacToe]{Iterations: 2000, Trees: 2, Threads: 2, Seed: 1}
	tree := &search.MCTS[int, *testgames.TicTacToe]{Iterations: 2000, Threads: 2, Parallel: search.TreeParallel}
	a, _ := one.Choose(ctx, pos)
	b, _ := two.Choose(ctx, pos)
	c, _ := tree.Choose(ctx, pos)
	fmt.Println("root:", pos.Notation(a.Move), pos.Notation(b.Move), a.Value == b.Value)
	fmt.Println("tree:", pos.Notation(c.Move), c.Nodes)
	// Output:
	// root: c2 c2 true
	// tree: c2 2000
}
