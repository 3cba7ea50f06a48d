package engine

import (
	"fmt"

	"github.com/ludus-games/ludus/engine/rules"
)

// Expressions, sets and conditions of the native dialect, compiled once
// into trees with their tables resolved and evaluated against a state.
// Bytecode refers to them by index (opCompare, opSetVar, opCaptureSet,
// ...); goals and the score evaluate them directly.

// maxEvalSteps bounds the positions one evaluation may visit (sets within
// sets multiply): past it the evaluation stops with an error naming the
// construct.
const maxEvalSteps = 1 << 20

type cexpr struct {
	e    *rules.Expr
	args []*cexpr
	set  *cset
}

type cset struct {
	s      *rules.SetExpr
	filter []*ccond
	dl     int // the set's direction list in exprTables.dirLists
}

type ccond struct {
	c    *rules.Cond
	op   uint8 // the cell test of a predicate
	args []*ccond
	x, y *cexpr
}

// exprTables are the compiled expressions of a game.
type exprTables struct {
	exprs []*cexpr
	sets  []*cset
	conds []*ccond
	// dirLists are the direction lists that connect positions in group,
	// liberty and territory sets and in connection goals.
	dirLists [][]int32
}

// dirList interns a list of directions (nil: every direction).
func (g *Game) dirList(dirs []int) int {
	if dirs == nil {
		dirs = make([]int, g.nd)
		for d := range dirs {
			dirs[d] = d
		}
	}
	for i, l := range g.x.dirLists {
		if len(l) == len(dirs) {
			same := true
			for k := range l {
				same = same && int(l[k]) == dirs[k]
			}
			if same {
				return i
			}
		}
	}
	l := make([]int32, len(dirs))
	for k, d := range dirs {
		l[k] = int32(d)
	}
	g.x.dirLists = append(g.x.dirLists, l)
	return len(g.x.dirLists) - 1
}

func (g *Game) compileExpr(e *rules.Expr) *cexpr {
	if e == nil {
		return nil
	}
	out := &cexpr{e: e}
	if e.Set != nil {
		out.set = g.compileSet(e.Set)
	}
	for _, a := range e.Args {
		out.args = append(out.args, g.compileExpr(a))
	}
	return out
}

func (g *Game) compileSet(s *rules.SetExpr) *cset {
	out := &cset{s: s, dl: -1}
	for _, c := range s.Filter {
		out.filter = append(out.filter, g.compileCondTree(c))
	}
	switch s.Kind {
	case rules.SetGroup, rules.SetLiberties, rules.SetTerritory:
		out.dl = g.dirList(s.Dirs)
	}
	return out
}

func (g *Game) compileCondTree(c *rules.Cond) *ccond {
	g.notePred(c.Kind)
	out := &ccond{c: c, op: g.predOp(c.Kind), x: g.compileExpr(c.X), y: g.compileExpr(c.Y)}
	for _, a := range c.Args {
		out.args = append(out.args, g.compileCondTree(a))
	}
	return out
}

// notePred notes what a predicate needs of the game: the last move kept
// in the hash, attack tests prepared.
func (g *Game) notePred(k rules.CondKind) {
	switch k {
	case rules.CLastFrom, rules.CLastTo:
		g.usesLast = true
	case rules.CTaken:
		g.usesTaken = true
	case rules.CAttacked, rules.CDefended:
		g.attacks = true
	}
}

// predOp is the cell test of a predicate: friend? and enemy? look at
// coalitions when the game has them; my? is the side itself.
func (g *Game) predOp(k rules.CondKind) uint8 {
	switch k {
	case rules.CMy:
		return opFriend
	case rules.CFriend:
		if g.ext.coalitions {
			return opAlly
		}
	case rules.CEnemy:
		if g.ext.coalitions {
			return opFoe
		}
	case rules.CAttr:
		return opAttr
	}
	return predOps[k]
}

// addExpr registers a compiled expression for an instruction.
func (g *Game) addExpr(e *rules.Expr) int32 {
	g.x.exprs = append(g.x.exprs, g.compileExpr(e))
	return int32(len(g.x.exprs) - 1)
}

func (g *Game) addSet(s *rules.SetExpr) int32 {
	g.x.sets = append(g.x.sets, g.compileSet(s))
	return int32(len(g.x.sets) - 1)
}

func (g *Game) addCond(c *rules.Cond) int32 {
	g.x.conds = append(g.x.conds, g.compileCondTree(c))
	return int32(len(g.x.conds) - 1)
}

