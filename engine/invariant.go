package engine

import "github.com/ludus-games/ludus/engine/rules"

// Invariants and accumulators (the native dialect's (invariant ...) and
// (accumulator ...)): a filter on the moves of each priority class, beside
// the royal-piece and ko filters. Each entry is applied in file order to
// the moves still listed: an accumulator takes the greatest (or least)
// value of its expression over them, an invariant removes the moves after
// which its condition fails. Comparing with an accumulator is the
// majority rule of draughts: a move that captures fewer pieces than the
// best one is dropped, however early it was generated.
//
// An invariant that reads only what the move does (its captures, its
// moving piece, the accumulators) is evaluated without playing the move;
// any other is evaluated on the position after it, with the move's
// destination current and my? meaning the side that moved. The king
// safety of chess, (= (count (pieces my? King is-attacked?)) 0), is
// recognised and checked by the royal-piece filter of legal.go, which
// needs no trial of most moves.

// cinv is a compiled invariant or accumulator.
type cinv struct {
	inv   *rules.Invariant
	cond  *ccond
	x     *cexpr
	board bool // reads the position: the move is played to evaluate it
}

// moveFacts is what the move expressions read of one move.
type moveFacts struct {
	moving int     // type of the piece that made the move, -1 for none
	count  int     // the pieces it takes, as move generation counted them
	caps   []int16 // types of the pieces it takes, in order, seen in its changes
}

// royalInvariants marks the piece types of the king-safety invariants as
// royal, so that the legality filter checks them, and returns the other
// entries.
func (g *Game) royalInvariants() []int {
	var rest []int
	for i := range g.Rules.Invariants {
		iv := &g.Rules.Invariants[i]
		if t, ok := royalSafety(iv); ok {
			g.royal[t] = true
			g.legality = true
			continue
		}
		rest = append(rest, i)
	}
	return rest
}

// royalSafety recognises (= (count (pieces my? T is-attacked?)) 0), the
// filter terms in any order and 0 on either side, and returns T.
func royalSafety(iv *rules.Invariant) (int, bool) {
	c := iv.Cond
	if iv.Acc >= 0 || c == nil || c.Kind != rules.CCompare || rules.CompareOp(c.A) != rules.OpEq {
		return 0, false
	}
	x, y := c.X, c.Y
	if x.Kind == rules.ENum {
		x, y = y, x
	}
	if y.Kind != rules.ENum || y.N != 0 || x.Kind != rules.ECount || x.Set == nil || x.Set.Kind != rules.SetPieces || len(x.Set.Filter) != 3 {
		return 0, false
	}
	t, seen := -1, 0
	for _, f := range x.Set.Filter {
		if f.Loc.Kind != rules.Here {
			return 0, false
		}
		switch f.Kind {
		case rules.CMy:
			seen |= 1
		case rules.CAttacked:
			seen |= 2
		case rules.CPiece:
			seen |= 4
			t = f.A
		}
	}
	return t, seen == 7
}

// compileInvariants compiles the entries the legality filter does not
// check.
func (g *Game) compileInvariants(entries []int) {
	r := g.Rules
	for _, i := range entries {
		iv := &r.Invariants[i]
		ci := cinv{inv: iv}
		if iv.Acc >= 0 {
			ci.x = g.compileExpr(iv.X)
			ci.board = exprReadsBoard(iv.X)
		} else {
			ci.cond = g.compileCondTree(iv.Cond)
			ci.board = condReadsBoard(iv.Cond)
		}
		g.invs = append(g.invs, ci)
	}
}

// exprReadsBoard reports whether an expression reads the position (not
// only what the move does).
func exprReadsBoard(e *rules.Expr) bool {
	switch e.Kind {
	case rules.ENum, rules.EAccum, rules.ECaptured, rules.EMoving, rules.EFirstCapture:
		return false
	case rules.EAdd, rules.ESub, rules.EMul, rules.EMin, rules.EMax:
		for _, a := range e.Args {
			if exprReadsBoard(a) {
				return true
			}
		}
		return false
	}
	return true
}

func condReadsBoard(c *rules.Cond) bool {
	switch c.Kind {
	case rules.CTrue, rules.CFalse:
		return false
	case rules.CNot, rules.CAnd, rules.COr:
		for _, a := range c.Args {
			if condReadsBoard(a) {
				return true
			}
		}
		return false
	case rules.CCompare:
		return exprReadsBoard(c.X) || exprReadsBoard(c.Y)
	}
	return true
}

// filterInvariants applies the invariants to the moves of ml from start
// on, made by side.
func (gn *generator) filterInvariants(ml *MoveList, start, side int) {
	g := gn.g
	ms := ml.Moves[start:]
	if len(ms) == 0 {
		return
	}
	if len(gn.acc) < len(g.Rules.Accumulators) {
		gn.acc = make([]int, len(g.Rules.Accumulators))
	}
	facts := gn.factsOf(ms, side)
	for i := range g.invs {
		ci := &g.invs[i]
		if ci.inv.Acc >= 0 {
			best := 0
			for k := range ms {
				v := gn.invEval(ci, &ms[k], &facts[k], side)
				if k == 0 || (ci.inv.Min && v < best) || (!ci.inv.Min && v > best) {
					best = v
				}
			}
			gn.acc[ci.inv.Acc] = best
		} else {
			keep := 0
			for k := range ms {
				if gn.invEval(ci, &ms[k], &facts[k], side) != 0 {
					ms[keep], facts[keep] = ms[k], facts[k]
					keep++
				}
			}
			ms = ms[:keep]
		}
		if gn.err != nil {
			return
		}
	}
	ml.Moves = ml.Moves[:start+len(ms)]
}

