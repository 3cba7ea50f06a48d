package zrf

import (
	"strconv"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// The native dialect's expressions: integers computed from the position,
// compared in conditions and goals, stored in variables and attributes.
//
//	expr := integer | variable | attribute | position-attribute
//	      | (attribute loc) | (position-attribute loc)
//	      | (count set) | (count moves) | (count passes) | (sum set expr)
//	      | (+ expr...) | (- expr expr...) | (* expr...) | (min expr...) | (max expr...)
//	set  := (pieces cond...) | (positions cond...)
//	      | (group [loc] [(directions d...)]) | (liberties [loc] [(directions d...)])
//	      | (territory [(directions d...)])

var compareOps = map[string]rules.CompareOp{
	"=": rules.OpEq, "!=": rules.OpNe, "/=": rules.OpNe,
	"<": rules.OpLt, "<=": rules.OpLe, ">": rules.OpGt, ">=": rules.OpGe,
}

var arith = map[string]rules.ExprKind{
	"+": rules.EAdd, "-": rules.ESub, "*": rules.EMul, "min": rules.EMin, "max": rules.EMax,
}

var setKinds = map[string]rules.SetKind{
	"pieces": rules.SetPieces, "positions": rules.SetPositions, "group": rules.SetGroup,
	"liberties": rules.SetLiberties, "territory": rules.SetTerritory,
}

// compare reads (op a b) as a condition.
func (b *builder) compare(n *sexp.Node, op rules.CompareOp) (*rules.Cond, bool) {
	args := n.Args()
	if len(args) != 2 {
		b.errs.Addf(n, "%s compares two numbers", n.Head())
		return nil, false
	}
	x, ok1 := b.expr(args[0])
	y, ok2 := b.expr(args[1])
	if !ok1 || !ok2 {
		return nil, false
	}
	return &rules.Cond{Kind: rules.CCompare, A: int(op), X: x, Y: y, Src: src(n)}, true
}

// expr reads a numeric expression.
func (b *builder) expr(n *sexp.Node) (*rules.Expr, bool) {
	e := &rules.Expr{Src: src(n)}
	switch n.Kind {
	case sexp.String:
		b.errs.Addf(n, "want a number, got string %q", n.Text)
		return nil, false
	case sexp.Atom:
		if v, err := strconv.Atoi(n.Text); err == nil {
			e.Kind, e.N = rules.ENum, v
			return e, true
		}
		if n.Text == "stack-size" {
			return b.stackSize(n, nil, e)
		}
		return b.named(n, n.Text, nil, e)
	}
	h := n.Head()
	args := n.Args()
	if k, ok := arith[h]; ok {
		if len(args) == 0 || (k == rules.ESub && len(args) < 2) {
			b.errs.Addf(n, "%s wants numbers", h)
			return nil, false
		}
		e.Kind = k
		ok := true
		for _, a := range args {
			x, ok1 := b.expr(a)
			ok = ok && ok1
			e.Args = append(e.Args, x)
		}
		return e, ok
	}
	if h == "count" {
		return b.count(n, e)
	}
	if h == "sum" && n.Kind == sexp.List {
		return b.sum(n, e)
	}
	if h == "stack-size" {
		return b.stackSize(n, args, e)
	}
	if k, ok := moveExprs[h]; ok && n.Kind == sexp.List {
		return b.moveExpr(n, k, e)
	}
	if h == "" {
		b.errs.Addf(n, "want a number, got %s", describe(n))
		return nil, false
	}
	return b.named(n, h, args, e)
}

// named reads a variable or an attribute (with an optional location).
func (b *builder) named(n *sexp.Node, name string, args []*sexp.Node, e *rules.Expr) (*rules.Expr, bool) {
	if len(args) > 1 {
		b.errs.Addf(n, "%s wants at most one position or direction", name)
		return nil, false
	}
	if len(args) == 1 {
		l, ok := b.loc(args[0])
		if !ok {
			return nil, false
		}
		e.Loc = l
	}
	if v, ok := b.vars[name]; ok {
		if len(args) > 0 {
			b.errs.Addf(n, "variable %s takes no position", name)
			return nil, false
		}
		e.Kind, e.A = rules.EVar, v
		return e, true
	}
	if a, ok := b.posAttrs[name]; ok {
		e.Kind, e.A = rules.EPosAttr, a
		return e, true
	}
	if a, ok := b.attrs[name]; ok {
		e.Kind, e.A = rules.EAttr, a
		return e, true
	}
	if a, ok := b.accums[name]; ok && b.inInvariant {
		if len(args) > 0 {
			b.errs.Addf(n, "accumulator %s takes no position", name)
			return nil, false
		}
		e.Kind, e.A = rules.EAccum, a
		return e, true
	}
	b.errs.Addf(n, "unknown number %s (not a variable, an attribute or a position attribute)", name)
	return nil, false
}

// count reads (count set), (count moves) and (count passes).
func (b *builder) count(n *sexp.Node, e *rules.Expr) (*rules.Expr, bool) {
	args := n.Args()
	if len(args) != 1 {
		b.errs.Addf(n, "count wants one set, moves or passes")
		return nil, false
	}
	switch a := args[0]; {
	case a.IsAtom("moves"):
		if !b.inGoal && !b.inInvariant {
			b.errs.Addf(n, "(count moves) counts the moves of the player to move: it is for goals and invariants, not move programs")
			return nil, false
		}
		e.Kind = rules.ECountMoves
		return e, true
	case a.IsAtom("passes"):
		e.Kind = rules.ECountPasses
		return e, true
	}
	s, ok := b.set(args[0])
	if !ok {
		return nil, false
	}
	e.Kind, e.Set = rules.ECount, s
	return e, true
}

// sum reads (sum set expr): expr added up over the set's positions.
func (b *builder) sum(n *sexp.Node, e *rules.Expr) (*rules.Expr, bool) {
	args := n.Args()
	if len(args) != 2 {
		b.errs.Addf(n, "sum wants a set and a number to add up over it")
		return nil, false
	}
	s, ok1 := b.set(args[0])
	x, ok2 := b.expr(args[1])
	if !ok1 || !ok2 {
		return nil, false
	}
	e.Kind, e.Set, e.Args = rules.ESum, s, []*rules.Expr{x}
	return e, true
}

// isSet reports whether n is a set form.
func isSet(n *sexp.Node) bool {
	_, ok := setKinds[n.Head()]
	return ok && n.Kind == sexp.List
}

// set reads a set of positions.
func (b *builder) set(n *sexp.Node) (*rules.SetExpr, bool) {
	k, ok := setKinds[n.Head()]
	if !ok || n.Kind != sexp.List {
		b.errs.Addf(n, "want a set: (pieces ...), (positions ...), (group ...), (liberties ...) or (territory ...), got %s", describe(n))
		return nil, false
	}
	s := &rules.SetExpr{Kind: k, Src: src(n), Text: n.String()}
	args := n.Args()
	switch k {
	case rules.SetPieces, rules.SetPositions:
		ok := true
		for _, a := range args {
			c, ok1 := b.filter(a)
			ok = ok && ok1
			s.Filter = append(s.Filter, c)
		}
		return s, ok
	}
	if len(args) > 0 && args[len(args)-1].Head() == "directions" {
		dirs, ok := b.dirNames(args[len(args)-1])
		if !ok {
			return nil, false
		}
		s.Dirs = dirs
		args = args[:len(args)-1]
	}
	switch {
	case k == rules.SetTerritory && len(args) > 0:
		b.errs.Addf(n, "territory takes only (directions ...)")
		return nil, false
	case len(args) > 1:
		b.errs.Addf(n, "%s wants at most one position or direction, and (directions ...)", n.Head())
		return nil, false
	case len(args) == 1:
		l, ok := b.loc(args[0])
		if !ok {
			return nil, false
		}
		s.Loc = l
	}
	return s, true
}

// filter reads one condition of (pieces ...) or (positions ...); a piece
// type alone stands for (piece? T).
func (b *builder) filter(n *sexp.Node) (*rules.Cond, bool) {
	if n.Kind == sexp.Atom {
		if t, ok := b.types[n.Text]; ok {
			return &rules.Cond{Kind: rules.CPiece, A: t, Src: src(n)}, true
		}
	}
	return b.condOK(n)
}

// dirNames reads (directions d...).
func (b *builder) dirNames(n *sexp.Node) ([]int, bool) {
	if len(n.Args()) == 0 {
		b.errs.Addf(n, "directions wants direction names")
		return nil, false
	}
	return lookupAll(n.Args(), b.dir)
}
