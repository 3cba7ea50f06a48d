package engine

import (
	"fmt"
	"strings"
)

// The universal notation (after the design of Dagaz): a step is written
// "from - to program params", with "x" for "-" when it captures, and
// "= Type" when the piece is promoted; a drop is "to program params Player
// Piece". A composite move of partial steps writes each step after "+" and
// ends with a lone "+": "+ g5 - e3 checker-jump nw + e3 - c5 checker-jump
// sw +". A pass is "pass". Side effects (captures, the rook of a castling)
// are implied by the rules, not written.

// StepNotation writes one step.
func (s *State) StepNotation(st *Step, owner int) string {
	g := s.g
	var b strings.Builder
	blk := g.Blocks[st.Block]
	pos := g.Rules.Board.Positions
	switch {
	case g.groupStep(st):
		// A group move: the program names what turns, with no squares.
	case blk.Drop:
		b.WriteString(pos[st.To])
		b.WriteByte(' ')
	default:
		sep := " - "
		if st.Captures > 0 {
			sep = " x "
		}
		b.WriteString(pos[st.From])
		b.WriteString(sep)
		b.WriteString(pos[st.To])
		b.WriteByte(' ')
	}
	b.WriteString(blk.Block.Name)
	for _, p := range blk.Block.Params {
		b.WriteByte(' ')
		b.WriteString(p)
	}
	if blk.Drop {
		fmt.Fprintf(&b, " %s %s", g.Rules.Players[owner].Name, g.Rules.Pieces[blk.Piece].Name)
	}
	if st.Promo >= 0 {
		b.WriteString(" = ")
		b.WriteString(g.Rules.Pieces[st.Promo].Name)
	}
	return b.String()
}

// Notation writes a move in the universal notation, for the side to move.
func (s *State) Notation(m *Move) string {
	if m.Pass {
		return "pass"
	}
	side := s.Side()
	if len(m.Steps) == 1 && !m.Steps[0].Partial {
		return s.StepNotation(&m.Steps[0], side)
	}
	var parts []string
	for i := range m.Steps {
		parts = append(parts, "+ "+s.StepNotation(&m.Steps[i], side))
	}
	parts = append(parts, "+")
	return strings.Join(parts, " ")
}
