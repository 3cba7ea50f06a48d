// Package linjat generates and rates puzzles of Linjat, the line-drawing
// logic game by Juho Snellman.
//
// A puzzle is a grid of numbers, dots and empty cells. Every number n gets one
// straight horizontal or vertical line of exactly n cells through its own
// cell; lines stay inside the grid and never share a cell, and every dot must
// be covered by some line.
//
// The package holds the puzzle model and its text format (see Read), an exact
// solver that counts solutions (Solve), a rating solver that solves the way a
// person does, one kind of deduction per layer, and scores the puzzle (Rate),
// a generator that adds dots until the rating solver can finish (Generate), an
// optimizer built on the pool hill-climber of package evolve (Optimize), level
// packs ordered by difficulty (MakePack) and drawings (Draw).
package linjat

import (
	"fmt"
	"strings"
)

// Cell contents other than numbers; a number is stored as its value (> 0).
const (
	Empty = 0
	Dot   = -1
)

// Puzzle is a Linjat grid.
type Puzzle struct {
	Rows, Cols int
	// Cells holds the grid row by row: Empty, Dot, or the value of a number.
	Cells []int
}

// Number is a number of a puzzle: its cell and its value (the length of its
// line).
type Number struct {
	Row, Col, Value int
}

// New returns an empty puzzle of the given size.
func New(rows, cols int) *Puzzle {
	return &Puzzle{Rows: rows, Cols: cols, Cells: make([]int, rows*cols)}
}

// At returns the content of cell (r, c).
func (p *Puzzle) At(r, c int) int { return p.Cells[r*p.Cols+c] }

// Set replaces the content of cell (r, c).
func (p *Puzzle) Set(r, c, v int) { p.Cells[r*p.Cols+c] = v }

// Clone returns an independent copy of p.
func (p *Puzzle) Clone() *Puzzle {
	q := *p
	q.Cells = append([]int(nil), p.Cells...)
	return &q
}

// Numbers returns the numbers of p in row-major order; solvers, solutions and
// traces refer to a number by its index in this list.
func (p *Puzzle) Numbers() []Number {
	var ns []Number
	for i, v := range p.Cells {
		if v > 0 {
			ns = append(ns, Number{Row: i / p.Cols, Col: i % p.Cols, Value: v})
		}
	}
	return ns
}

// DotCount returns the number of dots.
func (p *Puzzle) DotCount() int {
	n := 0
	for _, v := range p.Cells {
		if v == Dot {
			n++
		}
	}
	return n
}

// ClearDots removes every dot.
func (p *Puzzle) ClearDots() {
	for i, v := range p.Cells {
		if v == Dot {
			p.Cells[i] = Empty
		}
	}
}

// Validate reports whether p is a well-formed puzzle: a positive size, cell
// contents in range, at least one number, and every value short enough to
// fit the grid in one direction.
func (p *Puzzle) Validate() error {
	if p.Rows < 1 || p.Cols < 1 {
		return fmt.Errorf("puzzle size %dx%d: want at least 1x1", p.Rows, p.Cols)
	}
	if len(p.Cells) != p.Rows*p.Cols {
		return fmt.Errorf("puzzle %dx%d has %d cells", p.Rows, p.Cols, len(p.Cells))
	}
	numbers := 0
	for i, v := range p.Cells {
		switch {
		case v == Empty || v == Dot:
		case v > 0:
			numbers++
			if v > max(p.Rows, p.Cols) {
				return fmt.Errorf("row %d, column %d: value %d does not fit a %dx%d grid",
					i/p.Cols+1, i%p.Cols+1, v, p.Rows, p.Cols)
			}
		default:
			return fmt.Errorf("row %d, column %d: invalid cell %d", i/p.Cols+1, i%p.Cols+1, v)
		}
	}
	if numbers == 0 {
		return fmt.Errorf("puzzle has no numbers")
	}
	return nil
}

// String returns p in the text format (see Read).
func (p *Puzzle) String() string {
	var b strings.Builder
	for _, row := range p.TextRows() {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	return b.String()
}

// Line is the line of one number in a solution: the number's cell and value,
// its direction, and its first (R0, C0) and last (R1, C1) cells.
type Line struct {
	Row      int  `json:"row"`
	Col      int  `json:"col"`
	Value    int  `json:"value"`
	Vertical bool `json:"-"`
	R0       int  `json:"r0"`
	C0       int  `json:"c0"`
	R1       int  `json:"r1"`
	C1       int  `json:"c1"`
}

// Dir returns "H" for a horizontal line and "V" for a vertical one; a line
// of one cell is horizontal.
func (l Line) Dir() string {
	if l.Vertical {
		return "V"
	}
	return "H"
}

// Covers reports whether the line covers cell (r, c).
func (l Line) Covers(r, c int) bool {
	return r >= l.R0 && r <= l.R1 && c >= l.C0 && c <= l.C1
}

// Solution is one line per number, in the order of Puzzle.Numbers.
type Solution []Line

// Check reports whether s solves p: one line of the right length through
// every number, inside the grid, no shared cells, every dot covered.
func (s Solution) Check(p *Puzzle) error {
	nums := p.Numbers()
	if len(s) != len(nums) {
		return fmt.Errorf("solution has %d lines for %d numbers", len(s), len(nums))
	}
	owner := make([]int, len(p.Cells))
	for i := range owner {
		owner[i] = -1
	}
	for i, l := range s {
		n := nums[i]
		if l.Row != n.Row || l.Col != n.Col || l.Value != n.Value {
			return fmt.Errorf("line %d does not belong to number %d", i, i)
		}
		if !l.Covers(n.Row, n.Col) || l.R0 < 0 || l.C0 < 0 || l.R1 >= p.Rows || l.C1 >= p.Cols ||
			(l.R0 != l.R1 && l.C0 != l.C1) || (l.R1-l.R0)+(l.C1-l.C0)+1 != n.Value {
			return fmt.Errorf("line of number at (%d,%d) is malformed", n.Row, n.Col)
		}
		for r := l.R0; r <= l.R1; r++ {
			for c := l.C0; c <= l.C1; c++ {
				if owner[r*p.Cols+c] >= 0 {
					return fmt.Errorf("lines cross at (%d,%d)", r, c)
				}
				owner[r*p.Cols+c] = i
			}
		}
	}
	for i, v := range p.Cells {
		if v == Dot && owner[i] < 0 {
			return fmt.Errorf("dot at (%d,%d) is not covered", i/p.Cols, i%p.Cols)
		}
	}
	return nil
}

// Text draws the solution on the puzzle as text: each covered cell shows the
// line's direction (- or |), numbers and uncovered cells as in the puzzle.
func (s Solution) Text(p *Puzzle) string {
	grid := p.TextRows()
	cells := make([][]string, p.Rows)
	for r := range cells {
		cells[r] = splitCells(grid[r])
	}
	for _, l := range s {
		mark := "-"
		if l.Vertical {
			mark = "|"
		}
		for r := l.R0; r <= l.R1; r++ {
			for c := l.C0; c <= l.C1; c++ {
				if p.At(r, c) <= 0 {
					cells[r][c] = mark
				}
			}
		}
	}
	var b strings.Builder
	for _, row := range cells {
		b.WriteString(strings.Join(row, ""))
		b.WriteByte('\n')
	}
	return b.String()
}
