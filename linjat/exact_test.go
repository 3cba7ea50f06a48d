package linjat

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// bruteCount counts solutions by trying every combination of lines, with
// no propagation at all: a slow, independent check of the exact solver.
func bruteCount(p *Puzzle) int {
	nums := p.Numbers()
	var lines [][]Line
	for _, n := range nums {
		var ls []Line
		for _, vert := range []bool{false, true} {
			if vert && n.Value == 1 {
				continue
			}
			for off := 0; off < n.Value; off++ {
				l := Line{Row: n.Row, Col: n.Col, Value: n.Value, Vertical: vert, R0: n.Row, C0: n.Col - off}
				if vert {
					l.R0, l.C0 = n.Row-off, n.Col
					l.R1, l.C1 = l.R0+n.Value-1, n.Col
				} else {
					l.R1, l.C1 = n.Row, l.C0+n.Value-1
				}
				ls = append(ls, l)
			}
		}
		lines = append(lines, ls)
	}
	count := 0
	sol := make(Solution, len(nums))
	var rec func(i int)
	rec = func(i int) {
		if i == len(nums) {
			if sol.Check(p) == nil {
				count++
			}
			return
		}
		for _, l := range lines[i] {
			sol[i] = l
			rec(i + 1)
		}
	}
	rec(0)
	return count
}

// randomPuzzle draws a small puzzle: numbers and dots on random cells.
func randomPuzzle(t *rapid.T) *Puzzle {
	rows, cols := rapid.IntRange(1, 5).Draw(t, "rows"), rapid.IntRange(1, 5).Draw(t, "cols")
	p := New(rows, cols)
	cells := rapid.Permutation(seq(rows*cols)).Draw(t, "cells")
	n := rapid.IntRange(1, min(5, rows*cols)).Draw(t, "numbers")
	for _, c := range cells[:n] {
		p.Cells[c] = rapid.IntRange(1, max(rows, cols)).Draw(t, "value")
	}
	for _, c := range cells[n:] {
		if rapid.IntRange(0, 3).Draw(t, "dot") == 0 {
			p.Cells[c] = Dot
		}
	}
	return p
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func TestSolveMatchesBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPuzzle(t)
		want := bruteCount(p)
		sols, err := Solve(p, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(sols) != want {
			t.Fatalf("%s: %d solutions, brute force finds %d", p, len(sols), want)
		}
		seen := map[string]bool{}
		for _, s := range sols {
			if err := s.Check(p); err != nil {
				t.Fatalf("%s: invalid solution %v: %v", p, s, err)
			}
			key := fmt.Sprint(s)
			if seen[key] {
				t.Fatalf("%s: solution %v found twice", p, s)
			}
			seen[key] = true
		}
	})
}

func TestSolveCounts(t *testing.T) {
	tests := []struct {
		puzzle string
		want   int
	}{
		{"2.\n", 1},
		{"2o\n..\n", 1},
		{".2.\n", 2},
		{".3..\n....\no.3.\n....\n", 2}, // the original tutorial's last level
		{"2o2\n", 0},
		{"1\n", 1},
		{"o1\n", 0},
	}
	for _, tt := range tests {
		p, err := Parse(tt.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		n, err := (&Solver{}).Count(p, 10)
		if err != nil || n != tt.want {
			t.Errorf("%q: %d solutions, %v; want %d", tt.puzzle, n, err, tt.want)
		}
	}
}

// The rating solver never decides a cell against a solution: every cell
// it gives a number is covered by that number in every solution the exact
// solver finds, on puzzles with any number of solutions; it finishes only
// puzzles with exactly one solution, with that solution.
func TestRatingNeverContradictsASolution(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPuzzle(t)
		checkRatingSound(t, p)
	})
}

// The same on puzzles of the shipped sizes made by the generator's first
// stage and then stripped of some dots, which have many solutions.
func TestRatingSoundOnLoosenedPuzzles(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var v Solver
	checked := 0
	for checked < 60 {
		d := Difficulties[r.IntN(len(Difficulties))]
		p := randomNumbers(d.Rows, d.Cols, d.MinNumbers, r)
		if p == nil || !v.Generate(p, d.Rules, r) {
			continue
		}
		for c, x := range p.Cells {
			if x == Dot && r.IntN(3) == 0 {
				p.Cells[c] = Empty
			}
		}
		checkRatingSound(t, p)
		checked++
	}
}

type fataler interface {
	Fatalf(format string, args ...any)
}

func checkRatingSound(t fataler, p *Puzzle) {
	sols, err := Solve(p, 200)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	res, err := Rate(p, Difficulties[3].Weights)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	if res.Solved && (len(sols) != 1 || fmt.Sprint(res.Solution) != fmt.Sprint(sols[0])) {
		t.Fatalf("%s: rating solved it as %v, exact solver finds %d solutions", p, res.Solution, len(sols))
	}
	nums := p.Numbers()
	for k, st := range res.Trace {
		for _, d := range st.Decided {
			for _, s := range sols {
				if !s[d.Number].Covers(d.Row, d.Col) {
					t.Fatalf("%s: step %d (%s) gives (%d,%d) to the %d at (%d,%d), against solution %v",
						p, k+1, st.Rule, d.Row, d.Col, nums[d.Number].Value, nums[d.Number].Row, nums[d.Number].Col, s)
				}
			}
		}
	}
}

// On the original tutorial's two-solution level the uniqueness leaks reach
// a contradiction (the premise, one solution, is false); the rating must
// not use them there.
func TestLeaksNotUsedOnAmbiguousPuzzle(t *testing.T) {
	p, err := Parse(".3..\n....\no.3.\n....\n")
	if err != nil {
		t.Fatal(err)
	}
	var v Solver
	unguarded := v.run(p, AllRules, false)
	if !unguarded.Uses(LeakRules) || !v.s.bad {
		t.Fatalf("without the guard the leaks should fire and contradict: %+v", unguarded.Rating)
	}
	res, err := v.Rate(p, Difficulties[3].Weights)
	if err != nil {
		t.Fatal(err)
	}
	if res.Solved || res.Uses(LeakRules) || res.Leaks {
		t.Fatalf("rated as %+v, want stuck without leaks", res.Rating)
	}
	checkRatingSound(t, p)
}

// Many random grids up to 6x6, most of them with several solutions or none.
func TestRatingSoundRandomGrids(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		rows, cols := 2+r.IntN(5), 2+r.IntN(5)
		p := New(rows, cols)
		for _, c := range r.Perm(rows * cols)[:1+r.IntN(min(7, rows*cols))] {
			p.Cells[c] = 1 + r.IntN(min(4, max(rows, cols)))
		}
		for c := range p.Cells {
			if p.Cells[c] == Empty && r.IntN(8) == 0 {
				p.Cells[c] = Dot
			}
		}
		checkRatingSound(t, p)
	}
}