// invEval evaluates an entry for one move: the accumulator's expression,
// or 1 when the invariant holds and 0 when not.
func (gn *generator) invEval(ci *cinv, m *Move, mf *moveFacts, side int) int {
	s := gn.s
	c := ectx{side: side, cur: -1, mf: mf}
	var n int
	var oldFrom, oldTo int32
	if ci.board {
		n = len(s.undo)
		gn.inv = invMove{m: m, mark: n, lastFrom: s.lastFrom, lastTo: s.lastTo}
		s.apply(m.Changes)
		oldFrom, oldTo = s.lastFrom, s.lastTo
		if k := len(m.Steps); k > 0 {
			s.setLast(m.Steps[k-1].From, m.Steps[k-1].To)
			c.cur = m.Steps[k-1].To
		}
	}
	var v int
	if ci.x != nil {
		v = gn.evalTop(ci.x, &c)
	} else if gn.testTop(ci.cond, &c) {
		v = 1
	}
	if ci.board {
		s.setLast(oldFrom, oldTo)
		s.revert(n)
	}
	return v
}

// factsOf works out what each move does, on the position before it.
func (gn *generator) factsOf(ms []Move, side int) []moveFacts {
	g := gn.g
	cells := gn.s.cells
	facts := gn.facts[:0]
	buf := gn.capBuf[:0]
	for k := range ms {
		m := &ms[k]
		f := moveFacts{moving: -1, count: int(m.Captures)}
		if len(m.Steps) > 0 && m.Steps[0].From >= 0 {
			if v := cells[m.Steps[0].From]; v != 0 {
				f.moving = v.Type()
			}
		}
		b0 := len(buf)
		for i, ch := range m.Changes {
			if int(ch.Pos) >= g.np {
				continue
			}
			prev := cells[ch.Pos]
			for j := i - 1; j >= 0; j-- {
				if m.Changes[j].Pos == ch.Pos {
					prev = m.Changes[j].Val
					break
				}
			}
			if taken(prev, ch.Val, side) {
				buf = append(buf, int16(prev.Type()))
			}
		}
		facts = append(facts, f)
		facts[k].caps = buf[b0:len(buf):len(buf)]
	}
	gn.facts, gn.capBuf = facts, buf
	return facts
}

// taken reports whether a change of a cell from prev to next takes a
// piece of another player than side: removes it (or marks it captured
// under deferred captures) or gives it another owner.
func taken(prev, next Piece, side int) bool {
	if prev == 0 || prev.ghost() || prev.Owner() == side {
		return false
	}
	return next == 0 || next.ghost() || next.Owner() != prev.Owner()
}

// moveExpr evaluates the move expressions.
func (gn *generator) moveExpr(e *rules.Expr, c *ectx) int {
	if c.mf == nil {
		gn.exprFail(c, "describes a move: it is for invariants and accumulators")
		return 0
	}
	switch e.Kind {
	case rules.EAccum:
		return gn.acc[e.A]
	case rules.EMoving:
		if c.mf.moving >= 0 && (len(e.Types) == 0 || containsInt(e.Types, c.mf.moving)) {
			return 1
		}
		return 0
	case rules.ECaptured:
		if len(e.Types) == 0 {
			return c.mf.count
		}
		n := 0
		for _, t := range c.mf.caps {
			if containsInt(e.Types, int(t)) {
				n++
			}
		}
		return n
	case rules.EFirstCapture:
		for i, t := range c.mf.caps {
			if len(e.Types) == 0 || containsInt(e.Types, int(t)) {
				return i + 1
			}
		}
	}
	return 0
}

// invMove is the move an invariant is being evaluated for, with what
// (count moves) needs to play it on a copy of the position: the undo
// mark and the last move before it.
type invMove struct {
	m                *Move
	mark             int
	lastFrom, lastTo int32
}

// maxCountDepth bounds (count moves) in invariants within one another:
// counting the replies to a move filters them by the invariants too,
// which may count the replies to those.
const maxCountDepth = 4

// movesAfter evaluates (count moves) in an invariant: the legal moves of
// the player to move after the move, counted on a copy of the position
// (the invariants filter them too). It costs a generation of the replies
// each time it is evaluated, so an invariant should reach it only for
// the moves it concerns: (or (not (piece? Pawn)) ... (> (count moves) 0)).
func (gn *generator) movesAfter(c *ectx) int {
	iv := gn.inv
	if c.mf == nil || iv.m == nil {
		gn.exprFail(c, "counts moves outside a goal or an invariant")
		return 0
	}
	if gn.s.countDepth >= maxCountDepth {
		gn.exprFail(c, "counts moves within counts of moves more than %d deep", maxCountDepth)
		return 0
	}
	after := gn.s.Clone()
	after.revert(iv.mark)
	after.setLast(iv.lastFrom, iv.lastTo)
	after.Play(iv.m)
	after.countDepth = gn.s.countDepth + 1
	if gn.replies == nil {
		gn.replies = &MoveList{}
	}
	n, err := after.countMoves(gn.replies)
	if err != nil && gn.err == nil {
		gn.err = err
	}
	return n
}
