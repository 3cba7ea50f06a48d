package linjat

import (
	"fmt"
	"slices"
)

// Solver holds the working memory of the solvers, so that the optimizer can
// rate tens of thousands of puzzles without allocating. A Solver is not safe
// for concurrent use; give each goroutine its own. The zero Solver is ready.
type Solver struct {
	b     board
	s     state
	st    step
	tmp   []uint64
	pairs [][3]int
	stack []*state // exact search, one state per depth
	gen   genScratch
}

func (v *Solver) scratch(i int) []uint64 { return v.tmp[i*v.b.w : (i+1)*v.b.w] }

// load makes p the puzzle of the solver, in its initial state.
func (v *Solver) load(p *Puzzle) {
	v.b.reset(p)
	v.s.reset(&v.b, p)
	v.tmp = resize(v.tmp, 4*v.b.w)
}

// Pos is a cell of the grid.
type Pos struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// Decided is a cell whose line became known in a step: Number (an index
// into Puzzle.Numbers) covers it.
type Decided struct {
	Row    int `json:"row"`
	Col    int `json:"col"`
	Number int `json:"number"`
}

// Step is one layer of the rating solver: the rule it used, how many
// deductions the rule found (its width), the cells it decided, the numbers
// whose possible lines it narrowed, and the cells its reasoning hinges on
// (the dots or cells a hint would point at).
type Step struct {
	Rule    Rule      `json:"rule"`
	Width   int       `json:"width"`
	Decided []Decided `json:"decided"`
	Numbers []int     `json:"numbers"`
	Focus   []Pos     `json:"focus"`
}

// Rating is what the rating solver measured: whether it finished, the number
// of layers (Depth) and the widest layer (Width), and per rule the layers
// that used it and the widest of them.
type Rating struct {
	Solved bool
	Depth  int
	Width  int
	Steps  [NumRules]int
	Widths [NumRules]int
}

// Uses reports whether any rule of set was needed.
func (r *Rating) Uses(set RuleSet) bool {
	for k := Rule(0); k < NumRules; k++ {
		if set.Has(k) && r.Steps[k] > 0 {
			return true
		}
	}
	return false
}

// Score is the weighted sum of the layers of each kind plus the widest
// layer times the width weight.
func (r *Rating) Score(w Weights) float64 {
	score := float64(r.Width) * w.Width
	for k, n := range r.Steps {
		score += float64(n) * w.Rule[k]
	}
	return score
}

// Result is the outcome of rating a puzzle.
type Result struct {
	Rating
	Score float64
	Trace []Step
	// Solution is set when the rating solver finished.
	Solution Solution
	// Leaks tells whether the uniqueness leaks were allowed: they are
	// dropped for a puzzle found to have several solutions.
	Leaks bool
}

// Rate rates p under weights w (see Solver.Rate).
func Rate(p *Puzzle, w Weights) (*Result, error) {
	var v Solver
	return v.Rate(p, w)
}

// Rate solves p the way a person would and scores it under w. Each layer
// uses the first rule, in order, that finds anything, and applies all it
// finds. The uniqueness leaks are sound only for a puzzle with one solution:
// when one of them fires, the exact solver checks that, and a puzzle with
// several solutions is rated again without them, so that the rating never
// picks one of its solutions.
func (v *Solver) Rate(p *Puzzle, w Weights) (*Result, error) { return v.rate(p, w, true) }

// Rating is Rate without the trace, for callers that rate many puzzles and
// only need the numbers.
func (v *Solver) Rating(p *Puzzle, w Weights) (*Result, error) { return v.rate(p, w, false) }

// RatingUnique is Rating for a puzzle the caller knows to have exactly one
// solution (one made by Generate, or checked with Count): the uniqueness
// leaks are then sound and need no check. On a puzzle with several
// solutions its result is meaningless.
func (v *Solver) RatingUnique(p *Puzzle, w Weights) (*Result, error) {
	return v.rateWith(p, w, false, false)
}

func (v *Solver) rate(p *Puzzle, w Weights, trace bool) (*Result, error) {
	return v.rateWith(p, w, trace, true)
}

func (v *Solver) rateWith(p *Puzzle, w Weights, trace, guard bool) (*Result, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	res := v.run(p, AllRules, trace)
	if guard && res.Uses(LeakRules) {
		n, err := v.Count(p, 2)
		if err != nil {
			return nil, err
		}
		if n != 1 {
			res = v.run(p, SoundRules, trace)
		}
	}
	res.Score = res.Rating.Score(w)
	return res, nil
}

