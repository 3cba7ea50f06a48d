package zrf

import (
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// The native dialect's stacks: (stacks N) lets a position hold a column
// of up to N pieces that moves with its top piece; take-top and
// capture-top act on the top of a column, and (stack-size [loc]) counts a
// column's pieces.

// maxStack is the highest column a file may ask for.
const maxStack = 1024

// stacks reads (stacks N).
func (b *builder) stacks(s *sexp.Node) {
	args := s.Args()
	if len(args) != 1 {
		b.errs.Addf(s, "stacks wants the most pieces a position may hold")
		return
	}
	n, ok := b.intArg(args[0], "stacks")
	if !ok {
		return
	}
	if n < 1 || n > maxStack {
		b.errs.Addf(args[0], "stacks wants a number from 1 to %d, got %d", maxStack, n)
		return
	}
	b.r.StackHeight, b.r.StackSrc = n, src(s)
}

// stacked reports whether the game has stacks, reporting a statement on
// columns in a game without them.
func (b *builder) stacked(n *sexp.Node) bool {
	if b.r.StackHeight > 1 {
		return true
	}
	h := n.Head()
	if n.Kind == sexp.Atom {
		h = n.Text
	}
	b.errs.Addf(n, "%s acts on columns: the game needs (stacks N), N at least 2", h)
	return false
}

// stackSize reads stack-size and (stack-size loc).
func (b *builder) stackSize(n *sexp.Node, args []*sexp.Node, e *rules.Expr) (*rules.Expr, bool) {
	if len(args) > 1 {
		b.errs.Addf(n, "stack-size wants at most one position or direction")
		return nil, false
	}
	e.Kind = rules.EStackSize
	if len(args) == 1 {
		l, ok := b.loc(args[0])
		if !ok {
			return nil, false
		}
		e.Loc = l
	}
	return e, true
}
