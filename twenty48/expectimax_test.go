package twenty48

import (
	"math"
	"sync"
	"testing"
	"time"
)

// sampleBoards returns every step-th board of a game played at depth 1.
func sampleBoards(t testing.TB, seed uint64, step int) []Board {
	t.Helper()
	x := &Expectimax{Eval: mustEval(t, "nneonneo"), Depth: 1, MinProb: DefaultMinProb}
	g := NewGame(seed)
	var boards []Board
	for !g.Over() {
		if g.Moves%step == 0 {
			boards = append(boards, g.Board)
		}
		m, _, _ := x.Choose(g.Board, nil)
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return boards
}

func mustEval(t testing.TB, name string) *Eval {
	t.Helper()
	e, err := EvalByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// plainValue is expectimax written as plainly as possible, with no cache,
// no cut-off and no shortcut: the value of the chance node b with depth
// further player moves to search.
func plainValue(e *Eval, b Board, depth int) float64 {
	if depth == 0 {
		return float64(e.Score(b))
	}
	var sum float64
	n := 0
	for cell := 0; cell < 16; cell++ {
		if b.Rank(cell) != 0 {
			continue
		}
		n++
		for _, sp := range []struct {
			rank int
			p    float64
		}{{1, Prob2}, {2, Prob4}} {
			child := b.WithRank(cell, sp.rank)
			best := 0.0
			for _, m := range Moves {
				if nb := child.Move(m); nb != child {
					best = math.Max(best, plainValue(e, nb, depth-1))
				}
			}
			sum += sp.p * best
		}
	}
	return sum / float64(n)
}

func relClose(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// TestFastPathIsExpectimax checks the fast search, with the cut-off turned
// off by MinProb 0 (so that its cache is exact), against the plain
// recursion.
func TestFastPathIsExpectimax(t *testing.T) {
	e := mustEval(t, "nneonneo")
	boards := sampleBoards(t, 11, 60)
	for _, depth := range []int{1, 2} {
		x := &Expectimax{Eval: e, Depth: depth, MinProb: 0}
		for _, b := range boards {
			m, info, ok := x.Choose(b, nil)
			if !ok {
				t.Fatalf("no move on\n%v", b)
			}
			best, bestMove := math.Inf(-1), Up
			for _, mv := range Moves {
				if nb := b.Move(mv); nb != b {
					if v := plainValue(e, nb, depth); v > best {
						best, bestMove = v, mv
					}
				}
			}
			if !relClose(float64(info.Value), best, 1e-5) {
				t.Fatalf("depth %d: value %v, plain recursion %v on\n%v", depth, info.Value, best, b)
			}
			if m != bestMove && !relClose(plainValue(e, b.Move(m), depth), best, 1e-5) {
				t.Fatalf("depth %d: chose %s, plain recursion %s on\n%v", depth, m, bestMove, b)
			}
		}
	}
}

// TestGenericMatchesFastPath plays the same positions through the generic
// search.Expectimax and the fast path: with the same cut-off, cache and
// depth convention they must agree but for float32 rounding.
func TestGenericMatchesFastPath(t *testing.T) {
	e := mustEval(t, "nneonneo")
	boards := sampleBoards(t, 12, 40)
	for _, depth := range []int{1, 2, 3} {
		fast := &Expectimax{Eval: e, Depth: depth, MinProb: DefaultMinProb}
		gen := &Generic{Eval: e, Depth: depth, MinProb: DefaultMinProb}
		differ := 0
		for _, b := range boards {
			fm, fi, _ := fast.Choose(b, nil)
			gm, gi, ok := gen.Choose(b, nil)
			if !ok {
				t.Fatalf("generic found no move on\n%v", b)
			}
			if !relClose(float64(fi.Value), float64(gi.Value), 1e-4) {
				t.Fatalf("depth %d: fast %v, generic %v on\n%v", depth, fi.Value, gi.Value, b)
			}
			if fm != gm {
				differ++
			}
		}
		if differ > max(1, len(boards)/10) {
			t.Errorf("depth %d: %d of %d moves differ", depth, differ, len(boards))
		}
	}
}

// TestChooseConcurrently checks that one player serves many goroutines
// and gives each the answer it gives alone.
func TestChooseConcurrently(t *testing.T) {
	x := &Expectimax{Eval: mustEval(t, "nneonneo"), Depth: 2, MinProb: DefaultMinProb}
	boards := sampleBoards(t, 13, 50)
	want := make([]Move, len(boards))
	for i, b := range boards {
		want[i], _, _ = x.Choose(b, nil)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(boards))
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, b := range boards {
				if m, _, _ := x.Choose(b, nil); m != want[i] {
					errs <- b.String()
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("concurrent choice differs on\n%s", e)
	}
}

func TestNoMoveOnDeadBoard(t *testing.T) {
	dead, err := FromTiles([16]int{2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Player{&Expectimax{Eval: mustEval(t, "nneonneo"), Depth: 2, MinProb: DefaultMinProb}, Random{}, Greedy{},
		&Generic{Eval: mustEval(t, "nneonneo"), Depth: 1, MinProb: DefaultMinProb}} {
		if _, _, ok := p.Choose(dead, nil); ok {
			t.Errorf("%T found a move on a dead board", p)
		}
	}
}

func TestAdaptiveDepth(t *testing.T) {
	b, _ := FromTiles([16]int{2, 4, 8, 16, 32, 64, 128, 256})
	tests := []struct {
		x    Expectimax
		want int
	}{
		{Expectimax{}, 6},
		{Expectimax{MaxDepth: 4}, 4},
		{Expectimax{Depth: 2}, 2},
		{Expectimax{MinDepth: 7}, 7},
	}
	for _, tt := range tests {
		if got := tt.x.DepthFor(b); got != tt.want {
			t.Errorf("%+v: depth %d, want %d", tt.x, got, tt.want)
		}
	}
}

// TestTimeBudget checks that a time budget deepens the search and stops
// near the budget, and that a budget too small for depth 1 still moves.
func TestTimeBudget(t *testing.T) {
	e := mustEval(t, "nneonneo")
	b := sampleBoards(t, 14, 100)[1]
	x := &Expectimax{Eval: e, Time: 20 * time.Millisecond, MinProb: DefaultMinProb}
	start := time.Now()
	_, info, ok := x.Choose(b, nil)
	if !ok || info.Depth < 2 || time.Since(start) > time.Second {
		t.Fatalf("20ms budget: depth %d after %v", info.Depth, time.Since(start))
	}
	tiny := &Expectimax{Eval: e, Time: time.Nanosecond, MinProb: DefaultMinProb}
	if m, info, ok := tiny.Choose(b, nil); !ok || !b.Legal(m) || info.Depth != 1 {
		t.Fatalf("1ns budget: move %v legal %v depth %d", m, ok && b.Legal(m), info.Depth)
	}
}

// TestAnalyzeValues checks the value Analyze gives every move against the
// plain recursion, and that the move chosen has the best of them.
func TestAnalyzeValues(t *testing.T) {
	e := mustEval(t, "nneonneo")
	for _, x := range []*Expectimax{{Eval: e, Depth: 2, MinProb: 1e-30}, {Eval: e, Depth: 2, MinProb: 1e-30, Time: time.Minute}} {
		for _, b := range sampleBoards(t, 15, 30) {
			m, vals, info, ok := x.Analyze(b)
			if !ok || !vals.Legal[m] || float32(vals.Values[m]) != info.Value {
				t.Fatalf("chose %v (legal %v, value %v, info %v) on\n%v", m, vals.Legal[m], vals.Values[m], info.Value, b)
			}
			for i, mv := range Moves {
				if legal := b.Legal(mv); legal != vals.Legal[i] {
					t.Fatalf("%v: legal %v, Analyze says %v on\n%v", mv, legal, vals.Legal[i], b)
				}
				if !vals.Legal[i] {
					continue
				}
				if want := plainValue(e, b.Move(mv), info.Depth); !relClose(vals.Values[i], want, 1e-5) {
					t.Fatalf("%v: value %v, plain recursion %v on\n%v", mv, vals.Values[i], want, b)
				}
				if vals.Values[i] > vals.Values[m] {
					t.Fatalf("chose %v (%v) over %v (%v)", m, vals.Values[m], mv, vals.Values[i])
				}
			}
		}
	}
}
