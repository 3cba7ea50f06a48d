package search

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Spec is a bot specification as people write it on a command line or in a
// file: a kind and parameters, "mcts:iterations=2000,c=1.4", "alphabeta:depth=4"
// or just "random".
type Spec struct {
	Kind   string
	Params []SpecParam // in the order written
}

// SpecParam is one name=value of a Spec. Name is "" for a value given
// first without its name ("gtp:gnugo --mode gtp"), which goes to the
// kind's Positional parameter.
type SpecParam struct {
	Name, Value string
}

// String writes the spec back in its syntax.
func (s Spec) String() string {
	if len(s.Params) == 0 {
		return s.Kind
	}
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = p.Name + "=" + p.Value
		if p.Name == "" {
			parts[i] = p.Value // given first without its name
		}
	}
	return s.Kind + ":" + strings.Join(parts, ",")
}

// With returns the spec with parameter name set to value: replaced where
// the spec gives it, added at the end otherwise.
func (s Spec) With(name, value string) Spec {
	out := Spec{Kind: s.Kind, Params: slices.Clone(s.Params)}
	for i, p := range out.Params {
		if p.Name == name {
			out.Params[i].Value = value
			return out
		}
	}
	out.Params = append(out.Params, SpecParam{name, value})
	return out
}

// ParseSpec reads the syntax of a spec, kind[:name=value[,name=value...]],
// with spaces allowed around the parts. The first part may also be a value
// alone, without "=" or with a space before its first "=" (a command line,
// "gnugo --mode gtp --level=1"): it is kept with no name, for the kinds
// whose Positional parameter takes it. It checks the syntax only; a
// Registry checks kinds, names and values.
func ParseSpec(text string) (Spec, error) {
	kind, rest, hasParams := strings.Cut(text, ":")
	s := Spec{Kind: strings.TrimSpace(kind)}
	if s.Kind == "" {
		return Spec{}, fmt.Errorf("bot spec %q: no bot kind before the parameters", text)
	}
	if !validName(s.Kind) {
		return Spec{}, fmt.Errorf("bot spec %q: bot kind %q is not a name (letters, digits, - and _)", text, s.Kind)
	}
	if !hasParams {
		return s, nil
	}
	for i, part := range strings.Split(rest, ",") {
		name, value, ok := strings.Cut(part, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if i == 0 && (!ok || strings.ContainsAny(name, " \t")) && strings.TrimSpace(part) != "" {
			s.Params = append(s.Params, SpecParam{"", strings.TrimSpace(part)})
			continue
		}
		switch {
		case !ok:
			return Spec{}, fmt.Errorf("bot spec %q: parameter %d %q is not name=value", text, i+1, strings.TrimSpace(part))
		case !validName(name):
			return Spec{}, fmt.Errorf("bot spec %q: parameter %d: %q is not a name", text, i+1, name)
		case value == "":
			return Spec{}, fmt.Errorf("bot spec %q: parameter %s has no value", text, name)
		}
		if slices.ContainsFunc(s.Params, func(p SpecParam) bool { return p.Name == name }) {
			return Spec{}, fmt.Errorf("bot spec %q: parameter %s given twice", text, name)
		}
		s.Params = append(s.Params, SpecParam{name, value})
	}
	return s, nil
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// ParamType is the type of a bot parameter's value.
type ParamType int

// Parameter types: a whole number at least 0, a number, a duration such as
// 500ms or 2s, true or false, one word of a list, or any text without a
// comma (a command line).
const (
	Int ParamType = iota
	Float
	Duration
	Bool
	Choice
	Text
)

var paramTypeNames = [...]string{Int: "integer", Float: "number", Duration: "duration", Bool: "true/false", Choice: "choice", Text: "text"}

// String names the type.
func (t ParamType) String() string { return paramTypeNames[t] }

// Param describes a parameter of a bot kind.
type Param struct {
	Name    string
	Type    ParamType
	Default string   // "" when the parameter has no value unless given
	Choices []string // the words a Choice accepts
	Doc     string
	// Max bounds an Int parameter (0: no bound). Sizes that are
	// allocated (tables, trees) are bounded so that no spec runs the
	// machine out of memory.
	Max uint64
}

// check validates a value of the parameter.
func (p Param) check(v string) error {
	ok := true
	switch p.Type {
	case Int:
		n, err := strconv.ParseUint(v, 10, 63)
		ok = err == nil
		if ok && p.Max > 0 && n > p.Max {
			return fmt.Errorf("%s=%s: at most %d", p.Name, v, p.Max)
		}
	case Float:
		f, err := strconv.ParseFloat(v, 64)
		ok = err == nil && f >= 0 && f <= 1e300
	case Duration:
		d, err := time.ParseDuration(v)
		ok = err == nil && d >= 0
	case Bool:
		_, err := strconv.ParseBool(v)
		ok = err == nil
	case Choice:
		ok = slices.Contains(p.Choices, v)
	case Text:
		ok = v != ""
	}
	if !ok {
		return fmt.Errorf("%s=%s: want %s", p.Name, v, p.want())
	}
	return nil
}

// want says what values the parameter takes.
func (p Param) want() string {
	switch p.Type {
	case Int:
		if p.Max > 0 {
			return fmt.Sprintf("a whole number from 0 to %d", p.Max)
		}
		return "a whole number, 0 or more"
	case Float:
		return "a number, 0 or more"
	case Duration:
		return "a duration such as 500ms or 2s"
	case Bool:
		return "true or false"
	case Text:
		return "some text"
	}
	return "one of " + strings.Join(p.Choices, ", ")
}

// Kind describes a kind of bot: its name, what it is, its parameters.
type Kind struct {
	Name   string
	Doc    string
	Params []Param
	// Positional names the parameter a spec may give first without its
	// name ("" for none): the command line of "gtp:gnugo --mode gtp".
	Positional string
}

// param returns the parameter called name.
func (k *Kind) param(name string) (Param, bool) {
	i := slices.IndexFunc(k.Params, func(p Param) bool { return p.Name == name })
	if i < 0 {
		return Param{}, false
	}
	return k.Params[i], true
}

func (k *Kind) paramNames() string {
	names := make([]string, len(k.Params))
	for i, p := range k.Params {
		names[i] = p.Name
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// Args are the checked parameters of a spec, defaults filled in, for the
// function that builds the bot. Values were checked against their types,
// so the accessors cannot fail; a parameter not declared reads as zero.
type Args struct {
	Spec       Spec
	values     map[string]string
	positional string // the kind's Positional parameter
}

// Given reports whether the spec sets the parameter (rather than taking
// its default).
func (a Args) Given(name string) bool {
	return slices.ContainsFunc(a.Spec.Params, func(p SpecParam) bool {
		return p.Name == name || p.Name == "" && name == a.positional
	})
}

// String returns a parameter's value as written.
func (a Args) String(name string) string { return a.values[name] }

// Int returns an Int parameter.
func (a Args) Int(name string) int {
	v, _ := strconv.ParseUint(a.values[name], 10, 63)
	return int(v)
}

// Uint64 returns an Int parameter as a seed.
func (a Args) Uint64(name string) uint64 {
	v, _ := strconv.ParseUint(a.values[name], 10, 63)
	return v
}

// Float returns a Float parameter.
func (a Args) Float(name string) float64 {
	v, _ := strconv.ParseFloat(a.values[name], 64)
	return v
}

// Duration returns a Duration parameter.
func (a Args) Duration(name string) time.Duration {
	v, _ := time.ParseDuration(a.values[name])
	return v
}

// Bool returns a Bool parameter.
func (a Args) Bool(name string) bool {
	v, _ := strconv.ParseBool(a.values[name])
	return v
}

// args checks a spec's parameters against the kind and fills defaults.
func (k *Kind) args(s Spec) (Args, error) {
	a := Args{Spec: s, values: map[string]string{}}
	for _, p := range k.Params {
		if p.Default != "" {
			a.values[p.Name] = p.Default
		}
	}
	a.positional = k.Positional
	for i, sp := range s.Params {
		if sp.Name == "" {
			if k.Positional == "" {
				return Args{}, fmt.Errorf("bot spec %q: parameter %d %q is not name=value", s.String(), i+1, sp.Value)
			}
			sp.Name = k.Positional
		} else if sp.Name == k.Positional && s.Params[0].Name == "" {
			return Args{}, fmt.Errorf("bot spec %q: parameter %s given twice", s.String(), sp.Name)
		}
		p, ok := k.param(sp.Name)
		if !ok {
			return Args{}, fmt.Errorf("bot %s: unknown parameter %q (%s takes %s)", s, sp.Name, k.Name, k.paramNames())
		}
		if err := p.check(sp.Value); err != nil {
			return Args{}, fmt.Errorf("bot %s: %w", s, err)
		}
		a.values[sp.Name] = sp.Value
	}
	return a, nil
}
