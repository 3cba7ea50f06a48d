package engine

import "math/bits"

// Connection goals (Hex, Y, Havannah-like edges): a chain of the player's
// own pieces, linked along the goal's directions, joins a position of one
// zone to a position of the other. After a move, when the position before
// it met no goal, only the chains through the changed cells can have
// become connected, so only those are walked.

// connected checks a connection goal for player p.
func (e *goalEval) connected(cc *cgoal, p int, inc bool) bool {
	s := e.s
	g := s.g
	za := g.zones[cc.c.Zones[0]][p]
	zb := g.zones[cc.c.Zones[1]][p]
	gn := s.generator()
	gn.visitStamp++
	if gn.visit == nil || gn.visitStamp == 0 {
		gn.visit = make([]uint32, g.np)
		gn.visitStamp = 1
	}
	seeds := e.changed
	if !inc {
		seeds = gn.zoneSeeds[:0]
		for w, x := range za {
			for ; x != 0; x &= x - 1 {
				seeds = append(seeds, int32(w*64+bits.TrailingZeros64(x)))
			}
		}
		gn.zoneSeeds = seeds
	}
	for _, q := range seeds {
		v := s.cells[q]
		if v == 0 || v&ghostBit != 0 || v.Owner() != p || gn.visit[q] == gn.visitStamp {
			continue
		}
		if gn.chainJoins(q, p, cc.dl, za, zb, inc) {
			return true
		}
	}
	return false
}

// chainJoins walks the chain of p's pieces through q and reports whether
// it touches zb (and, when touchA is asked, za too).
func (gn *generator) chainJoins(q int32, p, dl int, za, zb []uint64, touchA bool) bool {
	g := gn.g
	cells := gn.s.cells
	links := g.Rules.Board.Links
	dirs := g.x.dirLists[dl]
	inA, inB := !touchA, false
	stack := append(gn.chain[:0], q)
	gn.visit[q] = gn.visitStamp
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		inA = inA || za[r>>6]>>(r&63)&1 != 0
		inB = inB || zb[r>>6]>>(r&63)&1 != 0
		if inA && inB {
			gn.chain = stack
			return true
		}
		for _, d := range dirs {
			n := links[int(r)*g.nd+int(d)]
			if n < 0 || gn.visit[n] == gn.visitStamp {
				continue
			}
			if v := cells[n]; v != 0 && v&ghostBit == 0 && v.Owner() == p {
				gn.visit[n] = gn.visitStamp
				stack = append(stack, n)
			}
		}
	}
	gn.chain = stack
	return false
}
