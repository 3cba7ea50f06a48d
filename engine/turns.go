package engine

import (
	"errors"
	"fmt"

	"github.com/ludus-games/ludus/engine/rules"
)

// Turn order beyond a plain cycle: entries that phases make cycle among
// themselves (Turn.Next), labels, and moves that jump to a label
// (goto-turn) or play the same entry again (repeat-turn). The entry after
// each one is a table, so a game without jumps pays a look-up where it
// paid an increment; a jump is resolved when the move is generated (the
// entry being played is known then) and carried by the move, so Play and
// Undo stay a store of the turn.

// maxJumpTurns bounds the turn order of a game whose moves jump: a move
// names the entry it jumps to in one byte (Move.NextTurn).
const maxJumpTurns = 254

// turnTables builds the table of next entries and, for every label, the
// entry a jump to it reaches from each entry.
func (g *Game) turnTables() error {
	r := g.Rules
	n := len(g.turns)
	g.next = make([]int32, n)
	for t := range g.turns {
		nx := t + 1
		if nx >= n {
			nx = g.repeat
		}
		if k := g.turns[t].Next; k > 0 {
			if k > n {
				return fmt.Errorf("turn %d goes on to entry %d: the turn order has %d", t, k-1, n)
			}
			nx = k - 1
		}
		g.next[t] = int32(nx)
	}
	jumps := false
	bad := false
	var jump rules.Src // the first jump, for the error of too long a turn order
	walkRules(r, func(s *rules.Stmt) {
		if s.Kind == rules.SGotoTurn {
			if !jumps {
				jump = s.Src
			}
			jumps = true
			bad = bad || s.A >= len(r.Labels)
		}
	}, nil)
	if bad {
		return errors.New("goto-turn names an unknown turn label")
	}
	for _, l := range r.TurnLabels {
		if l.Turn < 0 || l.Turn >= n || l.Label < 0 || l.Label >= len(r.Labels) {
			return fmt.Errorf("a turn label names entry %d of a turn order of %d", l.Turn, n)
		}
	}
	if !jumps {
		return nil
	}
	if n > maxJumpTurns {
		return fmt.Errorf("%sthe turn order has %d entries: moves may jump in one of at most %d", srcPrefix(jump), n, maxJumpTurns)
	}
	g.jumpTo = make([][]int32, len(r.Labels))
	for a := range r.Labels {
		g.jumpTo[a] = g.resolveLabel(a)
	}
	return nil
}

// resolveLabel returns, for each entry t, the entry a move made in t
// reaches by jumping to the label (-1: none): among the entries so
// labelled for t's player, the nearest at or before t, searching
// backwards round the turn order (a repeated turn jumps back to its
// start).
func (g *Game) resolveLabel(label int) []int32 {
	r := g.Rules
	n := len(g.turns)
	out := make([]int32, n)
	for t := range out {
		out[t] = -1
		mover := g.turns[t].Player
		for k := 0; k < n && out[t] < 0; k++ {
			e := ((t-k)%n + n) % n
			for _, l := range r.TurnLabels {
				if l.Label == label && l.Turn == e && (l.Player < 0 || l.Player == mover) {
					out[t] = int32(e)
					break
				}
			}
		}
	}
	return out
}

// errNoLabel is the error of a jump to a label that has no entry for the
// player moving.
var errNoLabel = errors.New("no entry of the turn order has that label for this player")

// jumpTarget is the entry (plus one) a goto-turn instruction with label
// index label (-1: repeat-turn) reaches from the entry being played.
func (gn *generator) jumpTarget(f *frame, label int32) (int32, bool) {
	t := gn.s.turn
	if label < 0 {
		return int32(t) + 1, true
	}
	to := gn.g.jumpTo[label][t]
	if to < 0 {
		gn.fail(f, "goto-turn %s: %v", gn.g.Rules.Labels[label], errNoLabel)
		return 0, false
	}
	return to + 1, true
}

// gotoTurn records the jump of a goto-turn or repeat-turn instruction
// in the frame's effects; false when the program must stop (no such
// label for the player: the error is set).
func (gn *generator) gotoTurn(f *frame, in *instr) bool {
	if gn.attackDepth > 0 {
		return true // an attack test makes no move
	}
	to, ok := gn.jumpTarget(f, in.b)
	if ok {
		f.effects = append(f.effects, effect{op: opGotoTurn, t: to})
	}
	return ok
}

// visitedAt is the visited? test of an instruction.
func (gn *generator) visitedAt(f *frame, in *instr) bool {
	p := f.at(in, int32(gn.g.nd))
	return p >= 0 && gn.visited(f, p)
}

// visited reports whether the moving piece stood on p earlier in the
// composite move being built: where it started or where a step ended.
func (gn *generator) visited(f *frame, p int32) bool {
	if p == f.from {
		return true
	}
	for i := range gn.prefix {
		if gn.prefix[i].From == p || gn.prefix[i].To == p {
			return true
		}
	}
	return false
}

// TurnOrder returns the turn order the game plays: the rules' own, or
// each player in turn when the rules give none; turns from index repeat on
// repeat once the order is through.
func (g *Game) TurnOrder() (turns []rules.Turn, repeat int) { return g.turns, g.repeat }
