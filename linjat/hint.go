package linjat

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Mark is a line a player has drawn so far, as a puzzle page sends it: the
// number's cell and the first (R0, C0) and last (R1, C1) cells of its line,
// which may be shorter than the number while it is being drawn.
type Mark struct {
	Row int `json:"row"`
	Col int `json:"col"`
	R0  int `json:"r0"`
	C0  int `json:"c0"`
	R1  int `json:"r1"`
	C1  int `json:"c1"`
}

// Hint is the next step of the rating solver from a player's lines: the
// cells it decides (with the number that covers each), the numbers and cells
// its reasoning rests on, and the reasoning in words. A hint may instead
// point out a line that is wrong (Rule "mistake") or, when no rule of the
// solver applies, show a line of the solution (Rule "solution").
type Hint struct {
	// Solved is set when every line is drawn in full: there is nothing
	// left to hint.
	Solved bool `json:"solved"`
	// Rule names the deduction ("cover", "cant_fit", ...); a layer that
	// only narrowed lines before one that decided cells is named too
	// ("square then cant_fit").
	Rule    string    `json:"rule,omitempty"`
	Why     string    `json:"why,omitempty"`
	Decided []Decided `json:"decided"`
	Numbers []int     `json:"numbers"`
	Focus   []Pos     `json:"focus"`
}

// marked is a mark resolved against a puzzle.
type marked struct {
	num   int   // index into the puzzle's numbers
	cells []int // the line's cells in order
}

// resolveMarks checks the shape of every mark (on a number, straight,
// through its number, inside the grid, one per number) and returns them by
// number (nil for a number without a line). A mark that breaks the rules
// of the game (too long, across a number or another line) is not an error
// here: Check and Hint report those as mistakes.
func resolveMarks(p *Puzzle, marks []Mark) ([]*marked, error) {
	index := map[int]int{} // cell -> number index
	for i, n := range p.Numbers() {
		index[n.Row*p.Cols+n.Col] = i
	}
	out := make([]*marked, len(index))
	in := func(r, c int) bool { return r >= 0 && c >= 0 && r < p.Rows && c < p.Cols }
	for k, m := range marks {
		where := fmt.Sprintf("mark %d (row %d, column %d)", k+1, m.Row+1, m.Col+1)
		if !in(m.Row, m.Col) || !in(m.R0, m.C0) || !in(m.R1, m.C1) {
			return nil, fmt.Errorf("%s: outside the %dx%d grid", where, p.Rows, p.Cols)
		}
		i, ok := index[m.Row*p.Cols+m.Col]
		if !ok {
			return nil, fmt.Errorf("%s: no number there", where)
		}
		if out[i] != nil {
			return nil, fmt.Errorf("%s: a second line for the same number", where)
		}
		if m.R0 > m.R1 || m.C0 > m.C1 || (m.R0 != m.R1 && m.C0 != m.C1) {
			return nil, fmt.Errorf("%s: a line runs along one row or column, from its first cell to its last", where)
		}
		if m.Row < m.R0 || m.Row > m.R1 || m.Col < m.C0 || m.Col > m.C1 {
			return nil, fmt.Errorf("%s: the line does not go through its number", where)
		}
		ml := &marked{num: i}
		for r := m.R0; r <= m.R1; r++ {
			for c := m.C0; c <= m.C1; c++ {
				ml.cells = append(ml.cells, r*p.Cols+c)
			}
		}
		out[i] = ml
	}
	return out, nil
}

// mistakes lists the lines that break the rules of the game: longer than
// their number, across another number, or over another line.
func mistakes(p *Puzzle, lines []*marked) []mistake {
	var out []mistake
	owner := map[int]int{}
	nums := p.Numbers()
	for i, ml := range lines {
		if ml == nil {
			continue
		}
		n := nums[i]
		if len(ml.cells) > n.Value {
			out = append(out, mistake{i, fmt.Sprintf("the line of %s covers %d cells, more than its number", numberName(n), len(ml.cells))})
			continue
		}
		for _, c := range ml.cells {
			if c == n.Row*p.Cols+n.Col {
				continue
			}
			if p.Cells[c] > 0 {
				out = append(out, mistake{i, fmt.Sprintf("the line of %s crosses the number in %s", numberName(n), cellName(p, c))})
				break
			}
			if j, taken := owner[c]; taken {
				out = append(out, mistake{i, fmt.Sprintf("the lines of %s and %s share %s", numberName(nums[j]), numberName(n), cellName(p, c))})
				break
			}
			owner[c] = i
		}
	}
	return out
}

type mistake struct {
	num  int
	text string
}

// unique returns the puzzle's solution when it has exactly one (nil when it
// has several, or the exact search gave up).
func (v *Solver) unique(p *Puzzle) Solution {
	sols, err := v.Solve(p, 2)
	if err != nil || len(sols) != 1 {
		return nil
	}
	return sols[0]
}

