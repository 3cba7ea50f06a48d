package engine

import (
	"math/bits"
	"math/rand/v2"
)

// The drop kernel on one word. When the board has at most 64 positions,
// no drop lands on an occupied cell and no goal is a connection (connect
// four, tic-tac-toe, five in a row), the kernel's position is a handful
// of words, and the candidate sets need not be kept: a plan's guard at
// every position is a conjunction of tests of cells at fixed offsets
// from it (connect four: the cell itself empty, the cell below full when
// there is one), so its candidates are a few rotations of the occupancy
// sets, computed afresh each turn in fewer steps than looking again at
// the guards a drop reads. A turn with one drop whose guard reads only
// the occupied cells (the commonest) is played inline; several drops,
// reserves and guards that read the side are followed too. The loop
// draws the same numbers and picks the same candidates as the general
// kernel, so it plays the same games.

// kwMaxLits bounds the tests of a plan's guard on one word: each is a
// source set, an offset and the positions whose guard has it.
const kwMaxLits = 8

// kwLit is a guard test of the positions not in out: bit q of the set is
// bit q+off of the source (the occupied cells, the side's or its
// enemies'), complemented by flip. The source is rotated right by off
// (left by rot): for a position whose test it is, q+off is a position
// of the board, so no bit comes round the end of the word.
type kwLit struct {
	src       uint8
	rot       int
	flip, out uint64
}

// kwGuard is a drop plan's guard as tests: the positions in templ hold
// when every test does, those in run always.
type kwGuard struct {
	templ, run uint64
	n          int
	lits       [kwMaxLits]kwLit
}

// set returns the positions where the guard holds, given the occupied
// cells and those of the plan's side.
func (gw *kwGuard) set(full, own uint64) uint64 {
	src := [4]uint64{srcFullCells: full, srcOwnCells: own, srcEnemyCells: full &^ own}
	x := gw.templ
	for i := range gw.lits[:min(gw.n, kwMaxLits)] {
		l := &gw.lits[i]
		x &= (bits.RotateLeft64(src[l.src&3], l.rot) ^ l.flip) | l.out
	}
	return x | gw.run
}

// kwMaxDrops bounds the drops of a priority class of a turn.
const kwMaxDrops = 8

// The sources a guard test reads.
const (
	srcFullCells  = iota // the occupied cells
	srcOwnCells          // the cells of the plan's side
	srcEnemyCells        // the other occupied cells
)

// kwTurn is a turn of the word loop: its player, the next turn, and its
// drops by priority class; with single, one is its only drop (the
// commonest turn, played without a pointer to follow).
type kwTurn struct {
	player, next int
	classes      [][]kwDrop
	single       bool
	one          kwDrop
}

// kwDrop is a drop of the word loop: the drop, its plan's guard, the side
// the guard reads, the owner of the piece, its reserve (an index into
// dropKernel.slots, -1 if none), the one line test its piece matches (m1,
// or -1 when it matches none or several), and where a drop from each
// candidate lands. When the drop's only goal is a line set of two shifts
// a direction, line tests it.
type kwDrop struct {
	kd          *kDrop
	guard       kwGuard
	side, owner int
	res, m1     int
	line        kwLine
	// plain: the guard reads only the occupied cells; onCand: every
	// drop lands on its candidate.
	plain, onCand bool
	dest          [64]uint8
}

// cands returns the candidates of d on p: where its guard holds, none
// when its reserve is empty.
func (d *kwDrop) cands(p *wordPos) uint64 {
	if d.res >= 0 && p.res[d.res&(kMaxSlots-1)] == 0 {
		return 0
	}
	return d.guard.set(p.full, p.own[d.side&(kMaxPlayers-1)])
}

// kwLine is a line set of at most four directions of two shifts each (n:
// how many; 0 when the drop's goals are tested by kLine.holds), tested
// on all four (the pairs of the directions it lacks hold no cell).
type kwLine struct {
	mask, least, n int
	pairs          [4][2]kwShift
}

// kwShift is a kShift as a rotation: bit q of the result is bit q+j*delta
// of the set for the cells q in valid, whose steps stay on the board.
type kwShift struct {
	rot   int
	valid uint64
}

