package engine

import (
	"github.com/ludus-games/ludus/engine/rules"
)

// valueAt returns what cell p will hold once the changes of the step being
// built (scratch from base on) are made.
func (gn *generator) valueAt(p int32, base int) Piece {
	for i := len(gn.scratch) - 1; i >= base; i-- {
		if gn.scratch[i].Pos == p {
			return gn.scratch[i].Val
		}
	}
	return gn.s.cells[p]
}

func (gn *generator) push(p int32, v Piece) {
	gn.scratch = append(gn.scratch, Change{p, v})
}

// recycle sends a captured piece to the capturer's reserve.
func (gn *generator) recycle(v Piece, side int, base int) {
	if !gn.g.Rules.Options.RecycleCaptures || v == 0 {
		return
	}
	if gn.g.Rules.Options.RecycleToOwner {
		side = v.Owner()
	}
	t := v.Type()
	if pt := &gn.g.Rules.Pieces[t]; pt.Demotes {
		t = pt.CapturedAs
	}
	if slot := gn.g.resSlot[side*gn.g.ntypes+t]; slot >= 0 {
		gn.push(slot, gn.valueAt(slot, base)+1)
	}
}

// emit turns the frame's pending effects into one step and either ends the
// composite move with it or, for a partial move, plays it and generates
// its continuations.
func (gn *generator) emit(f *frame, kind rules.AddKind, promo int, next int) {
	g := gn.g
	if gn.simple && kind == rules.AddMove && promo < 0 && f.mover != 0 && len(gn.prefix) == 0 &&
		len(f.movers) == 0 && len(f.captures) == 0 && len(f.attrs) == 0 && len(f.rotates) == 0 {
		if len(f.effects) == 0 {
			gn.emitSimple(f)
			return
		}
		if f.from >= 0 && onlySetVars(f.effects) {
			gn.emitSimpleVars(f)
			return
		}
	}
	base := len(gn.scratch)
	defer func() { gn.scratch = gn.scratch[:base] }()
	gn.curGhosts = gn.curGhosts[:0]
	dest := f.dest()
	hasFinal := f.mover != 0
	copyMove := kind == rules.AddCopy || kind == rules.AddCopyPartial
	var guard = [2]int32{-1, -1}
	if g.movedAttr >= 0 && hasFinal && len(f.movers) > 0 {
		k := f.movers[0].piece
		if g.royal[k.Type()] {
			// Castling under the chess invariant: neither piece may have
			// moved, and the king may not pass through an attack.
			if k.Attr(g.movedAttr) || f.mover.Attr(g.movedAttr) {
				return
			}
			guard = [2]int32{f.movers[0].from, dest}
		}
	}
	stacks := g.stackLevels > 0
	if stacks && !gn.liftColumns(f, base, hasFinal && f.from >= 0 && !copyMove) {
		return
	}
	for _, m := range f.movers {
		if m.from >= 0 {
			gn.push(m.from, 0)
		}
	}
	if hasFinal && f.from >= 0 && !copyMove {
		gn.push(f.from, 0)
	}
	caps, vals := 0, 0
	deferred := g.Rules.Options.DeferredCaptures
	for _, c := range f.captures {
		v := gn.s.cells[c]
		if v == 0 {
			continue
		}
		caps++
		if v.Type() != 0 {
			vals++
		}
		if deferred {
			gn.push(c, v|ghostBit)
			gn.curGhosts = append(gn.curGhosts, c)
		} else {
			gn.push(c, 0)
			if stacks && !gn.setColumn(f, c, nil, base) {
				return
			}
		}
		gn.recycle(v, f.side, base)
	}
	if stacks {
		c, v, ok := gn.takeTops(f, base)
		if !ok {
			return
		}
		caps, vals = caps+c, vals+v
	}
	place := func(p int32, v Piece) {
		if old := gn.valueAt(p, base); old != 0 && old&ghostBit == 0 {
			caps++
			if old.Type() != 0 {
				vals++
			}
			gn.recycle(old, f.side, base)
		}
		if g.movedAttr >= 0 {
			v = v.WithAttr(g.movedAttr, true)
		}
		gn.push(p, v)
	}
	for i, m := range f.movers {
		place(m.to, m.piece)
		if stacks && !gn.placeColumn(f, m.to, gn.stk.movers[i], nil, base) {
			return
		}
	}
	if hasFinal {
		v := f.mover
		if promo >= 0 {
			v = MakePiece(promo, v.Owner()) | g.defaults[promo] | v&^(typeMask|ownerMask|ghostBit)&movedMask(g)
		}
		place(dest, v)
		if stacks && !gn.placeColumn(f, dest, gn.stk.final, gn.stk.prisoners, base) {
			return
		}
	}
	gn.effects(f, base)
	for _, k := range f.rotates {
		gn.rotate(gn.g.perms[k], base)
	}
	if f.from < 0 && hasFinal {
		if slot := g.resSlot[f.mover.Owner()*g.ntypes+f.mover.Type()]; slot >= 0 {
			gn.push(slot, gn.valueAt(slot, base)-1)
		}
	}
	st := Step{From: f.from, To: dest, Block: int32(f.blk.ID), Promo: int16(promo),
		Partial: kind.Partial(), Captures: int16(caps)}
	if len(f.movers) > 0 {
		st.From, st.To = f.movers[0].from, f.movers[0].to
	}
	gn.capTotal += caps
	gn.valTotal += vals
	jump := gn.jump
	for _, e := range f.effects {
		if e.op == opGotoTurn {
			gn.jump = e.t
		}
	}
	if kind.Partial() {
		gn.partial(f, st, base, next)
	} else {
		gn.finish(st, guard)
	}
	gn.jump = jump
	gn.capTotal -= caps
	gn.valTotal -= vals
}

