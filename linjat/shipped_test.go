package linjat

import (
	"fmt"
	"testing"
)

// The original game's 396 levels each have one solution; the rating solver
// must finish every one with it, and the last tutorial level, which has two
// solutions, must be reported as not solved.
func TestShippedLevels(t *testing.T) {
	c := shippedLevels(t)
	var v Solver
	total := 0
	for _, name := range c.Names() {
		for i, l := range c[name] {
			if l.Puzzle == nil {
				continue
			}
			total++
			sols, err := v.Solve(l.Puzzle, 2)
			if err != nil {
				t.Fatalf("%s %d: %v", name, i+1, err)
			}
			res, err := v.Rate(l.Puzzle, Difficulties[3].Weights)
			if err != nil {
				t.Fatalf("%s %d: %v", name, i+1, err)
			}
			twoSolutions := name == "tutorial" && i == 2
			switch {
			case twoSolutions:
				if len(sols) != 2 || res.Solved {
					t.Errorf("tutorial 3: %d solutions, solved %v; want 2 solutions, not solved", len(sols), res.Solved)
				}
			case len(sols) != 1:
				t.Errorf("%s %d: %d solutions, want 1", name, i+1, len(sols))
			case !res.Solved:
				t.Errorf("%s %d: the rating solver got stuck after %d steps", name, i+1, res.Depth)
			case fmt.Sprint(res.Solution) != fmt.Sprint(sols[0]):
				t.Errorf("%s %d: rating solution %v, exact %v", name, i+1, res.Solution, sols[0])
			}
			if len(sols) > 0 {
				if err := sols[0].Check(l.Puzzle); err != nil {
					t.Errorf("%s %d: exact solution invalid: %v", name, i+1, err)
				}
			}
		}
	}
	if total != 396+3 {
		t.Errorf("%d levels, want 399 (396 and 3 tutorial levels)", total)
	}
}

// The rating orders the shipped difficulties: the mean score rises from
// easy to expert, under each difficulty's own weights and under the expert
// weights without the leak terms.
func TestShippedDifficultiesOrdered(t *testing.T) {
	c := shippedLevels(t)
	sound := Difficulties[3].Weights
	sound.Rule[Uncontested], sound.Rule[SingleSolution] = 0, 0
	var v Solver
	prevOwn, prevSound := -1e9, -1e9
	for _, d := range Difficulties {
		var own, snd float64
		ps := levelPuzzles(c, d.Name)
		for _, p := range ps {
			res, err := v.Rating(p, d.Weights)
			if err != nil {
				t.Fatal(err)
			}
			own += res.Score
			snd += res.Rating.Score(sound)
		}
		own, snd = own/float64(len(ps)), snd/float64(len(ps))
		t.Logf("%s: mean score %.1f (own weights), %.1f (expert, no leak terms)", d.Name, own, snd)
		if own <= prevOwn || snd <= prevSound {
			t.Errorf("%s: mean scores %.1f, %.1f do not rise above %.1f, %.1f", d.Name, own, snd, prevOwn, prevSound)
		}
		prevOwn, prevSound = own, snd
	}
}

// A step names each number, focus cell and decided cell once, however many
// hard rules took part in its layer.
func TestTraceListsEachOnce(t *testing.T) {
	c := shippedLevels(t)
	var v Solver
	for _, d := range Difficulties {
		for i, p := range levelPuzzles(c, d.Name) {
			res, err := v.Rate(p, d.Weights)
			if err != nil {
				t.Fatal(err)
			}
			for k, st := range res.Trace {
				seen := map[string]bool{}
				var keys []string
				for _, n := range st.Numbers {
					keys = append(keys, fmt.Sprint("number ", n))
				}
				for _, f := range st.Focus {
					keys = append(keys, fmt.Sprint("focus ", f))
				}
				for _, c := range st.Decided {
					keys = append(keys, fmt.Sprint("cell ", c.Row, c.Col))
				}
				for _, key := range keys {
					if seen[key] {
						t.Fatalf("%s level %d step %d (%s): %s listed twice", d.Name, i+1, k+1, st.Rule, key)
					}
					seen[key] = true
				}
			}
		}
	}
}