// dropWord is the kernel's loop on one word, when the game fits it.
type dropWord struct {
	turns []kwTurn
}

// wordPos is the position of the word loop: the occupied cells, each
// player's, and those matching each line test.
type wordPos struct {
	full  uint64
	own   [kMaxPlayers]uint64
	match [kMaxMasks]uint64
	res   [kMaxSlots]int32
}

// What stops the word loop.
const (
	wordNoMove = iota // the player to move has no drop
	wordCut           // maxPlies were played
	wordLine          // a line test of the last drop held
)

// playWord plays the rest of the random game on one word from s, as
// playout does: the moves of turn, mover having moved last.
func (k *dropKernel) playWord(s *State, rng *rand.Rand, maxPlies int, rec bool, turn, mover int) (Result, int, bool, error) {
	var p wordPos
	if !k.loadWord(s, &p) {
		return Result{}, 0, false, nil
	}
	var kmoves *[]kMove
	if rec {
		kmoves = &s.kmoves
	}
	ply, turn, mover, dest, ev := k.word.run(&p, rng, maxPlies, turn, mover, kmoves)
	var r Result
	var err error
	switch ev {
	case wordNoMove:
		r, err = k.stalemate(s, mover, k.turns[turn].player)
	case wordLine:
		r, err = k.endedWord(s, &p, mover, turn, dest)
	}
	return r, ply, true, err
}

// loadWord copies the state's position into p; false when it holds what
// the kernel does not follow (a ghost).
func (k *dropKernel) loadWord(s *State, p *wordPos) bool {
	for o := range k.g.nplayers {
		p.own[o] = s.occ[o]
		p.full |= s.occ[o]
	}
	for i, slot := range k.slots {
		p.res[i] = int32(s.cells[slot])
	}
	for x := p.full; x != 0; x &= x - 1 {
		q := bits.TrailingZeros64(x)
		v := s.cells[q]
		if v&ghostBit != 0 {
			return false
		}
		for j, m := range k.masks {
			if v&m.mask == m.want {
				p.match[j] |= 1 << q
			}
		}
	}
	return true
}

// endedWord is ended for the word loop.
func (k *dropKernel) endedWord(s *State, p *wordPos, mover, turn int, dest int32) (Result, error) {
	t := &k.word.turns[turn]
	var sets [kwMaxDrops]uint64
	moves := func() bool { _, n := p.count(t, &sets); return n > 0 }
	for i := range k.full[mover] {
		kg := &k.full[mover][i]
		if kg.stalemate {
			if kg.player == t.player && !moves() {
				return s.outcome(kg.goal, kg.player)
			}
			continue
		}
		if p.match[kg.mask]>>dest&1 != 0 && kg.holds(p.match[kg.mask], dest) {
			return s.outcome(kg.goal, kg.player)
		}
	}
	if !moves() {
		return s.draw("no moves"), nil
	}
	return Result{}, nil
}

