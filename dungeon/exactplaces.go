package dungeon

import (
	"slices"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// variable is a room (edge < 0) or the corridor of an edge waiting for a
// place, with its candidate placements.
type variable struct {
	room, edge int
	cands      []placement
}

// choose returns the next variable with all its candidates: the waiting
// corridor or room with two or more placed neighbours that has the fewest
// (ok false when one has none, or when a room with one placed neighbour
// fails the look-ahead: a dead end), else, among rooms with one placed
// neighbour, the one whose placing gives the most waiting rooms a second
// (tree rooms first when the attempt places trees early; ties by rank).
// With nothing left to place it returns room and edge -1.
func (x *exactSearch) choose() (variable, bool) {
	g, st := x.g, x.st
	best := variable{room: -1, edge: -1}
	bestN := -1
	consider := func(v variable) bool {
		if bestN < 0 || len(v.cands) < bestN {
			best, bestN = v, len(v.cands)
		}
		return bestN > 0
	}
	for e, ed := range g.edges {
		if ed.corridor < 0 || st.cshape[e] >= 0 || !x.in[ed.a] || !x.in[ed.b] || st.shape[ed.a] < 0 || st.shape[ed.b] < 0 {
			continue
		}
		if !consider(variable{room: -1, edge: e, cands: x.corridorCands(e, bestN)}) {
			return best, false
		}
	}
	frontier, frontierScore := -1, 0
	for k := range g.rooms {
		if !x.in[k] || st.shape[k] >= 0 {
			continue
		}
		placed := 0
		for _, ad := range g.rooms[k].adj {
			if st.shape[ad.room] >= 0 {
				placed++
			}
		}
		switch {
		case placed >= 2:
			if !consider(variable{room: k, edge: -1, cands: x.roomCands(k, bestN)}) {
				return best, false
			}
		case placed == 1 && !x.core[k] && !x.fits(k, treeLookahead, treeFitsWork):
			return best, false // no place left for a tree room's branch
		case placed == 1 && x.core[k] && !x.fits(k, coreLookahead, coreFitsWork):
			return best, false // nor for a room of the core and its neighbours
		case placed == 1:
			sc := x.closing(k)
			if x.mode == treesEarly && !x.core[k] {
				sc += len(g.rooms) // before any room of the core
			}
			if frontier < 0 || sc > frontierScore || sc == frontierScore && x.rank[k] < x.rank[frontier] {
				frontier, frontierScore = k, sc
			}
		}
	}
	if bestN >= 0 || frontier < 0 {
		return best, true
	}
	v := variable{room: frontier, edge: -1, cands: x.roomCands(frontier, -1)}
	return v, len(v.cands) > 0
}

// roomCands lists the placements of room k that fit every placed
// neighbour's doors and come too close to nothing placed; it stops after
// limit+1 when limit >= 0 (enough to know it is not the fewest).
func (x *exactSearch) roomCands(k, limit int) []placement {
	var out []placement
	x.eachPlace(k, func(p placement) bool {
		out = append(out, p)
		return limit < 0 || len(out) <= limit
	})
	return out
}

// eachPlace hands yield the placements of room k that fit every placed
// neighbour's doors and come too close to nothing placed, with room k
// placed there, until yield returns false; room k is then taken away.
func (x *exactSearch) eachPlace(k int, yield func(placement) bool) {
	g, st := x.g, x.st
	defer func() { st.shape[k] = -1 }()
	for _, sh := range g.rooms[k].choices.insts {
		space, off := x.meet(k, sh)
		for _, seg := range space {
			for i := range seg.Points() {
				p := geom.Point{X: seg.X1 + off.X, Y: seg.Y1 + off.Y}
				if seg.Horizontal() {
					p.X += i
				} else {
					p.Y += i
				}
				st.shape[k], st.pos[k] = sh, p
				x.work++
				if g.clearOf(st, k) && !yield(placement{sh, p}) {
					return
				}
			}
		}
	}
}

// fits reports whether room k has a place where each of its waiting
// neighbours has one too, and so on to depth rooms deep (depth 1: a place
// for k). A room that fails it ends the branch: in any layout, the
// rooms' own places would pass, since places are checked against placed
// rooms only. Past work positions checked it answers yes, which is
// always safe: a check must not cost more than the search it saves.
func (x *exactSearch) fits(k, depth, work int) bool {
	return x.fitsWithin(k, depth, x.work+work)
}

func (x *exactSearch) fitsWithin(k, depth, until int) bool {
	g, st := x.g, x.st
	found := false
	x.eachPlace(k, func(placement) bool {
		found = true
		if depth > 1 {
			for _, ad := range g.rooms[k].adj {
				if w := ad.room; x.in[w] && st.shape[w] < 0 && !x.fitsWithin(w, depth-1, until) {
					found = false
					break
				}
			}
		}
		return !found && x.work < until
	})
	if found || x.work >= until {
		return true
	}
	if !x.core[k] {
		x.treesTried = true // the branch ends for want of room for a tree
	}
	return false
}

// meet returns the positions of room k with shape sh where the doors of
// all its placed neighbours fit (a space moved by off).
func (x *exactSearch) meet(k, sh int) (geom.Space, geom.Point) {
	g, st := x.g, x.st
	var cur geom.Space
	var off geom.Point
	first, t := true, 0
	for _, ad := range g.rooms[k].adj {
		j := ad.room
		if st.shape[j] < 0 {
			continue
		}
		s := g.space(ad.edge, st.shape[j], sh)
		if first {
			cur, off, first = s, st.pos[j], false
		} else {
			x.work += len(cur) + len(s) // intersecting costs as much
			cur = geom.IntersectShifted(x.buf[t], cur, off, s, st.pos[j])
			x.buf[t] = cur[:0]
			off, t = geom.Point{}, 1-t
		}
		if len(cur) == 0 {
			return nil, geom.Point{}
		}
	}
	// The result may live in a scratch buffer the next call reuses.
	return slices.Clone(cur), off
}

// corridorCands lists the placements of the corridor of edge e that join
// its two placed rooms and come too close to nothing placed.
func (x *exactSearch) corridorCands(e, limit int) []placement {
	g, st := x.g, x.st
	ed := g.edges[e]
	ia, ib := st.shape[ed.a], st.shape[ed.b]
	var out []placement
	for _, c := range g.corridors[ed.corridor].insts {
		s := geom.IntersectShifted(nil, g.cs.get(ia, c), st.pos[ed.a], g.cs.get(ib, c), st.pos[ed.b])
		for k := range s.Count() {
			p := s.At(k)
			x.work++
			if g.corridorCost(st, e, c, p) < zero {
				out = append(out, placement{c, p})
				if limit >= 0 && len(out) > limit {
					return out
				}
			}
		}
	}
	return out
}

// closing counts the waiting neighbours of room k that have a placed
// neighbour other than k: placing k gives each a second one, closing a
// loop whose dead ends then show at once.
func (x *exactSearch) closing(k int) int {
	g, st := x.g, x.st
	n := 0
	for _, ad := range g.rooms[k].adj {
		w := ad.room
		if !x.in[w] || st.shape[w] >= 0 {
			continue
		}
		for _, bd := range g.rooms[w].adj {
			if bd.room != k && st.shape[bd.room] >= 0 {
				n++
				break
			}
		}
	}
	return n
}

// treeRoom orders (and in the modes that may, cuts) the placements of
// the tree room of v, or returns false to leave the branch.
func (x *exactSearch) treeRoom(v variable) ([]placement, bool) {
	switch x.mode {
	case treesComplete:
		return x.roomiest(v.room, v.cands, len(v.cands)), true
	case treesEarly:
		x.incomplete = true
	case treesLate:
		if x.treePlaced > 0 {
			if x.nodes-x.treeStart > treeSteps*x.treeRooms {
				return nil, false
			}
			break
		}
		x.treeStart, x.incomplete = x.nodes, true
		// Chronological backtracking offers the trees nearly the same
		// core again and again; after a few, another order.
		if x.coreLayouts++; x.coreLayouts > restartCores<<min(x.restarts, 8) {
			x.stopped, x.restart = true, true
			return nil, false
		}
	}
	return x.roomiest(v.room, v.cands, treeTries), true
}

// roomiest returns the n placements of tree room k that leave the most
// space where it is needed: around the room while it waits for
// neighbours, elsewhere when it waits for none (ties in the given order).
func (x *exactSearch) roomiest(k int, cands []placement, n int) []placement {
	sign := 1
	if !x.g.waiting(x.st, k) {
		sign = -1
	}
	score := make(map[placement]int, len(cands))
	for _, c := range cands {
		score[c] = sign * x.g.crowding(x.st, k, c)
	}
	slices.SortStableFunc(cands, func(a, b placement) int { return score[a] - score[b] })
	return cands[:min(n, len(cands))]
}
