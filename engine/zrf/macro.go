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
	macros   map[string]*macro
	errs     *sexp.ErrorList
	produced int
	failed   bool // budget exhausted: stop expanding, one error said it
}

// expand returns nodes with every macro call replaced by the macro's body,
// spliced in place, and expanded again.
func (e *expander) expand(nodes []*sexp.Node, depth int) []*sexp.Node {
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
			body := e.substitute(m, n)
			out = append(out, e.expand(body, depth+1)...)
			continue
		}
		c := *n
		c.List = e.expand(n.List, depth)
		out = append(out, &c)
	}
	return out
}

// substitute copies the body of m with $1..$n replaced by the arguments of
// the call, every copied node remembering the call that produced it.
func (e *expander) substitute(m *macro, call *sexp.Node) []*sexp.Node {
	args := call.Args()
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
				e.errs.Addf(c, "macro %s uses $%d but %s gives %d arguments", m.name, i, call.Pos, len(args))
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
			e.errs.Addf(at, "macro %s uses $%d but %s gives %d arguments", m.name, k, call.Pos, len(args))
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
