package search_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/search"
)

// pigValue is the exact value of a pig position with k plies left, by
// dynamic programming: stop for the total, or roll (a 1 loses it all). A
// roll with no ply left after it is scored by its total, as the search
// scores a chance node at the depth limit.
func pigValue(total, k int) float64 {
	if k <= 1 {
		return float64(total)
	}
	roll := 0.0
	for face := 2; face <= 6; face++ {
		roll += pigValue(total+face, k-1) / 6
	}
	return math.Max(float64(total), roll)
}

func TestExpectimaxPigIsExact(t *testing.T) {
	for _, tt := range []struct{ total, depth int }{
		{0, 2}, {0, 5}, {10, 4}, {19, 6}, {20, 6}, {25, 3}, {5, 8},
	} {
		x := &search.Expectimax[int, *pig]{Eval: pigTotal, Budget: search.Budget{Depth: tt.depth}}
		d, err := x.Choose(context.Background(), &pig{total: tt.total})
		if err != nil {
			t.Fatal(err)
		}
		want := pigValue(tt.total, tt.depth)
		if math.Abs(d.Value-want) > 1e-9 {
			t.Errorf("total %d depth %d: value %v, want %v", tt.total, tt.depth, d.Value, want)
		}
		wantMove := stop
		if want > float64(tt.total)+1e-9 {
			wantMove = roll
		}
		if d.Move != wantMove {
			t.Errorf("total %d depth %d: move %d, want %d", tt.total, tt.depth, d.Move, wantMove)
		}
	}
}

// TestExpectimaxCacheAndCutoff checks that the transposition table changes
// nothing when nothing is cut off, and that the cut-off evaluates fewer
// positions at a small cost in accuracy.
func TestExpectimaxCacheAndCutoff(t *testing.T) {
	ctx := context.Background()
	exact := pigValue(0, 9)
	full := &search.Expectimax[int, *pig]{Eval: pigTotal, Budget: search.Budget{Depth: 9}}
	d, err := full.Choose(ctx, &pig{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Hits == 0 || math.Abs(d.Value-exact) > 1e-9 {
		t.Fatalf("value %v (want %v), %d cache hits (want some)", d.Value, exact, d.Hits)
	}
	cut := &search.Expectimax[int, *pig]{Eval: pigTotal, Budget: search.Budget{Depth: 9}, MinProb: 0.0003}
	dc, err := cut.Choose(ctx, &pig{})
	if err != nil {
		t.Fatal(err)
	}
	if dc.Evals >= d.Evals || math.Abs(dc.Value-exact) > 0.05*exact {
		t.Fatalf("cut-off: %d evals (full %d), value %v (exact %v)", dc.Evals, d.Evals, dc.Value, exact)
	}
}

func TestExpectimaxPlaysNimPerfectly(t *testing.T) {
	x := &search.Expectimax[int, *nim]{Eval: nimEval, Budget: search.Budget{Depth: 12}}
	for heap := 1; heap <= 11; heap++ {
		d, err := x.Choose(context.Background(), &nim{heap: heap})
		if err != nil {
			t.Fatal(err)
		}
		winning := heap%4 != 0
		if winning && (d.Move != heap%4 || d.Value != 1) {
			t.Errorf("heap %d: took %d (value %v), want %d (value 1)", heap, d.Move, d.Value, heap%4)
		}
		if !winning && d.Value != 0 {
			t.Errorf("heap %d: value %v, want 0 (lost)", heap, d.Value)
		}
	}
}

func TestExpectimaxBudgets(t *testing.T) {
	ctx := context.Background()
	x := &search.Expectimax[int, *pig]{Eval: pigTotal}
	if _, err := x.Choose(ctx, &pig{}); err == nil {
		t.Error("a search with no budget ran")
	}
	x.Budget = search.Budget{Nodes: 5000}
	d, err := x.Choose(ctx, &pig{})
	if err != nil || d.Depth < 2 || d.Nodes > 5001+1024 {
		t.Errorf("node budget: depth %d, %d nodes, err %v", d.Depth, d.Nodes, err)
	}
	x.Budget = search.Budget{Time: 20 * time.Millisecond}
	start := time.Now()
	d, err = x.Choose(ctx, &pig{})
	if err != nil || d.Depth < 2 || time.Since(start) > time.Second {
		t.Errorf("time budget: depth %d after %v, err %v", d.Depth, time.Since(start), err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	x.Budget = search.Budget{Depth: 30}
	if _, err := x.Choose(cancelled, &pig{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: err %v, want context.Canceled", err)
	}
}

func TestRandomIsSeeded(t *testing.T) {
	r := search.Random[int, *nim]{Seed: 3}
	seen := map[int]bool{}
	for heap := 3; heap < 40; heap++ {
		a, err := r.Choose(context.Background(), &nim{heap: heap})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := r.Choose(context.Background(), &nim{heap: heap})
		if a.Move != b.Move {
			t.Fatalf("heap %d: %d then %d", heap, a.Move, b.Move)
		}
		seen[a.Move] = true
	}
	if len(seen) != 3 {
		t.Errorf("random moves %v, want all of 1, 2, 3", seen)
	}
}

// Example solves a position of pig: with 14 points banked and two more
// decisions ahead, is one more roll worth the risk of a 1?
func Example() {
	bot := &search.Expectimax[int, *pig]{
		Eval:   func(p *pig, _ game.Player) float64 { return float64(p.total) },
		Budget: search.Budget{Depth: 3},
	}
	for _, total := range []int{14, 25} {
		d, _ := bot.Choose(context.Background(), &pig{total: total})
		fmt.Printf("at %d: %s (expected %.2f)\n", total, map[int]string{stop: "stop", roll: "roll"}[d.Move], d.Value)
	}
	// Output:
	// at 14: roll (expected 15.28)
	// at 25: stop (expected 25.00)
}
