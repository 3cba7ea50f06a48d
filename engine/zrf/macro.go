package zrf

import (
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/sexp"
)

// Limits on macro expansion: ZRF macros are textual and may call each
// other, so a definition that uses itself, directly or not, would expand
// for ever.
const (
	maxMacroDepth = 64
	maxExpansion  = 4 << 20 // nodes produced by all expansions of a file
)

type macro struct {
	name string
	body []*sexp.Node
	def  *sexp.Node
}

type expander struct {
	macros map[string]*macro
	errs   *sexp.ErrorList
	// warns are parameters no call gave (read as nothing).
	warns    *sexp.ErrorList
	produced int
	failed   bool // budget exhausted: stop expanding, one error said it
}

// expand returns nodes with every macro call replaced by the macro's body,
// spliced in place, and expanded again. env holds the arguments of the
// macro call whose body nodes belong to (nil at the top level): a call
// inside that body with fewer arguments than its macro uses sees them as
// its own $k beyond its last argument, as Zillions expands a macro's body
// before the macro's own parameters are given.
func (e *expander) expand(nodes []*sexp.Node, depth int, env []*sexp.Node) []*sexp.Node {
	var out []*sexp.Node
	for _, n := range nodes {
		if n.Kind != sexp.List {
			out = append(out, n)
			continue
		}
		if m := e.macros[n.Head()]; m != nil {
			if e.failed {
				continue
			}
			if depth >= maxMacroDepth {
				e.errs.Addf(n, "macro %s expands recursively (more than %d levels deep)", m.name, maxMacroDepth)
				e.failed = true
				continue
			}
			args := callArgs(n.Args(), env)
			body := e.substitute(m, n, args)
			out = append(out, e.expand(body, depth+1, args)...)
			continue
		}
		c := *n
		c.List = e.expand(n.List, depth, env)
		out = append(out, &c)
	}
	return out
}

// callArgs returns the arguments a call gives: its own, then those of
// the enclosing call beyond them (see expand).
func callArgs(own, env []*sexp.Node) []*sexp.Node {
	if len(env) <= len(own) {
		return own
	}
	return append(append(make([]*sexp.Node, 0, len(env)), own...), env[len(own):]...)
}

// substitute copies the body of m with $1..$n replaced by args, every
// copied node remembering the call that produced it.
func (e *expander) substitute(m *macro, call *sexp.Node, args []*sexp.Node) []*sexp.Node {
	out := make([]*sexp.Node, 0, len(m.body))
	for _, b := range m.body {
		if n := e.subst(m, b, args, call); n != nil {
			if n.Via == call {
				n.Call = call
			}
			out = append(out, n)
		}
	}
	return out
}

func (e *expander) subst(m *macro, n *sexp.Node, args []*sexp.Node, call *sexp.Node) *sexp.Node {
	e.produced++
	if e.produced > maxExpansion {
		if !e.failed {
			e.errs.Addf(call, "macro expansion too large (over %d nodes): a macro probably uses itself", maxExpansion)
		}
		e.failed = true
		return nil
	}
	c := &sexp.Node{Kind: n.Kind, Text: n.Text, Pos: n.Pos, Via: call}
	switch n.Kind {
	case sexp.List:
		c.List = make([]*sexp.Node, 0, len(n.List))
		for _, k := range n.List {
			if s := e.subst(m, k, args, call); s != nil {
				c.List = append(c.List, s)
			}
		}
		return c
	case sexp.Atom:
		if i, ok := wholeParam(n.Text); ok {
			if i > len(args) {
				e.missing(m, c, i, call, args)
				return nil
			}
			return args[i-1]
		}
	}
	if !strings.Contains(n.Text, "$") {
		return c
	}
	c.Text = e.paste(m, c, args, call)
	return c
}

// wholeParam reports whether s is exactly "$n".
func wholeParam(s string) (int, bool) {
	if len(s) < 2 || s[0] != '$' {
		return 0, false
	}
	i, err := strconv.Atoi(s[1:])
	if err != nil || i < 1 {
		return 0, false
	}
	return i, true
}

// paste replaces every $n inside a token by the text of argument n
// (token pasting: "$1$2" joins two arguments into one name).
func (e *expander) paste(m *macro, at *sexp.Node, args []*sexp.Node, call *sexp.Node) string {
	s := at.Text
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		k, _ := strconv.Atoi(s[i+1 : j])
		if k > len(args) || k == 0 {
			// "$10" with one argument is "$1" followed by "0".
			j = i + 2
			k = int(s[i+1] - '0')
		}
		if k < 1 || k > len(args) {
			e.missing(m, at, k, call, args)
			i = j - 1
			continue
		}
		v, ok := args[k-1].Value()
		if !ok {
			e.errs.Addf(at, "macro %s pastes $%d into %q but the argument is a list", m.name, k, s)
		}
		b.WriteString(v)
		i = j - 1
	}
	return b.String()
}

// missing reports a parameter $k that neither the call nor the calls
// around it give. Zillions reads it as nothing (Dagaz's files rely on
// it: a capture macro's optional direction), so it is a warning; $0 is
// an error.
func (e *expander) missing(m *macro, at *sexp.Node, k int, call *sexp.Node, args []*sexp.Node) {
	if k < 1 {
		e.errs.Addf(at, "macro %s uses $%d: parameters count from $1", m.name, k)
		return
	}
	e.warns.Addf(at, "macro %s uses $%d but %s gives %d arguments: $%d reads as nothing", m.name, k, call.Pos, len(args), k)
}
