package engine

import "github.com/ludus-games/ludus/engine/rules"

// The interpreter of move programs. exec runs the commonest instructions
// in its loop, inline; execOther runs the rest. An instruction is one case
// in one of the two, its work in a small function where it takes more
// than a line or two.

// exec interprets the block's bytecode until it ends, dies (a failed
// verify, a step off the board) or an error or an attack is found.
func (gn *generator) exec(f *frame) {
	code := f.blk.code
	g := gn.g
	cells := gn.s.cells
	nd := int32(g.nd)
	side := f.side
	var r, alive bool
	loops := 0
	pc := 0
	for {
		in := &code[pc]
		pc++
		switch in.op {
		case opEnd:
			return
		case opNav:
			n := f.nb[f.cur*nd+in.a]
			if n < 0 {
				return
			}
			f.cur = n
		case opNavVerifyEmpty, opNavVerifyNotFriend, opNavVerifyEnemy:
			n := f.nb[f.cur*nd+in.a]
			if n < 0 || !stepOK(in.op, cells[n], side) {
				return
			}
			f.cur = n
		case opVerify:
			if !r {
				return
			}
		case opJF:
			if !r {
				pc = int(in.a)
			}
		case opJT:
			if r {
				pc = int(in.a)
			}
		case opGoto:
			pc = int(in.a)
		case opLoop:
			if loops++; loops > maxLoopSteps {
				gn.fail(f, "did not stop after %d loop steps", maxLoopSteps)
				return
			}
			if gn.s.meter.on && !gn.spend(f, 1) {
				return
			}
			pc = int(in.a)
		case opNot:
			r = !r
		case opTrue, opFalse:
			r = in.op == opTrue
		case opEmpty, opFriend, opEnemy, opNeutral, opPiece, opAttr, opAlly, opFoe:
			p := f.at(in, nd)
			r = p >= 0 && g.cellTest(in.op, cells[p], side, in.b)
		case opInZone:
			p := f.at(in, nd)
			r = p >= 0 && g.zones[in.b][side][p>>6]>>(p&63)&1 != 0
		case opFlag:
			r = f.flags>>uint(in.b)&1 != 0
		case opAdd:
			if gn.add(f, in); gn.err != nil || gn.found {
				return
			}
		case opCapture:
			if !f.capture(cells, f.at(in, nd)) {
				return
			}
		case opSetAttr:
			if !f.set(&f.attrs, f.at(in, nd), in.b, r) {
				return
			}
		case opRotate:
			f.rotates = append(f.rotates, in.b)
		default:
			if r, alive = gn.execOther(f, in, r); !alive {
				return
			}
		}
	}
}

// execOther runs an instruction exec leaves out, with r the value of the
// last condition. It returns the value after it and whether the run goes
// on.
func (gn *generator) execOther(f *frame, in *instr, r bool) (bool, bool) {
	p := f.at(in, int32(gn.g.nd)) // the position the instruction names
	cells := gn.s.cells
	ok := true
	switch in.op {
	case opJump:
		f.cur = in.a
	case opMark:
		f.mark, ok = p, p >= 0
	case opBack:
		f.cur = f.mark
	case opFrom:
		ok = f.fromAt(cells, p)
	case opTo:
		f.to, ok = p, p >= 0
	case opCascade:
		f.cascade(cells)
	case opTakeTop, opCaptureTop:
		ok = f.top(cells, p, in.op == opTakeTop)
	case opFlip, opChangeOwner, opChangeType, opCreate:
		ok = f.effect(in, p)
	case opSetPosFlag:
		ok = f.set(&f.pflags, p, in.b, r)
	case opSetFlag:
		f.setFlag(in.b, r)
	case opSetVar, opSetPosAttr, opSetAttrInt:
		ok = gn.setValue(f, in, p)
	case opCaptureSet, opFlipSet, opChangeOwnerSet:
		ok = gn.setEffect(f, in)
	case opGotoTurn:
		ok = gn.gotoTurn(f, in)
	case opPosition:
		r = p == in.b
	case opOnBoard:
		r = p >= 0
	case opAttacked, opDefended:
		r = p >= 0 && gn.threat(p, f.side, in.op == opDefended)
		ok = gn.err == nil
	case opLastFrom:
		r = p >= 0 && p == gn.s.lastFrom
	case opLastTo:
		r = p >= 0 && p == gn.s.lastTo
	case opPosFlag:
		r = f.posFlag(p, in.b)
	case opTaken:
		r = p >= 0 && has(gn.tookAt, p)
	case opVisited:
		r = gn.visitedAt(f, in)
	case opCond:
		r = gn.testTop(gn.g.x.conds[in.b], &ectx{side: f.side, cur: f.cur, f: f})
		ok = gn.err == nil
	case opGo:
		f.cur = gn.goPlace(f, rules.GoPlace(in.b))
		ok = f.cur >= 0
	default:
		gn.fail(f, "bad opcode %d", in.op)
		ok = false
	}
	return r, ok
}

