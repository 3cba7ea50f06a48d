package linjat

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

const small = "5....\n.....\no4...\n3o.3.\n"

// follow applies hints as the puzzle page does (each decided cell joins
// its number's line) until the hint says solved, and returns the marks.
func follow(t *testing.T, p *Puzzle, marks []Mark) ([]Mark, []string) {
	t.Helper()
	var v Solver
	byNum := map[int]*Mark{}
	nums := p.Numbers()
	for i := range marks {
		for k, n := range nums {
			if n.Row == marks[i].Row && n.Col == marks[i].Col {
				byNum[k] = &marks[i]
			}
		}
	}
	var rules []string
	for range 200 {
		var cur []Mark
		for k := range nums {
			if m := byNum[k]; m != nil {
				cur = append(cur, *m)
			}
		}
		h, err := v.Hint(p, cur)
		if err != nil {
			t.Fatal(err)
		}
		if h.Solved {
			return cur, rules
		}
		if h.Rule == "mistake" || h.Rule == "stuck" || len(h.Decided) == 0 || h.Why == "" {
			t.Fatalf("after %v: hint %+v", rules, h)
		}
		rules = append(rules, h.Rule)
		for _, d := range h.Decided {
			n := nums[d.Number]
			m := byNum[d.Number]
			if m == nil {
				m = &Mark{Row: n.Row, Col: n.Col, R0: n.Row, C0: n.Col, R1: n.Row, C1: n.Col}
				byNum[d.Number] = m
			}
			m.R0, m.C0 = min(m.R0, d.Row), min(m.C0, d.Col)
			m.R1, m.C1 = max(m.R1, d.Row), max(m.C1, d.Col)
		}
	}
	t.Fatalf("no end after 200 hints: %v", rules)
	return nil, nil
}

// Following the hints from an empty grid solves the puzzle; the first hint
// is the first layer of the rating trace.
func TestHintsSolve(t *testing.T) {
	inputs := map[string]string{"small": small}
	if b, err := os.ReadFile("../examples/linjat/expert-seed1.txt"); err == nil {
		inputs["expert"] = string(b)
	}
	for name, text := range inputs {
		t.Run(name, func(t *testing.T) {
			p, err := Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			marks, rules := follow(t, p, nil)
			var v Solver
			solved, problems, err := v.Check(p, marks)
			if err != nil || !solved || len(problems) != 0 {
				t.Fatalf("the hints' lines: solved %v, problems %q, %v", solved, problems, err)
			}
			res, err := Rate(p, Difficulties[3].Weights)
			if err != nil {
				t.Fatal(err)
			}
			want := []string{}
			for _, st := range res.Trace {
				want = append(want, st.Rule.String())
				if len(st.Decided) > 0 {
					break
				}
			}
			if rules[0] != strings.Join(want, " then ") {
				t.Errorf("first hint %q, the trace starts %q", rules[0], want)
			}
		})
	}
}

