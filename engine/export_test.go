package engine

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/ludus-games/ludus/engine/rules"
)

// WithoutPlans returns a copy of g whose move programs run as bytecode
// only, with no plans and no drop candidate sets: the reference the
// plans are checked against.
func WithoutPlans(g *Game) *Game {
	c := *g
	c.Blocks = make([]*CBlock, len(g.Blocks))
	byID := map[*CBlock]*CBlock{}
	for i, b := range g.Blocks {
		nb := *b
		nb.plans = nil
		c.Blocks[i] = &nb
		byID[b] = &nb
	}
	c.types = make([]ctype, len(g.types))
	re := func(bs []*CBlock) []*CBlock {
		out := make([]*CBlock, len(bs))
		for i, b := range bs {
			out[i] = byID[b]
		}
		return out
	}
	for t, ct := range g.types {
		nt := ctype{attack: re(ct.attack)}
		for _, bs := range ct.moves {
			nt.moves = append(nt.moves, re(bs))
		}
		for _, bs := range ct.drops {
			nt.drops = append(nt.drops, re(bs))
		}
		c.types[t] = nt
	}
	c.drops = nil
	c.countDrops = nil
	return &c
}

// PlanKinds counts the start positions of each plan kind over every
// program and player: run, never, guard, direct.
func PlanKinds(g *Game) [4]int {
	var n [4]int
	for _, b := range g.Blocks {
		for _, pl := range b.plans {
			for _, k := range pl.kind {
				n[k]++
			}
		}
	}
	return n
}

// CountMoves and PickMove expose the counted move lists of count.go.
func CountMoves(s *State, ml *MoveList) (int, error) { return s.countMoves(ml) }

// PickMove returns move i of those CountMoves counted.
func PickMove(s *State, ml *MoveList, i int) *Move { return s.pickMove(ml, i) }

// PlayPick plays move i of those CountMoves counted.
func PlayPick(s *State, ml *MoveList, i int) { s.playPick(ml, i) }

// Counted reports whether the game's moves are counted without listing.
func Counted(g *Game) bool { return g.countDrops != nil }

// PictureStyle names the style Picture draws the game's board in.
func PictureStyle(g *Game, v *rules.View) string {
	f := newPictureFrame(g, v)
	return [...]string{"squares", "hexes", "lines", "paper", "holes", "plates", "tiles", "goban", "river", "shogi"}[styleOf(g, v, f.at, f.size, Budget{})]
}

// WithoutLineWindows returns a copy of g whose n-in-a-row goals walk the
// lines cell by cell: the reference the line sets are checked against.
func WithoutLineWindows(g *Game) *Game {
	c := *g
	c.goals = make([]cgoal, len(g.goals))
	for i := range g.goals {
		c.goals[i] = withoutWindows(g.goals[i])
	}
	return &c
}

func withoutWindows(cg cgoal) cgoal {
	if cg.lines != nil {
		ls := *cg.lines
		ls.win, ls.wcell, ls.lines = nil, nil, nil
		cg.lines = &ls
	}
	args := make([]cgoal, len(cg.args))
	for i := range cg.args {
		args[i] = withoutWindows(cg.args[i])
	}
	cg.args = args
	return cg
}

// LineWindows reports whether some goal of g tests lines by their sets.
func LineWindows(g *Game) bool {
	var has func(cg *cgoal) bool
	has = func(cg *cgoal) bool {
		if cg.lines != nil && cg.lines.win != nil {
			return true
		}
		for i := range cg.args {
			if has(&cg.args[i]) {
				return true
			}
		}
		return false
	}
	for i := range g.goals {
		if has(&g.goals[i]) {
			return true
		}
	}
	return false
}

// DrawMove draws a random legal move as a playout does (drawn false: the
// game's playouts list the moves of this turn).
func DrawMove(s *State, ml *MoveList, rng *rand.Rand) (m *Move, drawn bool, err error) {
	return s.drawMove(ml, rng)
}

// SingleClass reports whether every move program of priority class cl
// gives at most one move a run.
func SingleClass(g *Game, cl int) bool { return g.singleClass[cl] }

// ChainSlots returns the continuation slots of a drawn composite move of
// priority class cl (0: its moves are not drawn so).
func ChainSlots(g *Game, cl int) int { return g.chainK[cl] }

// WithoutChainSets returns a copy of g whose connection goals walk their
// chains cell by cell: the reference the bit-set walk is checked against.
func WithoutChainSets(g *Game) *Game {
	c := *g
	c.goals = make([]cgoal, len(g.goals))
	for i := range g.goals {
		c.goals[i] = withoutNb(g.goals[i])
	}
	c.kernel = nil // it would grow the chains as bit sets
	return &c
}

func withoutNb(cg cgoal) cgoal {
	cg.nb = nil
	args := make([]cgoal, len(cg.args))
	for i := range cg.args {
		args[i] = withoutNb(cg.args[i])
	}
	cg.args = args
	return cg
}

// SetReserve sets how many pieces of type t player p holds off the
// board, for pictures of hands.
func SetReserve(s *State, p, t, n int) { s.cells[s.g.resSlot[p*s.g.ntypes+t]] = Piece(n) }

// WithoutKernel returns a copy of g whose playouts take the general path,
// not the drop kernel: the reference the kernel is checked against.
func WithoutKernel(g *Game) *Game {
	c := *g
	c.kernel = nil
	return &c
}

// HasKernel reports whether g's playouts run on the drop kernel.
func HasKernel(g *Game) bool { _, ok := g.kernel.(*dropKernel); return ok }

// HasJumpKernel reports whether g's playouts run on the jump kernel.
func HasJumpKernel(g *Game) bool { _, ok := g.kernel.(*jumpKernel); return ok }

