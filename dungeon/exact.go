package dungeon

import (
	"math/rand/v2"
	"slices"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// exactOutcome is what an exhaustive search concluded.
type exactOutcome int

const (
	exactUnknown exactOutcome = iota // stopped by its limits
	exactFound                       // a layout of the rooms searched
	exactNone                        // proved: these rooms have no layout
)

// Limits on the trees of one layout of the core (see exactSearch.core).
const (
	treeTries = 4  // placements tried per tree room
	treeSteps = 30 // search steps per tree room
	// restartCores is the number of layouts of the core the trees may try
	// before the first restart; it doubles at each.
	restartCores = 4
	restartSteps = 20_000
	// treeLookahead is how deep a waiting tree room's branch must find
	// places after each step.
	treeLookahead = 3
	coreLookahead = 2
	treeFitsWork  = 20_000
	coreFitsWork  = 3_000
)

// treeMode is how an attempt of the exhaustive search treats the trees.
type treeMode int

const (
	// treesComplete tries every place of every tree room, after the core:
	// an attempt that ends by itself proves its answer.
	treesComplete treeMode = iota
	// treesLate tries a few places of each tree room, after the core.
	treesLate
	// treesEarly tries a few places of each tree room right after its
	// root, so that the core leaves it room.
	treesEarly
)

// attemptModes is the cycle of the attempts' modes: every other attempt
// may prove its answer.
var attemptModes = [...]treeMode{treesComplete, treesEarly, treesComplete, treesLate}

// exactSearch decides whether some rooms of a level (with the corridors
// between them) have a layout, by a complete depth-first search over
// every shape and grid position. Positions are finite: a room is placed
// only where its doors meet a placed neighbour's, and the first room is
// fixed at the origin, which loses nothing since layouts can be moved.
//
// It is the annealing search's complement: annealing finds layouts of
// loose levels fast but cannot tell a level that has no layout from one
// whose layouts are rare; exhausting the choices can, for levels whose
// loops leave few of them. Variables (rooms, and corridors once both their
// rooms are placed) are taken most constrained first, and every waiting
// variable with two placed neighbours is checked after each step, so that
// a dead end shows at once.
type exactSearch struct {
	g    *Generator
	st   *state
	in   []bool // rooms to lay out
	rank []int  // static order among rooms with one placed neighbour
	rng  *rand.Rand
	buf  [2][]geom.Seg
	// sym, when the level allows, lets the search skip turned layouts;
	// root is the first room, depth the number of variables set after it.
	sym   *quarterTurn
	root  int
	depth int

	// core marks the rooms on loops and between them; the rest are
	// trees, which fit in most places: each tree room gets a few tries
	// (treeTries) and all the trees of one layout of the core a budget of
	// steps (from treeStart). Once trees have been tried, the search
	// cannot prove that there is no layout (incomplete) and restarts in
	// another order after coreLayouts layouts of the core.
	core                  []bool
	treeRooms, treePlaced int
	treeStart             int
	incomplete            bool
	coreLayouts, restarts int
	// treesTried records that the attempt placed tree rooms or ended a
	// branch because one had no place (the look-ahead): a proof then
	// covers the whole level, not only its core.
	treesTried bool
	// Every attempt ends after restartSteps steps, twice as many every
	// other time (so each attempt that may prove gets twice as many as
	// the one before), from restartNodes: the time a search takes varies widely with
	// its order, and an attempt that ends by itself proves its answer.
	// mode is how the attempt treats the trees.
	mode         treeMode
	restartNodes int

	nodes   int
	work    int // nodes and positions checked: the measure of turns
	limit   int // nodes; 0 means none
	expired func() bool
	// stopped unwinds the search: for good, or to restart when restart.
	stopped, restart bool
}

// allRooms returns in (the rooms to search) or, when nil, every room.
func allRooms(g *Generator, in []bool) []bool {
	if in != nil {
		return in
	}
	in = make([]bool, len(g.rooms))
	for i := range in {
		in[i] = true
	}
	return in
}

// newExactSearch prepares a search over the rooms in (all rooms when nil).
func newExactSearch(g *Generator, in []bool, rng *rand.Rand, limit int, expired func() bool) *exactSearch {
	in = allRooms(g, in)
	x := &exactSearch{g: g, st: newState(len(g.rooms), len(g.edges)), in: in, rng: rng, limit: limit, expired: expired}
	x.core = loopCore(g, in)
	x.rank = x.staticOrder()
	x.root = slices.Index(x.rank, 0)
	x.sym = newQuarterTurn(g)
	for k := range g.rooms {
		if in[k] && !x.core[k] {
			x.treeRooms++
		}
	}
	return x
}

// loopCore returns the rooms of in (nil: all) that lie on a loop or on a
// path between loops: what is left after cutting off leaves again and
// again.
func loopCore(g *Generator, in []bool) []bool {
	in = allRooms(g, in)
	core := slices.Clone(in)
	deg := make([]int, len(g.rooms))
	for v := range g.rooms {
		for _, ad := range g.rooms[v].adj {
			if in[v] && in[ad.room] {
				deg[v]++
			}
		}
	}
	var leaves []int
	for v := range g.rooms {
		if core[v] && deg[v] <= 1 {
			leaves = append(leaves, v)
		}
	}
	for len(leaves) > 0 {
		v := leaves[len(leaves)-1]
		leaves = leaves[:len(leaves)-1]
		if !core[v] {
			continue
		}
		core[v] = false
		for _, ad := range g.rooms[v].adj {
			if w := ad.room; core[w] {
				if deg[w]--; deg[w] == 1 {
					leaves = append(leaves, w)
				}
			}
		}
	}
	return core
}

// staticOrder ranks the rooms: the core breadth first from its room with
// the most neighbours (rooms with more neighbours first within a level,
// so that loops close early), then the trees breadth first from the core.
func (x *exactSearch) staticOrder() []int {
	g := x.g
	deg := func(v int) int {
		d := 0
		for _, ad := range g.rooms[v].adj {
			if x.in[ad.room] {
				d++
			}
		}
		return d
	}
	root, hasCore := -1, slices.Contains(x.core, true)
	for v := range g.rooms {
		if x.in[v] && (x.core[v] || !hasCore) && (root < 0 || deg(v) > deg(root)) {
			root = v
		}
	}
	rank := make([]int, len(g.rooms))
	for i := range rank {
		rank[i] = -1
	}
	if root < 0 {
		return rank
	}
	next := 0
	rank[root] = next
	queue := []int{root}
	byRank := func(a, b int) int { return rank[a] - rank[b] }
	for _, inCore := range []bool{true, false} {
		if !inCore {
			queue = queue[:0]
			for v, r := range rank {
				if r >= 0 {
					queue = append(queue, v)
				}
			}
			slices.SortFunc(queue, byRank)
		}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			var nb []int
			for _, ad := range g.rooms[v].adj {
				if w := ad.room; x.in[w] && rank[w] < 0 && (x.core[w] || !inCore) {
					nb = append(nb, w)
				}
			}
			slices.SortStableFunc(nb, func(a, b int) int { return deg(b) - deg(a) })
			for _, w := range nb {
				if rank[w] < 0 {
					next++
					rank[w] = next
					queue = append(queue, w)
				}
			}
		}
	}
	return rank
}

