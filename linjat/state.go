package linjat

import "math/bits"

// state is what a solver knows: for each number the placements still
// possible, the cells known to be its own, and the dots. Every deduction
// removes placements or claims cells; a state never gains possibilities.
type state struct {
	b      *board
	alive  []bool // per placement
	nalive []int  // per number
	uni    []uint64
	inter  []uint64
	own    []uint64 // per number: cells known to be covered by it
	ownAll []uint64
	dots   []uint64
	fresh  []uint64 // scratch: cells being claimed
	stale  []bool   // per number: uni and inter need recomputing
	dirty  []bool   // per number: lost placements since its cells were last claimed
	// reach1, reach2, reach3: cells that at least 1, 2, 3 numbers can reach.
	reach1, reach2, reach3 []uint64
	bad                    bool // no solution is consistent with the state
}

func (s *state) uniOf(i int) []uint64   { return s.uni[i*s.b.w : (i+1)*s.b.w] }
func (s *state) interOf(i int) []uint64 { return s.inter[i*s.b.w : (i+1)*s.b.w] }
func (s *state) ownOf(i int) []uint64   { return s.own[i*s.b.w : (i+1)*s.b.w] }

// reset starts from p's dots on board b: every placement possible, each
// number owning its own cell.
func (s *state) reset(b *board, p *Puzzle) {
	s.b = b
	n, w := len(b.nums), b.w
	s.alive = resize(s.alive, len(b.plNum))
	for k := range s.alive {
		s.alive[k] = true
	}
	s.nalive = resize(s.nalive, n)
	for i := range n {
		s.nalive[i] = b.first[i+1] - b.first[i]
	}
	s.uni, s.inter, s.own = resize(s.uni, n*w), resize(s.inter, n*w), resize(s.own, n*w)
	s.ownAll, s.dots, s.fresh = resize(s.ownAll, w), resize(s.dots, w), resize(s.fresh, w)
	s.reach1, s.reach2, s.reach3 = resize(s.reach1, w), resize(s.reach2, w), resize(s.reach3, w)
	s.stale, s.dirty = resize(s.stale, n), resize(s.dirty, n)
	for i, c := range b.numCell {
		setBit(s.ownOf(i), c)
		setBit(s.ownAll, c)
		s.stale[i], s.dirty[i] = true, true
	}
	for c, v := range p.Cells {
		if v == Dot {
			setBit(s.dots, c)
		}
	}
	s.bad = false
	for i := range n {
		if s.nalive[i] == 0 {
			s.bad = true
		}
	}
	s.refresh()
}

// copyFrom makes s an independent copy of t.
func (s *state) copyFrom(t *state) {
	s.b = t.b
	s.alive = append(s.alive[:0], t.alive...)
	s.nalive = append(s.nalive[:0], t.nalive...)
	s.uni = append(s.uni[:0], t.uni...)
	s.inter = append(s.inter[:0], t.inter...)
	s.own = append(s.own[:0], t.own...)
	s.ownAll = append(s.ownAll[:0], t.ownAll...)
	s.fresh = resize(s.fresh, len(t.fresh))
	s.dots = append(s.dots[:0], t.dots...)
	s.stale = append(s.stale[:0], t.stale...)
	s.dirty = append(s.dirty[:0], t.dirty...)
	s.reach1 = append(s.reach1[:0], t.reach1...)
	s.reach2 = append(s.reach2[:0], t.reach2...)
	s.reach3 = append(s.reach3[:0], t.reach3...)
	s.bad = t.bad
}

// refresh recomputes the union and intersection of the stale numbers and,
// if any changed, the reach counts of every cell; it notices a dot that
// nobody can reach. Grids of up to 128 cells take unrolled paths.
func (s *state) refresh() {
	b, w := s.b, s.b.w
	changed := false
	for i, stale := range s.stale {
		if !stale {
			continue
		}
		s.stale[i], changed = false, true
		lo, hi := b.first[i], b.first[i+1]
		alive, masks := s.alive[lo:hi], b.masks[lo*w:hi*w]
		u, in := s.uni[i*w:(i+1)*w], s.inter[i*w:(i+1)*w]
		switch w {
		case 1:
			uu, ii := uint64(0), ^uint64(0)
			for k, a := range alive {
				if a {
					uu |= masks[k]
					ii &= masks[k]
				}
			}
			u[0], in[0] = uu, ii
		case 2:
			u0, u1, i0, i1 := uint64(0), uint64(0), ^uint64(0), ^uint64(0)
			for k, a := range alive {
				if a {
					m := masks[2*k : 2*k+2 : 2*k+2]
					u0, u1, i0, i1 = u0|m[0], u1|m[1], i0&m[0], i1&m[1]
				}
			}
			u[0], u[1], in[0], in[1] = u0, u1, i0, i1
		default:
			clear(u)
			for j := range in {
				in[j] = ^uint64(0)
			}
			for k, a := range alive {
				if a {
					m := masks[k*w : (k+1)*w]
					for j := range m {
						u[j] |= m[j]
						in[j] &= m[j]
					}
				}
			}
		}
		if s.nalive[i] == 0 {
			clear(in)
			s.bad = true
		}
	}
	if changed {
		s.countReach()
	}
}

