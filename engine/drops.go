package engine

import (
	"math/bits"
	"slices"
)

// Drop candidates. A drop program runs from every position, but its plan
// (plan.go) says which cells decide whether a run from a position can
// emit anything: a connect-four drop needs its cell empty and the one
// below occupied. The state keeps, for every drop program and player, the
// set of positions whose guard holds, and brings it up to date before
// generating moves by looking again only at the positions whose guard
// reads a cell that changed since: a move changes a few cells, so the
// generator visits a few candidates instead of the whole board.

// dropPlan is a drop program with a plan, for one player.
type dropPlan struct {
	blk  *CBlock
	side int
}

// dropIndex is what the compiled game knows about its drop plans.
type dropIndex struct {
	plans []dropPlan
	// byBlock[blk.ID*nplayers+side] is the index into plans, or -1.
	byBlock []int32
	// The (plan, position) pairs whose guard reads cell c are
	// wk[ws[c]:ws[c+1]], wq[ws[c]:ws[c+1]].
	ws     []int32
	wk, wq []int32
	words  int
}

// indexDrops builds the drop index from the plans of drop programs.
func (g *Game) indexDrops() {
	var d dropIndex
	d.byBlock = make([]int32, len(g.Blocks)*g.nplayers)
	for i := range d.byBlock {
		d.byBlock[i] = -1
	}
	for _, blk := range g.Blocks {
		if !blk.Drop || blk.plans == nil {
			continue
		}
		for side := 0; side < g.nplayers; side++ {
			k := int32(len(d.plans))
			// Players whose plans are the same and test nothing that
			// depends on the player share one candidate set.
			for o := 0; o < side; o++ {
				if samePlan(blk.plans[o], blk.plans[side]) {
					k = d.byBlock[blk.ID*g.nplayers+o]
					break
				}
			}
			d.byBlock[blk.ID*g.nplayers+side] = k
			if int(k) == len(d.plans) {
				d.plans = append(d.plans, dropPlan{blk, side})
			}
		}
	}
	if len(d.plans) == 0 {
		return
	}
	d.words = (g.np + 63) / 64
	// Count, then fill, the watchers of every cell.
	d.ws = make([]int32, g.np+1)
	d.eachWatch(g, func(c, k, q int32) { d.ws[c+1]++ })
	for c := 0; c < g.np; c++ {
		d.ws[c+1] += d.ws[c]
	}
	n := d.ws[g.np]
	d.wk, d.wq = make([]int32, n), make([]int32, n)
	fill := append([]int32(nil), d.ws[:g.np]...)
	d.eachWatch(g, func(c, k, q int32) {
		d.wk[fill[c]], d.wq[fill[c]] = k, q
		fill[c]++
	})
	g.drops = &d
}

// eachWatch calls f for every cell c read by the guard of plan k at
// position q (once per pair).
func (d *dropIndex) eachWatch(g *Game, f func(c, k, q int32)) {
	for k, dp := range d.plans {
		pl := dp.blk.plans[dp.side]
		for q := 0; q < g.np; q++ {
			lits := pl.lits[pl.guard[2*q]:pl.guard[2*q+1]]
			for i, l := range lits {
				if !seenPos(lits[:i], l.pos) {
					f(l.pos, int32(k), int32(q))
				}
			}
		}
	}
}

// samePlan reports whether two plans are equal and test only what does
// not depend on the player (emptiness, piece types, attributes).
func samePlan(a, b *plan) bool {
	for _, l := range a.lits {
		if l.op != opEmpty && l.op != opPiece && l.op != opAttr {
			return false
		}
	}
	return slices.Equal(a.kind, b.kind) && slices.Equal(a.guard, b.guard) && slices.Equal(a.first, b.first) &&
		slices.Equal(a.cases, b.cases) && slices.Equal(a.lits, b.lits) && slices.Equal(a.adds, b.adds)
}

func seenPos(lits []cellLit, p int32) bool {
	for _, l := range lits {
		if l.pos == p {
			return true
		}
	}
	return false
}

// dropState is a state's candidate sets: bits[k*words+w] for plan k, kept
// up to date lazily from the cells changed since the last refresh. When a
// move is played on fresh sets that are small, they are saved on saved so
// that taking the move back restores them instead of looking again at the
// cells it changed.
type dropState struct {
	bits  []uint64
	dirty []int32
	full  bool
	saved []uint64
}

// maxDropSave is the size of the largest candidate sets saved per move
// (in words).
const maxDropSave = 8

// save saves fresh, small sets for the move about to be played and
// returns where, or -1.
func (d *dropState) save() int32 {
	if d.bits == nil || d.full || len(d.dirty) > 0 || len(d.bits) > maxDropSave {
		return -1
	}
	at := int32(len(d.saved))
	d.saved = append(d.saved, d.bits...)
	return at
}

// restore brings back the sets saved at at: the cells are again as they
// were when the move was played.
func (d *dropState) restore(at int32) {
	copy(d.bits, d.saved[at:])
	d.saved = d.saved[:at]
	d.dirty, d.full = d.dirty[:0], false
}