// run plays random drops from turn on p until the player to move has no
// drop, maxPlies were played or a line test of the last drop holds
// (which goal ends the game is then read by endedWord); mover moved last.
// It returns the plies played, the turn and last mover reached, the last
// drop's cell and what stopped it. With kmoves, the drops are appended.
func (w *dropWord) run(p *wordPos, rng *rand.Rand, maxPlies, turn, mover int, kmoves *[]kMove) (ply, _, _ int, dest int32, ev int) {
	var sets [kwMaxDrops]uint64
	full := p.full // written back before p is read and on return
	defer func() { p.full = full }()
	for ; ; ply++ {
		t := &w.turns[turn]
		d := &t.one
		n := 0
		if t.single && d.plain {
			// The first two tests unrolled (a guard of fewer has
			// tests that hold everywhere in their place).
			l0, l1 := &d.guard.lits[0], &d.guard.lits[1]
			cand := d.guard.templ & ((bits.RotateLeft64(full, l0.rot) ^ l0.flip) | l0.out) &
				((bits.RotateLeft64(full, l1.rot) ^ l1.flip) | l1.out)
			for i := 2; i < min(d.guard.n, kwMaxLits); i++ {
				l := &d.guard.lits[i]
				cand &= (bits.RotateLeft64(full, l.rot) ^ l.flip) | l.out
			}
			cand |= d.guard.run
			if d.res >= 0 && p.res[d.res&(kMaxSlots-1)] == 0 {
				cand = 0
			}
			n = bits.OnesCount64(cand)
			if n > 0 && ply < maxPlies {
				// intN and rank, inline: calls cost a
				// connect-four playout a twentieth.
				var i int
				if u := uint64(n); ^uint(0)>>32 == 0 {
					i = rng.IntN(n)
				} else if x := rng.Uint64(); u&(u-1) == 0 {
					i = int(x & (u - 1))
				} else if hi, lo := bits.Mul64(x, u); lo < u {
					i = intNSlow(rng, u, hi, lo)
				} else {
					i = int(hi)
				}
				if n > 8 {
					dest = nthBit1(cand, i)
				} else {
					var at [8]uint8
					x := cand
					at[0] = uint8(bits.TrailingZeros64(x))
					x &= x - 1
					at[1] = uint8(bits.TrailingZeros64(x))
					x &= x - 1
					at[2] = uint8(bits.TrailingZeros64(x))
					x &= x - 1
					at[3] = uint8(bits.TrailingZeros64(x))
					x &= x - 1
					at[4] = uint8(bits.TrailingZeros64(x))
					x &= x - 1
					at[5] = uint8(bits.TrailingZeros64(x))
					x &= x - 1
					at[6] = uint8(bits.TrailingZeros64(x))
					x &= x - 1
					at[7] = uint8(bits.TrailingZeros64(x))
					dest = int32(at[i&7])
				}
			}
		} else {
			p.full = full
			d, dest, n = p.draw(t, rng, &sets, ply < maxPlies)
		}
		if n == 0 {
			return ply, turn, mover, dest, wordNoMove
		}
		if ply >= maxPlies {
			return ply, turn, mover, dest, wordCut
		}
		if !d.onCand {
			dest = int32(d.dest[dest&63])
		}
		bit := uint64(1) << (dest & 63)
		full |= bit
		p.own[d.owner&(kMaxPlayers-1)] |= bit
		if d.res >= 0 {
			p.res[d.res&(kMaxSlots-1)]--
		}
		if d.m1 >= 0 {
			p.match[d.m1&(kMaxMasks-1)] |= bit
		} else {
			for x := d.kd.match; x != 0; x &= x - 1 {
				p.match[bits.TrailingZeros64(x)&(kMaxMasks-1)] |= bit
			}
		}
		if kmoves != nil {
			*kmoves = append(*kmoves, kMove{dest, d.kd})
		}
		mover, turn = t.player, t.next
		if kl := &d.line; kl.n > 0 {
			m := p.match[kl.mask&(kMaxMasks-1)]
			if bits.OnesCount64(m) < kl.least {
				continue
			}
			// kLine.holds by pairs, unrolled: the pairs a line
			// set has fewer of hold no cell.
			q := &kl.pairs
			y0 := m & bits.RotateLeft64(m, q[0][0].rot) & q[0][0].valid
			y1 := m & bits.RotateLeft64(m, q[1][0].rot) & q[1][0].valid
			y2 := m & bits.RotateLeft64(m, q[2][0].rot) & q[2][0].valid
			y3 := m & bits.RotateLeft64(m, q[3][0].rot) & q[3][0].valid
			if y0&bits.RotateLeft64(y0, q[0][1].rot)&q[0][1].valid|
				y1&bits.RotateLeft64(y1, q[1][1].rot)&q[1][1].valid|
				y2&bits.RotateLeft64(y2, q[2][1].rot)&q[2][1].valid|
				y3&bits.RotateLeft64(y3, q[3][1].rot)&q[3][1].valid != 0 {
				return ply + 1, turn, mover, dest, wordLine
			}
			continue
		}
		for i := range d.kd.checks {
			kl := &d.kd.checks[i]
			if kl.holds(p.match[kl.mask&(kMaxMasks-1)], dest) {
				return ply + 1, turn, mover, dest, wordLine
			}
		}
	}
}

