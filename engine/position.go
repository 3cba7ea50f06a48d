package engine

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/sexp"
)

// The position format sets up any position of a game. It reuses the
// syntax of board-setup:
//
//	(position
//	  (turn White)                      ; a player, or a turn-order index
//	  (last-move e7 e5)                 ; for last-from? and last-to?
//	  (White (King e1) (Rook a1 h1) (Pawn e4) (Mark off 3))
//	  (Black (King e8))
//	  (attribute never-moved? false a1 e8)
//	  (stack c3 (Black Soldier) (White Officer)))
//
// Pieces start with their type's attribute values; attribute changes them
// on the pieces at the given positions. (Piece off N) sets a reserve;
// reserves not given keep their start values. In a game with stacks,
// (stack p (Player Piece)...) lists the pieces under the top piece of p,
// from the one just under it down; they have their type's attribute
// values. Under Dagaz's chess
// invariant the implicit attribute "moved?" records pieces that have moved.

// movedName is the attribute name of the chess invariant's moved flag.
const movedName = "moved?"

// maxReserve bounds a count of pieces off the board that a position sets:
// a count is kept in a cell, which a larger number would wrap around.
const maxReserve = 1 << 20

// ReadPosition reads a position file.
func ReadPosition(g *Game, path string) (*State, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParsePosition(g, path, src)
}

// ParsePosition reads a position; name labels errors.
func ParsePosition(g *Game, name string, src []byte) (*State, error) {
	nodes, errs := sexp.Parse(name, src)
	if len(nodes) == 1 && nodes[0].Head() == "position" {
		nodes = nodes[0].Args()
	}
	s := &State{g: g, cells: make([]Piece, g.ncells), lastFrom: -1, lastTo: -1}
	start := NewState(g)
	copy(s.cells[g.np:], start.cells[g.np:])
	g.clearExt(s.cells)
	p := posReader{g: g, s: s, errs: &errs, placed: map[int]*sexp.Node{}}
	for _, n := range nodes {
		p.form(n)
	}
	for _, n := range p.stacks {
		p.stack(n)
	}
	errs.Sort()
	if err := errs.Err(); err != nil {
		return nil, err
	}
	s.rehash()
	return s, nil
}

type posReader struct {
	g    *Game
	s    *State
	errs *sexp.ErrorList
	// placed[p] is where position p was given a piece: a square holds
	// one piece, so a second is an error.
	placed map[int]*sexp.Node
	// stacks are the (stack ...) forms, read once every piece is placed.
	stacks []*sexp.Node
}

func (p *posReader) index(list []string, n *sexp.Node, what string) int {
	v, ok := n.Value()
	if ok {
		for i, x := range list {
			if x == v {
				return i
			}
		}
	}
	p.errs.Addf(n, "unknown %s %s", what, n.String())
	return -1
}

func (p *posReader) playerNames() []string {
	var out []string
	for _, pl := range p.g.Rules.Players {
		out = append(out, pl.Name)
	}
	return out
}

func (p *posReader) form(n *sexp.Node) {
	g := p.g
	args := n.Args()
	switch h := n.Head(); h {
	case "turn":
		if len(args) != 1 {
			p.errs.Addf(n, "turn wants a player or an index")
			return
		}
		if i, err := strconv.Atoi(args[0].Text); err == nil {
			if i < 0 || i >= len(g.turns) {
				p.errs.Addf(n, "turn index %d out of range (0..%d)", i, len(g.turns)-1)
				return
			}
			p.s.turn = i
			return
		}
		pl := p.index(p.playerNames(), args[0], "player")
		for i, t := range g.turns {
			if t.Player == pl {
				p.s.turn = i
				return
			}
		}
		if pl >= 0 {
			p.errs.Addf(n, "player %s never moves", args[0].Text)
		}
	case "last-move":
		if len(args) != 2 {
			p.errs.Addf(n, "last-move wants two positions")
			return
		}
		f := p.index(g.Rules.Board.Positions, args[0], "position")
		t := p.index(g.Rules.Board.Positions, args[1], "position")
		p.s.lastFrom, p.s.lastTo = int32(f), int32(t)
	case "attribute":
		p.attribute(n)
	case "variable", "passes", "position-attribute":
		p.extForm(n)
	case "stack":
		p.stacks = append(p.stacks, n)
	default:
		for i, pl := range g.Rules.Players {
			if pl.Name == h {
				for _, a := range args {
					p.pieces(i, a)
				}
				return
			}
		}
		p.errs.Addf(n, "unknown position form %s", n.String())
	}
}

func (p *posReader) typeNames() []string {
	var out []string
	for _, t := range p.g.Rules.Pieces {
		out = append(out, t.Name)
	}
	return out
}

