package engine

import (
	"fmt"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
	"github.com/ludus-games/ludus/render"
)

// Stacks: several pieces on one position, in a column that moves as a
// unit with its top piece (Laska, Bashni). The top piece stands in the
// board cell, so ownership, move generation and goals see the column as
// its top piece; the pieces under it are cells of their own after the
// native dialect's extra cells, level k (0: just under the top) of
// position p in cell stackBase+k*np+p, filled from level 0 up. Moves
// change them with the same Change records as the board, so the hash
// covers them and Undo restores them. A game without stacks has no such
// cells and runs none of this code.

// topOp is a take-top (keep) or capture-top statement of a frame.
type topOp struct {
	pos  int32
	keep bool
}

// layoutStacks places the column cells after every other cell.
func (g *Game) layoutStacks() {
	if h := g.Rules.StackHeight; h > 1 {
		g.stackLevels = h - 1
		g.stackBase = int32(g.ncells)
		g.ncells += g.stackLevels * g.np
	}
}

// checkStacks rejects what columns cannot be combined with.
func (g *Game) checkStacks() error {
	r := g.Rules
	switch {
	case r.StackHeight < 0 || r.StackHeight > 1<<10:
		return fmt.Errorf("stacks of %d pieces: from 1 to %d", r.StackHeight, 1<<10)
	case r.StackHeight <= 1:
		return nil
	case r.Options.DeferredCaptures:
		return fmt.Errorf("%sstacks cannot be combined with \"deferred captures\"", srcPrefix(r.StackSrc))
	case g.ext.nslots > 0:
		// At the first statement that sets such an attribute.
		var set rules.Src
		walkRules(r, func(s *rules.Stmt) {
			if s.Kind == rules.SSetAttr && g.ext.intSlot[s.A] >= 0 && set.Line == 0 {
				set = s.Src
			}
		}, nil)
		return fmt.Errorf("%sstacks cannot be combined with integer piece attributes that programs set", srcPrefix(set))
	}
	return nil
}

// srcPrefix prefixes an error with its place in the rules file, if one is known.
func srcPrefix(s rules.Src) string {
	if s.Line == 0 {
		return ""
	}
	return s.String() + ": "
}

// under is the cell of level k under position p.
func (g *Game) under(p int32, k int) int32 { return g.stackBase + int32(k)*int32(g.np) + p }

// Column returns the pieces under the top piece of position p, from the
// one just under it down (nil for a single piece or an empty position).
func (s *State) Column(p int) []Piece {
	var out []Piece
	for k := 0; k < s.g.stackLevels; k++ {
		v := s.cells[s.g.under(int32(p), k)]
		if v == 0 {
			break
		}
		out = append(out, v)
	}
	return out
}

// StackHeight returns the most pieces a position may hold (1 without
// stacks).
func (g *Game) StackHeight() int { return g.stackLevels + 1 }

// stackSize is the number of pieces on p.
func (s *State) stackSize(p int32) int {
	if s.cells[p] == 0 {
		return 0
	}
	n := 1
	for k := 0; k < s.g.stackLevels && s.cells[s.g.under(p, k)] != 0; k++ {
		n++
	}
	return n
}

// column appends the pieces under p, as the step being built leaves
// them, to gn.colBuf and returns where they are there.
func (gn *generator) column(p int32, base int) [2]int {
	g := gn.g
	start := len(gn.colBuf)
	for k := 0; k < g.stackLevels; k++ {
		v := gn.valueAt(g.under(p, k), base)
		if v == 0 {
			break
		}
		gn.colBuf = append(gn.colBuf, v)
	}
	return [2]int{start, len(gn.colBuf)}
}

// setColumn makes col (then nothing) the pieces under p; false, with an
// error, when the column would be higher than the rules allow.
func (gn *generator) setColumn(f *frame, p int32, col []Piece, base int) bool {
	g := gn.g
	if len(col) > g.stackLevels {
		gn.fail(f, "a column of %d pieces on %s: the rules allow %d", len(col)+1, g.Rules.Board.Positions[p], g.stackLevels+1)
		return false
	}
	for k := 0; k < g.stackLevels; k++ {
		var want Piece
		if k < len(col) {
			want = col[k]
		}
		cell := g.under(p, k)
		old := gn.valueAt(cell, base)
		if old == 0 && want == 0 {
			break
		}
		if old != want {
			gn.push(cell, want)
		}
	}
	return true
}

// stackStep is what emit keeps of the columns of one step: the column
// under each cascading mover and under the final mover, and the pieces
// taken to the final mover's bottom (ranges in gn.colBuf).
type stackStep struct {
	movers    [][2]int
	final     [2]int
	prisoners []Piece
}

// liftColumns lifts the columns under the moving pieces off their
// positions.
func (gn *generator) liftColumns(f *frame, base int, final bool) bool {
	st := &gn.stk
	gn.colBuf = gn.colBuf[:0]
	st.movers = st.movers[:0]
	st.final = [2]int{}
	st.prisoners = st.prisoners[:0]
	for _, m := range f.movers {
		r := [2]int{}
		if m.from >= 0 {
			r = gn.column(m.from, base)
		}
		st.movers = append(st.movers, r)
	}
	if final {
		st.final = gn.column(f.from, base)
	}
	for _, m := range f.movers {
		if m.from >= 0 && !gn.setColumn(f, m.from, nil, base) {
			return false
		}
	}
	return !final || gn.setColumn(f, f.from, nil, base)
}

