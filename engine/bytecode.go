package engine

import "fmt"

// compiler turns one block's statements into bytecode.
type compiler struct {
	g    *Game
	blk  *CBlock
	code []instr
	err  error
}

func (c *compiler) emit(in instr) int {
	c.code = append(c.code, in)
	return len(c.code) - 1
}

func (c *compiler) here() int32 { return int32(len(c.code)) }

func (c *compiler) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf(format, args...)
	}
}

func (c *compiler) loc(op uint8, l Loc) instr {
	return instr{op: op, lk: l.Kind, a: int32(l.N)}
}

func (c *compiler) stmts(ss []Stmt) {
	for i := range ss {
		c.stmt(&ss[i])
	}
}

func (c *compiler) stmt(s *Stmt) {
	switch s.Kind {
	case SNav:
		c.emit(instr{op: opNav, a: int32(s.A)})
	case SJump:
		c.emit(instr{op: opJump, a: int32(s.A)})
	case SOpposite:
		if c.g.opp[s.A] < 0 {
			// No direction retraces this one: stepping back is off the
			// board.
			c.emit(instr{op: opFalse})
			c.emit(instr{op: opVerify})
			return
		}
		c.emit(instr{op: opNav, a: c.g.opp[s.A]})
	case SMark:
		c.emit(c.loc(opMark, s.Loc))
	case SBack:
		c.emit(instr{op: opBack})
	case SFrom:
		c.emit(c.loc(opFrom, s.Loc))
	case STo:
		c.emit(c.loc(opTo, s.Loc))
	case SCascade:
		c.emit(instr{op: opCascade})
	case SAdd:
		promo := int32(-1)
		if len(s.Add.Types) > 0 {
			promo = int32(len(c.g.promos))
			c.g.promos = append(c.g.promos, s.Add.Types)
		}
		c.emit(instr{op: opAdd, a: int32(s.Add.Kind), b: promo, c: int32(s.Add.Next)})
	case SCapture, SFlip, SChangeOwner:
		op := map[StmtKind][2]uint8{SCapture: {opCapture, opCaptureSet}, SFlip: {opFlip, opFlipSet},
			SChangeOwner: {opChangeOwner, opChangeOwnerSet}}[s.Kind]
		if s.Set != nil {
			c.emit(instr{op: op[1], b: c.g.addSet(s.Set)})
			return
		}
		c.emit(c.loc(op[0], s.Loc))
	case STakeTop:
		c.emit(c.loc(opTakeTop, s.Loc))
	case SCaptureTop:
		c.emit(c.loc(opCaptureTop, s.Loc))
	case SRotate:
		c.emit(instr{op: opRotate, b: c.g.addPerm(s.Cycles)})
		c.blk.rotates = true
	case SSetVar:
		c.emit(instr{op: opSetVar, b: int32(s.A), c: c.g.addExpr(s.X)})
	case SGotoTurn:
		c.emit(instr{op: opGotoTurn, b: int32(s.A)})
	case SSetPosAttr:
		in := c.loc(opSetPosAttr, s.Loc)
		in.b, in.c = int32(s.A), c.g.addExpr(s.X)
		c.emit(in)
	case SChangeType:
		in := c.loc(opChangeType, s.Loc)
		in.b = int32(s.A)
		c.emit(in)
	case SCreate:
		in := c.loc(opCreate, s.Loc)
		in.b, in.c = int32(s.A), int32(s.B)
		c.emit(in)
	case SSetAttr:
		if k := c.g.ext.intSlot[s.A]; k >= 0 {
			x := s.X
			if x == nil {
				c.fail("attribute %s holds numbers: set it to a number", c.g.Rules.Attrs[s.A].Name)
				return
			}
			in := c.loc(opSetAttrInt, s.Loc)
			in.b, in.c = k, c.g.addExpr(x)
			c.emit(in)
			return
		}
		if !c.g.boolAttr[s.A] || s.Cond == nil {
			c.fail("attribute %s is not boolean: it cannot be set to true or false", c.g.Rules.Attrs[s.A].Name)
			return
		}
		c.cond(s.Cond)
		in := c.loc(opSetAttr, s.Loc)
		in.b = int32(s.A)
		c.emit(in)
	case SSetFlag:
		c.cond(s.Cond)
		c.emit(instr{op: opSetFlag, b: int32(s.A)})
	case SSetPosFlag:
		c.cond(s.Cond)
		in := c.loc(opSetPosFlag, s.Loc)
		in.b = int32(s.A)
		c.emit(in)
	case SVerify:
		c.cond(s.Cond)
		c.emit(instr{op: opVerify})
	case SIf:
		c.cond(s.Cond)
		jf := c.emit(instr{op: opJF})
		c.stmts(s.Then)
		if len(s.Else) == 0 {
			c.code[jf].a = c.here()
			return
		}
		j := c.emit(instr{op: opGoto})
		c.code[jf].a = c.here()
		c.stmts(s.Else)
		c.code[j].a = c.here()
	case SWhile:
		top := c.here()
		c.cond(s.Cond)
		jf := c.emit(instr{op: opJF})
		c.stmts(s.Then)
		c.emit(instr{op: opLoop, a: top})
		c.code[jf].a = c.here()
	default:
		c.fail("unknown statement kind %d", s.Kind)
	}
}

