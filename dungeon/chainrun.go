package dungeon

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ludus-games/ludus/dungeon/geom"
	"github.com/ludus-games/ludus/evolve"
)

// Search parameters. They follow the reference's published settings where
// it has them (branches, annealing cycles and temperatures).
const (
	maxBranches     = 5   // partial layouts kept per chain
	annealStages    = 50  // temperature stages per annealing run
	stageSteps      = 100 // trials per stage
	tempStart       = 0.6
	tempEnd         = 0.2
	pShape          = 0.4 // share of moves that change a room's shape
	pRepair         = 0.3 // share of moves that repair a room in conflict
	repairSamples   = 8   // positions a repair move compares
	greedyPositions = 400 // positions tried per shape in greedy placement
	greedyFree      = 4   // free positions compared in greedy placement
	stallBase       = 200 // fruitless moves before an annealing run gives up
	restartAfter    = 40  // backtracks before the planner starts afresh
	manyChains      = 20  // chains from which the planner is more patient
	stallGrowth     = 5   // doublings of the stall limit over restarts
	treeAttempts    = 2 * maxBranches
	zero            = 0.5 // energies are sums of integers and wDist multiples
)

// placement is where one room of a chain went.
type placement struct {
	shape int
	pos   geom.Point
}

// chainRun adds one chain to a partial layout: greedily, then by
// annealing, producing distinct valid extensions one at a time.
type chainRun struct {
	g     *Generator
	st    *state
	rooms []int // the chain's rooms, then the loose ones
	fresh int   // the chain's rooms, placed by greedy
	corr  []int // corridor edges this chain places
	look  lookahead
	// walled is set when the chain's rooms and those placed close a loop
	// and rooms remain: then the free space is checked (freespace.go).
	walled  bool
	fs      freeSpace
	rng     *rand.Rand
	cnt     *counters
	energy  float64 // penalties of pairs involving chain rooms
	valid   bool    // the current state is a valid extension
	found   [][]placement
	uRoom   int
	uPlace  placement
	uEnergy float64
	uFixed  float64
	uRow    []float64
	// inChain maps rooms to their position in the chain (-1: not in it);
	// fixed[i] is the penalty of chain room i with everything outside the
	// chain and pair[i][j] that of chain rooms i and j, so that a move
	// costs one pass over the rooms instead of two.
	inChain   []int
	fixed     []float64
	pair      [][]float64
	lastFound int
	// stretch multiplies the length of the annealing runs (see
	// chain.long); in such long runs the look-ahead tries every position
	// (see tryPlaces).
	stretch int
	// scratch space for maxIntersection and corridor placement
	nbSpaces []geom.Space
	nbOffs   []geom.Point
	buf      [2][]geom.Seg
	cbuf     []geom.Seg
}

// counters are shared by all chain runs of one generation.
type counters struct {
	iterations int
	expired    func() bool
	// stall is how many annealing moves may pass without a new valid
	// extension before a run gives up.
	stall int
}

// newChainRun prepares the run that adds chain ch to base. The rooms of
// loose, already placed, may move too (greedy placement leaves them be).
func newChainRun(g *Generator, base *state, ch *chain, loose []int, rng *rand.Rand, cnt *counters) *chainRun {
	rooms := ch.rooms
	if len(loose) > 0 {
		rooms = append(slices.Clone(ch.rooms), loose...)
	}
	r := &chainRun{g: g, st: base.clone(), rooms: rooms, fresh: len(ch.rooms), rng: rng, cnt: cnt, stretch: 1}
	if ch.long {
		r.stretch = longStretch
	}
	m := len(rooms)
	r.inChain = make([]int, len(g.rooms))
	for i := range r.inChain {
		r.inChain[i] = -1
	}
	r.fixed, r.uRow, r.pair = make([]float64, m), make([]float64, m), make([][]float64, m)
	in := map[int]bool{}
	for i, k := range rooms {
		in[k] = true
		r.inChain[k] = i
		r.pair[i] = make([]float64, m)
	}
	for e, ed := range g.edges {
		if ed.corridor < 0 || !(in[ed.a] || in[ed.b]) {
			continue
		}
		if (in[ed.a] || base.shape[ed.a] >= 0) && (in[ed.b] || base.shape[ed.b] >= 0) {
			r.corr = append(r.corr, e)
		}
	}
	r.look.init(g, base, in)
	r.walled = g.coreRooms > 0 && g.coreRooms <= spaceCheckMaxCore && encloses(g, func(k int) bool { return in[k] || base.shape[k] >= 0 })
	ownCorr := make([]bool, len(g.edges))
	for _, e := range r.corr {
		ownCorr[e] = true
	}
	r.st.near = newFixedGrid(g, r.st, func(j int) bool { return in[j] }, func(e int) bool { return ownCorr[e] })
	return r
}