// The work of the instructions, on position p (-1: off the board, and
// the run dies). Each reports whether the run goes on.

// capture takes the piece on p: nothing when p is empty, and a piece
// captured earlier in the move ends the run.
func (f *frame) capture(cells []Piece, p int32) bool {
	if p < 0 {
		return false
	}
	v := cells[p]
	if v == 0 {
		return true
	}
	if v&ghostBit != 0 {
		return false // captured earlier in this move
	}
	if !has(f.captures, p) {
		f.captures = append(f.captures, p)
	}
	return true
}

// set records the value r of boolean attribute or position flag b on p.
func (f *frame) set(list *[]attrSet, p, b int32, r bool) bool {
	if p < 0 {
		return false
	}
	*list = append(*list, attrSet{p, b, r})
	return true
}

// fromAt makes the piece on p the moving piece.
func (f *frame) fromAt(cells []Piece, p int32) bool {
	if p < 0 || cells[p] == 0 {
		return false
	}
	f.from, f.mover = p, cells[p]
	return true
}

// cascade ends the moving piece's move here and moves the piece here on.
func (f *frame) cascade(cells []Piece) {
	if f.mover != 0 {
		f.movers = append(f.movers, mover{f.from, f.dest(), f.mover})
	}
	f.from, f.to = f.cur, -1
	f.mover = cells[f.cur]
	if f.mover&ghostBit != 0 {
		f.mover = 0
	}
}

// top takes (take-top) or removes (capture-top) the top of the column on
// p, once a move.
func (f *frame) top(cells []Piece, p int32, take bool) bool {
	if p < 0 {
		return false
	}
	if cells[p] != 0 && !hasTop(f.tops, p) {
		f.tops = append(f.tops, topOp{p, take})
	}
	return true
}

// effect records flip, change-owner, change-type or create on p.
func (f *frame) effect(in *instr, p int32) bool {
	if p < 0 {
		return false
	}
	f.effects = append(f.effects, effect{in.op, p, in.b, in.c})
	return true
}

// posFlag is the value last set of position flag b on p.
func (f *frame) posFlag(p, b int32) bool {
	r := false
	for _, pf := range f.pflags {
		if pf.pos == p && pf.attr == b {
			r = pf.val
		}
	}
	return r
}

// setValue evaluates the expression of set-variable,
// set-position-attribute or set-attribute (integer) and records it for
// p.
func (gn *generator) setValue(f *frame, in *instr, p int32) bool {
	if p < 0 {
		return false
	}
	x := gn.g.x.exprs[in.c]
	v, ok := gn.quickValue(x.e)
	if !ok {
		v = gn.evalTop(x, &ectx{side: f.side, cur: f.cur, f: f})
		if gn.err != nil {
			return false
		}
	}
	f.effects = append(f.effects, effect{in.op, p, in.b, int32(v)})
	return true
}

// goPlace is the position (go place) goes to; -1 when there is none (no
// move was made yet).
func (gn *generator) goPlace(f *frame, place rules.GoPlace) int32 {
	switch place {
	case rules.GoFrom:
		return f.from
	case rules.GoTo:
		return f.dest()
	case rules.GoLastFrom:
		return gn.s.lastFrom
	}
	return gn.s.lastTo
}

// setFlag sets flag b to v.
func (f *frame) setFlag(b int32, v bool) {
	if v {
		f.flags |= 1 << uint(b)
	} else {
		f.flags &^= 1 << uint(b)
	}
}
