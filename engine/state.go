package engine

import "github.com/ludus-games/ludus/engine/rules"

// State is a game position with its history: the board and reserves, whose
// turn it is, the last move's squares, an incremental Zobrist hash and the
// undo log. Play and Undo change it in place; Clone copies it. A State is
// not safe for concurrent use; clone one per goroutine.
type State struct {
	g        *Game
	cells    []Piece
	hash     uint64
	turn     int
	lastFrom int32
	lastTo   int32
	undo     []Change
	frames   []undoFrame
	// rep counts the positions of the history by the low bits of their
	// hash, so that a position seen once needs no search of the history.
	rep     []uint16
	gen     *generator
	scratch MoveList
	// version changes whenever cells or the last move change; attack test
	// results are cached per version.
	version uint64
	// counts[owner*ntypes+type] is the number of such pieces on the board.
	counts []int32
	// occ[owner*words+w] is the bit set of the positions holding that
	// owner's pieces: the generator visits only those.
	occ []uint64
	// changed is a buffer for the cells the last move changed.
	changed []int32
	// drops holds the positions where drop programs may emit.
	drops dropState
	// clear is the ply at which a static goal check found the game going
	// on (-1: not known); goals are then checked only where the next move
	// changed the board.
	clear int
	// koKeys are the keys of the positions before each move, and koRep
	// a counting filter over them, under a ko rule (ko.go).
	koKeys []uint64
	koRep  []uint16
	// passList holds the moves generated to see whether a forced pass
	// helps.
	passList MoveList
	// ge is the goal evaluation under way (goals.go).
	ge goalEval
	// inPlayout is set while Playout runs: the scores of a result are
	// then written to floatBuf, not allocated.
	inPlayout bool
	floatBuf  []float64
	// meter is the budget of work on the state and what is left of it
	// (budget.go).
	meter meter
	// kmoves are the moves of the drop kernel's last game, when asked
	// for (dropkernel.go).
	kmoves []kMove
	// fmoves are the drops (-1: passes) of the flip kernel's last game,
	// when asked for (flipkernel.go).
	fmoves []int32
	// jk is the jump kernel's working storage (jumpkernel.go).
	jk *jkScratch
	// countDepth is how many (count moves) of invariants this state is
	// a copy within (movesAfter).
	countDepth int
}

// repBuckets is the size of the repetition filter.
const repBuckets = 4096

type undoFrame struct {
	n                int32
	clearBefore      bool
	lastFrom, lastTo int32
	turn             int32
	hash             uint64
	// dropSave is where the drop candidate sets were saved, or -1.
	dropSave int32
}

// NewState returns the game's start position.
func NewState(g *Game) *State {
	s := &State{g: g, cells: make([]Piece, g.ncells), lastFrom: -1, lastTo: -1, clear: -1}
	for _, pl := range g.Rules.Setup {
		s.cells[pl.Pos] = MakePiece(pl.Type, pl.Player) | g.defaults[pl.Type]
	}
	for _, rs := range g.Rules.Reserves {
		if slot := g.resSlot[rs.Player*g.ntypes+rs.Type]; slot >= 0 {
			s.cells[slot] = Piece(rs.Count)
		}
	}
	g.initExt(s.cells)
	s.rehash()
	return s
}

// Game returns the compiled game the state belongs to.
func (s *State) Game() *Game { return s.g }

func (s *State) rehash() {
	g := s.g
	s.clear = -1
	s.drops.full = true
	s.counts = make([]int32, g.nplayers*g.ntypes)
	s.occ = make([]uint64, g.nplayers*g.words)
	for p, v := range s.cells[:g.np] {
		s.count(int32(p), v, 1)
	}
	var h uint64
	for i, v := range s.cells {
		h ^= g.zob(int32(i), v)
	}
	h ^= g.turnKey[s.turn]
	if g.usesLast {
		h ^= g.lastKey[0][s.lastFrom+1] ^ g.lastKey[1][s.lastTo+1]
	}
	s.hash = h
	if g.repetition {
		s.rep = make([]uint16, repBuckets)
		s.rep[s.hash%repBuckets]++
	}
}

// Hash returns the Zobrist key of the position (board, reserves, turn, and
// the last move's squares when the rules look at them).
func (s *State) Hash() uint64 { return s.hash }