func (p *posReader) pieces(player int, n *sexp.Node) {
	g := p.g
	if n.Kind != sexp.List || len(n.List) == 0 {
		p.errs.Addf(n, "want (Piece positions... [off N])")
		return
	}
	t := p.index(p.typeNames(), n.List[0], "piece")
	if t < 0 {
		return
	}
	items := n.List[1:]
	for i := 0; i < len(items); i++ {
		if items[i].IsAtom("off") && i+1 < len(items) {
			c, err := strconv.Atoi(items[i+1].Text)
			slot := g.resSlot[player*g.ntypes+t]
			switch {
			case err != nil || c < 0:
				p.errs.Addf(items[i+1], "off wants a count")
			case c > maxReserve:
				p.errs.Addf(items[i+1], "off %d: a count is at most %d", c, maxReserve)
			case slot < 0:
				p.errs.Addf(items[i], "the rules keep no count of %s for %s", g.Rules.Pieces[t].Name, g.Rules.Players[player].Name)
			default:
				p.s.cells[slot] = Piece(c)
			}
			i++
			continue
		}
		if pos := p.index(g.Rules.Board.Positions, items[i], "position"); pos >= 0 {
			if first, twice := p.placed[pos]; twice {
				p.errs.Addf(items[i], "%s holds a piece already (given at %s)", items[i].Text, first.Origin())
				continue
			}
			p.placed[pos] = items[i]
			p.s.cells[pos] = MakePiece(t, player) | g.defaults[t]
			if g.ext.nslots > 0 {
				g.resetAttrs(p.s.cells, int32(pos), t)
			}
		}
	}
}

func (p *posReader) attrNames() []string {
	var out []string
	for _, a := range p.g.Rules.Attrs {
		out = append(out, a.Name)
	}
	if p.g.movedAttr >= 0 {
		out = append(out, movedName)
	}
	return out
}

func (p *posReader) attribute(n *sexp.Node) {
	args := n.Args()
	if len(args) < 2 {
		p.errs.Addf(n, "attribute wants a name, a value and positions")
		return
	}
	a := p.index(p.attrNames(), args[0], "attribute")
	v, _ := args[1].Value()
	if a >= 0 && a < len(p.g.ext.intSlot) && p.g.ext.intSlot[a] >= 0 {
		p.intAttribute(a, args[1], args[2:])
		return
	}
	if v != "true" && v != "false" {
		p.errs.Addf(args[1], "attribute value must be true or false")
		return
	}
	for _, pn := range args[2:] {
		pos := p.index(p.g.Rules.Board.Positions, pn, "position")
		if pos < 0 || a < 0 {
			continue
		}
		if p.s.cells[pos] == 0 {
			p.errs.Addf(pn, "no piece on %s", pn.Text)
			continue
		}
		p.s.cells[pos] = p.s.cells[pos].WithAttr(a, v == "true")
	}
}

// FormatPosition writes the state in the position format.
func (s *State) FormatPosition() string {
	g := s.g
	r := g.Rules
	var b strings.Builder
	b.WriteString("(position\n")
	if s.turn == s.firstTurnOf(s.ToMove()) {
		fmt.Fprintf(&b, "  (turn %s)\n", r.Players[s.ToMove()].Name)
	} else {
		fmt.Fprintf(&b, "  (turn %d)\n", s.turn)
	}
	if s.lastFrom >= 0 && s.lastTo >= 0 {
		fmt.Fprintf(&b, "  (last-move %s %s)\n", r.Board.Positions[s.lastFrom], r.Board.Positions[s.lastTo])
	}
	attrs := map[string][]string{}
	for pl := range r.Players {
		var groups []string
		for t := range r.Pieces {
			var ps []string
			for q := 0; q < g.np; q++ {
				v := s.cells[q]
				if v == 0 || v.Owner() != pl || v.Type() != t {
					continue
				}
				ps = append(ps, r.Board.Positions[q])
				s.attrDiffs(v, q, attrs)
			}
			if n, limited := s.Reserve(pl, t); limited {
				ps = append(ps, "off", strconv.Itoa(n))
			}
			if len(ps) > 0 {
				groups = append(groups, "("+r.Pieces[t].Name+" "+strings.Join(ps, " ")+")")
			}
		}
		if len(groups) > 0 {
			fmt.Fprintf(&b, "  (%s %s)\n", r.Players[pl].Name, strings.Join(groups, " "))
		}
	}
	s.formatExt(&b, attrs)
	s.formatStacks(&b)
	keys := make([]string, 0, len(attrs))
	for k := range attrs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "  (attribute %s %s)\n", k, strings.Join(attrs[k], " "))
	}
	b.WriteString(")\n")
	return b.String()
}

func (s *State) firstTurnOf(player int) int {
	for i, t := range s.g.turns {
		if t.Player == player {
			return i
		}
	}
	return 0
}

// attrDiffs records the attributes of piece v on q that differ from its
// type's defaults, keyed "name value".
func (s *State) attrDiffs(v Piece, q int, out map[string][]string) {
	g := s.g
	def := g.defaults[v.Type()]
	names := (&posReader{g: g}).attrNames()
	for a, name := range names {
		bit := Piece(1) << (attrShift + uint(a))
		if v&bit != def&bit {
			k := fmt.Sprintf("%s %t", name, v&bit != 0)
			out[k] = append(out[k], g.Rules.Board.Positions[q])
		}
	}
}