// ectx is what an evaluation sees: the side it is for, the current
// position (-1: none), the move program's frame (nil outside one) and,
// in goals, the goal evaluation that counts moves.
type ectx struct {
	side int
	cur  int32
	f    *frame
	goal *goalEval
	src  rules.Src
	// mf is the move an invariant or accumulator looks at (nil
	// elsewhere).
	mf *moveFacts
}

// evalTop evaluates x as an outermost evaluation: the step budget starts
// afresh unless an evaluation is already under way.
func (gn *generator) evalTop(x *cexpr, c *ectx) int {
	gn.enterEval(c, x.e.Src)
	v := gn.eval(x, c)
	gn.evalDepth--
	return v
}

// testTop is evalTop for a condition.
func (gn *generator) testTop(k *ccond, c *ectx) bool {
	gn.enterEval(c, k.c.Src)
	v := gn.test(k, c)
	gn.evalDepth--
	return v
}

func (gn *generator) enterEval(c *ectx, src rules.Src) {
	if gn.evalDepth == 0 {
		gn.evalSteps = maxEvalSteps
		c.src = src
	}
	gn.evalDepth++
}

// step charges one position visited to the budget; false (with the error
// set) when it is spent.
func (gn *generator) step(c *ectx, n int) bool {
	if gn.evalSteps -= n; gn.evalSteps >= 0 {
		return !gn.s.meter.on || gn.spend(c.f, n)
	}
	gn.exprFail(c, "did not finish within %d steps", maxEvalSteps)
	return false
}

// exprFail records an evaluation error naming the construct (and, inside
// a move program, the program).
func (gn *generator) exprFail(c *ectx, format string, args ...any) {
	msg := fmt.Sprintf("the expression at %s %s", c.src, fmt.Sprintf(format, args...))
	if c.f != nil {
		gn.fail(c.f, "%s", msg)
		return
	}
	if gn.err == nil {
		gn.err = fmt.Errorf("%s", msg)
	}
}

func (gn *generator) locOf(l rules.Loc, c *ectx) int32 {
	switch l.Kind {
	case rules.InDir:
		if c.cur < 0 {
			return -1
		}
		return gn.g.nbs[c.side][c.cur*int32(gn.g.nd)+int32(l.N)]
	case rules.AtPos:
		return int32(l.N)
	}
	return c.cur
}

// eval evaluates an expression (0 after an error).
func (gn *generator) eval(x *cexpr, c *ectx) int {
	if gn.err != nil {
		return 0
	}
	g := gn.g
	cells := gn.s.cells
	e := x.e
	switch e.Kind {
	case rules.ENum:
		return e.N
	case rules.EVar:
		return cellInt(cells[g.ext.varBase+int32(e.A)])
	case rules.EAttr:
		if p := gn.locOf(e.Loc, c); p >= 0 {
			return gn.s.PieceAttr(e.A, int(p))
		}
		return 0
	case rules.EPosAttr:
		if p := gn.locOf(e.Loc, c); p >= 0 {
			return cellInt(cells[g.posAttrCell(e.A, p)])
		}
		return 0
	case rules.ECount:
		return gn.countSet(x.set, c)
	case rules.ESum:
		return gn.sumSet(x.set, x.args[0], c)
	case rules.ECountMoves:
		if c.goal == nil {
			return gn.movesAfter(c)
		}
		return c.goal.moves()
	case rules.ECountPasses:
		return gn.s.Passes()
	case rules.EAccum, rules.ECaptured, rules.EMoving, rules.EFirstCapture:
		return gn.moveExpr(e, c)
	case rules.EStackSize:
		if p := gn.locOf(e.Loc, c); p >= 0 {
			return gn.s.stackSize(p)
		}
		return 0
	}
	if len(x.args) == 0 {
		return 0
	}
	v := gn.eval(x.args[0], c)
	for _, a := range x.args[1:] {
		w := gn.eval(a, c)
		switch e.Kind {
		case rules.EAdd:
			v += w
		case rules.ESub:
			v -= w
		case rules.EMul:
			v *= w
		case rules.EMin:
			v = min(v, w)
		case rules.EMax:
			v = max(v, w)
		}
	}
	return v
}

