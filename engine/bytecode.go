package engine

import (
	"fmt"

	"github.com/ludus-games/ludus/engine/rules"
)

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

func (c *compiler) loc(op uint8, l rules.Loc) instr {
	return instr{op: op, lk: l.Kind, a: int32(l.N)}
}

func (c *compiler) stmts(ss []rules.Stmt) {
	for i := range ss {
		c.stmt(&ss[i])
	}
}

// stmtCompilers compiles each kind of statement, one entry per kind. It
// is filled by init: if and while compile their bodies through it.
var stmtCompilers []func(c *compiler, s *rules.Stmt)

func init() {
	stmtCompilers = []func(*compiler, *rules.Stmt){
		rules.SNav:         (*compiler).nav,
		rules.SJump:        (*compiler).jump,
		rules.SOpposite:    (*compiler).opposite,
		rules.SMark:        atLoc(opMark),
		rules.SBack:        plain(opBack),
		rules.SFrom:        atLoc(opFrom),
		rules.STo:          atLoc(opTo),
		rules.SCascade:     plain(opCascade),
		rules.SAdd:         (*compiler).add,
		rules.SCapture:     atLocOrSet(opCapture, opCaptureSet),
		rules.SFlip:        atLocOrSet(opFlip, opFlipSet),
		rules.SChangeOwner: atLocOrSet(opChangeOwner, opChangeOwnerSet),
		rules.SChangeType:  (*compiler).changeType,
		rules.SCreate:      (*compiler).create,
		rules.SSetAttr:     (*compiler).setAttr,
		rules.SSetFlag:     (*compiler).setFlag,
		rules.SSetPosFlag:  (*compiler).setPosFlag,
		rules.SVerify:      (*compiler).verify,
		rules.SIf:          (*compiler).ifStmt,
		rules.SWhile:       (*compiler).while,
		rules.SSetPosAttr:  (*compiler).setPosAttr,
		rules.SSetVar:      (*compiler).setVar,
		rules.STakeTop:     atLoc(opTakeTop),
		rules.SCaptureTop:  atLoc(opCaptureTop),
		rules.SGotoTurn:    (*compiler).gotoTurn,
		rules.SRotate:      (*compiler).rotate,
		rules.SGo:          (*compiler).goStmt,
	}
}

func (c *compiler) stmt(s *rules.Stmt) {
	if int(s.Kind) >= len(stmtCompilers) || stmtCompilers[s.Kind] == nil {
		c.fail("unknown statement kind %d", s.Kind)
		return
	}
	stmtCompilers[s.Kind](c, s)
}

// plain compiles a statement to one instruction without operands.
func plain(op uint8) func(*compiler, *rules.Stmt) {
	return func(c *compiler, _ *rules.Stmt) { c.emit(instr{op: op}) }
}

// atLoc compiles a statement on the current position or on s.Loc.
func atLoc(op uint8) func(*compiler, *rules.Stmt) {
	return func(c *compiler, s *rules.Stmt) { c.emit(c.loc(op, s.Loc)) }
}

// atLocOrSet is atLoc, or setOp for a statement on every position of a
// set.
func atLocOrSet(op, setOp uint8) func(*compiler, *rules.Stmt) {
	return func(c *compiler, s *rules.Stmt) {
		if s.Set != nil {
			c.emit(instr{op: setOp, b: c.g.addSet(s.Set)})
			return
		}
		c.emit(c.loc(op, s.Loc))
	}
}

// goStmt compiles (go place): the current position becomes that place.
// Going where the last move went makes the last move part of the
// position, as last-from? does.
func (c *compiler) goStmt(s *rules.Stmt) {
	if p := rules.GoPlace(s.A); p == rules.GoLastFrom || p == rules.GoLastTo {
		c.g.usesLast = true
	}
	c.emit(instr{op: opGo, b: int32(s.A)})
}

func (c *compiler) nav(s *rules.Stmt) { c.emit(instr{op: opNav, a: int32(s.A)}) }

func (c *compiler) jump(s *rules.Stmt) { c.emit(instr{op: opJump, a: int32(s.A)}) }

func (c *compiler) opposite(s *rules.Stmt) {
	if c.g.opp[s.A] < 0 {
		// No direction retraces this one: stepping back is off the
		// board.
		c.emit(instr{op: opFalse})
		c.emit(instr{op: opVerify})
		return
	}
	c.emit(instr{op: opNav, a: c.g.opp[s.A]})
}

// add compiles an emitting statement; its promotion choices go to
// Game.promos.
func (c *compiler) add(s *rules.Stmt) {
	promo := int32(-1)
	if len(s.Add.Types) > 0 {
		promo = int32(len(c.g.promos))
		c.g.promos = append(c.g.promos, s.Add.Types)
	}
	c.emit(instr{op: opAdd, a: int32(s.Add.Kind), b: promo, c: int32(s.Add.Next)})
}

