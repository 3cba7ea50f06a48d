package engine

import "slices"

// Class gates. In draughts the capture class comes first: every turn its
// programs (a jump over an enemy piece onto an empty square) are tried from
// every piece to learn whether a capture is forced, and most turns none
// is. Each program's plan has a guard at every start position, the tests
// every move from there needs; on a board of one word whose guards are the
// same few tests at the same offsets from every start (enemy one square
// ahead, empty two squares ahead), the start positions whose guard holds
// are a few shifts of the occupancy sets: S(enemy, +d) & S(empty, +2d).
// A class's gate is the union of those sets over its programs, and the
// generator runs the class only from the pieces in it, in board order as
// before: a piece outside it has no move of the class, so the moves listed
// are the same, and a class with no piece in its gate is passed over at the
// cost of a few word operations.

// gateSrc names the set a guard test reads: empty cells, occupied cells,
// cells of an enemy piece (ghosts included) or of a friendly one, and
// their complements.
type gateSrc uint8

const (
	srcEmpty gateSrc = iota
	srcFull
	srcEnemy
	srcFriend
	srcNotEnemy
	srcNotFriend
)

// gateLit is a guard test at a fixed offset off from the start position.
type gateLit struct {
	off int
	src gateSrc
}

// maxGateLits is the most tests of a guard a gate reads: leaving tests
// out makes a larger set, which a gate may be.
const maxGateLits = 4

// gateProg is a program's guard for one side: the start positions whose
// guard is the tests (templ) and those with no guard known (run). A test
// shifts its source right, then left: bit q of the result is bit q+off of
// the source.
type gateProg struct {
	templ, run  uint64
	n           uint8
	right, left [maxGateLits]uint8
	src         [maxGateLits]gateSrc
}

// classGate is the gate of a priority class: per side, the guards of its
// programs, type by type in file order, each once (uniq[side]: the
// programs of several types are often the same steps), and which is
// program j's (ref[side][j]).
type classGate struct {
	uniq [][]gateProg
	ref  [][]int
	// users[side][i] has bit k set when a program of types[k] has guard
	// uniq[side][i].
	users [][]uint64
	// types lists the piece types with programs in the class; the
	// programs of type t start at first[t].
	types []int
	first []int
	// progType[j] and progNum[j] are the type and the index among its
	// type's programs of program j.
	progType, progNum []int
}

// buildGates makes the gate of every class that can have one: a board of
// one word, and only programs whose guards have fixed offsets and test
// emptiness, enemies or friends. Walked programs (slides, paths) have no
// plans: theirs are made here for the gate alone. The occupancy sets hold
// the ghosts of deferred captures, so under that option an enemy or a
// friend set is larger than the test (which a gate may read: it only
// needs to hold whenever the guard does) and its complement smaller
// (which it may not).
func (g *Game) buildGates() {
	if g.words != 1 || g.Rules.Options.AnyOwner || int64(g.np)*int64(len(g.Blocks))*int64(g.nplayers) > planMaxCells {
		return
	}
	g.gates = make([]*classGate, len(g.classes))
	any := false
	for cl := range g.classes {
		g.gates[cl] = g.classGate(cl)
		any = any || g.gates[cl] != nil
	}
	if !any {
		g.gates = nil
	}
}

// classGate returns the gate of class cl, or nil.
func (g *Game) classGate(cl int) *classGate {
	cg := &classGate{uniq: make([][]gateProg, g.nplayers), ref: make([][]int, g.nplayers),
		users: make([][]uint64, g.nplayers), first: make([]int, g.ntypes)}
	for t, ct := range g.types {
		if len(ct.moves[cl]) == 0 {
			continue
		}
		cg.types = append(cg.types, t)
		cg.first[t] = len(cg.progType)
		for b, blk := range ct.moves[cl] {
			cg.progType = append(cg.progType, t)
			cg.progNum = append(cg.progNum, b)
			for side := range g.nplayers {
				pl := g.makePlan(blk, side)
				if blk.plans != nil {
					pl = blk.plans[side]
				}
				gp, ok := g.gateProg(pl)
				if !ok {
					return nil
				}
				i := slices.Index(cg.uniq[side], gp)
				if i < 0 {
					i = len(cg.uniq[side])
					cg.uniq[side] = append(cg.uniq[side], gp)
					cg.users[side] = append(cg.users[side], 0)
				}
				cg.ref[side] = append(cg.ref[side], i)
				cg.users[side][i] |= 1 << (len(cg.types) - 1)
			}
		}
	}
	if len(cg.types) == 0 || len(cg.types) > 64 {
		return nil
	}
	return cg
}

