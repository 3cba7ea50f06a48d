package zrf

import (
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// The native dialect's turn order: labels on entries, phases (a nested
// turn-order whose entries cycle among themselves) and the statements
// that jump to a label or play the same entry again.

// turnEntries reads the entries of a turn order (top: the game's own,
// else a phase nested in it). Entries before repeat run once, the ones
// after it cycle; a phase's cycle stays within the phase until a move
// jumps out of it.
func (b *builder) turnEntries(s *sexp.Node, top bool) {
	first := len(b.r.Turns)
	repeat := first
	var pending []rules.TurnLabel
	pendingAt := s
	for _, a := range s.Args() {
		switch {
		case a.IsAtom("repeat"):
			repeat = len(b.r.Turns)
			continue
		case a.Head() == "label" && a.Kind == sexp.List:
			pending = append(pending, b.label(a)...)
			pendingAt = a
			continue
		case a.Head() == "labels" && a.Kind == sexp.List:
			pending = append(pending, b.playerLabels(a)...)
			pendingAt = a
			continue
		}
		at := len(b.r.Turns)
		for _, l := range pending {
			l.Turn = at
			b.r.TurnLabels = append(b.r.TurnLabels, l)
		}
		pending = nil
		if a.Head() == "turn-order" && a.Kind == sexp.List {
			if !top {
				b.errs.Addf(a, "phases do not nest: a turn-order inside a phase")
				continue
			}
			b.turnEntries(a, false)
			continue
		}
		b.turnEntry(a)
	}
	if len(pending) > 0 {
		b.errs.Addf(pendingAt, "a label at the end of a turn order names no entry")
	}
	n := len(b.r.Turns)
	switch {
	case n == first && !top:
		b.errs.Addf(s, "empty phase")
	case repeat >= n && n > first:
		b.errs.Addf(s, "repeat at the end of turn-order leaves nothing to repeat")
	case top:
		b.r.Repeat = repeat
	default:
		// The phase's last entry goes back to its cycle.
		b.r.Turns[n-1].Next = repeat + 1
	}
}

// label reads (label name...): the names label the next entry, whoever
// moved last.
func (b *builder) label(n *sexp.Node) []rules.TurnLabel {
	var out []rules.TurnLabel
	if len(n.Args()) == 0 {
		b.errs.Addf(n, "label wants a name")
	}
	for _, a := range n.Args() {
		if i, ok := b.labelName(a); ok {
			out = append(out, rules.TurnLabel{Label: i, Player: -1})
		}
	}
	return out
}

// playerLabels reads (labels name...): one name per player in the order
// of (players ...), "-" for none; the label counts only for a jump made
// by that player.
func (b *builder) playerLabels(n *sexp.Node) []rules.TurnLabel {
	var out []rules.TurnLabel
	args := n.Args()
	if len(args) != len(b.r.Players) {
		b.errs.Addf(n, "labels wants one name (or -) per player: %d players, %d names", len(b.r.Players), len(args))
		return nil
	}
	for p, a := range args {
		if a.IsAtom("-") {
			continue
		}
		if i, ok := b.labelName(a); ok {
			out = append(out, rules.TurnLabel{Label: i, Player: p})
		}
	}
	return out
}

// labelName returns the index of a label named in a turn order.
func (b *builder) labelName(a *sexp.Node) (int, bool) {
	name, ok := atomText(a)
	if !ok || name == "repeat" || name == "-" {
		b.errs.Addf(a, "want a label name, got %s", describe(a))
		return 0, false
	}
	i, ok := b.labels[name]
	if !ok {
		// scanLabels saw every name; this one was in another turn-order.
		i = intern(name, b.labels, &b.r.Labels)
	}
	return i, true
}

// scanLabels collects the label names of a turn order before the
// pieces' programs are read, so that goto-turn may name them.
func (b *builder) scanLabels(s *sexp.Node) {
	for _, a := range s.Args() {
		switch {
		case a.Kind != sexp.List:
		case a.Head() == "label" || a.Head() == "labels":
			for _, x := range a.Args() {
				if name, ok := atomText(x); ok && name != "-" && name != "repeat" {
					intern(name, b.labels, &b.r.Labels)
				}
			}
		case a.Head() == "turn-order":
			b.scanLabels(a)
		}
	}
}

// gotoTurn reads (goto-turn label) and (repeat-turn).
func (b *builder) gotoTurn(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	s.Kind, s.A = rules.SGotoTurn, -1
	if n.Head() == "repeat-turn" {
		if len(args) != 0 {
			b.errs.Addf(n, "repeat-turn takes no arguments")
			return false
		}
		return true
	}
	if len(args) != 1 {
		b.errs.Addf(n, "goto-turn wants a turn label")
		return false
	}
	name, ok := atomText(args[0])
	if !ok {
		b.errs.Addf(args[0], "goto-turn wants a turn label, got %s", describe(args[0]))
		return false
	}
	i, ok := b.labels[name]
	if !ok {
		b.errs.Addf(args[0], "unknown turn label %s (labels are given in the turn-order by (label name))", name)
		return false
	}
	s.A = i
	return true
}
