package engine

import "math/bits"

// legality is what a move generation learns once about the royal pieces of
// the side to move, so that most moves need no trial: if no royal piece is
// attacked, a move that changes none of the positions the enemy programs
// able to reach a royal piece look at (nor the royal pieces, nor brings an
// enemy piece) cannot leave one attacked.
type legality struct {
	shortcut  bool
	royals    []int32
	sensitive []uint64
}

func (gn *generator) prepareLegality(side int, lg *legality) {
	g := gn.g
	gn.findRoyals(side, lg)
	occ := gn.s.occ
	for _, r := range lg.royals {
		if gn.threat(r, side, false) {
			return
		}
	}
	if cap(lg.sensitive) < g.words {
		lg.sensitive = make([]uint64, g.words)
	}
	lg.sensitive = lg.sensitive[:g.words]
	for i := range lg.sensitive {
		lg.sensitive[i] = 0
	}
	for own := 0; own < g.nplayers; own++ {
		if own == side || g.randomPlayer[own] {
			continue
		}
		for w, set := range occ[own*g.words : (own+1)*g.words] {
			for ; set != 0; set &= set - 1 {
				if !gn.sensitiveTo(lg, own, int32(w*64+bits.TrailingZeros64(set))) {
					return
				}
			}
		}
	}
	lg.shortcut = true
}

// findRoyals lists the royal pieces of side in lg, without the shortcut:
// what a trial of a move (generator.legal) needs.
func (gn *generator) findRoyals(side int, lg *legality) {
	g := gn.g
	cells := gn.s.cells
	lg.shortcut = false
	lg.royals = lg.royals[:0]
	for w, set := range gn.s.occ[side*g.words : (side+1)*g.words] {
		for ; set != 0; set &= set - 1 {
			p := w*64 + bits.TrailingZeros64(set)
			if g.royal[cells[p].Type()] {
				lg.royals = append(lg.royals, int32(p))
			}
		}
	}
}

// sensitiveTo adds to lg.sensitive the positions the programs of the
// piece of own on q look at when they can reach a royal piece; false when
// that cannot be known (a program reading the last move, or no reach).
func (gn *generator) sensitiveTo(lg *legality, own int, q int32) bool {
	g := gn.g
	v := gn.s.cells[q]
	if v&ghostBit != 0 {
		return true
	}
	w := g.reachWords
	for _, blk := range g.types[v.Type()].attack {
		for _, r := range lg.royals {
			if !g.mayReach(blk, own, q, r) {
				continue
			}
			if blk.usesLast || blk.reads == nil {
				return false
			}
			for i, x := range blk.reads[own][int(q)*w : int(q+1)*w] {
				lg.sensitive[i] |= x
			}
			break
		}
	}
	return true
}

// safe reports whether m certainly leaves the royal pieces unattacked.
func (lg *legality) safe(m *Move, side, np int) bool {
	if !lg.shortcut || m.guard[0] >= 0 {
		return false
	}
	for _, c := range m.Changes {
		p := c.Pos
		if int(p) >= np {
			continue
		}
		if lg.sensitive[p>>6]>>(p&63)&1 != 0 {
			return false
		}
		if c.Val != 0 && c.Val.Owner() != side {
			return false
		}
		for _, r := range lg.royals {
			if r == p {
				return false
			}
		}
	}
	return true
}

// royalCount returns the number of royal pieces side has on the board.
func (s *State) royalCount(side int) int {
	g := s.g
	n := 0
	for t, r := range g.royal {
		if r {
			n += int(s.counts[side*g.ntypes+t])
		}
	}
	return n
}

// legal plays m and reports whether it leaves no royal piece of side
// attacked (nor, for castling, the squares the king crosses).
func (gn *generator) legal(m *Move, side int) bool {
	s := gn.s
	g := gn.g
	n := len(s.undo)
	s.apply(m.Changes)
	oldFrom, oldTo := s.lastFrom, s.lastTo
	if k := len(m.Steps); k > 0 {
		s.setLast(m.Steps[k-1].From, m.Steps[k-1].To)
	}
	// With "royal pieces" last, a side that keeps several royal pieces
	// may leave them attacked.
	ok := true
	relaxed := g.Rules.Options.RoyalLast && s.royalCount(side) > 1
	// The royal pieces are where they were unless the move changed their
	// cell, and wherever the move put one.
	for _, r := range gn.lg.royals {
		if relaxed {
			break
		}
		if ok && s.cells[r] != 0 && s.cells[r].Owner() == side && g.royal[s.cells[r].Type()] && gn.threat(r, side, false) {
			ok = false
		}
	}
	for _, c := range m.Changes {
		if !ok || relaxed || int(c.Pos) >= g.np || c.Val == 0 || c.Val.Owner() != side || !g.royal[c.Val.Type()] || has(gn.lg.royals, c.Pos) {
			continue
		}
		if v := s.cells[c.Pos]; v == c.Val && gn.threat(c.Pos, side, false) {
			ok = false
		}
	}
	for _, q := range m.guard {
		if ok && q >= 0 && gn.threat(q, side, false) {
			ok = false
		}
	}
	s.setLast(oldFrom, oldTo)
	s.revert(n)
	return ok
}