var predOps = map[CondKind]uint8{
	CEmpty: opEmpty, CFriend: opFriend, CEnemy: opEnemy, CNeutral: opNeutral,
	CPiece: opPiece, CPosition: opPosition, CInZone: opInZone, COnBoard: opOnBoard,
	CAttacked: opAttacked, CDefended: opDefended, CLastFrom: opLastFrom, CLastTo: opLastTo,
	CFlag: opFlag, CPosFlag: opPosFlag, CAttr: opAttr, CTaken: opTaken,
}

// cond compiles a condition; its value ends in the register.
func (c *compiler) cond(k *Cond) {
	switch k.Kind {
	case CTrue:
		c.emit(instr{op: opTrue})
	case CFalse:
		c.emit(instr{op: opFalse})
	case CNot:
		c.cond(k.Args[0])
		c.emit(instr{op: opNot})
	case CAnd, COr:
		op := opJF
		if k.Kind == COr {
			op = opJT
		}
		var jumps []int
		for i, a := range k.Args {
			c.cond(a)
			if i < len(k.Args)-1 {
				jumps = append(jumps, c.emit(instr{op: op}))
			}
		}
		for _, j := range jumps {
			c.code[j].a = c.here()
		}
	case CCompare, CPosAttr:
		c.emit(instr{op: opCond, b: c.g.addCond(k)})
	case CVisited:
		c.emit(c.loc(opVisited, k.Loc))
	case CAttr:
		if c.g.ext.attrInt[k.A] {
			c.emit(instr{op: opCond, b: c.g.addCond(k)})
			return
		}
		c.pred(k)
	default:
		c.pred(k)
	}
}

// pred compiles a predicate on one cell.
func (c *compiler) pred(k *Cond) {
	op := c.g.predOp(k.Kind)
	if op == 0 {
		c.fail("unknown condition kind %d", k.Kind)
		return
	}
	c.g.notePred(k.Kind)
	in := c.loc(op, k.Loc)
	in.b = int32(k.A)
	c.emit(in)
}

func isJump(op uint8) bool { return op == opJF || op == opJT || op == opGoto || op == opLoop }

// fuse replaces "step, test, verify" runs by single instructions where no
// jump lands inside them.
func (c *compiler) fuse() {
	code := c.code
	target := make([]bool, len(code)+1)
	for _, in := range code {
		if isJump(in.op) {
			target[in.a] = true
		}
	}
	remap := make([]int32, len(code)+1)
	var out []instr
	for i := 0; i < len(code); i++ {
		remap[i] = int32(len(out))
		in := code[i]
		if in.op == opNav && i+2 < len(code) && !target[i+1] && !target[i+2] {
			t, v := code[i+1], code[i+2]
			if t.op == opEmpty && t.lk == Here && v.op == opVerify {
				out = append(out, instr{op: opNavVerifyEmpty, a: in.a})
				remap[i+1], remap[i+2] = remap[i], remap[i]
				i += 2
				continue
			}
			if t.op == opEnemy && t.lk == Here && v.op == opVerify {
				out = append(out, instr{op: opNavVerifyEnemy, a: in.a})
				remap[i+1], remap[i+2] = remap[i], remap[i]
				i += 2
				continue
			}
			if i+3 < len(code) && !target[i+3] && t.op == opFriend && t.lk == Here &&
				v.op == opNot && code[i+3].op == opVerify {
				out = append(out, instr{op: opNavVerifyNotFriend, a: in.a})
				remap[i+1], remap[i+2], remap[i+3] = remap[i], remap[i], remap[i]
				i += 3
				continue
			}
		}
		out = append(out, in)
	}
	remap[len(code)] = int32(len(out))
	for i := range out {
		if isJump(out[i].op) {
			out[i].a = remap[out[i].a]
		}
	}
	c.code = out
}
