package engine

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Playouts of steps and jumps on a board of one word. When every program
// of a two-player game is a step onto an empty cell or a jump over an enemy
// piece, taken, onto an empty cell (maybe going on, maybe crowned in a
// zone), with none of the options that change what a move does, and its
// goals count pieces, repetitions and stalemates (English draughts), the
// kernel plays random games on a copy of the cells and the occupancy sets,
// with the hash kept as the state keeps it, and leaves the state alone. It
// makes the draws the general playout makes, in the same order, over the
// same moves in the same order: the jumps of a class listed by piece, by
// program and by chain as the generator writes them, the (piece, program)
// pairs of a class of single moves drawn as drawPieceMove or drawGated
// draws them. So it plays the same game move for move.

// jkMaxTypes bounds the piece types of a game the kernel plays.
const jkMaxTypes = 8

// jumpKernel is what the compiled game knows for the kernel.
type jumpKernel struct {
	g       *Game
	progs   []jkProg // by block
	classes []jkClass
	// static[mover] and full[mover] are the goals of staticGoalSeq and
	// goalSeq; reps: one counts repetitions.
	static, full [][]jkGoal
	reps         bool
}

// jkProg is a program: a step to dest, or a jump over over to dest (by
// side and start; -1: off the board), ending as in when it lands in zone
// (when zone >= 0) and as out elsewhere.
type jkProg struct {
	jump       bool
	over, dest [2][]int8
	zone       int
	in, out    jkEnd
}

// jkEnd is how a move ends on its landing: crowned (promo >= 0), and done
// or going on with the programs of move type next (cont, by the type of
// the piece that lands).
type jkEnd struct {
	partial bool
	promo   int
	next    int
	cont    [][]int
}

// jkClass is a priority class: its programs by piece type, drawn by pairs
// (single; by their guards' sets when gated) or listed.
type jkClass struct {
	single, gated bool
	gate          *classGate
	progs         [][]int
	// guards[side] are the guards of the gate for side as rotations,
	// and guardOf[side][first[t]+i] the one of program progs[t][i]
	// (nil: the class has more programs than jkMaxGated).
	guards  [2][]kwGuard
	guardOf [2][]int
	first   []int
}

// jkBoard is the position the kernel plays on.
type jkBoard struct {
	cells  [64]Piece
	occ    [2]uint64
	counts [2][jkMaxTypes]int32
	hash   uint64
}

// jkMove is a move found: its changes ch[c0:c1] of jkScratch, and its last
// step.
type jkMove struct {
	c0, c1   int32
	from, to int32
}

// jkScratch is the kernel's working storage, kept by the state.
type jkScratch struct {
	moves []jkMove
	out   []Change // the changes of the moves found
	chain []Change // the changes of the chain under way
	seen  []uint64 // the keys of the positions of the chain under way
	cands []pieceCand
	hist  []uint64 // the hashes of the positions before each move
	// filter counts the hashes of hist by their low bits, an entry
	// standing only while its stamp is the game's.
	filter []jkBucket
	stamp  uint32
	// reps is the repetition count of the position with hash repsOf,
	// while repsOK (the history has not grown since).
	reps   int
	repsOf uint64
	repsOK bool
	// played and playedAt record the moves of a game for replay.
	played   []Change
	playedAt []jkMove
}

// ready reports whether the kernel plays from entry t of the turn order.
func (k *jumpKernel) ready(int) bool { return true }

// load copies the state's position into b; false when it holds a ghost.
func (k *jumpKernel) load(s *State, b *jkBoard, x *jkScratch) bool {
	g := k.g
	copy(b.cells[:], s.cells[:g.np])
	b.occ = [2]uint64{s.occ[0], s.occ[1]}
	for o := range 2 {
		for t := range g.ntypes {
			b.counts[o][t] = s.counts[o*g.ntypes+t]
		}
	}
	for x := b.occ[0] | b.occ[1]; x != 0; x &= x - 1 {
		if b.cells[bits.TrailingZeros64(x)]&ghostBit != 0 {
			return false
		}
	}
	b.hash = s.hash
	if k.reps {
		if x.filter == nil {
			x.filter = make([]jkBucket, jkBuckets)
		}
		if x.stamp++; x.stamp == 0 {
			clear(x.filter) // the stamps went round
			x.stamp = 1
		}
		x.hist = x.hist[:0]
		for _, f := range s.frames {
			x.remember(f.hash)
		}
	}
	return true
}

