package twenty48

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// EvalTerm is one weight of the heuristic (LineWeights) as --eval names it.
type EvalTerm struct {
	Name string
	Doc  string
	// Lo and Hi bound the values accepted: outside them the line values
	// overflow the tables or the term turns into its opposite.
	Lo, Hi float64
	field  func(w *LineWeights) *float64
}

// EvalTerms lists the heuristic's terms, in the order of its formula.
var EvalTerms = []EvalTerm{
	{"base", "constant added per row and column", -1e6, 1e6, func(w *LineWeights) *float64 { return &w.Base }},
	{"empty", "per empty cell", -1e5, 1e5, func(w *LineWeights) *float64 { return &w.Empty }},
	{"merges", "per tile in a run of equal tiles", -1e5, 1e5, func(w *LineWeights) *float64 { return &w.Merges }},
	{"monotonicity", "penalty per unit of non-monotonicity", 0, 1e4, func(w *LineWeights) *float64 { return &w.Mono }},
	{"mono_power", "power of the ranks in monotonicity", 0, 6, func(w *LineWeights) *float64 { return &w.MonoPower }},
	{"sum", "penalty per unit of the sum of powered ranks", 0, 1e4, func(w *LineWeights) *float64 { return &w.Sum }},
	{"sum_power", "power of the ranks in the sum", 0, 6, func(w *LineWeights) *float64 { return &w.SumPower }},
}

// TermNames lists the terms' names.
func TermNames() []string {
	names := make([]string, len(EvalTerms))
	for i, t := range EvalTerms {
		names[i] = t.Name
	}
	return names
}

// Get returns the term's value in w.
func (t EvalTerm) Get(w LineWeights) float64 { return *t.field(&w) }

// Set returns w with the term set to v.
func (t EvalTerm) Set(w LineWeights, v float64) LineWeights {
	*t.field(&w) = v
	return w
}

// ParseWeights reads heuristic weights written as comma-separated
// term=value pairs, optionally after the name of the weights they change
// ("ludus" or "nneonneo"; "ludus" when none is given):
// "empty=1000,merges=500" or "nneonneo,sum=12". An unknown term, a value
// that is not a number or one out of the term's range is an error naming
// the term.
func ParseWeights(spec string) (LineWeights, error) {
	w := LudusWeights
	for i, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			switch {
			case i == 0 && part == "ludus":
			case i == 0 && part == "nneonneo":
				w = NneonneoWeights
			case i == 0:
				return w, fmt.Errorf("evaluation %q: weights %q to start from are unknown (ludus or nneonneo)", spec, part)
			default:
				return w, fmt.Errorf("evaluation %q: %q is not term=value", spec, part)
			}
			continue
		}
		name = strings.TrimSpace(name)
		t, found := termByName(name)
		if !found {
			return w, fmt.Errorf("evaluation %q: unknown term %q (terms: %s)", spec, name, strings.Join(TermNames(), ", "))
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return w, fmt.Errorf("evaluation %q: term %s: %q is not a number", spec, name, val)
		}
		if v < t.Lo || v > t.Hi {
			return w, fmt.Errorf("evaluation %q: term %s: %g is out of its range [%g, %g]", spec, name, v, t.Lo, t.Hi)
		}
		w = t.Set(w, v)
	}
	return w, nil
}

func termByName(name string) (EvalTerm, bool) {
	for _, t := range EvalTerms {
		if t.Name == name || t.Name == "monotonicity" && name == "mono" {
			return t, true
		}
	}
	return EvalTerm{}, false
}

// String writes the weights as ParseWeights reads them.
func (w LineWeights) String() string {
	parts := make([]string, len(EvalTerms))
	for i, t := range EvalTerms {
		parts[i] = t.Name + "=" + strconv.FormatFloat(t.Get(w), 'g', 6, 64)
	}
	return strings.Join(parts, ",")
}
