package engine

import (
	"fmt"

	"github.com/ludus-games/ludus/engine/rules"
)

// Limits that stop a move program that would not end: loop iterations in
// one run of a block, and partial moves in one composite move.
const (
	maxLoopSteps = 1 << 16
	maxChain     = 128
)

type mover struct {
	from, to int32
	piece    Piece
}

type effect struct {
	op   uint8
	pos  int32
	t, p int32
}

type attrSet struct {
	pos, attr int32
	val       bool
}

// frame is the machine state of one run of a move program.
type frame struct {
	blk      *CBlock
	side     int
	nb       []int32
	cur      int32
	from     int32
	mark     int32
	to       int32
	mover    Piece
	movers   []mover
	captures []int32
	tops     []topOp
	effects  []effect
	attrs    []attrSet
	rotates  []int32 // the permutations of the rotate statements run
	flags    uint64
	pflags   []attrSet
	// Under "land to continue": the moves (start and end indices in the
	// move list) that end after a partial step of this run, and whether
	// another partial step of the run lets the move go on.
	ends   []int32
	goesOn bool
}

// generator runs move programs against a state and collects the moves.
type generator struct {
	s      *State
	g      *Game
	out    *MoveList
	frames []*frame
	depth  int

	// The composite move being built: its changes so far, its finished
	// steps, and the captured pieces still on the board (deferred).
	scratch []Change
	prefix  []Step
	// inv is the move whose invariants are being evaluated, and
	// replies the list (count moves) counts its replies into.
	inv     invMove
	replies *MoveList
	// seen holds the keys of the positions the composite move has been
	// in (the start first), so that a partial step that brings one back
	// is not made: a chain of steps is then finite.
	seen      []uint64
	ghosts    []int32
	curGhosts []int32
	extra     []Change
	moveType  int
	start     Piece
	capTotal  int
	valTotal  int

	lg legality
	// dropTypes is the last list of activeDrops: an entry of dropCache
	// (never to be appended to) or dropBuf.
	dropTypes []dropBlock
	dropCache [][]dropBlock
	dropBuf   []dropBlock
	dropMask  []uint64
	// sampleSets and pieceCands hold the untried candidates of a draw
	// (sample.go).
	sampleSets []uint64
	pieceCands []pieceCand
	// pick is the draw among composite moves under way, if any; chain2,
	// trial and oneBlock are its storage (chain.go).
	pick     *chainState
	chain2   chainState
	trial    MoveList
	oneBlock [1]*CBlock
	// gateBuf holds the guard sets of a gated class's programs (gate.go).
	gateBuf []uint64
	// counted: countMoves counted the moves without listing them.
	counted bool
	unitCh  []Change
	// simple is set when no option changes what a plain move does.
	simple bool
	// noPass: Moves is asking whether a forced pass helps, and adds none.
	noPass      bool
	cacheVer    []uint64
	cacheVal    []bool
	attackDepth int
	target      int32
	found       bool
	err         error

	// Evaluation of the native dialect's expressions: the step budget,
	// the nesting, a buffer per nested set and the group labels.
	evalSteps int
	evalDepth int
	setDepth  int
	bufs      [][]int32
	grp       []groupCache
	// Connection goals: positions visited (stamped), the walk's stack
	// and its seeds.
	visit      []uint32
	visitStamp uint32
	chain      []int32
	zoneSeeds  []int32
	// Invariants: the accumulators' values, and what each move of the
	// class being filtered does.
	acc    []int
	facts  []moveFacts
	capBuf []int16
	keys   []uint64 // the positions after the moves kept by unique
	// allMoves: Moves keeps the moves "unique moves" would leave out.
	allMoves bool
	// Stacks: the positions taken from earlier in the composite move
	// (taken?), and the columns of the step being emitted (stack.go).
	tookAt []int32
	stk    stackStep
	colBuf []Piece
	colTmp []Piece
	// jump is the entry of the turn order the move being built jumps
	// to, plus one (0: none).
	jump int32
	// rotBuf holds the changes of a permutation and rotCells the cells
	// of a position and of its image (rotate.go).
	rotBuf   []Change
	rotCells []int32
	// stepBuf holds the steps of a composite move being recorded.
	stepBuf []Step
}

func (s *State) generator() *generator {
	if s.gen == nil {
		o := &s.g.Rules.Options
		s.gen = &generator{s: s, g: s.g, simple: s.g.movedAttr < 0 && !o.RecycleCaptures &&
			!o.InternationalExtension && !o.DeferredCaptures && s.g.ext.nslots == 0 && s.g.stackLevels == 0}
	}
	return s.gen
}

// takeErr returns and clears the error an evaluation outside move
// generation (a goal, a score) left.
func (gn *generator) takeErr() error {
	err := gn.err
	gn.err = nil
	return err
}

func (gn *generator) frame() *frame {
	if gn.depth == len(gn.frames) {
		gn.frames = append(gn.frames, &frame{})
	}
	f := gn.frames[gn.depth]
	gn.depth++
	return f
}

