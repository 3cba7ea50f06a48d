package tiles

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Terms are the values of a tile set's scoring terms, the board terms as
// means over some boards: what constraints and objectives are read from.
type Terms struct {
	Bridges        int
	DupScore       int
	FullyConnected int
	ExtraEdges     float64 // mean per board
	Pairs          float64 // mean joined landmark pairs per board
	PathProb       float64 // Pairs divided by the number of pairs
	BoardScore     float64 // mean weighted board score
	Objective      float64
}

// Terms returns the means of a score.
func (s Score) Terms() Terms {
	return Terms{
		Bridges: s.Bridges, DupScore: s.DupScore, FullyConnected: s.FullyConnected,
		ExtraEdges: s.ExtraEdges.Mean, Pairs: s.PathProb.Mean * float64(len(s.Pairs)),
		PathProb: s.PathProb.Mean, BoardScore: s.BoardScore.Mean, Objective: s.Objective.Mean,
	}
}

// termNames are the names constraints use, in the order they are listed
// in errors, with what each reads and whether it is known without boards.
var termNames = []struct {
	name   string
	static bool
	value  func(Terms) float64
}{
	{"bridges", true, func(t Terms) float64 { return float64(t.Bridges) }},
	{"dup", true, func(t Terms) float64 { return float64(t.DupScore) }},
	{"fully", true, func(t Terms) float64 { return float64(t.FullyConnected) }},
	{"extra", false, func(t Terms) float64 { return t.ExtraEdges }},
	{"path", false, func(t Terms) float64 { return t.PathProb }},
	{"pairs", false, func(t Terms) float64 { return t.Pairs }},
	{"boards", false, func(t Terms) float64 { return t.BoardScore }},
	{"objective", false, func(t Terms) float64 { return t.Objective }},
}

// Constraint bounds one scoring term: Term Op Limit, with Op "<=", ">="
// or "=". Terms are named bridges, dup (DupScore), fully (fully connected
// tiles), extra (mean extra edges), path (path probability, 0 to 1),
// pairs (mean joined pairs), boards (mean board score) and objective.
type Constraint struct {
	Term  string
	Op    string
	Limit float64
}

// ParseConstraint reads a constraint such as "bridges<=11", "dup <= 72"
// or "path>=0.9".
func ParseConstraint(s string) (Constraint, error) {
	for _, op := range []string{"<=", ">=", "="} {
		term, limit, ok := strings.Cut(s, op)
		if !ok {
			continue
		}
		c := Constraint{Term: strings.TrimSpace(term), Op: op}
		if termIndex(c.Term) < 0 {
			names := make([]string, len(termNames))
			for i, t := range termNames {
				names[i] = t.name
			}
			return c, fmt.Errorf("constraint %q: unknown term %q (want %s)", s, c.Term, strings.Join(names, ", "))
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(limit), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return c, fmt.Errorf("constraint %q: bad limit %q", s, strings.TrimSpace(limit))
		}
		c.Limit = v
		return c, nil
	}
	return Constraint{}, fmt.Errorf("constraint %q: want TERM<=LIMIT, TERM>=LIMIT or TERM=LIMIT, e.g. bridges<=11", s)
}

// ParseConstraints reads every constraint of a list.
func ParseConstraints(list []string) ([]Constraint, error) {
	var out []Constraint
	for _, s := range list {
		c, err := ParseConstraint(s)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func termIndex(name string) int {
	for i, t := range termNames {
		if t.name == name {
			return i
		}
	}
	return -1
}

// String writes the constraint as ParseConstraint reads it.
func (c Constraint) String() string {
	return c.Term + c.Op + strconv.FormatFloat(c.Limit, 'g', -1, 64)
}

// Static reports whether the term is known without scoring boards
// (bridges, dup, fully), so that the constraint is exact.
func (c Constraint) Static() bool {
	i := termIndex(c.Term)
	return i >= 0 && termNames[i].static
}

// Value returns the constrained term's value in t.
func (c Constraint) Value(t Terms) float64 {
	if i := termIndex(c.Term); i >= 0 {
		return termNames[i].value(t)
	}
	return math.NaN()
}

// Violation returns how far t is from meeting the constraint: 0 when it
// does, else the excess relative to the limit (divided by the limit's
// magnitude, at least 1), so that constraints on terms of different scales
// add up sensibly.
func (c Constraint) Violation(t Terms) float64 {
	v := c.Value(t)
	var excess float64
	switch c.Op {
	case "<=":
		excess = v - c.Limit
	case ">=":
		excess = c.Limit - v
	default:
		excess = math.Abs(v - c.Limit)
	}
	if excess <= 1e-12 {
		return 0
	}
	return excess / max(math.Abs(c.Limit), 1)
}

// Violation is the total violation of a list of constraints.
func Violation(cs []Constraint, t Terms) float64 {
	sum := 0.0
	for _, c := range cs {
		sum += c.Violation(t)
	}
	return sum
}

// staticTerms returns the terms of a set known without boards.
func staticTerms(set Set) Terms {
	return Terms{Bridges: set.Bridges(), DupScore: set.DupScore(), FullyConnected: set.FullyConnected()}
}
