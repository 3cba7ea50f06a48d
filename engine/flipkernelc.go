package engine

import (
	"math/bits"

	"github.com/ludus-games/ludus/engine/rules"
)

// Building the flip kernel (flipkernel.go) from the compiled game: the
// drop program recognised in the bytecode, its candidate cells, the rays
// of every cell, the goals.

// buildFlipKernel returns the flip kernel of the game, or nil when the
// model does not fit it.
func (g *Game) buildFlipKernel() *flipKernel {
	o := &g.Rules.Options
	switch {
	case g.np > 64, g.nplayers != 2, len(g.Blocks) != 1, len(g.classes) != 1, g.drops == nil, g.countDrops != nil,
		!g.drawing, g.legality, g.extPlay, g.repetition, g.movedAttr >= 0, g.stackLevels > 0, len(g.invs) > 0,
		g.ext.nslots > 0, o.PassTurn == 1, o.DeferredCaptures, o.RecycleCaptures, o.InternationalExtension,
		o.PassPartial:
		return nil
	}
	for p := range g.nplayers {
		if g.randomPlayer[p] {
			return nil
		}
	}
	blk := g.Blocks[0]
	segs, ok := flipProgram(blk.code)
	if !ok || !blk.Drop || !blk.single {
		return nil
	}
	k := &flipKernel{g: g, segs: segs, pass: o.PassTurn == 2, ahead: max(len(g.turns), g.nplayers) - 1}
	for _, t := range g.turns {
		if len(t.MoveTypes) > 0 || t.Player != t.Side {
			return nil
		}
		k.side = append(k.side, t.Side)
	}
	for side := range k.sides {
		if g.resSlot[side*g.ntypes+blk.Piece] >= 0 || g.drops.byBlock[blk.ID*g.nplayers+side] < 0 {
			return nil // a reserve, or no candidate sets
		}
		if k.sides[side], ok = k.buildSide(blk, side); !ok {
			return nil
		}
	}
	if !k.buildGoals() {
		return nil
	}
	return k
}

// fkSegLen is the length of the walk of one direction in the bytecode.
const fkSegLen = 18

// flipProgram recognises the kernel's drop program and returns its
// directions: (verify empty?); for each direction d the walk
//
//	(if (enemy? d) mark d (while (enemy? d) d)
//	    (if (friend? d) (while enemy? change-owner (opposite d)) (set-flag f true))
//	    back)
//
// (flip for change-owner: with two players it gives an enemy piece to
// the mover); then (verify (flag? f)) and a plain add.
func flipProgram(code []instr) ([]fkSeg, bool) {
	if len(code) < 2 || code[0].op != opEmpty || code[0].lk != rules.Here || code[1].op != opVerify {
		return nil, false
	}
	var segs []fkSeg
	flag := int32(-1)
	i := 2
	for ; i+fkSegLen <= len(code) && code[i].op == opEnemy; i += fkSegLen {
		sg, f, ok := flipSeg(code[i:i+fkSegLen], int32(i))
		if !ok || flag >= 0 && f != flag {
			return nil, false
		}
		segs, flag = append(segs, sg), f
	}
	end := code[i:]
	if flag < 0 || len(end) != 4 || end[0].op != opFlag || end[0].b != flag || end[1].op != opVerify ||
		end[2].op != opAdd || rules.AddKind(end[2].a) != rules.AddMove || end[2].b >= 0 || end[3].op != opEnd {
		return nil, false
	}
	return segs, true
}

// flipSeg recognises the walk of one direction in c, which starts at
// instruction at (jump targets are absolute), and returns it with its
// flag.
func flipSeg(c []instr, at int32) (fkSeg, int32, bool) {
	type want struct {
		op uint8
		lk rules.LocKind
		a  int32
	}
	d, back := c[0].a, c[13].a
	for j, w := range [fkSegLen]want{
		{opEnemy, rules.InDir, d}, {opJF, 0, at + 18}, {opMark, rules.Here, 0}, {opNav, 0, d},
		{opEnemy, rules.InDir, d}, {opJF, 0, at + 8}, {opNav, 0, d}, {opLoop, 0, at + 4},
		{opFriend, rules.InDir, d}, {opJF, 0, at + 17},
		{opEnemy, rules.Here, 0}, {opJF, 0, at + 15}, {opChangeOwner, rules.Here, 0}, {opNav, 0, back},
		{opLoop, 0, at + 10}, {opTrue, 0, 0}, {opSetFlag, 0, 0}, {opBack, 0, 0},
	} {
		in := c[j]
		op := in.op
		if op == opFlip && w.op == opChangeOwner {
			op = opChangeOwner
		}
		if op != w.op || in.lk != w.lk || in.a != w.a {
			return fkSeg{}, 0, false
		}
	}
	return fkSeg{d, back}, c[16].b, true
}

