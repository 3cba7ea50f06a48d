package linjat_test

import (
	"context"
	"fmt"

	"github.com/ludus-games/ludus/linjat"
)

// A puzzle in the text format: '.' empty, 'o' dot, digits numbers.
func ExampleParse() {
	p, err := linjat.Parse("5....\n.....\no4...\n3o.3.\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Rows, p.Cols, p.Numbers())
	// Output: 4 5 [{0 0 5} {2 1 4} {3 0 3} {3 3 3}]
}

// The exact solver counts solutions; two means "not unique".
func ExampleSolve() {
	p, _ := linjat.Parse("5....\n.....\no4...\n3o.3.\n")
	sols, _ := linjat.Solve(p, 2)
	fmt.Println(len(sols))
	fmt.Print(sols[0].Text(p))
	// Output:
	// 1
	// 5----
	// |....
	// |4---
	// 3--3.
}

// The rating solver's trace: one kind of deduction per step.
func ExampleRate() {
	p, _ := linjat.Parse("5....\n.....\no4...\n3o.3.\n")
	res, _ := linjat.Rate(p, linjat.Difficulties[3].Weights)
	for _, st := range res.Trace {
		fmt.Println(st.Rule, st.Width, len(st.Decided))
	}
	fmt.Println(res.Solved, res.Score)
	// Output:
	// cant_fit 1 4
	// cant_fit 1 2
	// cant_fit 1 1
	// cover 1 1
	// cant_fit 1 2
	// true 11
}

// Generating a small puzzle: deterministic for a seed.
func ExampleOptimize() {
	g, err := linjat.Optimize(context.Background(), linjat.Settings{
		Rows: 5, Cols: 5, Numbers: 5, Difficulty: linjat.Difficulties[0],
		Iterations: 200, Seed: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Result.Solved, len(g.Puzzle.Numbers()))
	// Output: true 5
}

// A hint from the lines drawn so far: the next step of the rating solver,
// the cells it decides and why.
func ExampleSolver_Hint() {
	p, _ := linjat.Parse("5....\n.....\no4...\n3o.3.\n")
	var v linjat.Solver
	h, _ := v.Hint(p, nil)
	fmt.Println(h.Rule, len(h.Decided))
	fmt.Println(h.Why)
	// Output:
	// cant_fit 4
	// Wherever the 5 in row 1, column 1 is placed, its line covers the marked cells.
}
