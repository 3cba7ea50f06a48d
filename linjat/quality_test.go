package linjat

import (
	"context"
	"testing"

	"github.com/ludus-games/ludus/internal/testenv"
)

// The quality target: for each difficulty, the puzzles of seeds 1-20 score
// at least as high under the expert collection weights as the shipped
// levels of that difficulty on average, and all have one solution. Long:
// run with LUDUS_LONG=1.
func TestQualityLong(t *testing.T) {
	testenv.SkipUnlessLong(t)
	c := shippedLevels(t)
	w := Difficulties[3].Weights.Collection()
	var v Solver
	for _, d := range Difficulties {
		var shipped []float64
		for _, p := range levelPuzzles(c, d.Name) {
			res, err := v.Rating(p, w)
			if err != nil {
				t.Fatal(err)
			}
			shipped = append(shipped, res.Score)
		}
		gs, err := QualityRun(context.Background(), d, 20, 10000, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		var generated []float64
		for _, g := range gs {
			if n, err := v.Count(g.Puzzle, 2); err != nil || n != 1 {
				t.Errorf("%s seed %d: %d solutions (%v)", d.Name, g.Seed, n, err)
			}
			res, err := v.Rating(g.Puzzle, w)
			if err != nil {
				t.Fatal(err)
			}
			generated = append(generated, res.Score)
		}
		s, g := Summarize(shipped), Summarize(generated)
		t.Logf("%s: shipped mean %.1f (median %g), generated mean %.1f (median %g)", d.Name, s.Mean, s.Median, g.Mean, g.Median)
		if g.Mean < s.Mean {
			t.Errorf("%s: generated mean %.1f below shipped %.1f", d.Name, g.Mean, s.Mean)
		}
	}
}
