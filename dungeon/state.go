package dungeon

import (
	"math"
	"slices"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// state is a partial layout: an instance and a position for every room
// placed so far, and for every corridor placed so far.
type state struct {
	shape  []int // per room: instance, or -1 when not placed
	pos    []geom.Point
	cshape []int // per edge: corridor instance, or -1
	cpos   []geom.Point
	// near, when set, files the rooms and corridors that stay put (see
	// fixedGrid); clones go without.
	near *fixedGrid
}

func newState(rooms, edges int) *state {
	s := &state{
		shape: make([]int, rooms), pos: make([]geom.Point, rooms),
		cshape: make([]int, edges), cpos: make([]geom.Point, edges),
	}
	for i := range s.shape {
		s.shape[i] = -1
	}
	for i := range s.cshape {
		s.cshape[i] = -1
	}
	return s
}

func (s *state) clone() *state {
	return &state{shape: slices.Clone(s.shape), pos: slices.Clone(s.pos),
		cshape: slices.Clone(s.cshape), cpos: slices.Clone(s.cpos)}
}

// Energy weights. A unit of distance from a valid door position costs as
// much as wDist units of overlapping area: being far from a neighbour is
// worse than brushing a stranger. A broken repeat rule costs as much as a
// large overlap.
const (
	wDist        = 12
	repeatFactor = 1.0 // times avgSize squared
)

// edgeBetween returns the edge joining rooms a and b, or -1.
func (g *Generator) edgeBetween(a, b int) int {
	for _, ad := range g.rooms[a].adj {
		if ad.room == b {
			return ad.edge
		}
	}
	return -1
}

// pairCostEdge is the penalty of rooms k and j, joined by edge e (-1:
// none), as placed in s: overlap (or closeness, with a minimum distance)
// for strangers, overlap and distance from a valid door position (or
// corridor position) for neighbours, and broken repeat rules. It is zero
// when the pair is fine.
func (g *Generator) pairCostEdge(s *state, k, j, e int) float64 {
	ik, ij := s.shape[k], s.shape[j]
	sk, sj := g.insts[ik].shape, g.insts[ij].shape
	pk, pj := s.pos[k], s.pos[j]
	cost := 0.0
	if e >= 0 && g.edges[e].corridor < 0 {
		cost = float64(geom.Overlap(sk, pk, sj, pj))
	} else {
		cost = float64(geom.GrownOverlap(sk, pk, sj, pj, g.spec.MinDistance))
	}
	if e >= 0 {
		switch d := g.space(e, ik, ij).Dist(pj.Sub(pk)); {
		case d > 0:
			cost += wDist * float64(d)
		case d < 0:
			// These two shapes have no door in common at all.
			cost += wDist * 4 * g.avgSize
		}
	}
	if g.repeats {
		cost += g.repeatCost(ik, ij, e)
	}
	return cost
}

// repeatCost is the penalty for instances ik and ij (of rooms joined by
// edge e, or -1) breaking a repeat rule.
func (g *Generator) repeatCost(ik, ij, e int) float64 {
	t := g.insts[ik].template
	if t != g.insts[ij].template {
		return 0
	}
	switch g.spec.Templates[t].Repeat {
	case RepeatNone:
		return repeatFactor * g.avgSize * g.avgSize
	case RepeatNoNeighbor:
		if e >= 0 {
			return repeatFactor * g.avgSize * g.avgSize
		}
	}
	return 0
}

// roomCost is the sum of pairCost of room k with every other placed room,
// plus its closeness to every placed corridor that does not lead to it.
func (g *Generator) roomCost(s *state, k int) float64 {
	return g.roomCostBelow(s, k, math.Inf(1))
}

// roomCostBelow is roomCost, except that it may stop counting, and return
// a partial sum, once the sum exceeds bound: enough to know that a
// position is worse than one already found.
func (g *Generator) roomCostBelow(s *state, k int, bound float64) float64 {
	cost := 0.0
	g.visitCosts(s, k, false, func(_ int, c float64) bool {
		cost += c
		return cost <= bound
	})
	return cost
}

// clearOf reports whether room k, placed where its placed neighbours'
// doors fit, overlaps no stranger or corridor and breaks no repeat rule:
// roomCost, less the pairs with neighbours that such a place makes fine.
func (g *Generator) clearOf(s *state, k int) bool {
	if g.repeats {
		for _, ad := range g.rooms[k].adj {
			if j := s.shape[ad.room]; j >= 0 && g.repeatCost(s.shape[k], j, ad.edge) > 0 {
				return false
			}
		}
	}
	clear := true
	g.visitCosts(s, k, true, func(_ int, c float64) bool {
		clear = c < zero
		return clear
	})
	return clear
}

// roomCostSplit is roomCost split in two: the penalties of room k with the
// rooms of its chain go to row (indexed by position in the chain, as
// inChain maps rooms), the rest is returned.
func (g *Generator) roomCostSplit(s *state, k int, inChain []int, row []float64) float64 {
	for i := range row {
		row[i] = 0
	}
	fixed := 0.0
	g.visitCosts(s, k, false, func(j int, c float64) bool {
		if j >= 0 && inChain[j] >= 0 {
			row[inChain[j]] += c
		} else {
			fixed += c
		}
		return true
	})
	return fixed
}

// visitCosts hands add the penalties of room k with the other placed rooms
// (neighbours first, unless strangersOnly) and then with the placed
// corridors (j = -1) that do not lead to it, until add returns false.
// Strangers whose bounding boxes stay apart cost nothing but broken repeat
// rules and are skipped without a call.
func (g *Generator) visitCosts(s *state, k int, strangersOnly bool, add func(j int, c float64) bool) {
	box := g.insts[s.shape[k]].shape.Bounds.Shift(s.pos[k]).Grow(g.spec.MinDistance)
	for _, ad := range g.rooms[k].adj {
		if strangersOnly || s.shape[ad.room] < 0 {
			continue
		}
		if !add(ad.room, g.pairCostEdge(s, k, ad.room, ad.edge)) {
			return
		}
	}
	if s.near != nil {
		for _, j := range s.near.movingRooms {
			if !g.visitStranger(s, k, int(j), box, add) {
				return
			}
		}
		for _, j := range s.near.nearRooms(box) {
			if !g.visitStranger(s, k, int(j), box, add) {
				return
			}
		}
		for _, e := range s.near.movingCorrs {
			if !g.visitCorridor(s, k, int(e), add) {
				return
			}
		}
		for _, e := range s.near.nearCorridors(box) {
			if !g.visitCorridor(s, k, int(e), add) {
				return
			}
		}
		return
	}
	for j := range s.shape {
		if !g.visitStranger(s, k, j, box, add) {
			return
		}
	}
	for e := range s.cshape {
		if !g.visitCorridor(s, k, e, add) {
			return
		}
	}
}

// visitStranger hands add the penalty of room k with room j, when j is
// placed, not k's neighbour, and may come within box (k's bounds grown by
// the minimum distance), and reports whether add wants more.
func (g *Generator) visitStranger(s *state, k, j int, box geom.Rect, add func(j int, c float64) bool) bool {
	ij := s.shape[j]
	if ij < 0 || j == k {
		return true
	}
	b := g.insts[ij].shape.Bounds
	p := s.pos[j]
	apart := b.X1+p.X >= box.X2 || b.X2+p.X <= box.X1 || b.Y1+p.Y >= box.Y2 || b.Y2+p.Y <= box.Y1
	if apart && !g.repeats || g.edgeBetween(k, j) >= 0 {
		return true
	}
	if apart {
		return add(j, g.repeatCost(s.shape[k], ij, -1))
	}
	return add(j, g.pairCostEdge(s, k, j, -1))
}

// visitCorridor hands add the penalty of room k with the corridor of
// edge e, when it is placed and does not lead to k.
func (g *Generator) visitCorridor(s *state, k, e int, add func(j int, c float64) bool) bool {
	c := s.cshape[e]
	if c < 0 || g.edges[e].a == k || g.edges[e].b == k {
		return true
	}
	return add(-1, float64(geom.GrownOverlap(g.insts[s.shape[k]].shape, s.pos[k], g.insts[c].shape, s.cpos[e], g.spec.MinDistance)))
}

// corridorCost is the penalty of corridor instance c at p for edge e: how
// close it comes to rooms and corridors other than its own two rooms.
func (g *Generator) corridorCost(s *state, e, c int, p geom.Point) float64 {
	sc := g.insts[c].shape
	d := g.spec.MinDistance
	cost := 0
	room := func(j int) {
		if sh := s.shape[j]; sh >= 0 && j != g.edges[e].a && j != g.edges[e].b {
			cost += geom.GrownOverlap(sc, p, g.insts[sh].shape, s.pos[j], d)
		}
	}
	corridor := func(f int) {
		if cf := s.cshape[f]; cf >= 0 && f != e {
			cost += geom.GrownOverlap(sc, p, g.insts[cf].shape, s.cpos[f], d)
		}
	}
	if s.near != nil {
		box := sc.Bounds.Shift(p).Grow(d)
		for _, j := range s.near.movingRooms {
			room(int(j))
		}
		for _, j := range s.near.nearRooms(box) {
			room(int(j))
		}
		for _, f := range s.near.movingCorrs {
			corridor(int(f))
		}
		for _, f := range s.near.nearCorridors(box) {
			corridor(int(f))
		}
		return float64(cost)
	}
	for j := range s.shape {
		room(j)
	}
	for f := range s.cshape {
		corridor(f)
	}
	return float64(cost)
}

// waiting reports whether room k has a neighbour not placed yet.
func (g *Generator) waiting(st *state, k int) bool {
	for _, ad := range g.rooms[k].adj {
		if st.shape[ad.room] < 0 {
			return true
		}
	}
	return false
}

// crowding is the area of the placed rooms other than k within half a
// room's size of room k placed at p: low where space is left around it.
func (g *Generator) crowding(st *state, k int, p placement) int {
	margin := int(g.avgSize/2 + 0.5)
	box := g.insts[p.shape].shape.Bounds.Shift(p.pos).Grow(margin)
	score := 0
	for j, sh := range st.shape {
		if sh >= 0 && j != k {
			score += box.OverlapArea(g.insts[sh].shape.Bounds.Shift(st.pos[j]))
		}
	}
	return score
}