func TestHintMistakes(t *testing.T) {
	p, _ := Parse(small)
	var v Solver
	tests := []struct {
		name  string
		marks []Mark
		want  string
	}{
		// The 4 in row 3 goes right in the solution, not up.
		{"off the solution", []Mark{{Row: 2, Col: 1, R0: 1, C0: 1, R1: 2, C1: 1}}, "does not go this way"},
		{"shared", []Mark{{Row: 3, Col: 0, R0: 3, C0: 0, R1: 3, C1: 2}, {Row: 3, Col: 3, R0: 3, C0: 1, R1: 3, C1: 3}}, "share row 4, column 2"},
		{"across a number", []Mark{{Row: 0, Col: 0, R0: 0, C0: 0, R1: 3, C1: 0}}, "crosses the number in row 4, column 1"},
		{"too long", []Mark{{Row: 2, Col: 1, R0: 2, C0: 0, R1: 2, C1: 4}}, "covers 5 cells"},
	}
	for _, tt := range tests {
		h, err := v.Hint(p, tt.marks)
		if err != nil || h.Rule != "mistake" || !strings.Contains(h.Why, tt.want) || len(h.Focus) == 0 {
			t.Errorf("%s: %+v %v, want a mistake %q", tt.name, h, err, tt.want)
		}
	}
	bad := []struct {
		name string
		mark Mark
		want string
	}{
		{"no number", Mark{Row: 0, Col: 1, R0: 0, C0: 1, R1: 0, C1: 2}, "no number"},
		{"bent", Mark{Row: 2, Col: 1, R0: 1, C0: 1, R1: 2, C1: 2}, "one row or column"},
		{"outside", Mark{Row: 2, Col: 1, R0: 2, C0: 1, R1: 2, C1: 9}, "outside"},
		{"not through", Mark{Row: 2, Col: 1, R0: 2, C0: 2, R1: 2, C1: 4}, "through its number"},
	}
	for _, tt := range bad {
		_, err := v.Hint(p, []Mark{tt.mark})
		if !errors.Is(err, ErrBadMarks) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	p, _ := Parse(small)
	sols, _ := Solve(p, 1)
	var full []Mark
	for _, l := range sols[0] {
		full = append(full, Mark{Row: l.Row, Col: l.Col, R0: l.R0, C0: l.C0, R1: l.R1, C1: l.C1})
	}
	var v Solver
	tests := []struct {
		name    string
		marks   []Mark
		solved  bool
		problem string
	}{
		{"solution", full, true, ""},
		{"nothing drawn", nil, false, ""},
		{"part of the solution", full[:2], false, ""},
		{"too long", []Mark{{Row: 2, Col: 1, R0: 2, C0: 1, R1: 2, C1: 4}, {Row: 0, Col: 0, R0: 0, C0: 0, R1: 0, C1: 4}, {Row: 3, Col: 3, R0: 0, C0: 3, R1: 3, C1: 3}}, false, "covers 4 cells"},
		{"off the solution", []Mark{{Row: 0, Col: 0, R0: 0, C0: 0, R1: 1, C1: 0}}, false, "does not go this way"},
	}
	for _, tt := range tests {
		solved, problems, err := v.Check(p, tt.marks)
		if err != nil || solved != tt.solved || (tt.problem == "") != (len(problems) == 0) ||
			(tt.problem != "" && !strings.Contains(problems[0], tt.problem)) {
			t.Errorf("%s: solved %v problems %q err %v, want %v %q", tt.name, solved, problems, err, tt.solved, tt.problem)
		}
	}
}

// A generated puzzle of every difficulty is solved by its hints alone.
func TestHintsOnGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("generates four puzzles")
	}
	for _, d := range Difficulties {
		g, err := Optimize(context.Background(), Settings{Rows: d.Rows, Cols: d.Cols, Numbers: (d.MinNumbers + d.MaxNumbers) / 2,
			Difficulty: d, Iterations: 100, Seed: 3, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		marks, rules := follow(t, g.Puzzle, nil)
		if solved, problems, _ := new(Solver).Check(g.Puzzle, marks); !solved {
			t.Errorf("%s: not solved by %d hints: %q", d.Name, len(rules), problems)
		}
	}
}

// FuzzHint feeds the hint and the check any puzzle and marks (as JSON, the
// way the server receives them): they never panic, refuse marks of the
// wrong shape with ErrBadMarks, and a hint's cells lie in the grid.
func FuzzHint(f *testing.F) {
	f.Add(small, `[]`)
	f.Add(small, `[{"row":2,"col":1,"r0":2,"c0":1,"r1":2,"c1":4}]`)
	f.Add(small, `[{"row":0,"col":0,"r0":0,"c0":0,"r1":3,"c1":0},{"row":3,"col":3,"r0":0,"c0":3,"r1":3,"c1":3}]`)
	f.Add("2o\n..\n", `[{"row":0,"col":0,"r0":0,"c0":0,"r1":0,"c1":1}]`)
	f.Add("3.o\n", `[{"row":0,"col":0,"r0":0,"c0":-1,"r1":0,"c1":9}]`)
	f.Fuzz(func(t *testing.T, text, js string) {
		p, err := Parse(text)
		if err != nil || p.Rows*p.Cols > 64 {
			return
		}
		var marks []Mark
		if json.Unmarshal([]byte(js), &marks) != nil {
			return
		}
		var v Solver
		h, err := v.Hint(p, marks)
		if err != nil {
			if !errors.Is(err, ErrBadMarks) && !errors.Is(err, ErrSearchLimit) && p.Validate() == nil {
				t.Fatalf("hint: %v", err)
			}
			return
		}
		for _, d := range h.Decided {
			if d.Row < 0 || d.Col < 0 || d.Row >= p.Rows || d.Col >= p.Cols || d.Number < 0 || d.Number >= len(p.Numbers()) {
				t.Fatalf("hint decides %+v on a %dx%d grid", d, p.Rows, p.Cols)
			}
		}
		if _, _, err := v.Check(p, marks); err != nil && !strings.Contains(err.Error(), "mark ") {
			t.Fatalf("check: %v", err)
		}
	})
}
