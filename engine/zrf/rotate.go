package zrf

import (
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// The native dialect's group moves: (rotate p1 p2 ... pn) moves the piece
// on each position to the next one and the last one's to the first, all
// at once; (rotate (p1 ... pn) (q1 ... qm) ...) does so on several
// disjoint cycles together (a Pentago quadrant: its corners and its
// edges).

// maxRotate bounds the positions of one rotate statement (engine's
// maxRotatePositions).
const maxRotate = 4096

// rotate reads a rotate statement into s.
func (b *builder) rotate(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	if len(args) == 0 {
		b.errs.Addf(n, "rotate wants a cycle of positions, or several cycles in lists")
		return false
	}
	var cycles [][]*sexp.Node
	if args[0].Kind == sexp.List {
		for _, a := range args {
			if a.Kind != sexp.List {
				b.errs.Addf(a, "rotate: %s among cycles in lists (write every cycle as a list, or one cycle without)", describe(a))
				return false
			}
			cycles = append(cycles, a.List)
		}
	} else {
		cycles = [][]*sexp.Node{args}
	}
	seen := map[int]bool{}
	for _, c := range cycles {
		if len(c) < 2 {
			b.errs.Addf(n, "rotate: a cycle wants two positions or more")
			return false
		}
		var cyc []int
		for _, a := range c {
			p, ok := b.rotatePosition(a)
			if !ok {
				return false
			}
			if seen[p] {
				b.errs.Addf(a, "rotate names position %s twice", a.Text)
				return false
			}
			seen[p] = true
			cyc = append(cyc, p)
		}
		s.Cycles = append(s.Cycles, cyc)
	}
	if len(seen) > maxRotate {
		b.errs.Addf(n, "rotate names %d positions, at most %d", len(seen), maxRotate)
		return false
	}
	s.Kind = rules.SRotate
	return true
}

// rotatePosition reads one position of a cycle.
func (b *builder) rotatePosition(a *sexp.Node) (int, bool) {
	name, ok := atomText(a)
	if !ok || a.Kind == sexp.String {
		b.errs.Addf(a, "rotate wants position names, got %s", describe(a))
		return 0, false
	}
	if p, ok := b.positions[name]; ok {
		return p, true
	}
	if _, ok := b.dirs[name]; ok {
		b.errs.Addf(a, "rotate wants positions, %s is a direction", name)
		return 0, false
	}
	b.errs.Addf(a, "rotate: unknown position %s", name)
	return 0, false
}