// offSolution lists the lines that leave the number's line in sol.
func offSolution(p *Puzzle, lines []*marked, sol Solution) []mistake {
	var out []mistake
	nums := p.Numbers()
	for i, ml := range lines {
		if ml == nil || sol == nil {
			continue
		}
		for _, c := range ml.cells {
			if !sol[i].Covers(c/p.Cols, c%p.Cols) {
				out = append(out, mistake{i, fmt.Sprintf("the line of %s does not go this way in the solution", numberName(nums[i]))})
				break
			}
		}
	}
	return out
}

// Check judges a player's lines: solved when every number has its full line
// and every dot is covered; problems lists the lines that break the rules
// and, for a puzzle with one solution, those that leave it. A mark of the
// wrong shape (see Mark) is an error.
func (v *Solver) Check(p *Puzzle, marks []Mark) (solved bool, problems []string, err error) {
	if err := p.Validate(); err != nil {
		return false, nil, err
	}
	lines, err := resolveMarks(p, marks)
	if err != nil {
		return false, nil, err
	}
	found := mistakes(p, lines)
	if len(found) == 0 {
		if sol, full := asSolution(p, lines); full && sol.Check(p) == nil {
			return true, []string{}, nil
		}
		found = offSolution(p, lines, v.unique(p))
	}
	problems = []string{}
	for _, m := range found {
		problems = append(problems, capitalise(m.text)+".")
	}
	return false, problems, nil
}

// asSolution returns the lines as a solution when every number has a line.
func asSolution(p *Puzzle, lines []*marked) (Solution, bool) {
	sol := make(Solution, len(lines))
	for i, n := range p.Numbers() {
		ml := lines[i]
		if ml == nil {
			return nil, false
		}
		a, b := ml.cells[0], ml.cells[len(ml.cells)-1]
		sol[i] = Line{Row: n.Row, Col: n.Col, Value: n.Value, Vertical: a%p.Cols == b%p.Cols && a != b,
			R0: a / p.Cols, C0: a % p.Cols, R1: b / p.Cols, C1: b % p.Cols}
	}
	return sol, true
}

// ErrBadMarks is wrapped by the errors of Hint and Check for marks of the
// wrong shape.
var ErrBadMarks = errors.New("bad marks")

// Hint returns the next step of the rating solver from the player's lines.
// A line that breaks the rules, or (for a puzzle with one solution) leaves
// the solution, is pointed out first. Otherwise the solver starts from the
// cells the lines cover and runs, with the rules its rating would use, until
// a layer decides cells; layers that only narrow lines are explained along
// with it.
func (v *Solver) Hint(p *Puzzle, marks []Mark) (*Hint, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	lines, err := resolveMarks(p, marks)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadMarks, err)
	}
	h := &Hint{Decided: []Decided{}, Numbers: []int{}, Focus: []Pos{}}
	sol := v.unique(p)
	if bad := append(mistakes(p, lines), offSolution(p, lines, sol)...); len(bad) > 0 {
		m := bad[0]
		h.Rule, h.Why, h.Numbers = "mistake", capitalise(m.text)+": take it back.", []int{m.num}
		for _, c := range lines[m.num].cells {
			h.Focus = append(h.Focus, Pos{c / p.Cols, c % p.Cols})
		}
		return h, nil
	}
	if full, ok := asSolution(p, lines); ok && full.Check(p) == nil {
		h.Solved = true
		return h, nil
	}
	rules := SoundRules
	if sol != nil {
		rules = AllRules
	}
	v.load(p)
	for _, ml := range lines {
		if ml != nil {
			for _, c := range ml.cells {
				v.s.claim(c, ml.num)
			}
		}
	}
	v.s.refresh()
	if v.s.bad {
		h.Rule, h.Why = "mistake", "No solution goes through the lines drawn: take some back."
		return h, nil
	}
	var names, whys []string
	for range len(v.b.plNum) + v.b.ncell + 1 { // every layer drops a placement or claims a cell
		rec := &Step{Decided: []Decided{}, Numbers: []int{}, Focus: []Pos{}}
		rule, ok := v.next(rules, rec)
		if !ok {
			break
		}
		names = append(names, rule.String())
		whys = append(whys, explain(p, rule, rec))
		h.Numbers = appendNew(h.Numbers, rec.Numbers...)
		h.Focus = appendNew(h.Focus, rec.Focus...)
		if len(rec.Decided) > 0 {
			h.Rule, h.Decided = strings.Join(names, " then "), rec.Decided
			h.Why = strings.Join(whys, " Then: ")
			return h, nil
		}
	}
	return v.solutionHint(p, lines, sol, h), nil
}