// run executes blk for a piece of side standing on from (-1 for a drop),
// starting at cur.
func (gn *generator) run(blk *CBlock, side int, from, cur int32, piece Piece) {
	f := gn.frame()
	f.blk, f.side, f.nb = blk, side, gn.g.nbs[side]
	f.cur, f.from, f.mark, f.to, f.mover = cur, from, cur, -1, piece
	f.movers = f.movers[:0]
	f.captures = f.captures[:0]
	f.tops = f.tops[:0]
	f.effects = f.effects[:0]
	f.attrs = f.attrs[:0]
	f.rotates = f.rotates[:0]
	f.pflags = f.pflags[:0]
	f.flags = 0
	if !gn.s.meter.on || gn.spend(f, 1) {
		gn.exec(f)
		if f.goesOn || len(f.ends) > 0 {
			gn.landed(f)
		}
	}
	gn.depth--
}

// landed applies "land to continue" at the end of a run: when one of its
// partial steps let the move go on, the moves that ended after another
// of its steps are dropped.
func (gn *generator) landed(f *frame) {
	if f.goesOn && len(f.ends) > 0 {
		ms := gn.out.Moves
		keep := int(f.ends[0])
		for i := 0; i < len(f.ends); i += 2 {
			next := len(ms)
			if i+2 < len(f.ends) {
				next = int(f.ends[i+2])
			}
			keep += copy(ms[keep:], ms[f.ends[i+1]:next])
		}
		gn.out.Moves = ms[:keep]
	}
	f.ends = f.ends[:0]
	f.goesOn = false
}

func (gn *generator) fail(f *frame, format string, args ...any) {
	if gn.err != nil {
		return
	}
	b := f.blk.Block
	pt := gn.g.Rules.Pieces[f.blk.Piece].Name
	mt := gn.g.Rules.MoveTypes[f.blk.MoveType]
	if mt == "" {
		mt = "(untyped)"
	}
	gn.err = fmt.Errorf("%s: piece %s, move type %s, program %s: %w", b.Src, pt, mt,
		b.Name, fmt.Errorf(format, args...))
}

func (f *frame) at(in *instr, nd int32) int32 {
	switch in.lk {
	case rules.InDir:
		if f.cur < 0 {
			return -1
		}
		return f.nb[f.cur*nd+in.a]
	case rules.AtPos:
		return in.a
	}
	return f.cur
}

func (f *frame) dest() int32 {
	if f.to >= 0 {
		return f.to
	}
	return f.cur
}

// setEffect applies capture, flip or change-owner to every position of a
// set; false when the evaluation failed.
func (gn *generator) setEffect(f *frame, in *instr) bool {
	c := ectx{side: f.side, cur: f.cur, f: f}
	st := gn.g.x.sets[in.b]
	gn.enterEval(&c, st.s.Src)
	ps := gn.setMembers(st, &c)
	gn.evalDepth--
	if gn.err != nil {
		return false
	}
	cells := gn.s.cells
	for _, p := range ps {
		v := cells[p]
		switch {
		case v == 0 || v&ghostBit != 0:
		case in.op == opCaptureSet:
			if !has(f.captures, p) {
				f.captures = append(f.captures, p)
			}
		case in.op == opFlipSet:
			f.effects = append(f.effects, effect{opFlip, p, 0, 0})
		default:
			f.effects = append(f.effects, effect{opChangeOwner, p, 0, 0})
		}
	}
	return true
}

// stepOK reports whether a fused step-and-verify instruction accepts the
// piece v on the position it steps to.
func stepOK(op uint8, v Piece, side int) bool {
	switch op {
	case opNavVerifyEmpty:
		return v == 0
	case opNavVerifyNotFriend:
		return v == 0 || v&ghostBit != 0 || v.Owner() != side
	case opNavVerifyEnemy:
		return v != 0 && v&ghostBit == 0 && v.Owner() != side
	}
	return true
}

func has(s []int32, p int32) bool {
	for _, x := range s {
		if x == p {
			return true
		}
	}
	return false
}

// add handles an emitting instruction: in attack mode it only checks
// whether the move would take the target; otherwise it emits one step per
// promotion choice.
func (gn *generator) add(f *frame, in *instr) {
	if gn.attackDepth > 0 {
		t := gn.target
		if (f.mover != 0 && f.dest() == t) || has(f.captures, t) || hasTop(f.tops, t) {
			gn.found = true
			return
		}
		for _, m := range f.movers {
			if m.to == t {
				gn.found = true
				return
			}
		}
		return
	}
	kind := rules.AddKind(in.a)
	if in.b < 0 {
		gn.emit(f, kind, -1, int(in.c))
		return
	}
	for _, t := range gn.g.promos[in.b] {
		gn.emit(f, kind, t, int(in.c))
		if gn.err != nil {
			return
		}
	}
}
