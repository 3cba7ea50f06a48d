package engine

import (
	"fmt"
	"math"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
)

// PieceLetter is the letter of a piece on a text board: its notation (or
// the first letter of its name), upper case for the first player, lower
// case for the second, and the letter followed by the player's number for
// more players. In a game of one kind of piece (the marks of tic-tac-toe,
// the stones of Go) the letter is its owner's initial, X and O, B and W,
// when the players' initials differ: players know the pieces by whose
// they are.
func (g *Game) PieceLetter(v Piece) string {
	if v == 0 {
		return "."
	}
	if l := g.ownerLetter(v.Owner()); l != "" {
		return l
	}
	pt := g.Rules.Pieces[v.Type()]
	l := pt.Notation
	if l == "" {
		l = pt.Name
	}
	l = string([]rune(l)[:1])
	switch o := v.Owner(); {
	case o == 0:
		return strings.ToUpper(l)
	case o == 1:
		return strings.ToLower(l)
	default:
		return strings.ToUpper(l) + fmt.Sprint(o+1)
	}
}

// ownerLetter returns the initial of player o when the game has one kind
// of piece and every player a different initial, or "".
func (g *Game) ownerLetter(o int) string {
	r := g.Rules
	if len(r.Pieces) != 1 || o < 0 || o >= len(r.Players) {
		return ""
	}
	seen := map[string]bool{}
	for _, p := range r.Players {
		l := strings.ToUpper(string([]rune(p.Name + "?")[:1]))
		if seen[l] {
			return ""
		}
		seen[l] = true
	}
	return strings.ToUpper(string([]rune(r.Players[o].Name)[:1]))
}

// TextBoard draws the position as text: the first two-dimensional grid as
// a table with its coordinates (rows from the view's geometry when v is
// given), other occupied positions as a list, then reserves and whose turn
// it is.
func (s *State) TextBoard(v *rules.View) string {
	g := s.g
	r := g.Rules
	var b strings.Builder
	shown := make([]bool, g.np)
	for gi, grid := range r.Board.Grids {
		if len(grid.Dims) != 2 {
			continue
		}
		col, row := 0, 1
		if v != nil && gi < len(v.Grids) && len(v.Grids[gi].Steps) == 2 {
			st := v.Grids[gi].Steps
			if math.Abs(st[0][1]) > math.Abs(st[1][1]) {
				col, row = 1, 0
			}
		}
		s.gridText(&b, grid, col, row, shown)
		break
	}
	seeds := seedsAttr(g)
	for p := 0; p < g.np; p++ {
		if v := s.cells[p]; !shown[p] && v != 0 {
			fmt.Fprintf(&b, "%s: %s %s\n", r.Board.Positions[p], r.Players[v.Owner()].Name, r.Pieces[v.Type()].Name)
		} else if !shown[p] && seeds >= 0 {
			fmt.Fprintf(&b, "%s: %d seeds\n", r.Board.Positions[p], s.PositionAttr(seeds, p))
		}
	}
	if g.stackLevels > 0 {
		s.columnsText(&b)
	}
	for pl := range r.Players {
		for t := range r.Pieces {
			if n, ok := s.Reserve(pl, t); ok && n > 0 {
				fmt.Fprintf(&b, "%s holds %d %s off the board\n", r.Players[pl].Name, n, r.Pieces[t].Name)
			}
		}
	}
	fmt.Fprintf(&b, "%s to move\n", r.Players[s.ToMove()].Name)
	return b.String()
}

func (s *State) gridText(b *strings.Builder, grid rules.Grid, col, row int, shown []bool) {
	at := map[[2]int]int{}
	for p, c := range grid.Coords {
		at[[2]int{c[col], c[row]}] = p
	}
	width := 1
	for _, n := range grid.Dims[col] {
		width = max(width, len(n))
	}
	// A mancala's pits show their seeds, not the pieces that stand for
	// them.
	seeds := seedsAttr(s.g)
	letter := func(p int) string {
		if seeds >= 0 {
			return fmt.Sprint(s.PositionAttr(seeds, p))
		}
		return s.g.PieceLetter(s.cells[p])
	}
	for p := range grid.Coords {
		width = max(width, len(letter(p)))
	}
	label := 0
	for _, n := range grid.Dims[row] {
		label = max(label, len(n))
	}
	cell := func(t string) string { return fmt.Sprintf(" %-*s", width, t) }
	b.WriteString(strings.Repeat(" ", label))
	for _, n := range grid.Dims[col] {
		b.WriteString(cell(n))
	}
	b.WriteByte('\n')
	for y, rn := range grid.Dims[row] {
		fmt.Fprintf(b, "%*s", label, rn)
		for x := range grid.Dims[col] {
			p, ok := at[[2]int{x, y}]
			if !ok {
				b.WriteString(cell(" "))
				continue
			}
			shown[p] = true
			b.WriteString(cell(letter(p)))
		}
		b.WriteByte('\n')
	}
}
