package engine

import (
	"math/bits"
	"math/rand/v2"
)

// Playouts of drop games on bit sets. When every move of a game is a unit
// drop (count.go) on a board of at most 128 positions, whose guards test
// only whether cells are empty, friendly or hostile, and whose goals are
// line sets (an or of n-in-a-row patterns, on a board of one word),
// connections and stalemate, a random game needs no more of the position
// than a few words: each player's occupancy, the cells matching each line
// set's piece test, the positions joined to each connection's first zone,
// the drop candidate sets and the reserve counts. The kernel plays the
// game on copies of these, leaving the state alone (nothing to take back),
// and makes the same random draws the general playout makes, in the same
// order, so it plays the same game move for move: a drop at the candidate
// of the drawn rank, the candidates of the cells it changed looked at
// again, the goals its piece can meet tested. Connect four, tic-tac-toe
// and Hex (once Blue's first turn, which may swap, is past) take this
// path; a game or a turn the model does not fit takes the general one.

// Bounds of the kernel's fixed-size tables.
const (
	kWords      = 2 // words of a position set: at most 128 positions
	kMaxPlayers = 4
	kMaxPlans   = 8
	kMaxMasks   = 8
	kMaxSlots   = 8
	kMaxConns   = 4
)

// kSet is a set of positions.
type kSet [kWords]uint64

func (x *kSet) has(q int32) bool { return x[q>>6]>>(q&63)&1 != 0 }

func (x kSet) count() int { return bits.OnesCount64(x[0]) + bits.OnesCount64(x[1]) }

func (x kSet) empty() bool { return x[0]|x[1] == 0 }

// nth returns the position of the member of rank i.
func (x kSet) nth(i int) int32 {
	if c := bits.OnesCount64(x[0]); i >= c {
		return 64 + nthBit1(x[1], i-c)
	}
	return nthBit1(x[0], i)
}

// dropKernel is what the compiled game knows for the kernel.
type dropKernel struct {
	g *Game
	// from[t]: the kernel plays from entry t of the turn order on (every
	// entry it leads to has countable drops).
	from []bool
	// watch[wcell[c]:wcell[c+1]] are the candidates whose guards read
	// cell c, each with its guard (the watchers of dropIndex).
	watch []kWatch
	wcell []int32
	sided []kGuard
	turns []kTurn
	// masks are the piece tests of the line sets; conns the connection
	// goals by player; full[mover] is the goal sequence of Result after
	// a move of mover.
	masks []pieceMask
	conns []kConn
	full  [][]kGoal
	slots []int32 // the reserve cells drops draw on
	// replaces: some drop may land on an occupied cell.
	replaces bool
	// word is the loop on one word, when the game fits it.
	word *dropWord
}

// kGuard is a guard as masked compares: the cells that must be occupied
// or empty and, for side when sided, friendly or not, hostile or not.
type kGuard struct {
	never             bool
	sided             bool
	side              int
	full, empty       kSet
	friend, notFriend kSet
	enemy, notEnemy   kSet
}

// kWatch is candidate q of drop plan k, with its guard: the emptiness
// tests of word w here, the rest (a guard that reads the side, or cells of
// both words) in sided[side] when side >= 0.
type kWatch struct {
	full, empty uint64
	never       uint64 // all ones when no run from q emits
	w, k, q     uint8
	side        int16
}

// kTurn is an entry of the turn order: its player, the next entry, and
// per priority class the drops it may make.
type kTurn struct {
	player  int
	next    int
	classes [][]kDrop
	// one is the turn's only drop when it has no reserve (the
	// commonest turn, counted and drawn without loops), or nil.
	one *kDrop
}

// kDrop is an active drop program: its plan's candidate set, the piece
// it drops and its owner, where a drop from each candidate lands, the
// reserve it draws on (-1: none), the line tests the piece matches (a bit
// per mask), and the static goals a drop of it may meet: line sets
// (checks) and connections (joins, indices into conns).
type kDrop struct {
	k      int
	piece  Piece
	owner  int
	dest   []int8
	res    int
	match  uint64
	checks []kLine
	joins  []int
}