// solutionHint is the hint when no rule applies: a line of the solution
// when there is one solution, else the news that the solver is stuck.
func (v *Solver) solutionHint(p *Puzzle, lines []*marked, sol Solution, h *Hint) *Hint {
	nums := p.Numbers()
	if sol == nil {
		h.Rule = "stuck"
		h.Why = "No rule of the solver applies from here: the puzzle has more than one solution, or needs reasoning the solver does not know."
		return h
	}
	for i, l := range sol {
		drawn := 0
		if lines[i] != nil {
			drawn = len(lines[i].cells)
		}
		if drawn == l.Value {
			continue
		}
		h.Rule = "solution"
		h.Why = fmt.Sprintf("No rule of the solver applies from here; this is the line of %s in the solution.", numberName(nums[i]))
		h.Numbers = []int{i}
		for r := l.R0; r <= l.R1; r++ {
			for c := l.C0; c <= l.C1; c++ {
				if r != l.Row || c != l.Col {
					h.Decided = append(h.Decided, Decided{Row: r, Col: c, Number: i})
				}
			}
		}
		return h
	}
	h.Solved = true
	return h
}

func appendNew[T comparable](s []T, xs ...T) []T {
	for _, x := range xs {
		if !slices.Contains(s, x) {
			s = append(s, x)
		}
	}
	return s
}

// explain puts a layer of the solver in words.
func explain(p *Puzzle, rule Rule, st *Step) string {
	nums := p.Numbers()
	cell := func(x Pos) string { return fmt.Sprintf("row %d, column %d", x.Row+1, x.Col+1) }
	numbers := func(ids []int) string {
		var names []string
		for _, i := range ids {
			names = append(names, numberName(nums[i]))
		}
		return listOf(names)
	}
	focus := func(from int) string {
		var names []string
		for _, f := range st.Focus[min(from, len(st.Focus)):] {
			names = append(names, cell(f))
		}
		return listOf(names)
	}
	switch rule {
	case Cover:
		if len(st.Decided) == 1 {
			d := st.Decided[0]
			return fmt.Sprintf("Only %s can reach the dot in %s, so its line must cover it.", numberName(nums[d.Number]), cell(Pos{d.Row, d.Col}))
		}
		var parts []string
		for _, d := range st.Decided {
			parts = append(parts, fmt.Sprintf("the dot in %s by %s", cell(Pos{d.Row, d.Col}), numberName(nums[d.Number])))
		}
		return fmt.Sprintf("Each marked dot can be reached by one number only: %s. Each of those lines must cover its dot.", listOf(parts))
	case CantFit:
		if len(st.Numbers) == 1 {
			return fmt.Sprintf("Wherever %s is placed, its line covers the marked cells.", numbers(st.Numbers))
		}
		return fmt.Sprintf("Wherever they are placed, the lines of %s cover the marked cells.", numbers(st.Numbers))
	case Uncontested:
		return fmt.Sprintf("%s can reach no uncovered dot and has just one place on cells no other number can reach. The puzzle has one solution, so the line goes there (any other place could be swapped for it).",
			capitalise(numbers(st.Numbers)))
	case SingleSolution:
		return fmt.Sprintf("%s has several places that cover no dot, on cells no other number can reach. They could be swapped for one another, and the puzzle has one solution, so the line takes none of them.",
			capitalise(numbers(st.Numbers)))
	case Square:
		return fmt.Sprintf("Only two numbers can reach the dots in %s, and one of them cannot cover both: the other, %s, must cover at least one, so its lines that miss both are out.",
			focus(0), numbers(st.Numbers))
	case Dependency:
		if len(st.Focus) == 2 {
			return fmt.Sprintf("Every line that can cover the dot in %s also covers the dot in %s, so one line covers both: %s, which cannot reach the first, cannot cover the second.",
				cell(st.Focus[0]), cell(st.Focus[1]), numbers(st.Numbers))
		}
		if len(st.Focus) > 2 {
			return fmt.Sprintf("Every line that can cover the dot in %s also covers the dot in %s, so one line covers both; the same holds for %d more pairs of marked dots. A number that can reach the second dot of a pair but not the first cannot cover it: this narrows %s.",
				cell(st.Focus[0]), cell(st.Focus[1]), len(st.Focus)/2-1, numbers(st.Numbers))
		}
	case OneOf:
		return fmt.Sprintf("Of two numbers in line with the cell in %s at most one can take it, and either way some cells are surely covered: %s cannot reach across both.",
			focus(0), numbers(st.Numbers))
	}
	return fmt.Sprintf("The %s rule narrows the lines of %s.", strings.ReplaceAll(rule.String(), "_", " "), numbers(st.Numbers))
}

// numberName names a number for people: "the 3 in row 2, column 4".
func numberName(n Number) string {
	return fmt.Sprintf("the %d in row %d, column %d", n.Value, n.Row+1, n.Col+1)
}

func cellName(p *Puzzle, c int) string {
	return fmt.Sprintf("row %d, column %d", c/p.Cols+1, c%p.Cols+1)
}

// listOf joins names as a sentence does: "a", "a and b", "a, b and 3 more".
func listOf(names []string) string {
	const most = 3
	switch {
	case len(names) == 0:
		return "no number"
	case len(names) == 1:
		return names[0]
	case len(names) > most:
		return strings.Join(names[:most-1], ", ") + fmt.Sprintf(" and %d more", len(names)-most+1)
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