// Clone returns an independent copy of the state, history included.
func (s *State) Clone() *State {
	c := &State{g: s.g, hash: s.hash, turn: s.turn, lastFrom: s.lastFrom, lastTo: s.lastTo, clear: s.clear, meter: s.meter}
	// The slices a move writes get cache lines of their own: copies made
	// one after the other for parallel searches would otherwise share
	// lines, and the cores writing them wait on each other.
	c.cells = lineCopy(s.cells, 4)
	c.counts = lineCopy(s.counts, 4)
	c.occ = lineCopy(s.occ, 8)
	c.undo = append([]Change(nil), s.undo...)
	c.frames = append([]undoFrame(nil), s.frames...)
	if s.rep != nil {
		c.rep = append([]uint16(nil), s.rep...)
	}
	if s.koRep != nil {
		c.koKeys = append([]uint64(nil), s.koKeys...)
		c.koRep = append([]uint16(nil), s.koRep...)
	}
	c.drops = dropState{bits: lineCopy(s.drops.bits, 8), dirty: lineCopy(s.drops.dirty, 4),
		full: s.drops.full, saved: lineCopy(s.drops.saved, 8)}
	return c
}

// lineCopy copies s, of elements of size bytes, into a slice whose
// capacity fills whole cache lines of 64 bytes: the allocator places such
// a block on line boundaries, so that no other object shares its lines.
func lineCopy[T any](s []T, size int) []T {
	if s == nil {
		return nil // nil has its meaning: drop sets not made yet, say
	}
	const line = 64
	n := (len(s)*size + line - 1) / line * line / size
	c := make([]T, len(s), max(n, len(s)))
	copy(c, s)
	return c
}

// Turn returns the index of the current entry of the turn order.
func (s *State) Turn() int { return s.turn }

// ToMove returns the player choosing the next move.
func (s *State) ToMove() int { return s.g.turns[s.turn].Player }

// Side returns the player whose pieces move this turn.
func (s *State) Side() int { return s.g.turns[s.turn].Side }

// Chance reports whether the player to move is a random player (dice):
// its moves are equally likely outcomes, not choices.
func (s *State) Chance() bool { return s.g.randomPlayer[s.ToMove()] }

// Ply returns the number of moves played since the start (or setup).
func (s *State) Ply() int { return len(s.frames) }

// At returns the piece on position p.
func (s *State) At(p int) Piece { return s.cells[p] }

// Reserve returns how many pieces of type t player p holds off the board,
// and false when the rules do not limit them.
func (s *State) Reserve(p, t int) (int, bool) {
	slot := s.g.resSlot[p*s.g.ntypes+t]
	if slot < 0 {
		return 0, false
	}
	return int(s.cells[slot]), true
}

// LastMove returns the squares of the last move (-1 when unknown).
func (s *State) LastMove() (from, to int) { return int(s.lastFrom), int(s.lastTo) }

// nextTurn is the entry of the turn order after t when the move made
// does not jump.
func (g *Game) nextTurn(t int) int { return int(g.next[t]) }

// prevPlayer is the player of the turn before t in the cycle (the one who
// moved last, for a position with no history).
func (g *Game) prevPlayer(t int) int {
	for i := range g.turns {
		if int(g.next[i]) == t && i != t {
			return g.turns[i].Player
		}
	}
	if t > 0 {
		return g.turns[t-1].Player
	}
	return g.turns[len(g.turns)-1].Player
}

func (s *State) setLast(from, to int32) {
	s.version++
	if s.g.usesLast {
		k := &s.g.lastKey
		s.hash ^= k[0][s.lastFrom+1] ^ k[1][s.lastTo+1] ^ k[0][from+1] ^ k[1][to+1]
	}
	s.lastFrom, s.lastTo = from, to
}

// boardKey is the hash of the cells alone, without the last move the
// hash may cover.
func (s *State) boardKey() uint64 {
	h := s.hash
	if s.g.usesLast {
		k := &s.g.lastKey
		h ^= k[0][s.lastFrom+1] ^ k[1][s.lastTo+1]
	}
	return h
}

// keyAfter is boardKey after the changes ch, which are not made.
func (s *State) keyAfter(ch []Change) uint64 {
	g := s.g
	h := s.boardKey()
	for i, c := range ch {
		old := s.cells[c.Pos]
		for j := i - 1; j >= 0; j-- {
			if ch[j].Pos == c.Pos {
				old = ch[j].Val
				break
			}
		}
		h ^= g.zob(c.Pos, old) ^ g.zob(c.Pos, c.Val)
	}
	return h
}

// apply makes changes without touching turn or history.
func (s *State) apply(ch []Change) {
	g := s.g
	s.version++
	for _, c := range ch {
		old := s.cells[c.Pos]
		s.undo = append(s.undo, Change{c.Pos, old})
		s.hash ^= g.zob(c.Pos, old) ^ g.zob(c.Pos, c.Val)
		s.cells[c.Pos] = c.Val
		if int(c.Pos) < g.np {
			s.count(c.Pos, old, -1)
			s.count(c.Pos, c.Val, 1)
			if g.drops != nil {
				s.drops.touch(c.Pos, g.np)
			}
		}
	}
}

