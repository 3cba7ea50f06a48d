package engine

import "github.com/ludus-games/ludus/engine/rules"

// Plans: what a move program can do from each start position, found once
// when the game is compiled. The board is fixed, so a run from a given
// position for a given player goes the same way until it tests what a
// cell holds. A symbolic run follows both ways of every such test (and
// both outcomes of every verify); each way through the program is a case:
// the cell tests it took and the moves it added. When every case is known
// the generator needs no bytecode at all: it finds the one case whose tests
// hold and emits its moves (a connect-four drop is "this cell empty, the
// one below occupied: add here"). When the run meets something the
// analysis does not follow (a capture, a partial move, an attack test),
// the tests every emitting case shares still make a guard checked before
// the program runs; and a position from which no case emits is skipped.

// Plan kinds per start position.
const (
	planRun    uint8 = iota // nothing known: run the program
	planNever               // no run from here emits a move
	planGuard               // run the program only when the guard holds
	planDirect              // emit the moves of the case whose tests hold
)

// Bounds of the analysis: instructions followed per start position,
// cases kept, and tests a direct plan may check in all.
const (
	planBudget   = 1024
	planMaxCases = 32
	planMaxLits  = 64
	// planMaxCells bounds positions x programs x players for which plans
	// are made (memory and compile time on huge boards).
	planMaxCells = 1 << 21
)

// cellLit is a test of one cell: the predicate op (opEmpty, opFriend,
// opEnemy, opNeutral, opPiece or opAttr, with operand b) on position pos,
// negated when neg.
type cellLit struct {
	pos int32
	b   int32
	op  uint8
	neg bool
}

func (l cellLit) same(o cellLit) bool { return l.pos == o.pos && l.op == o.op && l.b == o.b }

// planAdd is a move a case emits: the piece goes to dest, becoming type
// promos[promo] for each choice when promo >= 0.
type planAdd struct {
	dest, promo int32
}

// planCase is one way through a program: lits[l0:l1] hold, adds[a0:a1]
// are emitted in order.
type planCase struct {
	l0, l1, a0, a1 int32
}

// plan holds the analysis of one program for one player, by start
// position.
type plan struct {
	kind []uint8
	// lits[guard[2q]:guard[2q+1]] must hold for any move from q.
	guard []int32
	// cases[first[q]:first[q+1]] are the ways of a direct plan from q.
	first []int32
	cases []planCase
	lits  []cellLit
	adds  []planAdd
	// exact[q]: a direct plan with one case whose tests are the guard's,
	// so a position whose guard is known to hold needs no test at all.
	exact []bool
}

// makePlans analyses every program that the generator would otherwise
// run as bytecode.
func (g *Game) makePlans() {
	if int64(g.np)*int64(len(g.Blocks))*int64(g.nplayers) > planMaxCells {
		return
	}
	for _, blk := range g.Blocks {
		if blk.ray >= 0 || blk.path != nil {
			continue
		}
		blk.plans = make([]*plan, g.nplayers)
		for side := range blk.plans {
			blk.plans[side] = g.makePlan(blk, side)
		}
	}
}

func (g *Game) makePlan(blk *CBlock, side int) *plan {
	pl := &plan{kind: make([]uint8, g.np), guard: make([]int32, 2*g.np), first: make([]int32, g.np+1),
		exact: make([]bool, g.np)}
	a := analyzer{g: g, blk: blk, side: side, nb: g.nbs[side]}
	for q := 0; q < g.np; q++ {
		a.start(int32(q))
		a.record(pl, q)
	}
	return pl
}

// way is the state of one way through a program: the tests taken, the
// moves added, and how many tests came before the first add (-1: none
// yet). Slices are shared between ways and copied before they grow.
type way struct {
	lits []cellLit
	adds []planAdd
	need int
}

// leaf is a finished way; open means the analysis stopped there and the
// program may go on to add moves.
type leaf struct {
	way
	open bool
}

// analyzer runs one program symbolically from one start position.
type analyzer struct {
	g      *Game
	blk    *CBlock
	side   int
	nb     []int32
	budget int
	over   bool
	leaves []leaf
}

