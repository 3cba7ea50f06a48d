package engine

import "math/bits"

// Attack tests: whether a piece standing on a position could be taken by
// a move of another player (attacked?, defended?, the legality of moves
// that must not leave a royal piece attacked).

// threat reports whether position p is attacked: whether a piece of
// another player (or, for defended, of side itself) has a move program
// that would take a piece standing on p. An empty p is tested as if a
// piece of the side under attack stood there. Attack tests do not nest: a
// program testing attacked? while answering one sees false.
func (gn *generator) threat(p int32, side int, defended bool) bool {
	if gn.attackDepth > 0 {
		return false
	}
	g := gn.g
	k := (int(p)*g.nplayers+side)*2 + b2i(defended)
	if gn.cacheVer == nil {
		gn.cacheVer = make([]uint64, g.np*g.nplayers*2)
		gn.cacheVal = make([]bool, len(gn.cacheVer))
	}
	if gn.cacheVer[k] == gn.s.version+1 {
		return gn.cacheVal[k]
	}
	found := gn.scan(p, side, defended)
	if gn.err == nil {
		gn.cacheVer[k], gn.cacheVal[k] = gn.s.version+1, found
	}
	return found
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scan runs the attack test of threat.
func (gn *generator) scan(p int32, side int, defended bool) bool {
	g := gn.g
	cells := gn.s.cells
	saved := cells[p]
	victim := side
	if defended {
		victim = (side + 1) % g.nplayers
		if victim == side || (saved != 0 && saved.Owner() != side) {
			victim = -1
		}
	}
	if victim >= 0 && (saved == 0 || defended) {
		t := 0
		if saved != 0 {
			t = saved.Type()
		}
		cells[p] = MakePiece(t, victim)
	}
	gn.attackDepth++
	if len(gn.grp) > 0 {
		gn.staleGroups()
	}
	oldTarget, oldFound := gn.target, gn.found
	gn.target, gn.found = p, false
	for o := 0; o < g.nplayers; o++ {
		if defended != g.allied(o, side) || g.randomPlayer[o] {
			continue
		}
		gn.scanOwner(o, p)
	}
	found := gn.found
	gn.target, gn.found = oldTarget, oldFound
	gn.attackDepth--
	cells[p] = saved
	if len(gn.grp) > 0 {
		gn.staleGroups()
	}
	return found
}

// scanOwner looks for a piece of player own that would take a piece on p.
func (gn *generator) scanOwner(own int, p int32) {
	g := gn.g
	cells := gn.s.cells
	occ := gn.s.occ[own*g.words : (own+1)*g.words]
	for w := 0; w < len(occ) && !gn.found && gn.err == nil; w++ {
		for set := occ[w]; set != 0 && !gn.found && gn.err == nil; set &= set - 1 {
			gn.attacker(own, int32(w*64+bits.TrailingZeros64(set)), p, cells)
		}
	}
}

// attacker tests whether the piece of own on q would take a piece on p.
func (gn *generator) attacker(own int, q, p int32, cells []Piece) {
	g := gn.g
	v := cells[q]
	if v == 0 || v&ghostBit != 0 || q == p || !g.mayReachType(v.Type(), own, q, p) {
		return
	}
	for _, blk := range g.types[v.Type()].attack {
		if !g.mayReach(blk, own, q, p) {
			continue
		}
		switch {
		case blk.ray >= 0:
			gn.found = gn.rayHits(blk, own, q, p)
		case blk.path != nil:
			gn.found = gn.walk(blk.path, own, q) == p
		case blk.plans != nil:
			hit, run := gn.planHit(blk, own, q, p)
			gn.found = hit
			if run {
				gn.run(blk, own, q, q, v)
			}
		default:
			gn.run(blk, own, q, q, v)
		}
		if gn.found || gn.err != nil {
			return
		}
	}
}

// Attacked reports whether a piece of player victim standing on position p
// could be taken by another player's move (the attacked? of the rules).
func (s *State) Attacked(p, victim int) bool {
	return s.generator().threat(int32(p), victim, false)
}