// revert undoes the changes logged since undo length n.
func (s *State) revert(n int) {
	g := s.g
	s.version++
	for i := len(s.undo) - 1; i >= n; i-- {
		c := s.undo[i]
		cur := s.cells[c.Pos]
		s.hash ^= g.zob(c.Pos, cur) ^ g.zob(c.Pos, c.Val)
		s.cells[c.Pos] = c.Val
		if int(c.Pos) < g.np {
			s.count(c.Pos, cur, -1)
			s.count(c.Pos, c.Val, 1)
			if g.drops != nil {
				s.drops.touch(c.Pos, g.np)
			}
		}
	}
	s.undo = s.undo[:n]
}

// count adds (d = 1) or removes (d = -1) piece v on board position p to
// or from the piece counts and the occupancy sets.
func (s *State) count(p int32, v Piece, d int32) {
	if v == 0 {
		return
	}
	g := s.g
	s.counts[v.Owner()*g.ntypes+v.Type()] += d
	w := &s.occ[v.Owner()*g.words+int(p>>6)]
	if d > 0 {
		*w |= 1 << (p & 63)
	} else {
		*w &^= 1 << (p & 63)
	}
}

// Play makes move m.
func (s *State) Play(m *Move) {
	switch n := len(m.Steps); {
	case m.Pass:
		s.playPass()
	case n > 0:
		s.playMove(m.Changes, m.Steps[n-1].From, m.Steps[n-1].To, false, m.NextTurn)
	default:
		s.playMove(m.Changes, -1, -1, false, m.NextTurn)
	}
}

// playPass passes the turn.
func (s *State) playPass() { s.playMove(nil, -1, -1, true, 0) }

// play makes the changes of a move whose last step went from from to to.
func (s *State) play(ch []Change, from, to int32) { s.playMove(ch, from, to, false, 0) }

// playMove makes a move; next is the entry of the turn order that moves
// next, plus one (0: the turn order's next entry).
func (s *State) playMove(ch []Change, from, to int32, pass bool, next uint8) {
	g := s.g
	if g.extPlay && g.ko != rules.KoNone {
		s.koPush()
	}
	s.frames = append(s.frames, undoFrame{n: int32(len(s.undo)), clearBefore: s.clear == len(s.frames), lastFrom: s.lastFrom,
		lastTo: s.lastTo, turn: int32(s.turn), hash: s.hash, dropSave: s.drops.save()})
	s.apply(ch)
	if c := g.ext.passCell; g.extPlay && c >= 0 {
		// The passes made in a row: one more, or none after a move.
		if pass {
			s.apply([]Change{{c, s.cells[c] + 1}})
		} else if s.cells[c] != 0 {
			s.apply([]Change{{c, 0}})
		}
	}
	s.setLast(from, to)
	s.hash ^= s.g.turnKey[s.turn]
	if next > 0 {
		s.turn = int(next - 1)
	} else {
		s.turn = int(s.g.next[s.turn])
	}
	s.hash ^= s.g.turnKey[s.turn]
	if s.rep != nil {
		s.rep[s.hash%repBuckets]++
	}
}

// Undo takes back the last move played; it reports false if there is none.
func (s *State) Undo() bool {
	n := len(s.frames)
	if n == 0 {
		return false
	}
	if s.rep != nil {
		s.rep[s.hash%repBuckets]--
	}
	f := s.frames[n-1]
	s.frames = s.frames[:n-1]
	if s.g.ko != rules.KoNone {
		s.koPop()
	}
	s.revert(int(f.n))
	if f.dropSave >= 0 {
		s.drops.restore(f.dropSave)
	}
	s.clear = -1
	if f.clearBefore {
		s.clear = len(s.frames)
	}
	s.lastFrom, s.lastTo, s.turn, s.hash = f.lastFrom, f.lastTo, int(f.turn), f.hash
	return true
}

// Repetitions returns how many times the current position has occurred in
// the history (1 for a position seen only now), when the rules track it.
func (s *State) Repetitions() int {
	if s.rep == nil || s.rep[s.hash%repBuckets] <= 1 {
		return 1
	}
	n := 1
	for _, f := range s.frames {
		if f.hash == s.hash {
			n++
		}
	}
	return n
}

// HashOK recomputes the hash from scratch and reports whether the
// incremental one agrees (a check for tests and debugging).
func (s *State) HashOK() bool {
	h := s.hash
	rep := s.rep
	s.rehash()
	ok := s.hash == h
	s.hash, s.rep = h, rep
	return ok
}

// Equal reports whether two states hold the same position (board,
// reserves, turn and last move).
func (s *State) Equal(o *State) bool {
	if s.turn != o.turn || s.lastFrom != o.lastFrom || s.lastTo != o.lastTo || len(s.cells) != len(o.cells) {
		return false
	}
	for i := range s.cells {
		if s.cells[i] != o.cells[i] {
			return false
		}
	}
	return true
}