// greedy places the chain's rooms one by one, each at the best of a few
// candidate positions, and evaluates the result.
func (r *chainRun) greedy() {
	for _, k := range r.rooms[:r.fresh] {
		r.st.shape[k] = -1
	}
	r.clearCorridors()
	for _, k := range r.rooms[:r.fresh] {
		r.placeGreedy(k)
	}
	r.energy = r.fullEnergy()
	r.evaluate()
}

// placeGreedy puts room k where it costs least, trying its shapes in a
// random order weighted by their weights. Among the first few free
// positions it finds, a room that still waits for neighbours takes the one
// with the most room around it, and a room that waits for none the most
// tucked-in one, so that space stays where later rooms need it.
func (r *chainRun) placeGreedy(k int) {
	g, st := r.g, r.st
	best, bestP := math.Inf(1), placement{}
	var free []placement
	for _, sh := range r.shapeOrder(k) {
		st.shape[k] = sh
		space, off, ok := r.maxIntersection(k, sh)
		if !ok {
			st.pos[k] = geom.Point{}
			if c := g.roomCost(st, k); c < best {
				best, bestP = c, placement{sh, st.pos[k]}
			}
			if best < zero {
				break
			}
			continue
		}
		// Visit the positions in a random order (a random start and a
		// stride prime to their number).
		n := space.Count()
		start, stride := r.rng.IntN(n), r.stride(n)
		for i := range min(n, greedyPositions) {
			st.pos[k] = space.At((start + i*stride) % n).Add(off)
			r.cnt.iterations++
			c := g.roomCostBelow(st, k, best)
			if c < best {
				best, bestP = c, placement{sh, st.pos[k]}
			}
			if c < zero {
				if free = append(free, placement{sh, st.pos[k]}); len(free) >= greedyFree {
					break
				}
			}
		}
		if len(free) >= greedyFree {
			break
		}
	}
	if len(free) > 1 {
		bestP = r.roomiest(k, free)
	}
	st.shape[k], st.pos[k] = bestP.shape, bestP.pos
}

// roomiest picks among free placements of room k the one with the least
// crowding if k still has unplaced neighbours, else the most.
func (r *chainRun) roomiest(k int, free []placement) placement {
	sign := 1
	if !r.g.waiting(r.st, k) {
		sign = -1
	}
	best, bestScore := free[0], 0
	for i, p := range free {
		if score := sign * r.g.crowding(r.st, k, p); i == 0 || score < bestScore {
			best, bestScore = p, score
		}
	}
	return best
}

