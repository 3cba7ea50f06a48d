package engine

import "github.com/ludus-games/ludus/engine/rules"

// maxReachStates bounds the abstract run that computes a program's reach;
// past it the program is assumed to reach everywhere.
const maxReachStates = 1 << 15

// computeReach finds, for every attack program, every player and every
// start position, a superset of the positions a run could take a piece on.
// An attack test then runs only the programs that can reach the target.
// The abstract run follows both ways of every branch and assumes every
// verify passes; its states are (instruction, current position, mark).
func (g *Game) computeReach() {
	words := (g.np + 63) / 64
	for _, blk := range g.Blocks {
		if blk.Drop {
			continue
		}
		blk.reach = make([][]uint64, g.nplayers)
		blk.reads = make([][]uint64, g.nplayers)
		for side := 0; side < g.nplayers; side++ {
			bits := make([]uint64, g.np*words)
			reads := make([]uint64, g.np*words)
			for q := 0; q < g.np; q++ {
				g.reachFrom(blk, side, int32(q), bits[q*words:(q+1)*words], reads[q*words:(q+1)*words])
			}
			blk.reach[side] = bits
			blk.reads[side] = reads
		}
		for _, in := range blk.code {
			if in.op == opLastFrom || in.op == opLastTo || in.op == opGo && in.b >= int32(rules.GoLastFrom) {
				blk.usesLast = true
			}
		}
	}
	g.reachWords = words
	// The union over a type's programs lets an attack test skip a piece
	// with one look.
	g.typeReach = make([][][]uint64, g.ntypes)
	for t := range g.types {
		g.typeReach[t] = make([][]uint64, g.nplayers)
		for side := range g.typeReach[t] {
			u := make([]uint64, g.np*words)
			for _, blk := range g.types[t].attack {
				for i, w := range blk.reach[side] {
					u[i] |= w
				}
			}
			g.typeReach[t][side] = u
		}
	}
}

type reachState struct {
	pc        int
	cur, mark int32
}

// reachFrom fills out with the positions a run from q may take a piece on
// and reads with every position it may look at.
func (g *Game) reachFrom(blk *CBlock, side int, q int32, out, reads []uint64) {
	nb := g.nbs[side]
	nd := int32(g.nd)
	seen := map[reachState]bool{}
	stack := []reachState{{0, q, q}}
	set := func(p int32) {
		if p >= 0 {
			out[p>>6] |= 1 << (p & 63)
		}
	}
	loc := func(in *instr, cur int32) int32 {
		switch in.lk {
		case rules.InDir:
			return nb[cur*nd+in.a]
		case rules.AtPos:
			return in.a
		}
		return cur
	}
	for len(stack) > 0 {
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[st] {
			continue
		}
		if len(seen) >= maxReachStates {
			for i := range out {
				out[i] = ^uint64(0)
				reads[i] = ^uint64(0)
			}
			return
		}
		seen[st] = true
		set(st.cur)
		reads[st.cur>>6] |= 1 << (st.cur & 63)
		in := &blk.code[st.pc]
		if p := loc(in, st.cur); p >= 0 {
			reads[p>>6] |= 1 << (p & 63)
		}
		next := reachState{st.pc + 1, st.cur, st.mark}
		switch in.op {
		case opEnd:
			continue
		case opNav, opNavVerifyEmpty, opNavVerifyNotFriend, opNavVerifyEnemy:
			n := nb[st.cur*nd+in.a]
			if n < 0 {
				continue
			}
			next.cur = n
		case opJump:
			next.cur = in.a
		case opJF, opJT:
			stack = append(stack, reachState{int(in.a), st.cur, st.mark})
		case opGoto, opLoop:
			next.pc = int(in.a)
		case opMark:
			p := loc(in, st.cur)
			if p < 0 {
				continue
			}
			next.mark = p
		case opBack:
			next.cur = st.mark
		case opGo:
			// The piece's start, its destination so far or the last
			// move: the run may go on from anywhere.
			for i := range out {
				out[i], reads[i] = ^uint64(0), ^uint64(0)
			}
			return
		case opTo, opCapture, opTakeTop, opCaptureTop:
			p := loc(in, st.cur)
			if p < 0 {
				continue
			}
			set(p)
		case opCaptureSet:
			// A set may hold any position.
			for i := range out {
				out[i] = ^uint64(0)
			}
		}
		if readsAnywhere(in.op) {
			for i := range reads {
				reads[i] = ^uint64(0)
			}
		}
		stack = append(stack, next)
	}
}

// readsAnywhere reports whether an instruction may look at any position
// (it evaluates an expression of the native dialect).
func readsAnywhere(op uint8) bool {
	switch op {
	case opCond, opSetVar, opSetPosAttr, opSetAttrInt, opCaptureSet, opFlipSet, opChangeOwnerSet:
		return true
	}
	return false
}

// mayReachType reports whether some program of type t can take a piece on
// p from q.
func (g *Game) mayReachType(t, side int, q, p int32) bool {
	if g.typeReach == nil {
		return true
	}
	return g.typeReach[t][side][int(q)*g.reachWords+int(p>>6)]>>(p&63)&1 != 0
}

// mayReach reports whether blk run for side from q can take a piece on p.
func (g *Game) mayReach(blk *CBlock, side int, q, p int32) bool {
	if blk.reach == nil {
		return true
	}
	return blk.reach[side][int(q)*g.reachWords+int(p>>6)]>>(p&63)&1 != 0
}