func (c *compiler) changeType(s *rules.Stmt) {
	in := c.loc(opChangeType, s.Loc)
	in.b = int32(s.A)
	c.emit(in)
}

func (c *compiler) create(s *rules.Stmt) {
	in := c.loc(opCreate, s.Loc)
	in.b, in.c = int32(s.A), int32(s.B)
	c.emit(in)
}

// setAttr compiles set-attribute: to a number for an integer attribute,
// to the value of a condition for a boolean one.
func (c *compiler) setAttr(s *rules.Stmt) {
	if k := c.g.ext.intSlot[s.A]; k >= 0 {
		if s.X == nil {
			c.fail("attribute %s holds numbers: set it to a number", c.g.Rules.Attrs[s.A].Name)
			return
		}
		in := c.loc(opSetAttrInt, s.Loc)
		in.b, in.c = k, c.g.addExpr(s.X)
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
}

func (c *compiler) setFlag(s *rules.Stmt) {
	c.cond(s.Cond)
	c.emit(instr{op: opSetFlag, b: int32(s.A)})
}

func (c *compiler) setPosFlag(s *rules.Stmt) {
	c.cond(s.Cond)
	in := c.loc(opSetPosFlag, s.Loc)
	in.b = int32(s.A)
	c.emit(in)
}

func (c *compiler) setPosAttr(s *rules.Stmt) {
	in := c.loc(opSetPosAttr, s.Loc)
	in.b, in.c = int32(s.A), c.g.addExpr(s.X)
	c.emit(in)
}

func (c *compiler) setVar(s *rules.Stmt) {
	c.emit(instr{op: opSetVar, b: int32(s.A), c: c.g.addExpr(s.X)})
}

func (c *compiler) gotoTurn(s *rules.Stmt) { c.emit(instr{op: opGotoTurn, b: int32(s.A)}) }

func (c *compiler) rotate(s *rules.Stmt) {
	c.emit(instr{op: opRotate, b: c.g.addPerm(s.Cycles)})
	c.blk.rotates = true
}

func (c *compiler) verify(s *rules.Stmt) {
	c.cond(s.Cond)
	c.emit(instr{op: opVerify})
}

// ifStmt compiles the condition, a jump over the then branch when it is
// false, and a jump over the else branch at the end of the then branch.
func (c *compiler) ifStmt(s *rules.Stmt) {
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
}

// while compiles the condition, a jump out when it is false, the body
// and a counted jump back.
func (c *compiler) while(s *rules.Stmt) {
	top := c.here()
	c.cond(s.Cond)
	jf := c.emit(instr{op: opJF})
	c.stmts(s.Then)
	c.emit(instr{op: opLoop, a: top})
	c.code[jf].a = c.here()
}

var predOps = map[rules.CondKind]uint8{
	rules.CEmpty: opEmpty, rules.CFriend: opFriend, rules.CEnemy: opEnemy, rules.CNeutral: opNeutral,
	rules.CPiece: opPiece, rules.CPosition: opPosition, rules.CInZone: opInZone, rules.COnBoard: opOnBoard,
	rules.CAttacked: opAttacked, rules.CDefended: opDefended, rules.CLastFrom: opLastFrom, rules.CLastTo: opLastTo,
	rules.CFlag: opFlag, rules.CPosFlag: opPosFlag, rules.CAttr: opAttr, rules.CTaken: opTaken,
}

// cond compiles a condition; its value ends in the register.
func (c *compiler) cond(k *rules.Cond) {
	switch k.Kind {
	case rules.CTrue:
		c.emit(instr{op: opTrue})
	case rules.CFalse:
		c.emit(instr{op: opFalse})
	case rules.CNot:
		c.cond(k.Args[0])
		c.emit(instr{op: opNot})
	case rules.CAnd, rules.COr:
		op := opJF
		if k.Kind == rules.COr {
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
	case rules.CCompare, rules.CPosAttr:
		c.emit(instr{op: opCond, b: c.g.addCond(k)})
	case rules.CVisited:
		c.emit(c.loc(opVisited, k.Loc))
	case rules.CAttr:
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
func (c *compiler) pred(k *rules.Cond) {
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
			if t.op == opEmpty && t.lk == rules.Here && v.op == opVerify {
				out = append(out, instr{op: opNavVerifyEmpty, a: in.a})
				remap[i+1], remap[i+2] = remap[i], remap[i]
				i += 2
				continue
			}
			if t.op == opEnemy && t.lk == rules.Here && v.op == opVerify {
				out = append(out, instr{op: opNavVerifyEnemy, a: in.a})
				remap[i+1], remap[i+2] = remap[i], remap[i]
				i += 2
				continue
			}
			if i+3 < len(code) && !target[i+3] && t.op == opFriend && t.lk == rules.Here &&
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
