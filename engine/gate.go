package engine

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
// cells of an enemy piece (ghosts included) or of a friendly one.
type gateSrc uint8

const (
	srcEmpty gateSrc = iota
	srcFull
	srcEnemy
	srcFriend
)

// gateLit is a guard test at a fixed offset from the start position.
type gateLit struct {
	off int
	src gateSrc
}

// gateProg is a program's guard for one side: the start positions whose
// guard is lits (templ) and those with no guard known (run).
type gateProg struct {
	templ, run uint64
	lits       []gateLit
}

// classGate is the gate of a priority class: per piece type and side
// (progs[t*nplayers+side]), the guards of the type's programs.
type classGate struct {
	progs [][]gateProg
	// types lists the piece types with programs in the class.
	types []int
}

// buildGates makes the gate of every class that can have one: a board of
// one word, and only programs with plans whose guards have fixed offsets
// and test emptiness, enemies or friends (an enemy test that also takes
// ghosts reads a set larger than the test, which a gate may: it only
// needs to hold whenever the guard does).
func (g *Game) buildGates() {
	if g.words != 1 || g.Rules.Options.AnyOwner {
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
	cg := &classGate{progs: make([][]gateProg, g.ntypes*g.nplayers)}
	for t, ct := range g.types {
		if len(ct.moves[cl]) == 0 {
			continue
		}
		cg.types = append(cg.types, t)
		for _, blk := range ct.moves[cl] {
			if blk.plans == nil {
				return nil
			}
			for side := range g.nplayers {
				gp, ok := g.gateProg(blk.plans[side])
				if !ok {
					return nil
				}
				cg.progs[t*g.nplayers+side] = append(cg.progs[t*g.nplayers+side], gp)
			}
		}
	}
	if len(cg.types) == 0 {
		return nil
	}
	return cg
}

// gateProg returns the guard of plan pl as tests at fixed offsets; false
// when the offsets or the tests differ between start positions, or a test
// is not one a gate reads.
func (g *Game) gateProg(pl *plan) (gateProg, bool) {
	var gp gateProg
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
		lits := pl.lits[pl.guard[2*q]:pl.guard[2*q+1]]
		if first {
			for _, l := range lits {
				src, ok := gateSource(l)
				if !ok {
					return gp, false
				}
				gp.lits = append(gp.lits, gateLit{int(l.pos) - q, src})
			}
			first = false
			continue
		}
		if len(lits) != len(gp.lits) {
			return gp, false
		}
		for i, l := range lits {
			if src, ok := gateSource(l); !ok || src != gp.lits[i].src || int(l.pos)-q != gp.lits[i].off {
				return gp, false
			}
		}
	}
	return gp, true
}

// gateSource returns the set test l reads, when a gate can read it.
func gateSource(l cellLit) (gateSrc, bool) {
	switch {
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
// the programs of them all: a larger set, but no scan of the pieces.
func (gn *generator) gateSet(cg *classGate, side int) uint64 {
	s, g := gn.s, gn.g
	var full uint64
	for o := range g.nplayers {
		full |= s.occ[o]
	}
	own := s.occ[side]
	srcs := [...]uint64{srcEmpty: ^full, srcFull: full, srcEnemy: full &^ own, srcFriend: own}
	var at uint64
	for _, t := range cg.types {
		if s.counts[side*g.ntypes+t] == 0 {
			continue
		}
		for i := range cg.progs[t*g.nplayers+side] {
			gp := &cg.progs[t*g.nplayers+side][i]
			x := gp.templ
			for _, l := range gp.lits {
				// Bit q of the shifted set is bit q+off of the source.
				src := srcs[l.src]
				if l.off >= 0 {
					x &= src >> (l.off & 63)
				} else {
					x &= src << (-l.off & 63)
				}
			}
			at |= x | gp.run
		}
	}
	return own & at
}
