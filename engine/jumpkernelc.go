package engine

import (
	"github.com/ludus-games/ludus/engine/rules"
)

// Building the jump kernel (jumpkernel.go): recognising its programs in
// the bytecode, the goals it follows, and the options it leaves to the
// general path.

// buildJumpKernel returns the jump kernel of the game, or nil when the
// model does not fit it.
func (g *Game) buildJumpKernel() *jumpKernel {
	o := &g.Rules.Options
	switch {
	case g.np > 64, g.nplayers != 2, g.ntypes > jkMaxTypes, g.anyDrops, g.legality, !g.drawing, g.extPlay, g.usesLast,
		g.usesTaken, g.movedAttr >= 0, g.stackLevels > 0, len(g.invs) > 0, g.ext.nslots > 0,
		o.MaximalCaptures > 0, o.PassTurn != 0, o.DeferredCaptures, o.RecycleCaptures, o.InternationalExtension,
		o.AnyOwner, o.LandToContinue, o.PassPartial, o.UniqueMoves, o.Ko != rules.KoNone:
		return nil
	}
	for p := range g.nplayers {
		if g.randomPlayer[p] {
			return nil
		}
	}
	for _, t := range g.turns {
		if len(t.MoveTypes) > 0 || t.Player != t.Side {
			return nil
		}
	}
	k := &jumpKernel{g: g, progs: make([]jkProg, len(g.Blocks))}
	for _, blk := range g.Blocks {
		pr, ok := k.prog(blk)
		if !ok {
			return nil
		}
		k.progs[blk.ID] = pr
	}
	if !k.buildClasses() || !k.buildConts() || !k.buildGoals() {
		return nil
	}
	return k
}

// prog recognises blk: a step onto an empty cell (a path of one step,
// maybe crowning in a zone), or a jump over an enemy piece, taken, onto an
// empty cell, which ends the move or goes on (maybe crowning and ending
// it in a zone).
func (k *jumpKernel) prog(blk *CBlock) (jkProg, bool) {
	g := k.g
	pr := jkProg{zone: -1, in: jkEnd{promo: -1}, out: jkEnd{promo: -1}}
	if blk.sets != nil || blk.ray >= 0 || blk.rotates {
		return pr, false
	}
	var d1, d2 int32
	switch code := blk.code; {
	case blk.path != nil:
		if len(blk.path) != 1 || blk.path[0].op != opNavVerifyEmpty {
			return pr, false
		}
		d1, d2 = blk.path[0].a, -1
		if z := blk.promoZone; z >= 0 {
			if len(g.promos[blk.promoList]) != 1 {
				return pr, false
			}
			pr.zone, pr.in.promo = int(z), g.promos[blk.promoList][0]
		}
	case len(code) >= 5 && code[0].op == opNavVerifyEnemy && code[0].lk == rules.Here &&
		code[1].op == opCapture && code[1].lk == rules.Here && code[2].op == opNavVerifyEmpty && code[2].lk == rules.Here:
		pr.jump = true
		d1, d2 = code[0].a, code[2].a
		var ok bool
		if pr.zone, pr.in, pr.out, ok = k.jumpEnd(code[3:]); !ok {
			return pr, false
		}
	default:
		return pr, false
	}
	for side := range 2 {
		nb := g.nbs[side]
		pr.over[side] = make([]int8, g.np)
		pr.dest[side] = make([]int8, g.np)
		for q := range g.np {
			a := nb[q*g.nd+int(d1)]
			pr.over[side][q], pr.dest[side][q] = -1, int8(a)
			if pr.jump {
				pr.over[side][q], pr.dest[side][q] = int8(a), -1
				if a >= 0 {
					pr.dest[side][q] = int8(nb[int(a)*g.nd+int(d2)])
				}
			}
		}
	}
	return pr, true
}

// jumpEnd recognises how a jump ends, from the instructions after its
// landing: an add of either kind, or (if (in-zone? z) add1 else add2).
func (k *jumpKernel) jumpEnd(code []instr) (zone int, in, out jkEnd, ok bool) {
	switch {
	case len(code) == 2 && code[0].op == opAdd && code[1].op == opEnd:
		in, ok = k.add(&code[0])
		return -1, in, in, ok
	case len(code) == 6 && code[0].op == opInZone && code[0].lk == rules.Here && code[1].op == opJF &&
		code[1].a == 3+4 && code[2].op == opAdd && code[3].op == opGoto && code[3].a == 3+5 &&
		code[4].op == opAdd && code[5].op == opEnd:
		var ok1, ok2 bool
		in, ok1 = k.add(&code[2])
		out, ok2 = k.add(&code[4])
		return int(code[0].b), in, out, ok1 && ok2
	}
	return -1, in, out, false
}