// sym is the condition register: known (val) or the value of a cell test.
type sym struct {
	known bool
	val   bool
	lit   cellLit
}

func (a *analyzer) start(q int32) {
	a.budget = planBudget
	a.over = false
	a.leaves = a.leaves[:0]
	a.walk(0, q, q, sym{known: true}, way{need: -1})
}

// end records a finished way; one that emitted nothing and is not open
// cannot matter.
func (a *analyzer) end(w way, open bool) {
	if len(w.adds) == 0 && !open {
		return
	}
	if len(a.leaves) >= planMaxCases {
		a.over = true
		return
	}
	a.leaves = append(a.leaves, leaf{w, open})
}

// with returns w with test l taken (lits copied); ok is false when w
// already took the opposite (the way cannot happen).
func (w way) with(l cellLit) (way, bool) {
	for _, x := range w.lits {
		if x.same(l) {
			return w, x.neg == l.neg
		}
	}
	out := make([]cellLit, len(w.lits), len(w.lits)+1)
	copy(out, w.lits)
	w.lits = append(out, l)
	return w, true
}

// verify splits w at a verify of l: the way where l fails ends there
// (keeping what it added); the way where it holds is returned, ok false
// when it cannot happen.
func (a *analyzer) verify(l cellLit, w way) (way, bool) {
	if len(w.adds) > 0 {
		if f, ok := w.with(cellLit{pos: l.pos, b: l.b, op: l.op, neg: !l.neg}); ok {
			a.end(f, false)
		}
	}
	return w.with(l)
}

// fusedLit is the test a fused step-and-verify instruction makes.
func fusedLit(op uint8, p int32) cellLit {
	switch op {
	case opNavVerifyEmpty:
		return cellLit{pos: p, op: opEmpty}
	case opNavVerifyNotFriend:
		return cellLit{pos: p, op: opFriend, neg: true}
	}
	return cellLit{pos: p, op: opEnemy}
}

// walk follows the program from pc on way w.
func (a *analyzer) walk(pc int, cur, mark int32, r sym, w way) {
	g := a.g
	nd := int32(g.nd)
	code := a.blk.code
	var ok bool
	for !a.over {
		if a.budget--; a.budget < 0 {
			a.over = true
			return
		}
		in := &code[pc]
		pc++
		p := cur
		switch in.lk {
		case rules.InDir:
			p = a.nb[cur*nd+in.a]
		case rules.AtPos:
			p = in.a
		}
		switch in.op {
		case opEnd:
			a.end(w, false)
			return
		case opNav, opNavVerifyEmpty, opNavVerifyNotFriend, opNavVerifyEnemy:
			if cur = a.nb[cur*nd+in.a]; cur < 0 {
				a.end(w, false)
				return
			}
			if in.op != opNav {
				if w, ok = a.verify(fusedLit(in.op, cur), w); !ok {
					return
				}
			}
		case opJump:
			cur = in.a
		case opMark:
			if mark = p; mark < 0 {
				a.end(w, false)
				return
			}
		case opBack:
			cur = mark
		case opVerify:
			if !r.known {
				if w, ok = a.verify(r.lit, w); !ok {
					return
				}
			} else if !r.val {
				a.end(w, false)
				return
			}
			r = sym{known: true, val: true}
		case opJF, opJT:
			if r.known {
				if r.val == (in.op == opJT) {
					pc = int(in.a)
				}
				continue
			}
			// Follow the jump with the test going its way, then fall
			// through with it going the other.
			jump := r.lit
			jump.neg = r.lit.neg != (in.op == opJF)
			if j, ok := w.with(jump); ok {
				a.walk(int(in.a), cur, mark, sym{known: true, val: in.op == opJT}, j)
			}
			jump.neg = !jump.neg
			if w, ok = w.with(jump); !ok {
				return
			}
			r = sym{known: true, val: in.op == opJF}
		case opGoto, opLoop:
			pc = int(in.a)
		case opNot:
			r.val = !r.val
			r.lit.neg = !r.lit.neg
		case opTrue, opFalse:
			r = sym{known: true, val: in.op == opTrue}
		case opEmpty, opFriend, opEnemy, opNeutral, opPiece, opAttr, opAlly, opFoe:
			r = sym{known: p < 0, lit: cellLit{pos: p, b: in.b, op: in.op}}
		case opPosition:
			r = sym{known: true, val: p == in.b}
		case opInZone:
			r = sym{known: true, val: p >= 0 && g.zones[in.b][a.side][p>>6]>>(p&63)&1 != 0}
		case opOnBoard:
			r = sym{known: true, val: p >= 0}
		case opFlag, opPosFlag:
			// Flags start clear in every run and setting one ends the
			// analysis, so a test reached here reads false.
			r = sym{known: true}
		case opAdd:
			if rules.AddKind(in.a) != rules.AddMove || (a.blk.Drop && in.b >= 0) {
				a.end(w, true)
				return
			}
			if w.need < 0 {
				w.need = len(w.lits)
			}
			w.adds = append(w.adds[:len(w.adds):len(w.adds)], planAdd{dest: cur, promo: in.b})
		default:
			// Effects, partial moves, attack tests, the last move: the
			// program goes beyond what a plan follows.
			a.end(w, true)
			return
		}
	}
}