// countReach recomputes which cells 1, 2 and 3 or more numbers can reach.
func (s *state) countReach() {
	w := s.b.w
	if w == 1 {
		r1, r2, r3 := uint64(0), uint64(0), uint64(0)
		for _, u := range s.uni {
			r3 |= r2 & u
			r2 |= r1 & u
			r1 |= u
		}
		s.reach1[0], s.reach2[0], s.reach3[0] = r1, r2, r3
	} else if w == 2 {
		var a1, a2, a3, b1, b2, b3 uint64
		for i := 0; i+1 < len(s.uni); i += 2 {
			u, v := s.uni[i], s.uni[i+1]
			a3 |= a2 & u
			a2 |= a1 & u
			a1 |= u
			b3 |= b2 & v
			b2 |= b1 & v
			b1 |= v
		}
		s.reach1[0], s.reach2[0], s.reach3[0] = a1, a2, a3
		s.reach1[1], s.reach2[1], s.reach3[1] = b1, b2, b3
	} else {
		clear(s.reach1)
		clear(s.reach2)
		clear(s.reach3)
		r1, r2, r3 := s.reach1[:w], s.reach2[:w], s.reach3[:w]
		for i := 0; i+w <= len(s.uni); i += w {
			u := s.uni[i : i+w]
			for j := range u {
				r3[j] |= r2[j] & u[j]
				r2[j] |= r1[j] & u[j]
				r1[j] |= u[j]
			}
		}
	}
	for j, d := range s.dots {
		if d&^s.reach1[j] != 0 {
			s.bad = true
		}
	}
}

// drop removes placement k.
func (s *state) drop(k int) {
	if !s.alive[k] {
		return
	}
	s.alive[k] = false
	i := s.b.plNum[k]
	s.nalive[i]--
	s.stale[i] = true
	s.dirty[i] = true
	if s.nalive[i] == 0 {
		s.bad = true
	}
}

// claim records that number i covers cell c: its placements that miss c and
// the other numbers' placements through c are dropped. It reports whether
// the cell was new to i.
func (s *state) claim(c, i int) bool {
	if !s.own1(c, i) {
		return false
	}
	s.dropWhere(i, c, false)
	s.evict(c, i)
	return true
}

// own1 marks cell c as number i's and reports whether it was new to i; a
// cell already another number's makes the state contradictory.
func (s *state) own1(c, i int) bool {
	if hasBit(s.ownOf(i), c) {
		return false
	}
	if hasBit(s.ownAll, c) {
		s.bad = true // another number already owns it
		return false
	}
	setBit(s.ownOf(i), c)
	setBit(s.ownAll, c)
	return true
}

// evict drops the placements through cell c of every number but i.
func (s *state) evict(c, i int) {
	w, word, bit := s.b.w, c>>6, uint64(1)<<(uint(c)&63)
	for j := range s.b.nums {
		if j != i && s.uni[j*w+word]&bit != 0 {
			s.dropWhere(j, c, true)
		}
	}
}

// dropWhere drops the placements of number i that cover cell c (covering
// true) or miss it (covering false), and reports whether any was dropped.
func (s *state) dropWhere(i, c int, covering bool) bool {
	changed := false
	for k := s.b.first[i]; k < s.b.first[i+1]; k++ {
		if s.alive[k] && hasBit(s.b.mask(k), c) == covering {
			s.drop(k)
			changed = true
		}
	}
	return changed
}

// claimInter claims every cell common to the remaining placements of number
// i (inter may be stale, but it is then only smaller than the true
// intersection, so every placement of i covers these cells) and drops the
// other numbers' placements through them. It returns the number of new
// cells.
func (s *state) claimInter(i int, decided func(c, i int)) int {
	w := s.b.w
	in, own, fresh := s.interOf(i), s.ownOf(i), s.fresh[:w]
	n := 0
	for j := range fresh {
		fresh[j] = in[j] &^ own[j]
		n += bits.OnesCount64(fresh[j])
		if fresh[j]&s.ownAll[j] != 0 {
			s.bad = true // another number owns one of them
		}
		own[j] |= fresh[j]
		s.ownAll[j] |= fresh[j]
	}
	if n == 0 {
		return 0
	}
	if decided != nil {
		forEach(fresh, func(c int) { decided(c, i) })
	}
	b := s.b
	for j := range b.nums {
		if j == i || !intersects(s.uni[j*w:(j+1)*w], fresh) {
			continue
		}
		for k := b.first[j]; k < b.first[j+1]; k++ {
			if s.alive[k] && intersects(b.masks[k*w:(k+1)*w], fresh) {
				s.drop(k)
			}
		}
	}
	return n
}

// solved reports whether every number has one placement left and every dot
// is owned.
func (s *state) solved() bool {
	if s.bad {
		return false
	}
	for _, n := range s.nalive {
		if n != 1 {
			return false
		}
	}
	return subset(s.dots, s.ownAll)
}

// solution returns the remaining placement of every number, or false if the
// placements do not form a solution (they overlap or miss a dot).
func (s *state) solution() (Solution, bool) {
	b := s.b
	covered := make([]uint64, b.w)
	sol := make(Solution, len(b.nums))
	for i := range b.nums {
		k := -1
		for p := b.first[i]; p < b.first[i+1]; p++ {
			if s.alive[p] {
				k = p
				break
			}
		}
		if k < 0 || intersects(covered, b.mask(k)) {
			return nil, false
		}
		m := b.mask(k)
		for j := range m {
			covered[j] |= m[j]
		}
		sol[i] = b.line(k)
	}
	return sol, subset(s.dots, covered)
}

// reaches reports whether number i can still reach cell c (or could at the
// last refresh).
func (s *state) reaches(i, c int) bool {
	return s.uni[i*s.b.w+c>>6]&(1<<(uint(c)&63)) != 0
}

// reachers calls f for every number that can still reach cell c.
func (s *state) reachers(c int, f func(i int)) {
	w, word, bit := s.b.w, c>>6, uint64(1)<<(uint(c)&63)
	for i := range s.b.nums {
		if s.uni[i*w+word]&bit != 0 {
			f(i)
		}
	}
}