// takeTops removes the top pieces of the columns the frame takes from,
// freeing the pieces under them, and keeps those taken to the mover's
// bottom. It returns the pieces taken, and those of any type but the
// first.
func (gn *generator) takeTops(f *frame, base int) (caps, vals int, ok bool) {
	st := &gn.stk
	for _, t := range f.tops {
		top := gn.valueAt(t.pos, base)
		if top == 0 {
			continue
		}
		caps++
		if top.Type() != 0 {
			vals++
		}
		r := gn.column(t.pos, base)
		col := gn.colBuf[r[0]:r[1]]
		var next Piece
		if len(col) > 0 {
			next = col[0]
			col = col[1:]
		}
		if !gn.setColumn(f, t.pos, col, base) {
			return 0, 0, false
		}
		gn.push(t.pos, next)
		if t.keep {
			st.prisoners = append(st.prisoners, top)
		} else {
			gn.recycle(top, f.side, base)
		}
	}
	return caps, vals, true
}

// placeColumn puts the column (and, for the final mover, the pieces
// taken) under a piece placed on p.
func (gn *generator) placeColumn(f *frame, p int32, r [2]int, prisoners []Piece, base int) bool {
	col := append(gn.colTmp[:0], gn.colBuf[r[0]:r[1]]...)
	col = append(col, prisoners...)
	gn.colTmp = col
	return gn.setColumn(f, p, col, base)
}

func hasTop(tops []topOp, p int32) bool {
	for _, t := range tops {
		if t.pos == p {
			return true
		}
	}
	return false
}

// stack reads (stack p (Player Piece)...): the pieces under the top piece
// of p, from the one just under it down.
func (p *posReader) stack(n *sexp.Node) {
	g := p.g
	args := n.Args()
	if g.stackLevels == 0 {
		p.errs.Addf(n, "the rules hold one piece a position: no stacks")
		return
	}
	if len(args) < 2 {
		p.errs.Addf(n, "stack wants a position and the pieces under its top, (Player Piece) each")
		return
	}
	q := p.index(g.Rules.Board.Positions, args[0], "position")
	if q < 0 {
		return
	}
	if p.s.cells[q] == 0 {
		p.errs.Addf(args[0], "no piece on %s to stack under", args[0].Text)
		return
	}
	if len(args)-1 > g.stackLevels {
		p.errs.Addf(n, "a column of %d pieces: the rules allow %d", len(args), g.stackLevels+1)
		return
	}
	for k, a := range args[1:] {
		if a.Kind != sexp.List || len(a.List) != 2 {
			p.errs.Addf(a, "want (Player Piece), got %s", a.String())
			return
		}
		pl := p.index(p.playerNames(), a.List[0], "player")
		t := p.index(p.typeNames(), a.List[1], "piece")
		if pl < 0 || t < 0 {
			return
		}
		p.s.cells[g.under(int32(q), k)] = MakePiece(t, pl) | g.defaults[t]
	}
}

// formatStacks writes the columns of the position.
func (s *State) formatStacks(b *strings.Builder) {
	g := s.g
	r := g.Rules
	for q := 0; q < g.np; q++ {
		col := s.Column(q)
		if len(col) == 0 {
			continue
		}
		parts := make([]string, len(col))
		for k, v := range col {
			parts[k] = "(" + r.Players[v.Owner()].Name + " " + r.Pieces[v.Type()].Name + ")"
		}
		fmt.Fprintf(b, "  (stack %s %s)\n", r.Board.Positions[q], strings.Join(parts, " "))
	}
}

// columnsText lists the columns of the position under a text board, top
// piece first: "column c3: S s s".
func (s *State) columnsText(b *strings.Builder) {
	g := s.g
	for q := 0; q < g.np; q++ {
		col := s.Column(q)
		if len(col) == 0 {
			continue
		}
		letters := []string{g.PieceLetter(s.cells[q])}
		for _, v := range col {
			letters = append(letters, g.PieceLetter(v))
		}
		fmt.Fprintf(b, "column %s: %s\n", g.Rules.Board.Positions[q], strings.Join(letters, " "))
	}
}

// drawColumn draws the pieces under the top piece of p as discs showing
// below it, the lowest furthest down (at most six), and the column's
// height beside it.
func drawColumn(d *render.Drawing, s *State, p int, c render.Point, size float64) {
	col := s.Column(p)
	if len(col) == 0 {
		return
	}
	shown := min(len(col), 6)
	step := size * 0.07
	for k := shown - 1; k >= 0; k-- {
		v := col[k]
		y := c.Y + float64(k+1)*step
		d.Circle(c.X, y, size*0.38, render.Style{Fill: playerColor(s.g, v.Owner()), Stroke: render.Hex("#1b1b1b"), Width: 1.5})
	}
	d.Text(render.Pt(c.X+size*0.42, c.Y-size*0.3), fmt.Sprint(len(col)+1), render.Font{Size: size * 0.24, Anchor: render.Middle,
		Bold: true, Color: render.Hex("#333")})
}