// test evaluates a condition at the context's current position.
func (gn *generator) test(k *ccond, c *ectx) bool {
	if gn.err != nil {
		return false
	}
	g := gn.g
	s := gn.s
	cd := k.c
	switch cd.Kind {
	case rules.CTrue:
		return true
	case rules.CFalse:
		return false
	case rules.CNot:
		return !gn.test(k.args[0], c)
	case rules.CAnd:
		for _, a := range k.args {
			if !gn.test(a, c) {
				return false
			}
		}
		return true
	case rules.COr:
		for _, a := range k.args {
			if gn.test(a, c) {
				return true
			}
		}
		return false
	case rules.CCompare:
		x := gn.eval(k.x, c)
		return rules.CompareOp(cd.A).Holds(x, gn.eval(k.y, c))
	}
	p := gn.locOf(cd.Loc, c)
	switch cd.Kind {
	case rules.CPosition:
		return p == int32(cd.A)
	case rules.CInZone:
		return p >= 0 && g.zones[cd.A][c.side][p>>6]>>(p&63)&1 != 0
	case rules.COnBoard:
		return p >= 0
	case rules.CAttacked, rules.CDefended:
		return p >= 0 && gn.threat(p, c.side, cd.Kind == rules.CDefended)
	case rules.CLastFrom:
		return p >= 0 && p == s.lastFrom
	case rules.CLastTo:
		return p >= 0 && p == s.lastTo
	case rules.CVisited:
		return p >= 0 && c.f != nil && gn.visited(c.f, p)
	case rules.CFlag:
		return c.f != nil && c.f.flags>>uint(cd.A)&1 != 0
	case rules.CPosFlag:
		r := false
		if c.f != nil {
			for _, pf := range c.f.pflags {
				if pf.pos == p && pf.attr == int32(cd.A) {
					r = pf.val
				}
			}
		}
		return r
	case rules.CPosAttr:
		return p >= 0 && s.cells[g.posAttrCell(cd.A, p)] != 0
	case rules.CTaken:
		return p >= 0 && has(gn.tookAt, p)
	case rules.CAttr:
		return p >= 0 && s.PieceAttr(cd.A, int(p)) != 0
	}
	return p >= 0 && g.cellTest(k.op, s.cells[p], c.side, int32(cd.A))
}

// members appends the positions of set st to out, in board order.
func (gn *generator) members(st *cset, c *ectx, out []int32) []int32 {
	g := gn.g
	cells := gn.s.cells
	set := st.s
	switch set.Kind {
	case rules.SetPieces, rules.SetPositions:
		sub := *c
		for p := int32(0); p < int32(g.np); p++ {
			if set.Kind == rules.SetPieces && cells[p] == 0 {
				continue
			}
			if !gn.step(c, 1) {
				return out
			}
			sub.cur = p
			ok := true
			for _, f := range st.filter {
				if ok = gn.test(f, &sub); !ok {
					break
				}
			}
			if gn.err != nil {
				return out
			}
			if ok {
				out = append(out, p)
			}
		}
		return out
	}
	gc := gn.groups(st.dl, c)
	if gc == nil {
		return out
	}
	switch set.Kind {
	case rules.SetGroup:
		if p := gn.locOf(set.Loc, c); p >= 0 {
			l := gc.label[p]
			for q := int32(0); q < int32(g.np); q++ {
				if gc.label[q] == l {
					out = append(out, q)
				}
			}
		}
	case rules.SetLiberties:
		if p := gn.locOf(set.Loc, c); p >= 0 && cells[p] != 0 {
			l := gc.label[p]
			links := g.Rules.Board.Links
			for q := int32(0); q < int32(g.np); q++ {
				if cells[q] != 0 {
					continue
				}
				for _, d := range g.x.dirLists[st.dl] {
					if n := links[int(q)*g.nd+int(d)]; n >= 0 && gc.label[n] == l {
						out = append(out, q)
						break
					}
				}
			}
		}
	case rules.SetTerritory:
		own := uint32(1) << uint(c.side)
		for q := int32(0); q < int32(g.np); q++ {
			if cells[q] == 0 && gc.border[gc.label[q]] == own {
				out = append(out, q)
			}
		}
	}
	gn.step(c, g.np)
	return out
}

// countSet returns the size of a set, from the group labels where it can.
func (gn *generator) countSet(st *cset, c *ectx) int {
	switch st.s.Kind {
	case rules.SetGroup, rules.SetLiberties:
		p := gn.locOf(st.s.Loc, c)
		if p < 0 {
			return 0
		}
		gc := gn.groups(st.dl, c)
		if gc == nil {
			return 0
		}
		l := gc.label[p]
		if st.s.Kind == rules.SetGroup {
			return int(gc.size[l])
		}
		if gn.s.cells[p] == 0 {
			return 0
		}
		return int(gc.libs[l])
	}
	return len(gn.setMembers(st, c))
}