// record stores what the analysis found for start position q.
func (a *analyzer) record(pl *plan, q int) {
	pl.first[q+1] = pl.first[q]
	switch {
	case a.over:
		pl.kind[q] = planRun
		pl.guard[2*q], pl.guard[2*q+1] = int32(len(pl.lits)), int32(len(pl.lits))
		return
	case len(a.leaves) == 0:
		pl.kind[q] = planNever
		pl.guard[2*q], pl.guard[2*q+1] = int32(len(pl.lits)), int32(len(pl.lits))
		return
	}
	// The guard: the tests every emitting way takes before it adds.
	g0 := len(pl.lits)
	first := &a.leaves[0]
	for _, l := range first.lits[:first.needed()] {
		common := true
		for i := 1; i < len(a.leaves) && common; i++ {
			lf := &a.leaves[i]
			common = hasLit(lf.lits[:lf.needed()], l)
		}
		if common {
			pl.lits = append(pl.lits, l)
		}
	}
	pl.guard[2*q], pl.guard[2*q+1] = int32(g0), int32(len(pl.lits))
	pl.kind[q] = planGuard
	total := 0
	for i := range a.leaves {
		if a.leaves[i].open {
			return
		}
		total += len(a.leaves[i].lits)
	}
	if total > planMaxLits {
		return
	}
	pl.kind[q] = planDirect
	for i := range a.leaves {
		lf := &a.leaves[i]
		c := planCase{l0: int32(len(pl.lits)), a0: int32(len(pl.adds))}
		pl.lits = append(pl.lits, lf.lits...)
		pl.adds = append(pl.adds, lf.adds...)
		c.l1, c.a1 = int32(len(pl.lits)), int32(len(pl.adds))
		pl.cases = append(pl.cases, c)
	}
	pl.first[q+1] = int32(len(pl.cases))
	if len(a.leaves) == 1 {
		c := &pl.cases[len(pl.cases)-1]
		pl.exact[q] = sameLits(pl.lits[c.l0:c.l1], pl.lits[g0:pl.guard[2*q+1]])
	}
}

// sameLits reports whether two test lists hold the same tests.
func sameLits(a, b []cellLit) bool {
	if len(a) != len(b) {
		return false
	}
	for _, l := range a {
		if !hasLit(b, l) {
			return false
		}
	}
	return true
}

// planned reports whether the block's plans know it from every start
// position, for every player.
func (b *CBlock) planned() bool {
	if b.plans == nil {
		return false
	}
	for _, pl := range b.plans {
		for _, k := range pl.kind {
			if k != planDirect && k != planNever {
				return false
			}
		}
	}
	return true
}

// needed is the number of tests a move of the leaf needs.
func (l *leaf) needed() int {
	if l.need < 0 {
		return len(l.lits)
	}
	return l.need
}

func hasLit(lits []cellLit, l cellLit) bool {
	for _, x := range lits {
		if x == l {
			return true
		}
	}
	return false
}