func (k *jumpKernel) playout(s *State, rng *rand.Rand, maxPlies int, rec bool) (r Result, plies int, ok bool, err error) {
	if s.meter.on {
		// A state under a budget plays the general way, which spends
		// it: the chains of jumps a turn may list grow with the board.
		return Result{}, 0, false, nil
	}
	if over, err := s.staticEnd(); over || err != nil {
		return Result{}, 0, false, nil
	}
	if s.jk == nil {
		s.jk = &jkScratch{}
	}
	x := s.jk
	var b jkBoard
	if !k.load(s, &b, x) {
		return Result{}, 0, false, nil
	}
	if rec {
		x.played, x.playedAt = x.played[:0], x.playedAt[:0]
	}
	g := k.g
	turn := s.turn
	mover := g.prevPlayer(turn)
	if n := len(s.frames); n > 0 {
		mover = g.turns[s.frames[n-1].turn].Player
	}
	for ply := 0; ; ply++ {
		// The draw comes before the cut, as in playoutStep: the random
		// numbers drawn are the same.
		m, found := k.draw(&b, x, g.turns[turn].Side, rng)
		if !found {
			r, err := k.result(s, &b, x, mover, turn, true)
			return r, ply, true, err
		}
		if ply >= maxPlies {
			return Result{}, ply, true, nil
		}
		ch := x.out[m.c0:m.c1]
		if rec {
			c0 := int32(len(x.played))
			x.played = append(x.played, ch...)
			x.playedAt = append(x.playedAt, jkMove{c0, int32(len(x.played)), m.from, m.to})
		}
		if k.reps {
			x.remember(b.hash)
		}
		b.apply(g, ch)
		next := int(g.next[turn])
		b.hash ^= g.turnKey[turn] ^ g.turnKey[next]
		mover, turn = g.turns[turn].Player, next
		if k.met(&b, x, k.static[mover]) {
			r, err := k.result(s, &b, x, mover, turn, false)
			return r, ply + 1, true, err
		}
	}
}

// apply makes changes ch on b.
func (b *jkBoard) apply(g *Game, ch []Change) {
	for _, c := range ch {
		old := b.cells[c.Pos]
		b.hash ^= g.zob(c.Pos, old) ^ g.zob(c.Pos, c.Val)
		b.cells[c.Pos] = c.Val
		bit := uint64(1) << c.Pos
		if old != 0 {
			b.occ[old.Owner()] &^= bit
			b.counts[old.Owner()][old.Type()]--
		}
		if c.Val != 0 {
			b.occ[c.Val.Owner()] |= bit
			b.counts[c.Val.Owner()][c.Val.Type()]++
		}
	}
}

// draw finds the move side plays: the first class with moves gives it.
func (k *jumpKernel) draw(b *jkBoard, x *jkScratch, side int, rng *rand.Rand) (jkMove, bool) {
	x.out = x.out[:0]
	for ci := range k.classes {
		c := &k.classes[ci]
		var m jkMove
		var ok bool
		switch {
		case !c.single:
			if ok = k.jumps(b, x, side, c); ok {
				m = x.moves[rng.IntN(len(x.moves))]
			}
		case c.gated:
			ok = k.drawGated(b, x, side, c, rng, &m)
		default:
			ok = k.drawPairs(b, x, side, c, rng, &m)
		}
		if ok {
			return m, true
		}
	}
	return jkMove{}, false
}

// anyMove reports whether side has a move, drawing nothing.
func (k *jumpKernel) anyMove(b *jkBoard, x *jkScratch, side int) bool {
	x.out = x.out[:0]
	for ci := range k.classes {
		c := &k.classes[ci]
		if !c.single {
			if k.jumps(b, x, side, c) {
				return true
			}
			continue
		}
		for set := b.occ[side]; set != 0; set &= set - 1 {
			p := int32(bits.TrailingZeros64(set))
			for _, id := range c.progs[b.cells[p].Type()] {
				if _, ok := k.step(b, x, side, &k.progs[id], p); ok {
					return true
				}
			}
		}
	}
	return false
}

// srcs returns the sets a gate's tests read, for side.
func (b *jkBoard) srcs(side int) [6]uint64 {
	full := b.occ[0] | b.occ[1]
	own := b.occ[side]
	return [...]uint64{srcEmpty: ^full, srcFull: full, srcEnemy: full &^ own, srcFriend: own,
		srcNotEnemy: ^(full &^ own), srcNotFriend: ^own}
}

// on returns the start positions where gp holds.
func (gp *gateProg) on(srcs *[6]uint64) uint64 {
	x := gp.templ
	for i := 0; i < int(gp.n); i++ {
		x &= srcs[gp.src[i]%6] >> (gp.right[i] & 63) << (gp.left[i] & 63)
	}
	return x | gp.run
}