// touch notes that board cell p changed.
func (d *dropState) touch(p int32, np int) {
	if d.full {
		return
	}
	if len(d.dirty) >= 4*np {
		d.full, d.dirty = true, d.dirty[:0]
		return
	}
	d.dirty = append(d.dirty, p)
}

// candidate reports whether plan k may emit from q: the guard holds.
func (gn *generator) candidate(k int, q int32) bool {
	dp := &gn.g.drops.plans[k]
	pl := dp.blk.plans[dp.side]
	switch pl.kind[q] {
	case planNever:
		return false
	case planRun:
		return true
	}
	return gn.holds(pl.lits[pl.guard[2*q]:pl.guard[2*q+1]], dp.side)
}

// refreshDrops brings the state's candidate sets up to date.
func (gn *generator) refreshDrops() {
	g := gn.g
	d := g.drops
	ds := &gn.s.drops
	if ds.full || ds.bits == nil {
		if ds.bits == nil {
			ds.bits = make([]uint64, len(d.plans)*d.words)
		}
		for i := range ds.bits {
			ds.bits[i] = 0
		}
		for k := range d.plans {
			for q := int32(0); q < int32(g.np); q++ {
				if gn.candidate(k, q) {
					ds.bits[k*d.words+int(q>>6)] |= 1 << (q & 63)
				}
			}
		}
		ds.full, ds.dirty = false, ds.dirty[:0]
		return
	}
	for _, c := range ds.dirty {
		for i := d.ws[c]; i < d.ws[c+1]; i++ {
			k, q := int(d.wk[i]), d.wq[i]
			w := &ds.bits[k*d.words+int(q>>6)]
			if gn.candidate(k, q) {
				*w |= 1 << (q & 63)
			} else {
				*w &^= 1 << (q & 63)
			}
		}
	}
	ds.dirty = ds.dirty[:0]
}

// genDrops runs the active drop programs of side over the positions where
// one of them may emit, in board order (programs in file order at each).
func (gn *generator) genDrops(active []dropBlock, side int) {
	g := gn.g
	d := g.drops
	if d == nil {
		gn.dropsOver(active, side, nil)
		return
	}
	gn.refreshDrops()
	sets := gn.s.drops.bits
	if len(active) == 1 {
		if k := int(d.byBlock[active[0].blk.ID*g.nplayers+side]); k >= 0 {
			gn.dropsOne(active[0], side, sets[k*d.words:(k+1)*d.words])
			return
		}
	}
	mask := gn.dropMask[:0]
	for w := 0; w < d.words; w++ {
		mask = append(mask, 0)
	}
	for _, a := range active {
		k := int(d.byBlock[a.blk.ID*g.nplayers+side])
		if k < 0 {
			mask = nil
			break
		}
		for w, x := range sets[k*d.words : (k+1)*d.words] {
			mask[w] |= x
		}
	}
	if mask != nil {
		gn.dropMask = mask
	}
	gn.dropsOver(active, side, mask)
}

// dropsOne runs one drop program over its candidate set.
func (gn *generator) dropsOne(a dropBlock, side int, set []uint64) {
	pl := a.blk.plans[side]
	for w, word := range set {
		for word != 0 {
			p := int32(w*64 + bits.TrailingZeros64(word))
			word &= word - 1
			if pl.exact[p] && gn.simple {
				// The guard holds (the set is fresh) and is the case.
				gn.emitCase(a.blk, pl, &pl.cases[pl.first[p]], -1, a.piece)
				continue
			}
			gn.planned(a.blk, side, -1, p, a.piece)
			if gn.err != nil {
				return
			}
		}
	}
}

// dropsOver runs the active drop programs over the positions of mask (nil:
// every position).
func (gn *generator) dropsOver(active []dropBlock, side int, mask []uint64) {
	g := gn.g
	cells := gn.s.cells
	for p := int32(0); p < int32(g.np); p++ {
		if mask != nil && mask[p>>6]>>(p&63)&1 == 0 {
			continue
		}
		for _, a := range active {
			switch {
			case a.blk.plans != nil && a.blk.plans[side].kind[p] != planRun:
				gn.planned(a.blk, side, -1, p, a.piece)
			case !a.blk.needsEmpty || cells[p] == 0:
				gn.top(a.blk, side, -1, p, a.piece)
			}
			if gn.err != nil {
				return
			}
		}
	}
}

// noDropReserves reports whether no piece type with drop programs has a
// reserve count for any player: the drops a turn may make then do not
// depend on the position.
func (g *Game) noDropReserves() bool {
	for ty, ct := range g.types {
		dropped := false
		for _, d := range ct.drops {
			dropped = dropped || len(d) > 0
		}
		for p := 0; p < g.nplayers && dropped; p++ {
			if g.resSlot[p*g.ntypes+ty] >= 0 {
				return false
			}
		}
	}
	return true
}