// add recognises an add of a move or of a partial move, with at most one
// type to crown to.
func (k *jumpKernel) add(in *instr) (jkEnd, bool) {
	e := jkEnd{promo: -1, next: int(in.c)}
	switch rules.AddKind(in.a) {
	case rules.AddMove:
	case rules.AddPartial:
		e.partial = true
	default:
		return e, false
	}
	if in.b >= 0 {
		if len(k.g.promos[in.b]) != 1 {
			return e, false
		}
		e.promo = k.g.promos[in.b][0]
	}
	return e, true
}

// buildClasses sorts the priority classes: a class of programs that give
// one move a run is drawn by (piece, program) pairs, any other listed,
// and may hold only jumps.
func (k *jumpKernel) buildClasses() bool {
	g := k.g
	for cl := range g.classes {
		c := jkClass{single: g.singleClass[cl], progs: make([][]int, g.ntypes)}
		if !c.single && g.chainK[cl] > 0 {
			return false
		}
		if g.gates != nil {
			c.gate = g.gates[cl]
		}
		c.gated = c.single && c.gate != nil && len(c.gate.types) == 1
		if c.gated && len(c.gate.progType) > jkMaxGated {
			return false
		}
		for t, ct := range g.types {
			for _, blk := range ct.moves[cl] {
				if !c.single && !k.progs[blk.ID].jump {
					return false
				}
				c.progs[t] = append(c.progs[t], blk.ID)
			}
		}
		if cg := c.gate; cg != nil && !c.single && len(cg.progType) <= jkMaxGated &&
			len(cg.uniq[0]) <= jkMaxGated && len(cg.uniq[1]) <= jkMaxGated {
			c.first = cg.first
			for side := range c.guards {
				for i := range cg.uniq[side] {
					c.guards[side] = append(c.guards[side], cg.uniq[side][i].rotGuard())
				}
				c.guardOf[side] = cg.ref[side]
			}
		}
		k.classes = append(k.classes, c)
	}
	return true
}

// buildConts lists, for every jump that may go on, the programs that
// continue it by the type of the piece that lands: those of the move type
// it names, in the order the general path tries them.
func (k *jumpKernel) buildConts() bool {
	g := k.g
	for i := range k.progs {
		pr := &k.progs[i]
		for _, e := range []*jkEnd{&pr.in, &pr.out} {
			if !e.partial {
				continue
			}
			if e.next < 0 {
				e.next = g.Blocks[i].MoveType
			}
			e.cont = make([][]int, g.ntypes)
			for t, ct := range g.types {
				for _, blk := range ct.attack {
					if blk.MoveType != e.next {
						continue
					}
					if !k.progs[blk.ID].jump {
						return false // a step after a jump: not followed
					}
					e.cont[t] = append(e.cont[t], blk.ID)
				}
			}
		}
	}
	return true
}

// buildGoals takes the goal sequences: piece counts and repetition, and
// stalemate; no count goal.
func (k *jumpKernel) buildGoals() bool {
	g := k.g
	k.static = make([][]jkGoal, g.nplayers)
	k.full = make([][]jkGoal, g.nplayers)
	for mover := range g.nplayers {
		for _, seq := range []struct {
			refs []goalRef
			out  *[]jkGoal
		}{{g.staticGoalSeq[mover], &k.static[mover]}, {g.goalSeq[mover], &k.full[mover]}} {
			for _, r := range seq.refs {
				c := g.goals[r.goal].c
				if g.Rules.Goals[r.goal].Kind == rules.Count {
					return false
				}
				jg := jkGoal{goal: int(r.goal), player: int(r.player), kind: c.Kind, n: int32(c.N)}
				switch c.Kind {
				case rules.GoalPiecesRemaining, rules.GoalCaptured, rules.GoalTotalPieceCount:
					for t := range g.ntypes {
						if len(c.Types) == 0 || containsInt(c.Types, t) {
							jg.types |= 1 << t
						}
					}
				case rules.GoalRepetition:
					k.reps = true
				case rules.GoalStalemated:
				default:
					return false
				}
				*seq.out = append(*seq.out, jg)
			}
		}
	}
	return true
}

// rotGuard returns the guard of gp as rotations of the occupancy sets: on
// its start positions the tests read cells of the board, so no bit comes
// round the end of the word.
func (gp *gateProg) rotGuard() kwGuard {
	gw := kwGuard{templ: gp.templ, run: gp.run, n: int(gp.n)}
	for i := range gw.lits {
		gw.lits[i].out = ^uint64(0) // holds everywhere, unless used
	}
	for i := range int(gp.n) {
		l := kwLit{rot: int(gp.left[i]) - int(gp.right[i])}
		switch gp.src[i] {
		case srcEmpty:
			l.src, l.flip = srcFullCells, ^uint64(0)
		case srcFull:
			l.src = srcFullCells
		case srcEnemy:
			l.src = srcEnemyCells
		case srcFriend:
			l.src = srcOwnCells
		case srcNotEnemy:
			l.src, l.flip = srcEnemyCells, ^uint64(0)
		case srcNotFriend:
			l.src, l.flip = srcOwnCells, ^uint64(0)
		}
		gw.lits[i] = l
	}
	return gw
}