// kLine is a line set tested through a cell within the cells matching
// mask, on a board of one word: by shifts of the whole word along each
// direction (dirs) when the board allows, else by the cell's windows
// pad[q*n:(q+1)*n].
type kLine struct {
	mask int
	// least is the fewest cells a line holds: a set of fewer holds none.
	least int
	dirs  []kShift
	// pairs holds the same shifts when every direction takes two (three
	// or four in a row): computed without a loop-carried step, the
	// directions overlap in the processor.
	pairs [][2]kShift
	n     int
	pad   []uint64
}

// kShift moves a set of cells j steps along a direction in which every
// step adds the same number to the position: bit q of the result is bit
// q+j*delta of x, for the cells q whose j-th step stays on the board.
// first marks the first shift of a direction.
type kShift struct {
	right, left uint8
	first       bool
	valid       uint64
}

// kConn is a connection goal of player p: a chain of p's pieces joining
// zone a to zone b, chains linked by the neighbour sets nb.
type kConn struct {
	p    int
	a, b kSet
	nb   []kSet
}

// kGoal is a goal to check for a player: a line set, a connection
// (conns[conn]), or stalemate.
type kGoal struct {
	goal, player int
	stalemate    bool
	conn         int
	kLine
}

// kBoard is the position the kernel plays on. reach[j] holds the pieces
// of conns[j]'s player whose chains touch its first zone.
type kBoard struct {
	any   kSet
	own   [kMaxPlayers]kSet
	match [kMaxMasks]uint64
	cand  [kMaxPlans]kSet
	reach [kMaxConns]kSet
	res   [kMaxSlots]int32
}

// load copies the state's position into b; false when it holds what the
// kernel does not follow (a ghost).
func (k *dropKernel) load(s *State, b *kBoard) bool {
	g := k.g
	for o := range g.nplayers {
		copy(b.own[o][:], s.occ[o*g.words:(o+1)*g.words])
		b.any[0] |= b.own[o][0]
		b.any[1] |= b.own[o][1]
	}
	for w, x := range b.any {
		for ; x != 0; x &= x - 1 {
			q := w*64 + bits.TrailingZeros64(x)
			v := s.cells[q]
			if v&ghostBit != 0 {
				return false
			}
			for j, m := range k.masks {
				if v&m.mask == m.want {
					b.match[j] |= 1 << q
				}
			}
		}
	}
	gn := s.generator()
	gn.refreshDrops()
	d := g.drops
	for i := range d.plans {
		copy(b.cand[i][:], s.drops.bits[i*d.words:(i+1)*d.words])
	}
	for i, slot := range k.slots {
		b.res[i] = int32(s.cells[slot])
	}
	for j := range k.conns {
		c := &k.conns[j]
		own := b.own[c.p]
		b.reach[j] = c.grow(kSet{own[0] & c.a[0], own[1] & c.a[1]}, own)
	}
	return true
}

// grow returns the pieces of own joined to those of ring by chains.
func (c *kConn) grow(ring, own kSet) kSet {
	chain := ring
	for !ring.empty() {
		var next kSet
		for w, x := range ring {
			for ; x != 0; x &= x - 1 {
				nb := &c.nb[w*64+bits.TrailingZeros64(x)]
				next[0] |= nb[0]
				next[1] |= nb[1]
			}
		}
		for w := range ring {
			ring[w] = next[w] & own[w] &^ chain[w]
			chain[w] |= ring[w]
		}
	}
	return chain
}