// gateProg returns the guard of plan pl as tests at fixed offsets; false
// when the offsets or the tests differ between start positions, or a test
// is not one a gate reads.
func (g *Game) gateProg(pl *plan) (gateProg, bool) {
	var gp gateProg
	var lits []gateLit
	first := true
	for q := 0; q < g.np; q++ {
		switch pl.kind[q] {
		case planNever:
			continue
		case planRun:
			gp.run |= 1 << q
			continue
		}
		gp.templ |= 1 << q
		at := pl.lits[pl.guard[2*q]:pl.guard[2*q+1]]
		if first {
			for _, l := range at {
				src, ok := g.gateSource(l)
				if !ok {
					return gp, false
				}
				lits = append(lits, gateLit{int(l.pos) - q, src})
			}
			first = false
			continue
		}
		if len(at) != len(lits) {
			return gp, false
		}
		for i, l := range at {
			if src, ok := g.gateSource(l); !ok || src != lits[i].src || int(l.pos)-q != lits[i].off {
				return gp, false
			}
		}
	}
	for _, l := range lits[:min(len(lits), maxGateLits)] {
		// Positions are below 64 on a board of one word, and so are
		// the offsets of the tests that may hold.
		if l.off >= 0 {
			gp.right[gp.n] = uint8(l.off & 63)
		} else {
			gp.left[gp.n] = uint8(-l.off & 63)
		}
		gp.src[gp.n] = l.src
		gp.n++
	}
	return gp, true
}

// gateSource returns the set test l reads, when a gate can read it.
func (g *Game) gateSource(l cellLit) (gateSrc, bool) {
	exact := !g.Rules.Options.DeferredCaptures
	switch {
	case l.op == opEnemy && l.neg && exact:
		return srcNotEnemy, true
	case l.op == opFriend && l.neg && exact:
		return srcNotFriend, true
	case l.op == opEmpty && !l.neg:
		return srcEmpty, true
	case l.op == opEmpty:
		return srcFull, true
	case l.op == opEnemy && !l.neg:
		return srcEnemy, true
	case l.op == opFriend && !l.neg:
		return srcFriend, true
	}
	return 0, false
}

// gateSet returns the pieces of side from which class gate cg may have a
// move: the pieces of a type whose start a guard of the type's programs
// holds at. When side has pieces of several types, each is taken to have
// the programs of them all: a larger set, but no pass over the pieces.
func (gn *generator) gateSet(cg *classGate, side int) uint64 {
	s, g := gn.s, gn.g
	var present uint64
	for k, t := range cg.types {
		if s.counts[side*g.ntypes+t] > 0 {
			present |= 1 << k
		}
	}
	var at uint64
	for i, x := range gn.uniqSets(cg, side) {
		if cg.users[side][i]&present != 0 {
			at |= x
		}
	}
	return s.occ[side] & at
}

// uniqSets returns, for each guard of cg.uniq[side], the start positions
// where it holds.
func (gn *generator) uniqSets(cg *classGate, side int) []uint64 {
	s, g := gn.s, gn.g
	var full uint64
	for o := range g.nplayers {
		full |= s.occ[o]
	}
	own := s.occ[side]
	srcs := [...]uint64{srcEmpty: ^full, srcFull: full, srcEnemy: full &^ own, srcFriend: own,
		srcNotEnemy: ^(full &^ own), srcNotFriend: ^own}
	uniq := cg.uniq[side]
	if n := len(uniq) + len(cg.ref[side]); cap(gn.gateBuf) < n {
		gn.gateBuf = make([]uint64, n)
	}
	at := gn.gateBuf[:len(uniq)]
	for j := range uniq {
		gp := &uniq[j]
		x := gp.templ
		for k := 0; k < int(gp.n); k++ {
			x &= srcs[gp.src[k]%6] >> (gp.right[k] & 63) << (gp.left[k] & 63)
		}
		at[j] = x | gp.run
	}
	return at
}

// progSets returns, for each program of the class (those of type t from
// cg.first[t] on), the start positions whose guard holds for side; the
// programs of a type side has no piece of get none.
func (gn *generator) progSets(cg *classGate, side int) []uint64 {
	at := gn.uniqSets(cg, side)
	ref := cg.ref[side]
	out := gn.gateBuf[len(at) : len(at)+len(ref)]
	counts := gn.s.counts[side*gn.g.ntypes : (side+1)*gn.g.ntypes]
	for j, i := range ref {
		out[j] = 0
		if counts[cg.progType[j]] > 0 {
			out[j] = at[i]
		}
	}
	return out
}

// pieceSets returns, for each program of a class of one piece type, the
// pieces whose start its guard holds at: the (piece, program) pairs that
// may give a move.
func (gn *generator) pieceSets(cg *classGate, side int) []uint64 {
	sets := gn.progSets(cg, side)
	own := gn.s.occ[side]
	for j := range sets {
		sets[j] &= own
	}
	return sets
}