// jumps lists the moves of a jump class as the generator writes them;
// false when there is none.
func (k *jumpKernel) jumps(b *jkBoard, x *jkScratch, side int, c *jkClass) bool {
	x.moves = x.moves[:0]
	from := b.occ[side]
	var sets [jkMaxGated]uint64
	gated := c.guardOf[side&1] != nil
	switch cg := c.gate; {
	case gated:
		// The start positions where each program's guard holds: a
		// program is tried only from those (gate.go; a guard known to
		// fail is a branch the processor cannot foresee), and a piece
		// none lets through has no move of the class.
		full := b.occ[0] | b.occ[1]
		var uniq [jkMaxGated]uint64
		var at uint64
		for i := range c.guards[side&1][:min(len(c.guards[side&1]), jkMaxGated)] {
			uniq[i] = c.guards[side&1][i].set(full, from)
			at |= uniq[i]
		}
		for j, i := range c.guardOf[side&1][:min(len(c.guardOf[side&1]), jkMaxGated)] {
			sets[j] = uniq[i&(jkMaxGated-1)]
		}
		from &= at
	case cg != nil:
		// The pieces the gate lets through, whatever their types: the
		// others have no move of the class.
		srcs := b.srcs(side)
		var at uint64
		for i := range cg.uniq[side] {
			at |= cg.uniq[side][i].on(&srcs)
		}
		from &= at
	}
	for ; from != 0; from &= from - 1 {
		p := int32(bits.TrailingZeros64(from))
		v := b.cells[p]
		first := 0
		if gated {
			first = c.first[v.Type()]
		}
		for i, id := range c.progs[v.Type()] {
			if gated && sets[(first+i)&(jkMaxGated-1)]>>p&1 == 0 {
				continue
			}
			pr := &k.progs[id]
			if pr.holds(b, side, p) {
				x.seen = append(x.seen[:0], b.hash)
				x.chain = x.chain[:0]
				k.jump(b, x, side, pr, p, v)
			}
		}
	}
	return len(x.moves) > 0
}

// holds reports whether jump pr may be made from at: an enemy piece to
// take, an empty cell beyond.
func (pr *jkProg) holds(b *jkBoard, side int, at int32) bool {
	o, d := pr.over[side][at], pr.dest[side][at]
	if o < 0 || d < 0 || b.cells[d] != 0 {
		return false
	}
	v := b.cells[o]
	return v != 0 && v.Owner() != side
}

// jump makes jump pr of piece v from at after the chain so far, and
// records the moves it ends or that go on from it, in the generator's
// order (partial in partial.go): a step that brings back a position of the
// move is not made, and one with no continuation ends the move.
func (k *jumpKernel) jump(b *jkBoard, x *jkScratch, side int, pr *jkProg, at int32, v Piece) {
	g := k.g
	over, land := int32(pr.over[side][at]), int32(pr.dest[side][at])
	cv := b.cells[over]
	end := &pr.out
	if pr.zone >= 0 && g.zones[pr.zone][side][0]>>land&1 != 0 {
		end = &pr.in
	}
	nv := v
	if end.promo >= 0 {
		nv = MakePiece(end.promo, side) | g.defaults[end.promo]
	}
	c0 := len(x.chain)
	x.chain = append(x.chain, Change{at, 0}, Change{over, 0}, Change{land, nv})
	if !end.partial {
		x.record(at, land)
		x.chain = x.chain[:c0]
		return
	}
	key := b.hash ^ g.zob(at, v) ^ g.zob(over, cv) ^ g.zob(land, nv)
	if slices.Contains(x.seen, key) {
		x.chain = x.chain[:c0]
		return
	}
	// Play the step on b, look for continuations, take it back.
	full := b.occ[side]
	b.cells[at], b.cells[over], b.cells[land] = 0, 0, nv
	b.occ[side] = full&^(1<<at) | 1<<land
	b.occ[1-side] &^= 1 << over
	b.hash, key = key, b.hash
	x.seen = append(x.seen, b.hash)
	n := len(x.moves)
	for _, id := range end.cont[nv.Type()] {
		if cp := &k.progs[id]; cp.holds(b, side, land) {
			k.jump(b, x, side, cp, land, nv)
		}
	}
	x.seen = x.seen[:len(x.seen)-1]
	b.hash = key
	b.occ[side] = full
	b.occ[1-side] |= 1 << over
	b.cells[at], b.cells[over], b.cells[land] = v, cv, 0
	if len(x.moves) == n {
		x.record(at, land)
	}
	x.chain = x.chain[:c0]
}

