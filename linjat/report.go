package linjat

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// lineJSON is the JSON form of a Line.
type lineJSON struct {
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Value int    `json:"value"`
	Dir   string `json:"dir"`
	R0    int    `json:"r0"`
	C0    int    `json:"c0"`
	R1    int    `json:"r1"`
	C1    int    `json:"c1"`
}

// MarshalJSON writes {"row","col","value","dir":"H"|"V","r0","c0","r1","c1"}.
func (l Line) MarshalJSON() ([]byte, error) {
	return json.Marshal(lineJSON{l.Row, l.Col, l.Value, l.Dir(), l.R0, l.C0, l.R1, l.C1})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (l *Line) UnmarshalJSON(data []byte) error {
	var j lineJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*l = Line{Row: j.Row, Col: j.Col, Value: j.Value, Vertical: j.Dir == "V", R0: j.R0, C0: j.C0, R1: j.R1, C1: j.C1}
	return nil
}

// RuleUse is how often a rule was needed and its widest layer.
type RuleUse struct {
	Steps int `json:"steps"`
	Width int `json:"width"`
}

// Summary lists the layers per rule used, e.g. "cover 12, cant_fit 9,
// dependency 2".
func (r *Rating) Summary() string { return r.JSON(Weights{}).Summary() }

// RatingJSON is the JSON form of a rating with its score.
type RatingJSON struct {
	Solved  bool               `json:"solved"`
	Score   float64            `json:"score"`
	Depth   int                `json:"depth"`
	Width   int                `json:"width"`
	Rules   map[string]RuleUse `json:"rules"`
	Weights Weights            `json:"weights"`
}

// JSON returns the JSON form of the rating scored under w.
func (r *Rating) JSON(w Weights) RatingJSON {
	j := RatingJSON{Solved: r.Solved, Score: r.Score(w), Depth: r.Depth, Width: r.Width,
		Rules: map[string]RuleUse{}, Weights: w}
	for k := range NumRules {
		j.Rules[k.String()] = RuleUse{Steps: r.Steps[k], Width: r.Widths[k]}
	}
	return j
}

// Report is the full analysis of a puzzle, as "ludus linjat solve --json"
// prints it: the number of solutions (counted up to 2), whether the rating
// solver finished, the unique solution's lines (empty unless there is
// exactly one solution), the rating and the trace.
type Report struct {
	Solutions int        `json:"solutions"`
	Solved    bool       `json:"solved"`
	Lines     Solution   `json:"lines"`
	Rating    RatingJSON `json:"rating"`
	Trace     []Step     `json:"trace"`
}

// Analyze counts the solutions of p with the exact solver and rates it.
func Analyze(p *Puzzle, w Weights) (*Report, error) {
	var v Solver
	sols, err := v.Solve(p, 2)
	if err != nil {
		return nil, err
	}
	res, err := v.Rate(p, w)
	if err != nil {
		return nil, err
	}
	r := &Report{Solutions: len(sols), Solved: res.Solved, Lines: Solution{},
		Rating: res.Rating.JSON(w), Trace: res.Trace}
	if r.Trace == nil {
		r.Trace = []Step{}
	}
	if len(sols) == 1 {
		r.Lines = sols[0]
	}
	return r, nil
}

// WriteText prints the report for people: the solution drawn on the grid
// (or the number of solutions), the trace one layer a line, and the rating.
func (r *Report) WriteText(w io.Writer, p *Puzzle) error {
	var b strings.Builder
	switch r.Solutions {
	case 0:
		b.WriteString("no solution\n")
	case 1:
		b.WriteString(r.Lines.Text(p))
	default:
		b.WriteString("several solutions: the puzzle is not unique\n")
	}
	nums := p.Numbers()
	fmt.Fprintf(&b, "\ntrace (%d steps):\n", len(r.Trace))
	for i, st := range r.Trace {
		var who []string
		for _, n := range st.Numbers {
			who = append(who, fmt.Sprintf("%d@%d,%d", nums[n].Value, nums[n].Row, nums[n].Col))
		}
		fmt.Fprintf(&b, "%3d  %-15s width %d  cells %d  numbers %s\n", i+1, st.Rule, st.Width,
			len(st.Decided), strings.Join(who, " "))
	}
	rt := r.Rating
	state := "stuck"
	if rt.Solved {
		state = "solved"
	}
	fmt.Fprintf(&b, "\nrating: %s, score %g, depth %d, widest step %d\n", state, rt.Score, rt.Depth, rt.Width)
	for k := range NumRules {
		if u := rt.Rules[k.String()]; u.Steps > 0 {
			fmt.Fprintf(&b, "  %-15s %3d steps, widest %d\n", k, u.Steps, u.Width)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// GeneratedJSON is one line of "ludus linjat generate --json".
type GeneratedJSON struct {
	Puzzle     *Puzzle    `json:"puzzle"`
	Lines      Solution   `json:"lines"`
	Rating     RatingJSON `json:"rating"`
	Difficulty string     `json:"difficulty"`
	Seed       uint64     `json:"seed"`
	Iterations int64      `json:"iterations"`
}

// JSON returns the JSON form of a generated puzzle rated under w.
func (g *Generated) JSON(difficulty string, w Weights) GeneratedJSON {
	return GeneratedJSON{Puzzle: g.Puzzle, Lines: g.Result.Solution, Rating: g.Result.Rating.JSON(w),
		Difficulty: difficulty, Seed: g.Seed, Iterations: g.Iterations}
}