// stride returns a random step prime to n, so that stepping by it from
// any start visits all n positions.
func (r *chainRun) stride(n int) int {
	if n <= 2 {
		return 1
	}
	for {
		if s := 1 + r.rng.IntN(n-1); gcd(s, n) == 1 {
			return s
		}
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// shapeOrder returns room k's instances in a random order where heavier
// ones tend to come first.
func (r *chainRun) shapeOrder(k int) []int {
	cs := r.g.rooms[k].choices
	keys := make([]float64, len(cs.insts))
	prev := 0.0
	for i, w := range cs.weights {
		// Efraimidis-Spirakis: sorting by u^(1/w) samples without
		// replacement in proportion to the weights.
		keys[i] = math.Pow(r.rng.Float64(), 1/(w-prev))
		prev = w
	}
	order := make([]int, len(cs.insts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case keys[a] > keys[b]:
			return -1
		case keys[a] < keys[b]:
			return 1
		}
		return 0
	})
	out := make([]int, len(order))
	for i, o := range order {
		out[i] = cs.insts[o]
	}
	return out
}

// pickShape draws an instance of room k by weight.
func (r *chainRun) pickShape(k int) int {
	cs := r.g.rooms[k].choices
	x := r.rng.Float64() * cs.weights[len(cs.weights)-1]
	i, _ := slices.BinarySearch(cs.weights, x)
	return cs.insts[min(i, len(cs.insts)-1)]
}

// maxIntersection returns the positions of room k with shape sh that
// satisfy as many of its placed neighbours as possible: all of them if
// their configuration spaces meet, else a maximal subset taken in random
// order. A position is a point of the returned space moved by off. ok is
// false when no neighbour is placed. The space may live in the run's
// scratch buffers, valid until the next call.
func (r *chainRun) maxIntersection(k, sh int) (space geom.Space, off geom.Point, ok bool) {
	g, st := r.g, r.st
	r.nbSpaces, r.nbOffs = r.nbSpaces[:0], r.nbOffs[:0]
	for _, ad := range g.rooms[k].adj {
		if j := ad.room; st.shape[j] >= 0 {
			if s := g.space(ad.edge, st.shape[j], sh); len(s) > 0 {
				r.nbSpaces = append(r.nbSpaces, s)
				r.nbOffs = append(r.nbOffs, st.pos[j])
			}
		}
	}
	spaces, offs := r.nbSpaces, r.nbOffs
	switch len(spaces) {
	case 0:
		return nil, geom.Point{}, false
	case 1:
		return spaces[0], offs[0], true
	}
	if all := r.intersectAll(spaces, offs); len(all) > 0 {
		return all, geom.Point{}, true
	}
	r.rng.Shuffle(len(spaces), func(i, j int) {
		spaces[i], spaces[j] = spaces[j], spaces[i]
		offs[i], offs[j] = offs[j], offs[i]
	})
	cur, curOff, t := spaces[0], offs[0], 0
	for i := 1; i < len(spaces); i++ {
		if x := r.intersectInto(t, cur, curOff, spaces[i], offs[i]); len(x) > 0 {
			cur, curOff, t = x, geom.Point{}, 1-t
		}
	}
	return cur, curOff, true
}

// intersectAll intersects all spaces, stopping early when empty.
func (r *chainRun) intersectAll(spaces []geom.Space, offs []geom.Point) geom.Space {
	cur, curOff := spaces[0], offs[0]
	for i := 1; i < len(spaces); i++ {
		cur = r.intersectInto((i-1)%2, cur, curOff, spaces[i], offs[i])
		curOff = geom.Point{}
		if len(cur) == 0 {
			return nil
		}
	}
	return cur
}

// intersectInto intersects into scratch buffer i, which must not hold a
// or b, and keeps the buffer's storage for next time.
func (r *chainRun) intersectInto(i int, a geom.Space, da geom.Point, b geom.Space, db geom.Point) geom.Space {
	res := geom.IntersectShifted(r.buf[i], a, da, b, db)
	r.buf[i] = res[:0]
	return res
}

// fullEnergy recomputes the penalty table of the chain and returns the
// sum of the penalties of all pairs involving chain rooms.
func (r *chainRun) fullEnergy() float64 {
	e := 0.0
	for i, k := range r.rooms {
		r.fixed[i] = r.g.roomCostSplit(r.st, k, r.inChain, r.pair[i])
		e += r.fixed[i]
		for j := range i {
			e += r.pair[i][j]
		}
	}
	return e
}

// evaluate decides whether the current state is a valid extension,
// placing the chain's corridors when the rooms are all fine and then
// looking ahead at the rooms that wait for a place, and returns the energy
// the annealer sees.
func (r *chainRun) evaluate() float64 {
	r.valid = false
	if r.energy >= zero {
		return r.energy
	}
	pen := r.placeCorridors()
	if pen < zero {
		pen = r.blockedPenalty()
	}
	if pen < zero && r.walled && !r.g.roomForTheRest(r.st, &r.fs) {
		pen = wDist * r.g.avgSize
	}
	r.valid = pen < zero
	return pen
}

// placeCorridors places the chain's corridors one by one, each at the
// first free position found; a corridor that fits nowhere adds the least
// penalty it could get.
func (r *chainRun) placeCorridors() float64 {
	g, st := r.g, r.st
	total := 0.0
	for _, e := range r.corr {
		ed := g.edges[e]
		ia, ib := st.shape[ed.a], st.shape[ed.b]
		best, bestC, bestP := math.Inf(1), -1, geom.Point{}
		cs := g.corridors[ed.corridor].insts
		off := r.rng.IntN(len(cs))
		for i := range cs {
			c := cs[(i+off)%len(cs)]
			s := geom.IntersectShifted(r.cbuf, g.cs.get(ia, c), st.pos[ed.a], g.cs.get(ib, c), st.pos[ed.b])
			r.cbuf = s[:0]
			cnt := s.Count()
			start := 0
			if cnt > 0 {
				start = r.rng.IntN(cnt)
			}
			for j := range cnt {
				p := s.At((start + j) % cnt)
				if cost := g.corridorCost(st, e, c, p); cost < best {
					best, bestC, bestP = cost, c, p
					if cost < zero {
						break
					}
				}
			}
			if best < zero {
				break
			}
		}
		if best < zero {
			st.cshape[e], st.cpos[e] = bestC, bestP
			continue
		}
		if math.IsInf(best, 1) {
			best = wDist * g.avgSize
		}
		total += max(best, 1)
	}
	if total >= zero {
		r.clearCorridors()
	}
	return total
}

func (r *chainRun) clearCorridors() {
	for _, e := range r.corr {
		r.st.cshape[e] = -1
	}
}

// perturb changes one room of the chain: its shape (and then its position
// for the new shape), or its position, drawn from the configuration spaces
// of its placed neighbours. Some moves instead repair a room in conflict:
// the best of a few such positions. Random moves alone rarely get a loop
// from nearly closed (a corner's overlap left, say) to closed, where every
// room of the loop has a handful of places that suit both its neighbours.
func (r *chainRun) perturb(rng *rand.Rand, _ *chainRun) *chainRun {
	g, st := r.g, r.st
	r.clearCorridors()
	r.cnt.iterations++
	k := r.rooms[rng.IntN(len(r.rooms))]
	repair := false
	if rng.Float64() < pRepair {
		if c := r.conflicted(rng); c >= 0 {
			k, repair = c, true
		}
	}
	r.uRoom, r.uPlace, r.uEnergy = k, placement{st.shape[k], st.pos[k]}, r.energy
	i := r.inChain[k]
	r.uFixed = r.fixed[i]
	copy(r.uRow, r.pair[i])
	sh := st.shape[k]
	if repair {
		r.repair(k, rng)
	} else if len(g.rooms[k].choices.insts) > 1 && rng.Float64() < pShape {
		for range 4 {
			if sh = r.pickShape(k); sh != st.shape[k] {
				break
			}
		}
		st.shape[k] = sh
		if space, off, ok := r.maxIntersection(k, sh); ok && len(space) > 0 {
			st.pos[k] = space.At(rng.IntN(space.Count())).Add(off)
		}
	} else if space, off, ok := r.maxIntersection(k, sh); ok && len(space) > 0 {
		st.pos[k] = space.At(rng.IntN(space.Count())).Add(off)
	} else {
		st.pos[k] = st.pos[k].Add(geom.Point{X: rng.IntN(5) - 2, Y: rng.IntN(5) - 2})
	}
	r.fixed[i] = g.roomCostSplit(st, k, r.inChain, r.pair[i])
	r.energy += r.fixed[i] - r.uFixed
	for j, c := range r.pair[i] {
		r.energy += c - r.uRow[j]
		r.pair[j][i] = c
	}
	return r
}

// conflicted returns a random room of the chain with a penalty, or -1.
func (r *chainRun) conflicted(rng *rand.Rand) int {
	n, pick := 0, -1
	for i, k := range r.rooms {
		c := r.fixed[i]
		for _, p := range r.pair[i] {
			c += p
		}
		if c >= zero {
			n++
			if rng.IntN(n) == 0 {
				pick = k
			}
		}
	}
	return pick
}

// repair moves room k to the cheapest of a few positions drawn from its
// placed neighbours' spaces, for its shape or, as often as other moves
// change shapes, another.
func (r *chainRun) repair(k int, rng *rand.Rand) {
	g, st := r.g, r.st
	best, bestP := math.Inf(1), placement{st.shape[k], st.pos[k]}
	cur := st.shape[k]
	// Most samples keep the shape: find its positions once.
	curSpace, curOff, curOK := r.maxIntersection(k, cur)
	curSpace = slices.Clone(curSpace)
	for range repairSamples {
		sh, space, off, ok := cur, curSpace, curOff, curOK
		if len(g.rooms[k].choices.insts) > 1 && rng.Float64() < pShape {
			sh = r.pickShape(k)
			st.shape[k] = sh
			space, off, ok = r.maxIntersection(k, sh)
		}
		if !ok || len(space) == 0 {
			continue
		}
		st.shape[k] = sh
		st.pos[k] = space.At(rng.IntN(space.Count())).Add(off)
		r.cnt.iterations++
		if c := g.roomCostBelow(st, k, best); c < best {
			best, bestP = c, placement{sh, st.pos[k]}
		}
	}
	st.shape[k], st.pos[k] = bestP.shape, bestP.pos
}

// undo takes back the last perturbation.
func (r *chainRun) undo(_ *chainRun) {
	r.clearCorridors()
	k := r.uRoom
	r.st.shape[k], r.st.pos[k] = r.uPlace.shape, r.uPlace.pos
	r.energy = r.uEnergy
	i := r.inChain[k]
	r.fixed[i] = r.uFixed
	copy(r.pair[i], r.uRow)
	for j, c := range r.uRow {
		r.pair[j][i] = c
	}
	r.valid = false
}

// different reports whether the current chain placement differs enough
// from every extension already produced: on average, rooms must have
// changed shape or moved by a good part of a room's size.
func (r *chainRun) different() bool {
	for _, f := range r.found {
		score := 0.0
		for i, k := range r.rooms {
			if f[i].shape != r.st.shape[k] {
				score++
				continue
			}
			d := f[i].pos.Sub(r.st.pos[k])
			m := float64(abs(d.X)+abs(d.Y)) / r.g.avgSize
			score += min(1, 4*m*m)
		}
		if score/float64(len(r.rooms)) < 0.25 {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// record remembers the current placement as produced.
func (r *chainRun) record() {
	p := make([]placement, len(r.rooms))
	for i, k := range r.rooms {
		p[i] = placement{r.st.shape[k], r.st.pos[k]}
	}
	r.found = append(r.found, p)
}

// anneal runs simulated annealing from the current state, handing every
// new valid extension to yield until yield refuses, enough branches were
// produced, the budget is spent or time is up.
func (r *chainRun) anneal(yield func(*state) bool) {
	a := evolve.Annealer[*chainRun]{
		Perturb:    r.perturb,
		Energy:     func(s *chainRun) float64 { return s.evaluate() },
		Undo:       r.undo,
		Cooling:    evolve.GeometricCooling{Start: tempStart, End: tempEnd},
		Accept:     evolve.ScaledMetropolis,
		Steps:      annealStages * stageSteps * r.stretch,
		StageSteps: stageSteps * r.stretch,
		Visit: func(step int, s *chainRun, _ float64) bool {
			if step%32 == 0 && r.cnt.expired() {
				return true
			}
			if !s.valid || !s.different() {
				// A run that keeps failing is dropped early so that the
				// planner can try another partial layout.
				return step-s.lastFound > r.cnt.stall*r.stretch
			}
			s.lastFound = step
			s.record()
			if !yield(s.st.clone()) {
				return true
			}
			return len(s.found) >= maxBranches
		},
	}
	a.Run(r.rng, r) // the setup above is valid, so Run cannot fail
}