// holds reports whether guard gd holds on b.
func (b *kBoard) holds(gd *kGuard) bool {
	if gd.never {
		return false
	}
	fr := b.own[gd.side]
	for w := range kWords {
		en := b.any[w] &^ fr[w]
		if b.any[w]&gd.empty[w] != 0 || b.any[w]&gd.full[w] != gd.full[w] ||
			fr[w]&gd.friend[w] != gd.friend[w] || fr[w]&gd.notFriend[w] != 0 ||
			en&gd.enemy[w] != gd.enemy[w] || en&gd.notEnemy[w] != 0 {
			return false
		}
	}
	return true
}

// place puts the dropped piece of kd on dest and looks again at the
// candidates whose guards read it.
func (k *dropKernel) place(b *kBoard, kd *kDrop, dest int32) {
	w, bit := dest>>6, uint64(1)<<(dest&63)
	if k.replaces {
		for o := range b.own[:k.g.nplayers] {
			b.own[o][w] &^= bit
		}
		for j := range b.match[:len(k.masks)] {
			b.match[j] &^= bit
		}
	}
	b.any[w] |= bit
	b.own[kd.owner][w] |= bit
	for x := kd.match; x != 0; x &= x - 1 {
		b.match[bits.TrailingZeros64(x)] |= bit
	}
	if kd.res >= 0 {
		b.res[kd.res]--
	}
	for i := k.wcell[dest]; i < k.wcell[dest+1]; i++ {
		// Without branches: whether a guard holds is a coin toss to the
		// processor.
		g := &k.watch[i]
		a := b.any[g.w&1]
		bad := g.never | a&g.empty | a&g.full ^ g.full
		in := (bad|-bad)>>63 ^ 1
		if g.side >= 0 && in != 0 && !b.holds(&k.sided[g.side]) {
			in = 0
		}
		c := &b.cand[g.k][g.q>>6]
		*c = *c&^(1<<(g.q&63)) | in<<(g.q&63)
	}
}

// join brings the chains of connection j up to date after a drop of its
// player's piece on dest, and reports whether they join its zones.
func (k *dropKernel) join(b *kBoard, j int, dest int32) bool {
	c := &k.conns[j]
	r := &b.reach[j]
	nb := &c.nb[dest]
	if !c.a.has(dest) && nb[0]&r[0]|nb[1]&r[1] == 0 {
		return false // the chain through dest does not touch the first zone
	}
	// The chain through dest joins those that touch the first zone.
	own := b.own[c.p]
	var ring kSet
	ring[dest>>6] = 1 << (dest & 63)
	chain := c.grow(ring, kSet{own[0] &^ r[0], own[1] &^ r[1]})
	r[0] |= chain[0]
	r[1] |= chain[1]
	return r[0]&c.b[0]|r[1]&c.b[1] != 0
}

// count returns the drops of the first class of turn t that has moves,
// and their number (0: no move).
func (b *kBoard) count(t *kTurn) ([]kDrop, int) {
	for _, ds := range t.classes {
		n := 0
		for i := range ds {
			n += b.set(&ds[i]).count()
		}
		if n > 0 {
			return ds, n
		}
	}
	return nil, 0
}

// set is the candidate set of drop kd, empty when its reserve is.
func (b *kBoard) set(kd *kDrop) kSet {
	if kd.res >= 0 && b.res[kd.res] == 0 {
		return kSet{}
	}
	return b.cand[kd.k]
}

// pick returns drop i of ds as unitAt orders them: by candidate position,
// then by program.
func (b *kBoard) pick(ds []kDrop, i int) (*kDrop, int32) {
	if len(ds) == 1 {
		return &ds[0], b.cand[ds[0].k].nth(i)
	}
	for w := range kWords {
		var union uint64
		for j := range ds {
			union |= b.set(&ds[j])[w]
		}
		for ; union != 0; union &= union - 1 {
			p := int32(w*64 + bits.TrailingZeros64(union))
			for j := range ds {
				if x := b.set(&ds[j]); !x.has(p) {
					continue
				}
				if i == 0 {
					return &ds[j], p
				}
				i--
			}
		}
	}
	panic("engine: kernel drop index out of range") // unreachable: i < count
}

