package linjat

import "testing"

// The built-in levels are twenty of each difficulty, each with one
// solution that the rating solver finds within the difficulty's rules.
func TestBuiltinLevels(t *testing.T) {
	c, err := BuiltinLevels()
	if err != nil {
		t.Fatal(err)
	}
	var v Solver
	for _, d := range Difficulties {
		levels := c[d.Name]
		if len(levels) != 20 {
			t.Fatalf("%s: %d levels, want 20", d.Name, len(levels))
		}
		for i, l := range levels {
			sols, err := v.Solve(l.Puzzle, 2)
			if err != nil || len(sols) != 1 {
				t.Fatalf("%s level %d: %d solutions (%v)", d.Name, i+1, len(sols), err)
			}
			res, err := v.Rate(l.Puzzle, d.Weights)
			if err != nil || !res.Solved {
				t.Errorf("%s level %d: the rating solver does not finish it (%v)", d.Name, i+1, err)
			}
		}
	}
}