// cellTest evaluates predicate op (with operand b) on a cell holding v,
// for side: the one definition the bytecode and the plans share.
func (g *Game) cellTest(op uint8, v Piece, side int, b int32) bool {
	switch op {
	case opEmpty:
		return v == 0
	case opFriend:
		return v != 0 && v&ghostBit == 0 && v.Owner() == side
	case opEnemy:
		return v != 0 && v&ghostBit == 0 && v.Owner() != side
	case opNeutral:
		return v != 0 && v&ghostBit == 0 && g.randomPlayer[v.Owner()]
	case opPiece:
		return v != 0 && v&ghostBit == 0 && v.Type() == int(b)
	case opAttr:
		return v != 0 && v.Attr(int(b))
	case opAlly:
		return v != 0 && v&ghostBit == 0 && g.allied(v.Owner(), side)
	case opFoe:
		return v != 0 && v&ghostBit == 0 && !g.allied(v.Owner(), side)
	}
	return false
}

// holds reports whether every test of lits holds on the current cells.
func (gn *generator) holds(lits []cellLit, side int) bool {
	cells := gn.s.cells
	for i := range lits {
		l := &lits[i]
		v := cells[l.pos]
		var ok bool
		// The commonest tests inline; the rest by the shared definition.
		switch l.op {
		case opEmpty:
			ok = v == 0
		case opEnemy:
			ok = v != 0 && v&ghostBit == 0 && v.Owner() != side
		default:
			ok = gn.g.cellTest(l.op, v, side, l.b)
		}
		if ok == l.neg {
			return false
		}
	}
	return true
}

// mayRun reports whether blk's plan allows a move from q at all (true
// when there is no plan).
func (gn *generator) mayRun(blk *CBlock, side int, q int32) bool {
	if blk.plans == nil {
		return true
	}
	pl := blk.plans[side]
	return pl.kind[q] != planNever && gn.holds(pl.lits[pl.guard[2*q]:pl.guard[2*q+1]], side)
}

// planCase returns the case of a direct plan whose tests hold at q, or
// nil when none does.
func (gn *generator) planCase(pl *plan, side int, q int32) *planCase {
	for i := pl.first[q]; i < pl.first[q+1]; i++ {
		c := &pl.cases[i]
		if gn.holds(pl.lits[c.l0:c.l1], side) {
			return c
		}
	}
	return nil
}

// planned generates the moves of blk for a piece of side on from (-1 for
// a drop) starting at q, by the block's plan where it can.
func (gn *generator) planned(blk *CBlock, side int, from, q int32, piece Piece) {
	pl := blk.plans[side]
	switch pl.kind[q] {
	case planNever:
		return
	case planDirect:
		if !gn.simple {
			break
		}
		c := gn.planCase(pl, side, q)
		if c == nil {
			return
		}
		gn.emitCase(blk, pl, c, from, piece)
		return
	}
	if gn.holds(pl.lits[pl.guard[2*q]:pl.guard[2*q+1]], side) {
		gn.top(blk, side, from, q, piece)
	}
}

// emitCase emits the moves of case c of blk's plan.
func (gn *generator) emitCase(blk *CBlock, pl *plan, c *planCase, from int32, piece Piece) {
	gn.moveType = blk.MoveType
	for _, ad := range pl.adds[c.a0:c.a1] {
		if ad.promo < 0 {
			gn.emitDirect(blk, from, ad.dest, piece)
			continue
		}
		for _, t := range gn.g.promos[ad.promo] {
			gn.emitDirectPromo(blk, from, ad.dest, piece, t)
		}
	}
}

// planHit answers an attack test of blk from q on target by its plan:
// hit or miss when the plan knows, run when the program must run.
func (gn *generator) planHit(blk *CBlock, side int, q, target int32) (hit, run bool) {
	pl := blk.plans[side]
	switch pl.kind[q] {
	case planNever:
		return false, false
	case planDirect:
		if c := gn.planCase(pl, side, q); c != nil {
			for _, ad := range pl.adds[c.a0:c.a1] {
				if ad.dest == target {
					return true, false
				}
			}
		}
		return false, false
	}
	return false, gn.holds(pl.lits[pl.guard[2*q]:pl.guard[2*q+1]], side)
}
