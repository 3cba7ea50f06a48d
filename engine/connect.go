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
	if cc.nb != nil {
		return s.connectedSets(cc.nb, p, seeds, za, zb, inc)
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

// maxChainWords is the largest board, in words of 64 positions, whose
// chains are grown as bit sets.
const maxChainWords = 4

// neighbourSets returns, for a board of at most maxChainWords words, the
// bit set of the neighbours of every position along the directions of
// list dl (nb[q*words:(q+1)*words]); nil for a larger board or where
// deferred captures leave ghosts on the board, which are no chain's.
func (g *Game) neighbourSets(dl int) []uint64 {
	if g.words > maxChainWords || g.Rules.Options.DeferredCaptures {
		return nil
	}
	links := g.Rules.Board.Links
	nb := make([]uint64, g.np*g.words)
	for q := 0; q < g.np; q++ {
		for _, d := range g.x.dirLists[dl] {
			if n := links[q*g.nd+int(d)]; n >= 0 && int(n) < g.np {
				nb[q*g.words+int(n>>6)] |= 1 << (n & 63)
			}
		}
	}
	return nb
}

// connectedSets is connected's walk with bit sets: each chain through a
// seed grows a ring at a time, every position of the ring adding its
// neighbour set, and is kept to the player's pieces by the occupancy set.
// A Hex chain of 30 stones costs 30 word ors instead of 180 link look-ups
// with their tests (half of a Hex playout's time went to the walk).
func (s *State) connectedSets(nb []uint64, p int, seeds []int32, za, zb []uint64, inc bool) bool {
	W := s.g.words
	own := s.occ[p*W : (p+1)*W]
	var seen, chain, ring, next [maxChainWords]uint64
	for _, q := range seeds {
		if own[q>>6]>>(q&63)&1 == 0 || seen[q>>6]>>(q&63)&1 != 0 {
			continue
		}
		chain, ring = [maxChainWords]uint64{}, [maxChainWords]uint64{}
		chain[q>>6] = 1 << (q & 63)
		ring[q>>6] = chain[q>>6]
		for grown := true; grown; {
			next = [maxChainWords]uint64{}
			for w := 0; w < W; w++ {
				for x := ring[w]; x != 0; x &= x - 1 {
					r := w*64 + bits.TrailingZeros64(x)
					for k, y := range nb[r*W : (r+1)*W] {
						next[k] |= y
					}
				}
			}
			grown = false
			for k := 0; k < W; k++ {
				ring[k] = next[k] & own[k] &^ chain[k]
				chain[k] |= ring[k]
				grown = grown || ring[k] != 0
			}
		}
		inA, inB := !inc, false
		for k := 0; k < W; k++ {
			inA = inA || chain[k]&za[k] != 0
			inB = inB || chain[k]&zb[k] != 0
			seen[k] |= chain[k]
		}
		if inA && inB {
			return true
		}
	}
	return false
}
