package engine

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
	cells := gn.s.cells
	lg.shortcut = false
	lg.royals = lg.royals[:0]
	for p := 0; p < g.np; p++ {
		if v := cells[p]; v != 0 && v.Owner() == side && g.royal[v.Type()] {
			lg.royals = append(lg.royals, int32(p))
		}
	}
	for _, r := range lg.royals {
		if gn.threat(r, side, false) {
			return
		}
	}
	if cap(lg.sensitive) < g.np/64+1 {
		lg.sensitive = make([]uint64, (g.np+63)/64)
	}
	lg.sensitive = lg.sensitive[:(g.np+63)/64]
	for i := range lg.sensitive {
		lg.sensitive[i] = 0
	}
	w := g.reachWords
	for q := 0; q < g.np; q++ {
		v := cells[q]
		if v == 0 || v&ghostBit != 0 || v.Owner() == side || g.randomPlayer[v.Owner()] {
			continue
		}
		own := v.Owner()
		for _, blk := range g.types[v.Type()].attack {
			for _, r := range lg.royals {
				if !g.mayReach(blk, own, int32(q), r) {
					continue
				}
				if blk.usesLast || blk.reads == nil {
					return
				}
				reads := blk.reads[own][q*w : (q+1)*w]
				for i, x := range reads {
					lg.sensitive[i] |= x
				}
				break
			}
		}
	}
	lg.shortcut = true
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