// clearExt sets the extra cells of a position being read to what a
// position that does not mention them holds: variables at their start
// values, no passes, position attributes at their defaults, no piece
// attributes.
func (g *Game) clearExt(cells []Piece) {
	if c := g.ext.passCell; c >= 0 {
		cells[c] = 0
	}
	for a, pa := range g.Rules.PosAttrs {
		for q := 0; q < g.np; q++ {
			cells[g.posAttrCell(a, int32(q))] = intCell(pa.Default)
		}
	}
	for i := g.ext.pieceAttrBase; i < g.ext.pieceAttrBase+int32(g.ext.nslots*g.np); i++ {
		cells[i] = 0
	}
}

// extForm reads (variable name value), (passes n) and
// (position-attribute name value position...).
func (p *posReader) extForm(n *sexp.Node) {
	g := p.g
	args := n.Args()
	num := func(a *sexp.Node) (int, bool) {
		v, err := strconv.Atoi(a.Text)
		if err != nil || a.Kind != sexp.Atom {
			p.errs.Addf(a, "want a whole number, got %s", a.String())
			return 0, false
		}
		return v, true
	}
	switch n.Head() {
	case "variable":
		if len(args) != 2 {
			p.errs.Addf(n, "variable wants a name and a value")
			return
		}
		var names []string
		for _, v := range g.Rules.Vars {
			names = append(names, v.Name)
		}
		v := p.index(names, args[0], "variable")
		if x, ok := num(args[1]); ok && v >= 0 {
			p.s.cells[g.ext.varBase+int32(v)] = intCell(x)
		}
	case "passes":
		if len(args) != 1 {
			p.errs.Addf(n, "passes wants a count")
			return
		}
		x, ok := num(args[0])
		switch {
		case !ok:
		case g.ext.passCell < 0:
			p.errs.Addf(n, "the rules do not count passes")
		case x < 0:
			p.errs.Addf(args[0], "passes wants a count, 0 or more")
		default:
			p.s.cells[g.ext.passCell] = intCell(x)
		}
	case "position-attribute":
		if len(args) < 2 {
			p.errs.Addf(n, "position-attribute wants a name, a value and positions")
			return
		}
		var names []string
		for _, a := range g.Rules.PosAttrs {
			names = append(names, a.Name)
		}
		a := p.index(names, args[0], "position attribute")
		x, ok := num(args[1])
		for _, pn := range args[2:] {
			if q := p.index(g.Rules.Board.Positions, pn, "position"); q >= 0 && a >= 0 && ok {
				p.s.cells[g.posAttrCell(a, int32(q))] = intCell(x)
			}
		}
	}
}

// intAttribute sets integer attribute a of the pieces on the positions.
func (p *posReader) intAttribute(a int, val *sexp.Node, positions []*sexp.Node) {
	x, err := strconv.Atoi(val.Text)
	if err != nil || val.Kind != sexp.Atom {
		p.errs.Addf(val, "attribute %s holds whole numbers, got %s", p.g.Rules.Attrs[a].Name, val.String())
		return
	}
	for _, pn := range positions {
		q := p.index(p.g.Rules.Board.Positions, pn, "position")
		if q < 0 {
			continue
		}
		if p.s.cells[q] == 0 {
			p.errs.Addf(pn, "no piece on %s", pn.Text)
			continue
		}
		p.s.cells[p.g.pieceAttrCell(p.g.ext.intSlot[a], int32(q))] = intCell(x)
	}
}

// formatExt writes variables, passes and position attributes, and adds
// the integer piece attributes that differ from their type's to attrs.
func (s *State) formatExt(b *strings.Builder, attrs map[string][]string) {
	g := s.g
	r := g.Rules
	for v, d := range r.Vars {
		fmt.Fprintf(b, "  (variable %s %d)\n", d.Name, s.Variable(v))
	}
	if n := s.Passes(); n > 0 {
		fmt.Fprintf(b, "  (passes %d)\n", n)
	}
	for a, pa := range r.PosAttrs {
		byValue := map[int][]string{}
		var values []int
		for q := 0; q < g.np; q++ {
			if v := s.PositionAttr(a, q); v != pa.Default {
				if byValue[v] == nil {
					values = append(values, v)
				}
				byValue[v] = append(byValue[v], r.Board.Positions[q])
			}
		}
		sort.Ints(values)
		for _, v := range values {
			fmt.Fprintf(b, "  (position-attribute %s %d %s)\n", pa.Name, v, strings.Join(byValue[v], " "))
		}
	}
	for a, k := range g.ext.intSlot {
		if k < 0 {
			continue
		}
		for q := 0; q < g.np; q++ {
			v := s.cells[q]
			if v == 0 {
				continue
			}
			if x := s.PieceAttr(a, q); x != int(g.ext.intDefault[v.Type()*len(g.ext.intSlot)+a]) {
				key := fmt.Sprintf("%s %d", r.Attrs[a].Name, x)
				attrs[key] = append(attrs[key], r.Board.Positions[q])
			}
		}
	}
}