// nthBit1 returns the position of the set bit of rank i in x.
func nthBit1(x uint64, i int) int32 {
	const l8 = 0x0101010101010101
	c := x - (x>>1)&0x5555555555555555
	c = c&0x3333333333333333 + (c>>2)&0x3333333333333333
	c = (c + c>>4) & 0x0f0f0f0f0f0f0f0f
	prefix := c * l8
	ii := uint64(i) * l8
	le := ((ii | 0x8080808080808080) - prefix) & 0x8080808080808080
	b := uint(bits.OnesCount64(le)) & 7
	before := int((prefix << 8) >> (8 * b) & 0xff)
	byt := int(x >> (8 * b) & 0xff)
	return int32(8*int(b) + int(selectInByte[byt<<3|(i-before)&7]))
}

// selectInByte[b<<3|r] is the position of the set bit of rank r in byte b.
var selectInByte = func() (t [256 * 8]uint8) {
	for b := range 256 {
		r := 0
		for j := range 8 {
			if b>>j&1 != 0 {
				t[b<<3|r] = uint8(j)
				r++
			}
		}
	}
	return t
}()

// line reports whether the line set kl holds through dest, whose cell
// matches its test.
func (b *kBoard) line(kl *kLine, dest int32) bool { return kl.holds(b.match[kl.mask], dest) }

// holds reports whether the line set kl holds through dest among the
// cells of m, the cells matching its test.
func (kl *kLine) holds(m uint64, dest int32) bool {
	if kl.dirs != nil {
		// The position before the drop held no line of this test (every
		// static goal was checked there), so a line anywhere is one
		// through dest.
		if bits.OnesCount64(m) < kl.least {
			return false
		}
		var found, x uint64
		if kl.pairs != nil {
			for i := range kl.pairs {
				a, c := &kl.pairs[i][0], &kl.pairs[i][1]
				y := m & (m >> (a.right & 63) << (a.left & 63)) & a.valid
				found |= y & (y >> (c.right & 63) << (c.left & 63)) & c.valid
			}
			return found != 0
		}
		for _, st := range kl.dirs {
			if st.first {
				found |= x
				x = m
			}
			x &= x >> (st.right & 63) << (st.left & 63) & st.valid
		}
		return found|x != 0
	}
	// Every cell has as many windows (padWindows), tested without a
	// branch: a loop that stops at the first line met or at a cell's last
	// window mispredicts once a move.
	none := uint64(1)
	for _, w := range kl.pad[int(dest)*kl.n : int(dest+1)*kl.n] {
		x := m&w ^ w
		none &= (x | -x) >> 63
	}
	return none == 0
}

// met reports whether goal kg holds after a drop on dest whose goals
// were brought up to date.
func (b *kBoard) met(k *dropKernel, kg *kGoal, dest int32) bool {
	if kg.conn >= 0 {
		c := &k.conns[kg.conn]
		r := &b.reach[kg.conn]
		return r[0]&c.b[0]|r[1]&c.b[1] != 0
	}
	return b.match[kg.mask]>>dest&1 != 0 && b.line(&kg.kLine, dest)
}

// ready reports whether the kernel plays from entry t of the turn order.
func (k *dropKernel) ready(t int) bool { return k.from[t] }

// kMove is a drop the kernel made, for a caller that replays the game.
type kMove struct {
	dest int32
	kd   *kDrop
}

