package engine

import (
	"fmt"

	"github.com/ludus-games/ludus/engine/rules"
)

// The native dialect's state beyond pieces on the board: game variables,
// the count of passes made in a row, position attributes and integer
// piece attributes. Each value is one more cell after the reserves, so
// that moves change them with the same Change records as the board, the
// incremental hash covers them and Undo restores them. A game that uses
// none of them has no such cells and pays nothing.

// extLayout is where the extra cells are.
type extLayout struct {
	varBase     int32 // variable v is cell varBase+v
	passCell    int32 // the passes made in a row (-1: not kept)
	posAttrBase int32 // position attribute a of position p: posAttrBase+a*np+p
	// intSlot[a] numbers the integer piece attributes that programs set
	// (-1: a boolean or constant attribute); the value of slot k for the
	// piece on p is cell pieceAttrBase+k*np+p (0 when p is empty).
	intSlot       []int32
	nslots        int
	pieceAttrBase int32
	// intDefault[t*nattrs+a] is the value of attribute a on a new piece
	// of type t.
	intDefault []int32
	attrInt    []bool // attribute a holds integers
	// ally[o*nplayers+p] is true when o and p are the same player or
	// allies.
	ally       []bool
	coalitions bool
	// clock[v] is set for a variable that counts moves and is not part
	// of the position (nil when there is none).
	clock []bool
}

// walkRules calls stmt for every statement of every program and expr
// (unless nil) for every expression, in programs, goals and the score.
func walkRules(r *rules.Rules, stmt func(*rules.Stmt), expr func(*rules.Expr)) {
	if expr == nil {
		expr = func(*rules.Expr) {}
	}
	var ws func([]rules.Stmt)
	var wc func(*rules.Cond)
	var we func(*rules.Expr)
	wset := func(s *rules.SetExpr) {
		if s == nil {
			return
		}
		for _, c := range s.Filter {
			wc(c)
		}
	}
	we = func(e *rules.Expr) {
		if e == nil {
			return
		}
		expr(e)
		wset(e.Set)
		for _, a := range e.Args {
			we(a)
		}
	}
	wc = func(c *rules.Cond) {
		if c == nil {
			return
		}
		we(c.X)
		we(c.Y)
		for _, a := range c.Args {
			wc(a)
		}
	}
	ws = func(ss []rules.Stmt) {
		for i := range ss {
			s := &ss[i]
			stmt(s)
			wc(s.Cond)
			we(s.X)
			wset(s.Set)
			ws(s.Then)
			ws(s.Else)
		}
	}
	for _, pt := range r.Pieces {
		for _, b := range pt.Moves {
			ws(b.Body)
		}
		for _, b := range pt.Drops {
			ws(b.Body)
		}
	}
	var wg func(*rules.GoalCond)
	wg = func(c *rules.GoalCond) {
		we(c.X)
		we(c.Y)
		for i := range c.Args {
			wg(&c.Args[i])
		}
	}
	for i := range r.Goals {
		wg(&r.Goals[i].Cond)
	}
	we(r.Score)
	for _, x := range r.Evaluation {
		we(x)
	}
	for _, iv := range r.Invariants {
		wc(iv.Cond)
		we(iv.X)
	}
}

// intAttr reports whether attribute a holds integers: some piece type
// gives it a number and none a string.
func intAttr(r *rules.Rules, a int) bool {
	num := false
	for _, pt := range r.Pieces {
		if a < len(pt.Defaults) {
			switch pt.Defaults[a].Kind {
			case rules.StrValue:
				return false
			case rules.IntValue:
				num = true
			}
		}
	}
	return num
}

// layoutExt places the extra cells after the reserves and builds the
// coalition table.
func (g *Game) layoutExt() {
	r := g.Rules
	passes := false
	setAttr := make([]bool, len(r.Attrs))
	walkRules(r, func(s *rules.Stmt) {
		if s.Kind == rules.SSetAttr && s.A < len(setAttr) {
			setAttr[s.A] = true
		}
	}, func(e *rules.Expr) {
		if e.Kind == rules.ECountPasses {
			passes = true
		}
	})
	x := &g.ext
	x.varBase = int32(g.ncells)
	g.ncells += len(r.Vars)
	for v, rv := range r.Vars {
		if rv.Clock {
			if x.clock == nil {
				x.clock = make([]bool, len(r.Vars))
			}
			x.clock[v] = true
		}
	}
	x.passCell = -1
	if passes {
		x.passCell = int32(g.ncells)
		g.ncells++
	}
	x.posAttrBase = int32(g.ncells)
	g.ncells += len(r.PosAttrs) * g.np
	x.intSlot = make([]int32, len(r.Attrs))
	x.intDefault = make([]int32, g.ntypes*len(r.Attrs))
	x.attrInt = make([]bool, len(r.Attrs))
	for a := range r.Attrs {
		x.attrInt[a] = intAttr(r, a)
		x.intSlot[a] = -1
		if intAttr(r, a) && setAttr[a] {
			x.intSlot[a] = int32(x.nslots)
			x.nslots++
		}
		for t, pt := range r.Pieces {
			if a < len(pt.Defaults) {
				v := pt.Defaults[a]
				switch {
				case v.Kind == rules.IntValue:
					x.intDefault[t*len(r.Attrs)+a] = int32(v.Int)
				case v.Kind == rules.BoolValue && v.Bool:
					x.intDefault[t*len(r.Attrs)+a] = 1
				}
			}
		}
	}
	x.pieceAttrBase = int32(g.ncells)
	g.ncells += x.nslots * g.np
	x.ally = make([]bool, g.nplayers*g.nplayers)
	for o, po := range r.Players {
		for p, pp := range r.Players {
			same := o == p || (po.Coalition != 0 && po.Coalition == pp.Coalition)
			x.ally[o*g.nplayers+p] = same
			x.coalitions = x.coalitions || (same && o != p)
		}
	}
}

