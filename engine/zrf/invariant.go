package zrf

import (
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// The native dialect's invariants and accumulators:
//
//	(invariant cond...)                  every legal move keeps the conditions
//	(accumulator name [max|min] expr)    the greatest (least) expr over the moves
//
// read in file order, since each accumulator is taken over the moves the
// invariants before it left. In them, expressions may also describe the
// move: (captured [T...]), (moving T...), (first-capture [T...]) and the
// accumulators' names.

// moveExprs are the expressions that describe a move.
var moveExprs = map[string]rules.ExprKind{
	"captured": rules.ECaptured, "moving": rules.EMoving, "first-capture": rules.EFirstCapture,
}

// invariant reads an (invariant ...) or (accumulator ...) section.
func (b *builder) invariant(s *sexp.Node) {
	b.inInvariant = true
	defer func() { b.inInvariant = false }()
	args := s.Args()
	iv := rules.Invariant{Acc: -1, Src: src(s), Text: s.String()}
	if s.Head() == "invariant" {
		if len(args) == 0 {
			b.errs.Addf(s, "invariant wants a condition")
			return
		}
		c := &rules.Cond{Kind: rules.CAnd, Src: src(s)}
		ok := true
		for _, a := range args {
			x, ok1 := b.condOK(a)
			ok = ok && ok1
			c.Args = append(c.Args, x)
		}
		if !ok {
			return
		}
		if len(c.Args) == 1 {
			c = c.Args[0]
		}
		iv.Cond = c
		b.r.Invariants = append(b.r.Invariants, iv)
		return
	}
	if len(args) == 3 && (args[1].IsAtom("max") || args[1].IsAtom("min")) {
		iv.Min = args[1].IsAtom("min")
		args = []*sexp.Node{args[0], args[2]}
	}
	if len(args) != 2 || args[0].Kind != sexp.Atom {
		b.errs.Addf(s, "accumulator wants a name, maybe max or min, and an expression")
		return
	}
	name := args[0].Text
	if _, dup := b.accums[name]; dup {
		b.errs.Addf(args[0], "accumulator %s named twice", name)
		return
	}
	if b.taken(args[0], name, "accumulator") {
		return
	}
	x, ok := b.expr(args[1])
	if !ok {
		return
	}
	iv.X = x
	iv.Acc = len(b.r.Accumulators)
	b.accums[name] = iv.Acc
	b.r.Accumulators = append(b.r.Accumulators, name)
	b.r.Invariants = append(b.r.Invariants, iv)
}

// moveExpr reads (captured [T...]), (moving T...) and (first-capture
// [T...]).
func (b *builder) moveExpr(n *sexp.Node, k rules.ExprKind, e *rules.Expr) (*rules.Expr, bool) {
	if !b.inInvariant {
		b.errs.Addf(n, "(%s ...) describes a move: it is for invariants and accumulators", n.Head())
		return nil, false
	}
	if k == rules.EMoving && len(n.Args()) == 0 {
		b.errs.Addf(n, "moving wants piece types")
		return nil, false
	}
	e.Kind = k
	for _, a := range n.Args() {
		t, ok := b.pieceType(a)
		if !ok {
			return nil, false
		}
		e.Types = append(e.Types, t)
	}
	return e, true
}