// run solves p with the given rules; with trace it records every layer.
func (v *Solver) run(p *Puzzle, rules RuleSet, trace bool) *Result {
	v.load(p)
	res := &Result{Leaks: rules&LeakRules != 0}
	for !v.s.bad && !v.s.solved() {
		var rec *Step
		if trace {
			res.Trace = append(res.Trace, Step{Decided: []Decided{}, Numbers: []int{}, Focus: []Pos{}})
			rec = &res.Trace[len(res.Trace)-1]
		}
		rule, ok := v.next(rules, rec)
		if !ok {
			if trace {
				res.Trace = res.Trace[:len(res.Trace)-1]
			}
			break
		}
		res.record(rule, v.st.width)
	}
	if v.s.solved() {
		if sol, ok := v.s.solution(); ok {
			res.Solved, res.Solution = true, sol
		}
	}
	return res
}

func (r *Rating) record(rule Rule, width int) {
	r.Depth++
	r.Steps[rule]++
	r.Width = max(r.Width, width)
	r.Widths[rule] = max(r.Widths[rule], width)
}

// next runs one layer with the first rule of rules that finds a deduction;
// it reports false when none does. With rec it records the layer.
//
// The hard rules (Square, Dependency, OneOf) count only when the lines they
// narrow gain cells, as in the reference solver; when they merely narrow
// lines, their deductions stay and the next hard rule is tried in the same
// layer, which is charged to the rule that first extends a line (or, if
// none does, to the last one that narrowed anything).
func (v *Solver) next(rules RuleSet, rec *Step) (Rule, bool) {
	pending, narrowed := Rule(-1), 0
	for r := Rule(0); r < NumRules; r++ {
		if !rules.Has(r) || !v.try(r) {
			continue
		}
		if r < Square {
			v.st.width = v.apply(rec, r != Cover)
			if r == Cover {
				v.st.width = len(v.st.subjects)
			}
			v.finish(rec, r)
			return r, true
		}
		narrowed = max(narrowed, len(v.st.subjects))
		if grown := v.apply(rec, true); grown > 0 {
			v.st.width = grown
			v.finish(rec, r)
			return r, true
		}
		pending = r
	}
	if pending >= 0 {
		v.st.width = narrowed
		v.finish(rec, pending)
		return pending, true
	}
	return 0, false
}

func (v *Solver) finish(rec *Step, r Rule) {
	v.st.rule = r
	if rec != nil {
		rec.Rule, rec.Width = r, v.st.width
	}
}

// try collects the deductions of rule r in v.st and reports whether there
// are any.
func (v *Solver) try(r Rule) bool {
	v.st.reset(len(v.b.plNum), len(v.b.nums))
	v.st.rule = r
	switch r {
	case Uncontested:
		v.ruleUncontested()
	case Cover:
		v.ruleCover()
	case SingleSolution:
		v.ruleSingleSolution()
	case CantFit:
		v.ruleCantFit()
	case Square:
		v.ruleSquare()
	case Dependency:
		v.ruleDependency()
	case OneOf:
		v.ruleOneOf()
	}
	return !v.st.empty()
}

// apply carries out the collected deductions: the dropped placements and
// the claimed cells; with draw, every number the rule reasoned about then
// claims the cells its remaining placements share. Numbers that lose
// placements only as a consequence wait for a later CantFit layer, as a
// person would. It returns the number of numbers that gained cells.
func (v *Solver) apply(rec *Step, draw bool) int {
	s, st := &v.s, &v.st
	var decided func(c, i int)
	if rec != nil {
		decided = func(c, i int) {
			rec.Decided = append(rec.Decided, Decided{Row: c / v.b.cols, Col: c % v.b.cols, Number: i})
		}
		// Several hard rules may narrow lines in one layer: list each number once.
		for _, i := range st.subjects {
			if !slices.Contains(rec.Numbers, i) {
				rec.Numbers = append(rec.Numbers, i)
			}
		}
		for _, c := range st.focus {
			if pos := (Pos{c / v.b.cols, c % v.b.cols}); !slices.Contains(rec.Focus, pos) {
				rec.Focus = append(rec.Focus, pos)
			}
		}
	}
	for _, k := range st.drops {
		s.drop(k)
	}
	for _, cl := range st.claims {
		if s.claim(cl[0], cl[1]) && decided != nil {
			decided(cl[0], cl[1])
		}
	}
	s.refresh()
	grown := 0
	if draw {
		for _, i := range st.subjects {
			if s.claimInter(i, decided) > 0 {
				grown++
			}
		}
		s.refresh()
	}
	return grown
}

// Weights score a rating: a weight per rule for each layer that used it,
// and a weight (usually negative) for the widest layer.
type Weights struct {
	Rule  [NumRules]float64
	Width float64
}

// String lists the weights as name=value pairs, as ParseWeights reads them.
func (w Weights) String() string {
	s := ""
	for r, x := range w.Rule {
		s += fmt.Sprintf("%s=%g,", Rule(r), x)
	}
	return s + fmt.Sprintf("width=%g", w.Width)
}