// JumpKernelByUnion returns a copy of g whose jump kernel tries every
// program of a gated class from the pieces the union of its guards lets
// through, not each program from its own guard's.
func JumpKernelByUnion(g *Game) *Game {
	c := *g
	k := *g.kernel.(*jumpKernel)
	k.classes = slices.Clone(k.classes)
	for i := range k.classes {
		k.classes[i].guardOf = [2][]int{}
	}
	c.kernel = &k
	return &c
}

// HasFlipKernel reports whether g's playouts run on the flip kernel.
func HasFlipKernel(g *Game) bool { _, ok := g.kernel.(*flipKernel); return ok }

// FlipPerft is Perft from s by the flip kernel's drops and passes.
func FlipPerft(s *State, depth int) int64 {
	return flipPerft(s.g.kernel.(*flipKernel), [2]uint64{s.occ[0], s.occ[1]}, s.turn, depth)
}

func flipPerft(k *flipKernel, occ [2]uint64, turn, depth int) int64 {
	if depth == 0 {
		return 1
	}
	side, next := k.side[turn], int(k.g.next[turn])
	sd := &k.sides[side]
	own, opp := occ[side], occ[1-side]
	n, moved := int64(0), false
	for cand := sd.candidates(own, opp) &^ (own | opp); cand != 0; cand &= cand - 1 {
		p := int32(bits.TrailingZeros64(cand))
		f := sd.drop(p, own, opp)
		if f == 0 {
			continue
		}
		moved = true
		o := occ
		o[side] |= 1<<p | f
		o[1-side] &^= f
		n += flipPerft(k, o, next, depth-1)
	}
	if !moved && k.pass && k.helps(&occ, turn) {
		n = flipPerft(k, occ, next, depth-1)
	}
	return n
}

// KernelByWindows returns a copy of g whose drop kernel tests lines by
// the windows through each cell, never by shifts of the whole board.
func KernelByWindows(g *Game) *Game {
	c := *g
	k := c.buildDropKernel()
	if k == nil {
		return &c
	}
	c.kernel = k
	for _, t := range k.turns {
		for _, ds := range t.classes {
			for i := range ds {
				for j := range ds[i].checks {
					ds[i].checks[j].dirs, ds[i].checks[j].pairs = nil, nil
				}
			}
		}
	}
	for _, gs := range k.full {
		for j := range gs {
			gs[j].dirs, gs[j].pairs = nil, nil
		}
	}
	if k.word != nil {
		k.word = k.buildWord()
	}
	return &c
}

// HasWordKernel reports whether g's playouts run on the drop kernel's
// loop on one word.
func HasWordKernel(g *Game) bool { k, ok := g.kernel.(*dropKernel); return ok && k.word != nil }

// WithoutWord returns a copy of g whose drop kernel plays on its general
// loop, never on one word.
func WithoutWord(g *Game) *Game {
	c := *g
	if k, ok := g.kernel.(*dropKernel); ok {
		nk := *k
		nk.word = nil
		c.kernel = &nk
	}
	return &c
}

// Rank is the select of the drop kernel's loop on one word, for a set of
// n members.
func Rank(x uint64, n, i int) int { return int(rank(x, n, i)) }

// IntN is the drop kernel's inline rng.IntN.
func IntN(rng *rand.Rand, n int) int { return intN(rng, n) }

// WordPerft is Perft from s by the candidate sets and line tests of the
// drop kernel's loop on one word.
func WordPerft(s *State, depth int) (int64, error) {
	k := s.g.kernel.(*dropKernel)
	if depth == 0 {
		return 1, nil
	}
	if over, err := s.staticEnd(); over || err != nil {
		return 0, err
	}
	var p wordPos
	if !k.loadWord(s, &p) {
		return 0, errors.New("a position the word loop does not follow")
	}
	return wordPerft(k.word, &p, s.turn, depth), nil
}

// wordPerft counts the leaves depth > 0 plies under p, no goal holding
// there, with turn to move.
func wordPerft(w *dropWord, p *wordPos, turn, depth int) int64 {
	var sets [kwMaxDrops]uint64
	t := &w.turns[turn]
	cl, n := p.count(t, &sets)
	if depth == 1 {
		return int64(n)
	}
	var total int64
	for j := range cl {
		d := &cl[j]
		for x := sets[j]; x != 0; x &= x - 1 {
			q := *p
			dest := int32(d.dest[bits.TrailingZeros64(x)])
			bit := uint64(1) << dest
			q.full |= bit
			q.own[d.owner] |= bit
			for m := d.kd.match; m != 0; m &= m - 1 {
				q.match[bits.TrailingZeros64(m)] |= bit
			}
			if d.res >= 0 {
				q.res[d.res]--
			}
			met := false
			for i := range d.kd.checks {
				kl := &d.kd.checks[i]
				met = met || kl.holds(q.match[kl.mask], dest)
			}
			if !met {
				total += wordPerft(w, &q, t.next, depth-1)
			}
		}
	}
	return total
}

// NthBit returns the position of the set bit of rank i in x (the drop
// kernel's select).
func NthBit(x uint64, i int) int { return int(nthBit1(x, i)) }

// Gated lists the priority classes of g that have a gate.
func Gated(g *Game) []int {
	var out []int
	for cl, cg := range g.gates {
		if cg != nil {
			out = append(out, cl)
		}
	}
	return out
}

// WithoutGates returns a copy of g whose classes run from every piece,
// with no gate: the reference the gates are checked against.
func WithoutGates(g *Game) *Game {
	c := *g
	c.gates = nil
	return &c
}