// movedMask keeps only the implicit "moved" bit of a promoted piece.
func movedMask(g *Game) Piece {
	if g.movedAttr < 0 {
		return 0
	}
	return 1 << (attrShift + uint(g.movedAttr))
}

// effects applies creates, flips, owner and type changes, then attribute
// settings, to the cells as they are after the pieces have moved.
func (gn *generator) effects(f *frame, base int) {
	g := gn.g
	for _, e := range f.effects {
		v := gn.valueAt(e.pos, base)
		switch e.op {
		case opCreate:
			owner := int(e.p)
			if owner < 0 {
				owner = f.side
			}
			gn.push(e.pos, MakePiece(int(e.t), owner)|g.defaults[e.t])
		case opFlip:
			if v != 0 {
				gn.push(e.pos, v.withOwner((v.Owner()+1)%g.nplayers))
			}
		case opChangeOwner:
			if v != 0 {
				gn.push(e.pos, v.withOwner(f.side))
			}
		case opChangeType:
			if v != 0 {
				gn.push(e.pos, MakePiece(int(e.t), v.Owner())|g.defaults[e.t])
			}
		}
	}
	if g.ext.nslots > 0 {
		gn.carryAttrs(f, base)
	}
	for _, a := range f.attrs {
		if v := gn.valueAt(a.pos, base); v != 0 && v&ghostBit == 0 {
			gn.push(a.pos, v.WithAttr(int(a.attr), a.val))
		}
	}
	for _, e := range f.effects {
		switch e.op {
		case opSetVar:
			gn.push(g.ext.varBase+e.t, intCell(int(e.p)))
		case opSetPosAttr:
			gn.push(g.posAttrCell(int(e.t), e.pos), intCell(int(e.p)))
		case opSetAttrInt:
			if v := gn.valueAt(e.pos, base); v != 0 && v&ghostBit == 0 {
				gn.push(g.pieceAttrCell(e.t, e.pos), intCell(int(e.p)))
			}
		}
	}
}

// carryAttrs keeps the integer attributes with their pieces: a piece that
// moved brings its values, a new piece (created, dropped, promoted) gets
// its type's, and an emptied position holds none.
func (gn *generator) carryAttrs(f *frame, base int) {
	g := gn.g
	end := len(gn.scratch)
	for i := base; i < end; i++ {
		p := gn.scratch[i].Pos
		if int(p) >= g.np || gn.changedBefore(p, base, i) {
			continue
		}
		v := gn.valueAt(p, base)
		old := gn.s.cells[p]
		from := int32(-2) // -2: not a destination
		if f.mover != 0 && f.dest() == p {
			from = f.from
		}
		for _, m := range f.movers {
			if m.to == p {
				from = m.from
			}
		}
		for a, k := range g.ext.intSlot {
			if k < 0 {
				continue
			}
			var want int
			switch {
			case v == 0:
				want = 0
			case from >= 0 && gn.s.cells[from].Type() == v.Type():
				want = cellInt(gn.s.cells[g.pieceAttrCell(k, from)])
			case from == -2 && old != 0 && old.Type() == v.Type():
				continue // the same piece, flipped or marked
			default:
				want = int(g.ext.intDefault[v.Type()*len(g.ext.intSlot)+a])
			}
			cell := g.pieceAttrCell(k, p)
			if cellInt(gn.valueAt(cell, base)) != want {
				gn.push(cell, intCell(want))
			}
		}
	}
}

// changedBefore reports whether scratch[base:i] already changed cell p.
func (gn *generator) changedBefore(p int32, base, i int) bool {
	for _, c := range gn.scratch[base:i] {
		if c.Pos == p {
			return true
		}
	}
	return false
}