// sumSet adds up x over the positions of a set, each current in turn.
func (gn *generator) sumSet(st *cset, x *cexpr, c *ectx) int {
	d := gn.setDepth
	ps := gn.setMembers(st, c)
	// The list stays as it is while x lists sets of its own, one deeper.
	gn.setDepth = d + 1
	defer func() { gn.setDepth = d }()
	sub := *c
	total := 0
	for _, p := range ps {
		if !gn.step(c, 1) {
			return 0
		}
		sub.cur = p
		total += gn.eval(x, &sub)
	}
	return total
}

// setMembers lists the positions of a set in a buffer of its own (sets
// within sets each have theirs); the list is valid until the next set is
// listed at the same depth.
func (gn *generator) setMembers(st *cset, c *ectx) []int32 {
	d := gn.setDepth
	for len(gn.bufs) <= d {
		gn.bufs = append(gn.bufs, nil)
	}
	gn.setDepth++
	buf := gn.members(st, c, gn.bufs[d][:0])
	gn.setDepth--
	gn.bufs[d] = buf
	return buf
}

// groupCache labels the connected groups of the board along one
// direction list: positions holding pieces of one owner, or empty
// positions, that are linked. Labels are made once per position (state
// version) and serve every group, liberty and territory set.
type groupCache struct {
	ver    uint64
	label  []int32
	size   []int32
	libs   []int32  // per label of pieces: the distinct empty positions next to it
	border []uint32 // per label of empty positions: the owners of the pieces next to it
	stack  []int32
}

// groups returns the group labels of the current position for direction
// list dl (nil after an error).
func (gn *generator) groups(dl int, c *ectx) *groupCache {
	g := gn.g
	if len(gn.grp) < len(g.x.dirLists) {
		gn.grp = make([]groupCache, len(g.x.dirLists))
	}
	gc := &gn.grp[dl]
	if gc.ver == gn.s.version+1 {
		return gc
	}
	if !gn.step(c, g.np) {
		return nil
	}
	np := g.np
	if gc.label == nil {
		gc.label = make([]int32, np)
	}
	gc.size, gc.libs, gc.border = gc.size[:0], gc.libs[:0], gc.border[:0]
	for i := range gc.label {
		gc.label[i] = -1
	}
	cells := gn.s.cells
	links := g.Rules.Board.Links
	dirs := g.x.dirLists[dl]
	same := func(a, b Piece) bool { return (a == 0) == (b == 0) && (a == 0 || a.Owner() == b.Owner()) }
	for p := int32(0); p < int32(np); p++ {
		if gc.label[p] >= 0 {
			continue
		}
		l := int32(len(gc.size))
		gc.size = append(gc.size, 0)
		gc.libs = append(gc.libs, 0)
		gc.border = append(gc.border, 0)
		gc.label[p] = l
		stack := append(gc.stack[:0], p)
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			gc.size[l]++
			for _, d := range dirs {
				if n := links[int(q)*g.nd+int(d)]; n >= 0 && gc.label[n] < 0 && same(cells[n], cells[p]) {
					gc.label[n] = l
					stack = append(stack, n)
				}
			}
		}
		gc.stack = stack
	}
	// Liberties and borders: each empty position counts once for every
	// distinct group next to it.
	var seen [16]int32
	for q := int32(0); q < int32(np); q++ {
		if cells[q] != 0 {
			continue
		}
		k := 0
		for _, d := range dirs {
			n := links[int(q)*g.nd+int(d)]
			if n < 0 || cells[n] == 0 {
				continue
			}
			l := gc.label[n]
			dup := false
			for _, x := range seen[:k] {
				dup = dup || x == l
			}
			if dup {
				continue
			}
			if k < len(seen) {
				seen[k] = l
				k++
			}
			gc.libs[l]++
			gc.border[gc.label[q]] |= 1 << uint(cells[n].Owner())
		}
	}
	gc.ver = gn.s.version + 1
	return gc
}

// staleGroups forgets the group labels (a cell changed without a new
// version: the piece an attack test stands on a square).
func (gn *generator) staleGroups() {
	for i := range gn.grp {
		gn.grp[i].ver = 0
	}
}
