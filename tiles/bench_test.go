package tiles

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestUpperBound(t *testing.T) {
	sc := seedScorer(t)
	b := sc.UpperBound(20)
	// No bridges and the 23 layouts that need none and are not one trail:
	// 17 of them twice and 6 once, DupScore 17·4 + 6 = 74.
	if math.Abs(b.Static-(-1.48)) > 1e-9 || b.Boards != 15 || math.Abs(b.Total-13.52) > 1e-9 {
		t.Errorf("bound %+v, want static -1.48, boards 15, total 13.52", b)
	}
	sides, bridged := 0, 0
	for l, n := range b.Layouts {
		sides += n
		if l.NeedsBridge() {
			bridged += n
		}
	}
	if sides != 40 || bridged != 0 {
		t.Errorf("bound's layouts: %d sides, %d bridged", sides, bridged)
	}
	// Every set stays below it, however lucky its boards.
	for seed := range uint64(20) {
		set := RandomSet(rand.New(rand.NewPCG(seed, 1)), 20)
		if s, _ := sc.Score(set, rand.New(rand.NewPCG(seed, 2)), 50); s.Objective.Mean > b.Total {
			t.Errorf("a random set scores %.3f above the bound %.3f", s.Objective.Mean, b.Total)
		}
		if st := DefaultWeights().Static(set.Bridges(), set.DupScore(), set.FullyConnected()); st > b.Static+1e-9 {
			t.Errorf("a random set's static terms %.3f above the bound %.3f", st, b.Static)
		}
	}
	// Costly bridges: still none; cheap repeats: fewer layouts.
	w := DefaultWeights()
	w.DupScore = -0.001
	sc2, _ := NewScorer(SeedBoard(), w)
	if b2 := sc2.UpperBound(20); math.Abs(b2.Static-(-0.001*(23+17*3))) > 1e-9 {
		t.Errorf("static bound with cheap repeats: %v", b2.Static)
	}
}

// TestBenchSeedsAndBound runs the quality benchmark on two seeds with a
// tiny processor-time budget (read from a clock here) and a polish.
func TestBenchSeedsAndBound(t *testing.T) {
	start := time.Now()
	var out strings.Builder
	dir := t.TempDir()
	err := Bench(context.Background(), &out, BenchConfig{
		Seed: 4, Seeds: 2, CPU: 400 * time.Millisecond, CPUTime: func() time.Duration { return time.Since(start) },
		Workers: 2, FinalBoards: 2000, Bound: true, Out: dir,
		Options: Options{PopSize: 8, Elite: 2, Boards: 100, ValidateBoards: 500, ConfirmBoards: 500, StatsEvery: 5,
			PolishFraction: 0.5},
	})
	if err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"(400ms of processor time on 2 workers, 2 seeds)", "| 4 |", "| 5 |", "spread", "### Upper bound", "| objective | 13.5200 |", "| gap |"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in:\n%s", want, s)
		}
	}
	for _, name := range []string{"seeds.svg", "seeds.png", "seed-4/best.txt", "seed-5/curve.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
}