// finish records the composite move that ends with step st.
func (gn *generator) finish(st Step, guard [2]int32) {
	g := gn.g
	st.End = int32(len(gn.scratch))
	extra := gn.extra[:0]
	for _, p := range gn.ghosts {
		extra = gn.emptied(extra, p)
	}
	for _, p := range gn.curGhosts {
		extra = gn.emptied(extra, p)
	}
	if g.Rules.Options.InternationalExtension && len(g.Rules.Board.Zones) > 0 && gn.start.Type() == 0 &&
		g.ntypes > 1 && st.To >= 0 {
		side := gn.start.Owner()
		if g.zones[0][side][st.To>>6]>>(st.To&63)&1 != 0 {
			v := gn.valueAt(st.To, 0)
			if v != 0 && v.Type() == 0 {
				extra = append(extra, Change{st.To, MakePiece(1, v.Owner()) | g.defaults[1] | v&movedMask(g)})
			}
		}
	}
	gn.extra = extra
	// The steps go through a buffer of their own: appending to the
	// prefix would allocate whenever it is at its capacity.
	steps := append(append(gn.stepBuf[:0], gn.prefix...), st)
	gn.stepBuf = steps
	gn.out.add(Move{Type: int16(gn.moveType), Captures: int16(gn.capTotal), Valuable: int16(gn.valTotal),
		NextTurn: uint8(gn.jump), guard: guard}, gn.scratch, extra, steps)
}

// emptied appends the changes that empty position p: the piece, and its
// integer attributes.
func (gn *generator) emptied(extra []Change, p int32) []Change {
	extra = append(extra, Change{p, 0})
	for _, k := range gn.g.ext.intSlot {
		if k >= 0 {
			extra = append(extra, Change{gn.g.pieceAttrCell(k, p), 0})
		}
	}
	return extra
}

// emitSimple is emit for the commonest move: one piece moving (or dropped)
// with nothing else happening, written straight into the move list.
func (gn *generator) emitSimple(f *frame) {
	gn.emitDirect(f.blk, f.from, f.dest(), f.mover)
}

// onlySetVars reports whether every effect sets a game variable.
func onlySetVars(effects []effect) bool {
	for _, e := range effects {
		if e.op != opSetVar {
			return false
		}
	}
	return true
}

// emitSimpleVars is emitSimple for a move that also sets game variables
// (a move counter, set by every move of a game): the general emit would
// give the same changes, in the same order (the move's, then the
// variables'), several times slower.
func (gn *generator) emitSimpleVars(f *frame) {
	gn.emitDirect(f.blk, f.from, f.dest(), f.mover)
	if f.blk.sets != nil {
		return // emitDirect added them
	}
	l := gn.out
	m := &l.Moves[len(l.Moves)-1]
	c0 := len(l.ch) - len(m.Changes)
	for _, e := range f.effects {
		l.ch = append(l.ch, Change{gn.g.ext.varBase + e.t, intCell(int(e.p))})
	}
	m.Changes = l.ch[c0:len(l.ch):len(l.ch)]
	l.st[len(l.st)-1].End = int32(len(m.Changes))
}

// emitDirect adds the move of piece mover from from (-1: a drop) to dest
// made by program blk.
func (gn *generator) emitDirect(blk *CBlock, from, dest int32, mover Piece) {
	gn.emitDirectPromo(blk, from, dest, mover, -1)
}

// emitDirectPromo is emitDirect with the piece becoming type promo (-1:
// unchanged).
func (gn *generator) emitDirectPromo(blk *CBlock, from, dest int32, mover Piece, promo int) {
	g := gn.g
	if promo >= 0 {
		mover = MakePiece(promo, mover.Owner()) | g.defaults[promo] | mover&movedMask(g)
	}
	l := gn.out
	caps, vals := 0, 0
	if old := gn.s.cells[dest]; old != 0 && old&ghostBit == 0 && dest != from {
		caps = 1
		if old.Type() != 0 {
			vals = 1
		}
	}
	c0 := len(l.ch)
	if from >= 0 {
		l.ch = append(l.ch, Change{from, 0})
	}
	l.ch = append(l.ch, Change{dest, mover})
	if from < 0 {
		if slot := g.resSlot[mover.Owner()*g.ntypes+mover.Type()]; slot >= 0 {
			l.ch = append(l.ch, Change{slot, gn.s.cells[slot] - 1})
		}
	}
	if blk.sets != nil {
		l.ch = gn.appendSets(l.ch, blk, caps > 0, mover.Owner())
	}
	c1 := len(l.ch)
	s0 := len(l.st)
	l.st = append(l.st, Step{})
	st := &l.st[s0]
	st.From, st.To, st.Block, st.Promo, st.Captures, st.End = from, dest, int32(blk.ID), int16(promo), int16(caps), int32(c1-c0)
	n := len(l.Moves)
	if n < cap(l.Moves) {
		l.Moves = l.Moves[:n+1]
	} else {
		l.Moves = append(l.Moves, Move{})
	}
	m := &l.Moves[n]
	m.Changes, m.Steps = l.ch[c0:c1:c1], l.st[s0:s0+1:s0+1]
	m.Type, m.Captures, m.Valuable, m.Pass, m.NextTurn = int16(gn.moveType), int16(caps), int16(vals), false, 0
	m.guard = [2]int32{-1, -1}
}