// buildSide describes the drop program for side: its candidate cells
// from the plan's guards (none, or the cell empty) and the rays of every
// cell.
func (k *flipKernel) buildSide(blk *CBlock, side int) (fkSide, bool) {
	g := k.g
	pl := blk.plans[side]
	sd := fkSide{piece: MakePiece(blk.Piece, side) | g.defaults[blk.Piece], adj: make([]uint64, g.np),
		at: make([]int32, g.np+1), mid: make([]int32, g.np)}
	if sd.piece&ghostBit != 0 {
		return sd, false
	}
	for q := range g.np {
		lits := pl.lits[pl.guard[2*q]:pl.guard[2*q+1]]
		switch {
		case pl.kind[q] == planNever:
		case pl.kind[q] == planRun || len(lits) == 0:
			sd.always |= 1 << q
		case len(lits) == 1 && lits[0].pos == int32(q) && lits[0].op == opEmpty && !lits[0].neg:
			sd.ifEmpty |= 1 << q
		default:
			gd, ok := flipGuard(int32(q), lits)
			if !ok {
				return sd, false
			}
			sd.guards = append(sd.guards, gd)
		}
		var fall []uint64
		for _, sg := range k.segs {
			ray, n, up, ok := k.ray(side, int32(q), sg)
			switch {
			case !ok:
				return sd, false
			case n < 2:
				// Nothing to turn over: a run needs a cell
				// beyond it.
			case up:
				sd.rays = append(sd.rays, ray)
				sd.adj[q] |= ray & -ray
			default:
				fall = append(fall, ray)
				sd.adj[q] |= 1 << 63 >> bits.LeadingZeros64(ray)
			}
		}
		sd.mid[q] = int32(len(sd.rays))
		sd.rays = append(sd.rays, fall...)
		sd.at[q+1] = int32(len(sd.rays))
	}
	return sd, true
}

// flipGuard returns the guard lits of candidate q as masked compares;
// false when it tests what they cannot.
func flipGuard(q int32, lits []cellLit) (fkGuard, bool) {
	gd := fkGuard{q: q}
	for _, l := range lits {
		bit := uint64(1) << l.pos
		switch {
		case l.op == opEmpty && !l.neg:
			gd.empty |= bit
		case l.op == opEmpty:
			gd.full |= bit
		case l.op == opFriend && !l.neg:
			gd.friend |= bit
		case l.op == opFriend:
			gd.notFriend |= bit
		case l.op == opEnemy && !l.neg:
			gd.enemy |= bit
		case l.op == opEnemy:
			gd.notEnemy |= bit
		default:
			return gd, false
		}
	}
	return gd, true
}

// ray returns the cells a walk from q along sg.dir passes for side, and
// their number, as a set whose positions rise (up) or fall along the
// walk; ok is false when the walk comes back to a cell, a step along
// sg.back does not retrace a step, or the positions neither rise nor
// fall.
func (k *flipKernel) ray(side int, q int32, sg fkSeg) (ray uint64, n int, up, ok bool) {
	nb, nd := k.g.nbs[side], int32(k.g.nd)
	seen := uint64(1) << q
	prev := q
	for p := nb[q*nd+sg.dir]; p >= 0; prev, p = p, nb[p*nd+sg.dir] {
		if seen>>p&1 != 0 || nb[p*nd+sg.back] != prev {
			return 0, 0, false, false
		}
		switch {
		case n == 1:
			up = p > prev
		case n > 1 && (p > prev) != up:
			return 0, 0, false, false
		}
		seen |= 1 << p
		ray |= 1 << p
		n++
	}
	return ray, n, up, true
}

// buildGoals takes the goal sequences: no static goal, and stalemates
// that win, lose, draw or count the pieces on the board.
func (k *flipKernel) buildGoals() bool {
	g := k.g
	k.goals = make([][]fkGoal, g.nplayers)
	for mover := range g.nplayers {
		if len(g.staticGoalSeq[mover]) > 0 {
			return false
		}
		for _, r := range g.goalSeq[mover] {
			if g.goals[r.goal].c.Kind != rules.GoalStalemated {
				return false
			}
			fg := fkGoal{goal: int(r.goal), player: int(r.player)}
			switch g.Rules.Goals[r.goal].Kind {
			case rules.Count:
				if g.score != nil {
					return false
				}
				fg.count = true
			case rules.Win, rules.Loss, rules.Draw:
			default:
				return false
			}
			k.goals[mover] = append(k.goals[mover], fg)
		}
	}
	return true
}