// playout plays a random game from s as Playout does and returns its
// result and length; ok is false when the position holds what the kernel
// does not follow (the caller then plays the game the general way). With
// rec, the moves are appended to s.kmoves.
func (k *dropKernel) playout(s *State, rng *rand.Rand, maxPlies int, rec bool) (r Result, plies int, ok bool, err error) {
	if !k.from[s.turn] {
		return Result{}, 0, false, nil
	}
	s.kmoves = s.kmoves[:0]
	if over, err := s.staticEnd(); over || err != nil {
		return Result{}, 0, false, nil
	}
	g := k.g
	turn := s.turn
	mover := g.prevPlayer(turn)
	if n := len(s.frames); n > 0 {
		mover = g.turns[s.frames[n-1].turn].Player
	}
	if k.word != nil {
		return k.playWord(s, rng, maxPlies, rec, turn, mover)
	}
	var b kBoard
	if !k.load(s, &b) {
		return Result{}, 0, false, nil
	}
	for ply := 0; ; ply++ {
		t := &k.turns[turn]
		kd := t.one
		var set *kSet
		var ds []kDrop
		n, n0 := 0, 0
		if kd != nil {
			set = &b.cand[kd.k]
			n0 = bits.OnesCount64(set[0])
			n = n0 + bits.OnesCount64(set[1])
		} else {
			ds, n = b.count(t)
		}
		if n == 0 {
			r, err := k.stalemate(s, mover, t.player)
			return r, ply, true, err
		}
		if ply >= maxPlies {
			return Result{}, ply, true, nil
		}
		var p int32
		switch i := rng.IntN(n); {
		case kd == nil:
			kd, p = b.pick(ds, i)
		case i < n0:
			p = nthBit1(set[0], i)
		default:
			p = 64 + nthBit1(set[1], i-n0)
		}
		dest := int32(kd.dest[p])
		k.place(&b, kd, dest)
		if rec {
			s.kmoves = append(s.kmoves, kMove{dest, kd})
		}
		mover, turn = t.player, t.next
		if kd.joins != nil && k.joined(&b, kd, dest) {
			r, err := k.ended(s, &b, mover, turn, dest)
			return r, ply + 1, true, err
		}
		for i := range kd.checks {
			if b.line(&kd.checks[i], dest) {
				r, err := k.ended(s, &b, mover, turn, dest)
				return r, ply + 1, true, err
			}
		}
	}
}

// joined brings the connections a drop of kd may meet up to date, every
// one, and reports whether one holds.
func (k *dropKernel) joined(b *kBoard, kd *kDrop, dest int32) bool {
	met := false
	for _, j := range kd.joins {
		met = k.join(b, j, dest) || met
	}
	return met
}

// stalemate is the result of a position where the player to move, next,
// has no move and no other goal holds (the position was checked).
func (k *dropKernel) stalemate(s *State, mover, next int) (Result, error) {
	for _, kg := range k.full[mover] {
		if kg.stalemate && kg.player == next {
			return s.outcome(kg.goal, kg.player)
		}
	}
	return s.draw("no moves"), nil
}

// ended is the result once a goal holds after a drop on dest: the goals
// in Result's order, a stalemate read from the moves of the next turn.
func (k *dropKernel) ended(s *State, b *kBoard, mover, turn int, dest int32) (Result, error) {
	t := &k.turns[turn]
	for i := range k.full[mover] {
		kg := &k.full[mover][i]
		if kg.stalemate {
			if _, n := b.count(t); kg.player == t.player && n == 0 {
				return s.outcome(kg.goal, kg.player)
			}
			continue
		}
		if b.met(k, kg, dest) {
			return s.outcome(kg.goal, kg.player)
		}
	}
	if _, n := b.count(t); n == 0 {
		return s.draw("no moves"), nil
	}
	return Result{}, nil
}

// replay plays the moves of s.kmoves on s, each as playPick makes a drop.
func (k *dropKernel) replay(s *State) {
	var buf [2]Change
	for _, m := range s.kmoves {
		ch := append(buf[:0], Change{m.dest, m.kd.piece})
		if m.kd.res >= 0 {
			slot := k.slots[m.kd.res]
			ch = append(ch, Change{slot, s.cells[slot] - 1})
		}
		s.play(ch, -1, m.dest)
	}
}