// run searches and returns the outcome; with exactFound, x.st holds the
// layout of the searched rooms and their corridors.
func (x *exactSearch) run() exactOutcome {
	root := slices.Index(x.rank, 0)
	if root < 0 {
		return exactFound
	}
	for {
		shapes := slices.Clone(x.g.rooms[root].choices.insts)
		x.rng.Shuffle(len(shapes), func(i, j int) { shapes[i], shapes[j] = shapes[j], shapes[i] })
		for _, sh := range shapes {
			if x.sym != nil && !x.sym.firstShape(sh) {
				continue // a turn of a layout with another shape first
			}
			x.st.shape[root], x.st.pos[root] = sh, geom.Point{}
			if x.dfs() {
				return exactFound
			}
			if x.stopped {
				break
			}
		}
		x.st.shape[root] = -1
		switch {
		case x.stopped && !x.restart:
			return exactUnknown
		case !x.stopped && !x.incomplete:
			return exactNone
		}
		// The attempt ran out of steps, or trees did not fit the layouts
		// of the core it found: start again in another order.
		x.stopped, x.restart, x.incomplete, x.treesTried = false, false, false, false
		x.restarts++
		x.mode, x.restartNodes = attemptModes[x.restarts%len(attemptModes)], x.nodes
		x.coreLayouts = 0
		x.st, x.depth = newState(len(x.g.rooms), len(x.g.edges)), 0
		x.treePlaced = 0
	}
}

// dfs extends the current partial layout to a full one, or reports that
// none exists (or that the search stopped).
func (x *exactSearch) dfs() bool {
	x.nodes++
	x.work++
	if x.limit > 0 && x.nodes > x.limit || x.nodes%256 == 0 && x.expired() {
		x.stopped = true
	}
	if x.stopped {
		return false
	}
	v, ok := x.choose()
	if !ok {
		return false
	}
	if v.room < 0 && v.edge < 0 {
		return true
	}
	if x.nodes-x.restartNodes > restartSteps<<min(x.restarts/2, 24) {
		x.stopped, x.restart = true, true
		return false
	}
	if x.sym != nil && x.depth == 0 {
		v.cands = slices.DeleteFunc(v.cands, func(c placement) bool { return !x.sym.canonical(x.st.shape[x.root], c) })
	}
	if v.room >= 0 && !x.core[v.room] {
		x.rng.Shuffle(len(v.cands), func(i, j int) { v.cands[i], v.cands[j] = v.cands[j], v.cands[i] })
		var ok bool
		if v.cands, ok = x.treeRoom(v); !ok {
			return false
		}
	} else {
		x.rng.Shuffle(len(v.cands), func(i, j int) { v.cands[i], v.cands[j] = v.cands[j], v.cands[i] })
	}
	for _, c := range v.cands {
		x.set(v, c)
		if x.dfs() {
			return true
		}
		x.unset(v)
		if x.stopped {
			return false
		}
	}
	return false
}

func (x *exactSearch) set(v variable, c placement) {
	x.depth++
	if v.edge >= 0 {
		x.st.cshape[v.edge], x.st.cpos[v.edge] = c.shape, c.pos
		return
	}
	x.st.shape[v.room], x.st.pos[v.room] = c.shape, c.pos
	if !x.core[v.room] {
		x.treePlaced++
		x.treesTried = true
	}
}

func (x *exactSearch) unset(v variable) {
	x.depth--
	if v.edge >= 0 {
		x.st.cshape[v.edge] = -1
		return
	}
	x.st.shape[v.room] = -1
	if !x.core[v.room] {
		x.treePlaced--
	}
}