// checkExt checks the extensions' indices.
func (g *Game) checkExt() error {
	r := g.Rules
	var err error
	bad := func(format string, args ...any) {
		if err == nil {
			err = fmt.Errorf(format, args...)
		}
	}
	walkRules(r, func(s *rules.Stmt) {
		switch s.Kind {
		case rules.SSetVar:
			if s.A < 0 || s.A >= len(r.Vars) || s.X == nil {
				bad("%s: set-variable names no variable", s.Src)
			}
		case rules.SSetPosAttr:
			if s.A < 0 || s.A >= len(r.PosAttrs) || s.X == nil {
				bad("%s: set-position-attribute names no position attribute", s.Src)
			}
		}
	}, func(e *rules.Expr) {
		switch e.Kind {
		case rules.EVar:
			if e.A < 0 || e.A >= len(r.Vars) {
				bad("%s: unknown variable", e.Src)
			}
		case rules.EPosAttr:
			if e.A < 0 || e.A >= len(r.PosAttrs) {
				bad("%s: unknown position attribute", e.Src)
			}
		case rules.EAttr:
			if e.A < 0 || e.A >= len(r.Attrs) {
				bad("%s: unknown attribute", e.Src)
			}
		case rules.ECount:
			if e.Set == nil {
				bad("%s: count of no set", e.Src)
			}
		case rules.ESum:
			if e.Set == nil || len(e.Args) != 1 {
				bad("%s: sum wants a set and a number", e.Src)
			}
		case rules.EAccum:
			if e.A < 0 || e.A >= len(r.Accumulators) {
				bad("%s: unknown accumulator", e.Src)
			}
		}
	})
	for _, v := range r.PosAttrSetup {
		if v.Attr < 0 || v.Attr >= len(r.PosAttrs) || v.Pos < 0 || v.Pos >= g.np {
			bad("position attribute setup out of range")
		}
	}
	for _, iv := range r.Invariants {
		if (iv.Acc >= 0 && (iv.Acc >= len(r.Accumulators) || iv.X == nil)) || (iv.Acc < 0 && iv.Cond == nil) {
			bad("%s: an invariant wants a condition, an accumulator a name and an expression", iv.Src)
		}
	}
	if len(r.Komi) > g.nplayers {
		bad("komi for %d players, the game has %d", len(r.Komi), g.nplayers)
	}
	for i, p := range r.Players {
		if p.Coalition < 0 {
			bad("player %s: coalition %d", r.Players[i].Name, p.Coalition)
		}
	}
	return err
}

// initExt sets the extra cells of a new state to their start values.
func (g *Game) initExt(cells []Piece) {
	r := g.Rules
	for v, d := range r.Vars {
		cells[g.ext.varBase+int32(v)] = intCell(d.Init)
	}
	for a, pa := range r.PosAttrs {
		for p := 0; p < g.np; p++ {
			cells[g.posAttrCell(a, int32(p))] = intCell(pa.Default)
		}
	}
	for _, v := range r.PosAttrSetup {
		cells[g.posAttrCell(v.Attr, int32(v.Pos))] = intCell(v.Value)
	}
	if g.ext.nslots == 0 {
		return
	}
	for p := 0; p < g.np; p++ {
		if v := cells[p]; v != 0 {
			g.resetAttrs(cells, int32(p), v.Type())
		}
	}
}

// resetAttrs writes the integer attributes of a new piece of type t on p.
func (g *Game) resetAttrs(cells []Piece, p int32, t int) {
	for a, k := range g.ext.intSlot {
		if k >= 0 {
			cells[g.pieceAttrCell(k, p)] = intCell(int(g.ext.intDefault[t*len(g.ext.intSlot)+a]))
		}
	}
}

// intCell stores an integer in a cell; cellInt reads it back.
func intCell(v int) Piece { return Piece(uint32(int32(v))) }

func cellInt(v Piece) int { return int(int32(uint32(v))) }

func (g *Game) posAttrCell(a int, p int32) int32 {
	return g.ext.posAttrBase + int32(a)*int32(g.np) + p
}

func (g *Game) pieceAttrCell(slot int32, p int32) int32 {
	return g.ext.pieceAttrBase + slot*int32(g.np) + p
}

// allied reports whether players o and p are the same or allies.
func (g *Game) allied(o, p int) bool {
	return o == p || g.ext.coalitions && g.ext.ally[o*g.nplayers+p]
}

// Variable returns the value of game variable v.
func (s *State) Variable(v int) int { return cellInt(s.cells[s.g.ext.varBase+int32(v)]) }

// PositionAttr returns the value of position attribute a on position p.
func (s *State) PositionAttr(a, p int) int { return cellInt(s.cells[s.g.posAttrCell(a, int32(p))]) }

// PieceAttr returns the value of attribute a of the piece on position p
// (0 when p is empty; a boolean attribute is 0 or 1).
func (s *State) PieceAttr(a, p int) int {
	v := s.cells[p]
	if v == 0 {
		return 0
	}
	if k := s.g.ext.intSlot[a]; k >= 0 {
		return cellInt(s.cells[s.g.pieceAttrCell(k, int32(p))])
	}
	if s.g.ext.attrInt[a] {
		return int(s.g.ext.intDefault[v.Type()*len(s.g.ext.intSlot)+a])
	}
	if v.Attr(a) {
		return 1
	}
	return 0
}

// Passes returns the number of passes made in a row just before this
// position (kept only when the rules look at it: (count passes)).
func (s *State) Passes() int {
	if c := s.g.ext.passCell; c >= 0 {
		return cellInt(s.cells[c])
	}
	return 0
}
