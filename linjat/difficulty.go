package linjat

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Difficulty is a preset: the grid size and number count of the original
// game's levels of that difficulty, the weights the optimizer maximises, the
// sound rules the generator may rely on, and the rules a finished level must
// use (at least one of Require, when set) or must not use (Forbid).
type Difficulty struct {
	Name       string
	Rows, Cols int
	MinNumbers int
	MaxNumbers int
	Weights    Weights
	Rules      RuleSet
	Require    RuleSet
	Forbid     RuleSet
}

// weights builds a weight set from the five sound-rule weights, the width
// weight, and the two leak weights.
func weights(cover, cantFit, square, dep, oneOf, width, uncontested, single float64) Weights {
	var w Weights
	w.Rule[Cover], w.Rule[CantFit], w.Rule[Square] = cover, cantFit, square
	w.Rule[Dependency], w.Rule[OneOf] = dep, oneOf
	w.Rule[Uncontested], w.Rule[SingleSolution] = uncontested, single
	w.Width = width
	return w
}

const hardRules = 1<<Square | 1<<Dependency | 1<<OneOf

// Difficulties are the presets, easiest first. Their weights are the
// reference generator's; easy takes the top of its cant_fit range (1-3),
// which gives the deeper puzzles.
// The leaks weigh -1 (uncontested) and -50 (single_solution) while
// optimising; Collection gives the weights of the final selection.
var Difficulties = []Difficulty{
	{Name: "easy", Rows: 9, Cols: 6, MinNumbers: 7, MaxNumbers: 10,
		Weights: weights(1, 3, 0, 0, 0, -1, -1, -50),
		Rules:   BasicRules, Forbid: hardRules},
	{Name: "medium", Rows: 10, Cols: 7, MinNumbers: 15, MaxNumbers: 20,
		Weights: weights(1, 3, 0, 0, 0, -1, -1, -50),
		Rules:   BasicRules, Forbid: hardRules},
	{Name: "hard", Rows: 11, Cols: 8, MinNumbers: 19, MaxNumbers: 22,
		Weights: weights(1, 3, 50, 0, 0, -2, -1, -50),
		Rules:   BasicRules | 1<<Square, Require: 1 << Square, Forbid: 1<<Dependency | 1<<OneOf},
	{Name: "expert", Rows: 13, Cols: 9, MinNumbers: 23, MaxNumbers: 26,
		Weights: weights(1, 3, 50, 100, 60, -2, -1, -50),
		Rules:   SoundRules, Require: 1<<Dependency | 1<<OneOf},
}

// DifficultyByName returns the preset with the given name.
func DifficultyByName(name string) (Difficulty, error) {
	for _, d := range Difficulties {
		if d.Name == name {
			return d, nil
		}
	}
	return Difficulty{}, fmt.Errorf("unknown difficulty %q (want easy, medium, hard or expert)", name)
}

// Collection returns the weights used to choose the final level set: the
// optimising weights with the leaks weighing -50 (uncontested) and -200
// (single_solution).
func (w Weights) Collection() Weights {
	w.Rule[Uncontested], w.Rule[SingleSolution] = -50, -200
	return w
}

// Accepts reports whether a rating passes the preset's filters: solved,
// using at least one Require rule (if any) and no Forbid rule.
func (d Difficulty) Accepts(r *Rating) bool {
	return r.Solved && (d.Require == 0 || r.Uses(d.Require)) && !r.Uses(d.Forbid)
}

// ParseWeights reads weights as comma-separated name=value pairs, e.g.
// "cover=1,cant_fit=3,width=-2"; rules not named keep the value they have in
// base.
func ParseWeights(s string, base Weights) (Weights, error) {
	w := base
	for _, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			return w, fmt.Errorf("weights: %q: want name=value", kv)
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return w, fmt.Errorf("weights: %q: want a finite number", kv)
		}
		if err := w.set(strings.TrimSpace(name), x); err != nil {
			return w, err
		}
	}
	return w, nil
}

func (w *Weights) set(name string, x float64) error {
	if name == "width" {
		w.Width = x
		return nil
	}
	r, err := ParseRule(name)
	if err != nil {
		return fmt.Errorf("weights: %w (want a rule name or width)", err)
	}
	w.Rule[r] = x
	return nil
}

// MarshalJSON writes the weights as an object from rule names (and "width")
// to values.
func (w Weights) MarshalJSON() ([]byte, error) {
	m := map[string]float64{"width": w.Width}
	for r, x := range w.Rule {
		m[Rule(r).String()] = x
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads the object MarshalJSON writes; names left out are 0.
func (w *Weights) UnmarshalJSON(data []byte) error {
	var m map[string]float64
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*w = Weights{}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := w.set(k, m[k]); err != nil {
			return err
		}
	}
	return nil
}

// MarshalText writes the rule's name, so that rules appear by name in JSON.
func (r Rule) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a rule name.
func (r *Rule) UnmarshalText(b []byte) error {
	x, err := ParseRule(string(b))
	*r = x
	return err
}
