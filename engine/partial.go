package engine

import "slices"

// Composite moves: a partial step (add-partial) is played and the moves
// that continue it generated, the piece that moved going on with the
// programs of the move type it names.

// partial plays step st and generates the moves that continue it: the
// piece that moved goes on with programs of move type next. If none
// exists the composite move ends here; with "pass partial" it may also end
// here when continuations exist.
func (gn *generator) partial(f *frame, st Step, base int, next int) {
	if len(gn.prefix) >= maxChain {
		gn.fail(f, "partial moves chained more than %d times", maxChain)
		return
	}
	if next < 0 {
		next = f.blk.MoveType
	}
	s := gn.s
	if len(gn.prefix) == 0 {
		gn.seen = append(gn.seen[:0], s.boardKey())
	}
	// Captures deferred to the end of the move leave their pieces on
	// the board: their count keeps a capturing loop (a king back on its
	// start square) apart from a step back.
	key := s.keyAfter(gn.scratch[base:]) + uint64(len(gn.ghosts)+len(gn.curGhosts))*0x9e3779b97f4a7c15
	if slices.Contains(gn.seen, key) {
		// Back in a position of this move: the step would make a
		// cycle (a jump and a jump back) and is not made.
		return
	}
	pk := gn.pick
	if pk != nil && len(gn.prefix) == 0 {
		// A draw among composite moves (sample.go): list the first step,
		// or continue only the step drawn, by the program in the slot
		// drawn.
		k := pk.seen
		pk.seen++
		if pk.listing {
			// k counts the first steps of one run of the program.
			if n := len(pk.items); n > 0 && pk.items[n-1].from == f.from && pk.items[n-1].blk == f.blk {
				k = int(pk.items[n-1].k) + 1
			} else {
				k = 0
			}
			pk.items = append(pk.items, chainItem{from: f.from, blk: f.blk, k: int32(k)})
		}
		if pk.listing || k != pk.item {
			return
		}
	} else {
		pk = nil
	}
	passPartial := gn.g.Rules.Options.PassPartial
	if passPartial {
		gn.finish(st, [2]int32{-1, -1})
	}
	st.End = int32(len(gn.scratch))
	if pk == nil && !passPartial && !gn.g.Rules.Options.LandToContinue && !gn.mayContinue(f.side, st.To, next, base) {
		// No program can go on from where the step lands: the move ends
		// with it, and it need not be played to learn so.
		gn.finishAt(st)
		return
	}
	n := len(s.undo)
	s.apply(gn.scratch[base:])
	oldFrom, oldTo := s.lastFrom, s.lastTo
	s.setLast(st.From, st.To)
	gn.prefix = append(gn.prefix, st)
	gn.seen = append(gn.seen, key)
	ng := len(gn.ghosts)
	gn.ghosts = append(gn.ghosts, gn.curGhosts...)
	nt := len(gn.tookAt)
	if gn.g.usesTaken {
		gn.tookAt = append(gn.tookAt, f.captures...)
		for _, t := range f.tops {
			gn.tookAt = append(gn.tookAt, t.pos)
		}
	}
	before := len(gn.out.Moves)
	slot := -1
	if pk != nil {
		slot = pk.slot
	}
	gn.continuePartial(f.side, st.To, next, slot)
	continued := len(gn.out.Moves) > before
	if pk != nil && continued {
		pk.found = before
	} else if pk != nil {
		// Nothing in the slot drawn: no move, unless the slot is the
		// first and no continuation exists at all: the first slot also
		// stands for the step alone, which then ends the move.
		alone := false
		if slot == 0 {
			gn.continuePartial(f.side, st.To, next, -1)
			alone = len(gn.out.Moves) == before
			gn.out.Moves = gn.out.Moves[:before]
		}
		continued = !alone
	}
	gn.ghosts = gn.ghosts[:ng]
	gn.tookAt = gn.tookAt[:nt]
	gn.prefix = gn.prefix[:len(gn.prefix)-1]
	gn.seen = gn.seen[:len(gn.seen)-1]
	s.setLast(oldFrom, oldTo)
	s.revert(n)
	if !continued && !passPartial && gn.err == nil {
		if pk != nil {
			pk.found = len(gn.out.Moves)
		}
		if !gn.g.Rules.Options.LandToContinue {
			gn.finishAt(st)
			return
		}
		b := len(gn.out.Moves)
		gn.finishAt(st)
		f.ends = append(f.ends, int32(b), int32(len(gn.out.Moves)))
	} else if continued && gn.g.Rules.Options.LandToContinue {
		f.goesOn = true
	}
}

// mayContinue reports whether continuePartial may find a move after the
// step whose changes are scratch[base:], before the step is played: the
// piece landing on to is the side's and a program of move type next may
// run from there (no plan, or its guard holds on the cells as the step
// leaves them).
func (gn *generator) mayContinue(side int, to int32, next, base int) bool {
	g := gn.g
	if to < 0 {
		return false
	}
	v := gn.valueAt(to, base)
	if v == 0 || v&ghostBit != 0 || v.Owner() != side && !g.Rules.Options.AnyOwner {
		return false
	}
	for _, blk := range g.types[v.Type()].attack {
		if blk.MoveType != next {
			continue
		}
		if blk.plans == nil {
			return true
		}
		pl := blk.plans[side]
		if pl.kind[to] != planNever && gn.holdsAfter(pl.lits[pl.guard[2*to]:pl.guard[2*to+1]], side, base) {
			return true
		}
	}
	return false
}

// holdsAfter is holds on the cells as the changes scratch[base:] leave
// them.
func (gn *generator) holdsAfter(lits []cellLit, side int, base int) bool {
	for i := range lits {
		l := &lits[i]
		if gn.g.cellTest(l.op, gn.valueAt(l.pos, base), side, l.b) == l.neg {
			return false
		}
	}
	return true
}

// continuePartial runs the programs of move type next of the piece on to
// (after a partial step), or with slot >= 0 only the slot-th of them.
func (gn *generator) continuePartial(side int, to int32, next, slot int) {
	if to < 0 {
		return
	}
	v := gn.s.cells[to]
	if v == 0 || v&ghostBit != 0 || v.Owner() != side && !gn.g.Rules.Options.AnyOwner {
		return
	}
	i := 0
	for _, blk := range gn.g.types[v.Type()].attack {
		if blk.MoveType != next {
			continue
		}
		if slot < 0 || i == slot {
			if gn.mayRun(blk, side, to) {
				gn.run(blk, side, to, to, v)
				if gn.err != nil {
					return
				}
			}
		}
		i++
	}
}

// finishAt ends the composite with a partial step that found no
// continuation; the step's own deferred captures are recomputed from its
// changes.
func (gn *generator) finishAt(st Step) {
	gn.curGhosts = gn.curGhosts[:0]
	for _, c := range gn.scratch[gn.stepBase(st):] {
		if c.Val&ghostBit != 0 {
			gn.curGhosts = append(gn.curGhosts, c.Pos)
		}
	}
	gn.finish(st, [2]int32{-1, -1})
}

// stepBase is where the changes of the last step begin in scratch.
func (gn *generator) stepBase(st Step) int {
	if len(gn.prefix) == 0 {
		return 0
	}
	return int(gn.prefix[len(gn.prefix)-1].End)
}