// draw counts the moves of turn t, the general way, and with drawing
// draws one: the drop and its candidate.
func (p *wordPos) draw(t *kwTurn, rng *rand.Rand, sets *[kwMaxDrops]uint64, drawing bool) (*kwDrop, int32, int) {
	if d := &t.one; t.single {
		cand := d.cands(p)
		n := bits.OnesCount64(cand)
		if n == 0 || !drawing {
			return d, 0, n
		}
		return d, rank(cand, n, intN(rng, n)), n
	}
	cl, n := p.count(t, sets)
	if n == 0 || !drawing {
		return nil, 0, n
	}
	d, dest := p.pick(cl, sets, intN(rng, n))
	return d, dest, n
}

// count writes the candidate sets of the drops of the first class of t
// that has moves into sets and returns the class and their number (0: no
// move).
func (p *wordPos) count(t *kwTurn, sets *[kwMaxDrops]uint64) ([]kwDrop, int) {
	for _, cl := range t.classes {
		n := 0
		for i := range cl[:min(len(cl), kwMaxDrops)] {
			sets[i] = cl[i].cands(p)
			n += bits.OnesCount64(sets[i])
		}
		if n > 0 {
			return cl, n
		}
	}
	return nil, 0
}

// pick returns drop i of class cl, whose candidate sets are sets, as
// unitAt orders them: by candidate position, then by program.
func (p *wordPos) pick(cl []kwDrop, sets *[kwMaxDrops]uint64, i int) (*kwDrop, int32) {
	var union uint64
	for j := range cl[:min(len(cl), kwMaxDrops)] {
		union |= sets[j]
	}
	for ; union != 0; union &= union - 1 {
		q := bits.TrailingZeros64(union)
		for j := range cl[:min(len(cl), kwMaxDrops)] {
			if sets[j]>>q&1 == 0 {
				continue
			}
			if i == 0 {
				return &cl[j], int32(q)
			}
			i--
		}
	}
	panic("engine: word loop drop index out of range") // unreachable: i < count
}

// rank returns the position of the member of rank i of x, a set of n
// members. For a set of at most eight (connect four has seven
// candidates at most), the members are written out while the random
// number is drawn, and the drawn one is read back: a shorter path from
// the set to the drop than nthBit1.
func rank(x uint64, n, i int) int32 {
	if n > 8 {
		return nthBit1(x, i)
	}
	var at [8]uint8
	at[0] = uint8(bits.TrailingZeros64(x))
	x &= x - 1
	at[1] = uint8(bits.TrailingZeros64(x))
	x &= x - 1
	at[2] = uint8(bits.TrailingZeros64(x))
	x &= x - 1
	at[3] = uint8(bits.TrailingZeros64(x))
	x &= x - 1
	at[4] = uint8(bits.TrailingZeros64(x))
	x &= x - 1
	at[5] = uint8(bits.TrailingZeros64(x))
	x &= x - 1
	at[6] = uint8(bits.TrailingZeros64(x))
	x &= x - 1
	at[7] = uint8(bits.TrailingZeros64(x))
	return int32(at[i&7])
}

// intN returns rng.IntN(n), the same number from the same draw, inline
// on 64-bit platforms: a call fewer in a loop that draws once a move.
// n must be positive.
func intN(rng *rand.Rand, n int) int {
	if ^uint(0)>>32 == 0 {
		return rng.IntN(n)
	}
	u := uint64(n)
	x := rng.Uint64()
	if u&(u-1) == 0 {
		return int(x & (u - 1))
	}
	hi, lo := bits.Mul64(x, u)
	if lo < u {
		return intNSlow(rng, u, hi, lo)
	}
	return int(hi)
}

// intNSlow finishes intN when the draw may be rejected.
func intNSlow(rng *rand.Rand, u, hi, lo uint64) int {
	thresh := -u % u
	for lo < thresh {
		hi, lo = bits.Mul64(rng.Uint64(), u)
	}
	return int(hi)
}