// record adds the chain under way as a move whose last step went from
// from to to.
func (x *jkScratch) record(from, to int32) {
	c0 := int32(len(x.out))
	x.out = append(x.out, x.chain...)
	x.moves = append(x.moves, jkMove{c0, int32(len(x.out)), from, to})
}

// step returns the move of step or single jump pr from p, if any.
func (k *jumpKernel) step(b *jkBoard, x *jkScratch, side int, pr *jkProg, p int32) (jkMove, bool) {
	if pr.jump {
		if !pr.holds(b, side, p) {
			return jkMove{}, false
		}
		x.chain, x.moves = x.chain[:0], x.moves[:0]
		k.jump(b, x, side, pr, p, b.cells[p])
		return x.moves[0], true
	}
	d := int32(pr.dest[side][p])
	if d < 0 || b.cells[d] != 0 {
		return jkMove{}, false
	}
	g := k.g
	v := b.cells[p]
	if pr.zone >= 0 && g.zones[pr.zone][side][0]>>d&1 != 0 {
		v = MakePiece(pr.in.promo, side) | g.defaults[pr.in.promo]
	}
	c0 := int32(len(x.out))
	x.out = append(x.out, Change{p, 0}, Change{d, v})
	return jkMove{c0, c0 + 2, p, d}, true
}

// drawPairs draws a move of a class of single moves as drawPieceMove does:
// a draw among the (piece, program) pairs listed by piece in board order,
// each drawn pair that gives no move put out of the list by the last. The
// first draw reads the pair off the pieces; the list is written only when
// it gives no move.
func (k *jumpKernel) drawPairs(b *jkBoard, x *jkScratch, side int, c *jkClass, rng *rand.Rand, m *jkMove) bool {
	n := 0
	for t, ps := range c.progs {
		n += int(b.counts[side][t]) * len(ps)
	}
	if n == 0 {
		return false
	}
	i := rng.IntN(n)
	first := i
	for set := b.occ[side]; ; set &= set - 1 {
		p := int32(bits.TrailingZeros64(set))
		ps := c.progs[b.cells[p].Type()]
		if i >= len(ps) {
			i -= len(ps)
			continue
		}
		if mv, ok := k.step(b, x, side, &k.progs[ps[i]], p); ok {
			*m = mv
			return true
		}
		break
	}
	cands := x.cands[:0]
	for set := b.occ[side]; set != 0; set &= set - 1 {
		p := int32(bits.TrailingZeros64(set))
		for i := range c.progs[b.cells[p].Type()] {
			cands = append(cands, pieceCand{p, int32(i)})
		}
	}
	x.cands = cands
	cands[first] = cands[n-1]
	for n--; n > 0; n-- {
		i := rng.IntN(n)
		pc := cands[i]
		cands[i] = cands[n-1]
		id := c.progs[b.cells[pc.p].Type()][pc.b]
		if mv, ok := k.step(b, x, side, &k.progs[id], pc.p); ok {
			*m = mv
			return true
		}
	}
	return false
}

// drawGated draws a move of a gated class of one piece type as drawGated
// (sample.go) does.
func (k *jumpKernel) drawGated(b *jkBoard, x *jkScratch, side int, c *jkClass, rng *rand.Rand, m *jkMove) bool {
	cg := c.gate
	srcs := b.srcs(side)
	uniq, ref := cg.uniq[side], cg.ref[side]
	var sets [jkMaxGated]uint64
	n := 0
	for j, i := range ref[:min(len(ref), jkMaxGated)] {
		if b.counts[side][cg.progType[j]] > 0 {
			sets[j] = uniq[i].on(&srcs) & b.occ[side]
			n += bits.OnesCount64(sets[j])
		}
	}
	for ; n > 0; n-- {
		i := rng.IntN(n)
		j := 0
		for cnt := bits.OnesCount64(sets[j]); i >= cnt; cnt = bits.OnesCount64(sets[j]) {
			i -= cnt
			j++
		}
		p := nthBit1(sets[j], i)
		sets[j] &^= 1 << p
		id := c.progs[cg.progType[j]][cg.progNum[j]]
		if mv, ok := k.step(b, x, side, &k.progs[id], p); ok {
			*m = mv
			return true
		}
	}
	return false
}

// jkMaxGated bounds the programs of a gated class the kernel draws from.
const jkMaxGated = 16

// replay plays the moves recorded by the last playout on s.
func (k *jumpKernel) replay(s *State) {
	x := s.jk
	for _, m := range x.playedAt {
		s.play(x.played[m.c0:m.c1], m.from, m.to)
	}
}
