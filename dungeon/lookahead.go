package dungeon

import (
	"slices"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// Looking ahead from a partial layout. A chain whose rooms are all fine
// can still leave a room of a later chain nowhere to go: a tree walled in
// by a loop closed around its root, or a room that must touch two placed
// rooms now out of its reach. Chronological backtracking would find out
// only after laying out the chains in between, and then go back one chain
// at a time, mostly in vain, since the fault lies further back. So a chain
// run counts the rooms waiting for a place (not placed, next to a placed
// room or to the chain) that no longer fit, with the rooms waiting beyond
// them, as energy: the annealer then looks for layouts of the chain that
// leave room for what comes next, and such a layout is valid only when
// every waiting room fits.

const (
	// lookaheadRooms bounds the rooms placed, for a look, beyond a waiting
	// room (its tree, say), the room included.
	lookaheadRooms = 6
	// lookaheadPositions bounds the positions a look tries for one room
	// over all its shapes (at least four per shape).
	lookaheadPositions = 96
	// lookaheadTries bounds the places of a waiting room whose followers
	// are tried before the room counts as blocked.
	lookaheadTries = 4
	// lookaheadTogether bounds the waiting rooms of one room placed at
	// once.
	lookaheadTogether = 3
)

// lookahead is the state of a chain run's look at the waiting rooms.
type lookahead struct {
	// waiting lists the rooms that wait for a place once the chain is
	// laid out, the room found blocked last first: a blocked room tends to
	// stay blocked, and one is enough to reject a layout.
	waiting []int
	// near marks waiting rooms with a neighbour in the chain; zone holds,
	// for the others, where they and the rooms beyond would go: around
	// their placed neighbours, as far as two rooms reach. A chain that
	// keeps out of a room's zone cannot take its place, and the room
	// fitted when the chain before was laid out.
	near  []bool
	zone  []geom.Rect
	boxes []geom.Rect // scratch: the chain's rooms and corridors as placed
	// groups lists the waiting rooms that share a neighbour, two or more
	// of them: each may fit alone where they do not fit together (two
	// rooms that must both touch the one free wall of a room).
	groups [][]int
}

// init finds the waiting rooms of a chain (its rooms marked in in) to be
// added to base.
func (l *lookahead) init(g *Generator, base *state, in map[int]bool) {
	l.near = make([]bool, len(g.rooms))
	l.zone = make([]geom.Rect, len(g.rooms))
	for w := range g.rooms {
		if in[w] || base.shape[w] >= 0 {
			continue
		}
		waits, first := false, true
		for _, ad := range g.rooms[w].adj {
			j := ad.room
			switch {
			case in[j]:
				waits, l.near[w] = true, true
			case base.shape[j] >= 0:
				waits = true
				b := g.insts[base.shape[j]].shape.Bounds.Shift(base.pos[j])
				if first {
					l.zone[w], first = b, false
				} else {
					l.zone[w] = geom.Rect{X1: min(l.zone[w].X1, b.X1), Y1: min(l.zone[w].Y1, b.Y1),
						X2: max(l.zone[w].X2, b.X2), Y2: max(l.zone[w].Y2, b.Y2)}
				}
			}
		}
		if waits {
			l.waiting = append(l.waiting, w)
			l.zone[w] = l.zone[w].Grow(2 * g.maxSpan)
		}
	}
	l.groupWaiting(g, base, in)
}

// groupWaiting finds the groups of waiting rooms next to one room, placed
// or of the chain.
func (l *lookahead) groupWaiting(g *Generator, base *state, in map[int]bool) {
	waits := make([]bool, len(g.rooms))
	for _, w := range l.waiting {
		waits[w] = true
	}
	for a := range g.rooms {
		if !in[a] && base.shape[a] < 0 {
			continue
		}
		var group []int
		for _, ad := range g.rooms[a].adj {
			if waits[ad.room] && !slices.Contains(group, ad.room) {
				group = append(group, ad.room)
			}
		}
		if len(group) >= 2 {
			// Each room tries a few places for every place of the one
			// before: a hub of many waiting rooms would cost too much, and
			// its first few not fitting is reason enough.
			l.groups = append(l.groups, group[:min(len(group), lookaheadTogether)])
		}
	}
}

// blockedPenalty is the energy of a layout of the chain that leaves a
// waiting room (with what waits beyond it) no place, 0 if there is none:
// as much as a room far from its door.
func (r *chainRun) blockedPenalty() float64 {
	l := &r.look
	l.boxes = l.boxes[:0]
	for _, k := range r.rooms {
		l.boxes = append(l.boxes, r.g.insts[r.st.shape[k]].shape.Bounds.Shift(r.st.pos[k]))
	}
	for _, e := range r.corr {
		if c := r.st.cshape[e]; c >= 0 {
			l.boxes = append(l.boxes, r.g.insts[c].shape.Bounds.Shift(r.st.cpos[e]))
		}
	}
	for i, w := range l.waiting {
		if !l.near[w] && !l.inZone(w) {
			continue
		}
		left := lookaheadRooms
		if !r.fitsTree(w, &left) {
			copy(l.waiting[1:i+1], l.waiting[:i])
			l.waiting[0] = w
			return wDist * r.g.avgSize
		}
	}
	for _, group := range l.groups {
		if slices.ContainsFunc(group, func(w int) bool { return l.near[w] || l.inZone(w) }) && !r.fitTogether(group) {
			return wDist * r.g.avgSize
		}
	}
	return 0
}

// inZone reports whether a room or corridor of the chain, as placed, comes
// into the zone of waiting room w.
func (l *lookahead) inZone(w int) bool {
	z := l.zone[w]
	for _, b := range l.boxes {
		if b.X1 < z.X2 && z.X1 < b.X2 && b.Y1 < z.Y2 && z.Y1 < b.Y2 {
			return true
		}
	}
	return false
}

// fitTogether reports whether the waiting rooms of group, not placed,
// have places at once, each where it meets its placed neighbours' doors
// and overlaps nothing placed or placed before it in the group.
func (r *chainRun) fitTogether(group []int) bool {
	if len(group) == 0 {
		return true
	}
	return r.tryPlaces(group[0], func() bool { return r.fitTogether(group[1:]) })
}

// fitsTree reports whether room w, not placed, has a shape and a position
// that meet the configuration spaces of all its placed neighbours and
// overlap nothing placed, where the rooms waiting beyond it (its other
// neighbours not placed) fit in turn, looking at *left rooms at most (the
// rest are taken to fit).
func (r *chainRun) fitsTree(w int, left *int) bool {
	*left--
	return r.tryPlaces(w, func() bool {
		for _, ad := range r.g.rooms[w].adj {
			if c := ad.room; r.st.shape[c] < 0 && *left > 0 && !r.fitsTree(c, left) {
				return false
			}
		}
		return true
	})
}

// tryPlaces puts room w, not placed, at places that meet the
// configuration spaces of all its placed neighbours and overlap nothing
// placed, until rest reports that what must come after fits there too
// (true) or lookaheadTries places have failed it (false). w is not placed
// afterwards. It looks at positions sampled evenly over its shapes and,
// in a long chain's run (all the loops of a dense level at once), then at
// all the others: there a room whose only free places lie between the
// samples (a gap just as wide as the room) is common, and counting it as
// blocked would reject every layout that leaves it just that gap.
// Elsewhere the samples suffice, and looking further would cost every
// move of a large level that leaves a room truly blocked.
func (r *chainRun) tryPlaces(w int, rest func() bool) bool {
	g, st := r.g, r.st
	if st.near != nil {
		st.near.enter(w)
		defer st.near.leave()
	}
	defer func() { st.shape[w] = -1 }()
	tries := 0
	insts := g.rooms[w].choices.insts
	per := max(4, lookaheadPositions/len(insts))
	passes := 1
	if r.stretch > 1 {
		passes = 2
	}
	for pass := range passes {
		for _, sh := range insts {
			st.shape[w] = sh
			sp, off := r.allIntersection(w, sh)
			space := slices.Clone(sp) // the rooms after reuse the buffers
			n := space.Count()
			step := max(1, n/per)
			if pass == 1 && step == 1 {
				continue // every position was a sample
			}
			for i := range n {
				if (i%step == 0) != (pass == 0) {
					continue
				}
				r.cnt.iterations++
				st.pos[w] = space.At(i).Add(off)
				if !g.clearOf(st, w) {
					continue
				}
				if rest() {
					return true
				}
				if tries++; tries >= lookaheadTries {
					return false
				}
			}
		}
	}
	return false
}

// allIntersection returns the positions of room w with shape sh that meet
// the configuration spaces of all its placed neighbours (moved by off),
// possibly none. It uses the run's scratch buffers.
func (r *chainRun) allIntersection(w, sh int) (geom.Space, geom.Point) {
	g, st := r.g, r.st
	r.nbSpaces, r.nbOffs = r.nbSpaces[:0], r.nbOffs[:0]
	for _, ad := range g.rooms[w].adj {
		if j := ad.room; st.shape[j] >= 0 {
			r.nbSpaces = append(r.nbSpaces, g.space(ad.edge, st.shape[j], sh))
			r.nbOffs = append(r.nbOffs, st.pos[j])
		}
	}
	if len(r.nbSpaces) == 1 {
		return r.nbSpaces[0], r.nbOffs[0]
	}
	return r.intersectAll(r.nbSpaces, r.nbOffs), geom.Point{}
}
