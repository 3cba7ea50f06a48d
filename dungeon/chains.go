package dungeon

import (
	"slices"

	"github.com/ludus-games/ludus/dungeon/planar"
)

// chain is one step of the incremental layout: rooms added together. A
// cycle chain comes from a face of the planar embedding and is laid out by
// annealing; a tree chain holds rooms with exactly one neighbour laid out
// before them and is placed greedily.
type chain struct {
	rooms []int // in placement order: each room after one of its neighbours, when it has one
	cycle bool
	// long chains hold all the loops of a level (see wholeCore): their
	// annealing runs take longStretch times as many moves, since many
	// rooms must settle together.
	long bool
}

// longStretch is how many times longer a long chain anneals.
const longStretch = 4

// maxTreeChain is the largest number of rooms in one tree chain: small
// enough that a failed chain is cheap to redo, large enough that most
// trees need few chains.
const maxTreeChain = 8

// decompose splits the connected graph into chains: the smallest face
// first, then faces touching or next to the rooms already covered
// (smallest first),
// paths leading to faces further away, and last the remaining trees.
// faces must come from a planar embedding with the outer face of every
// block removed.
//
// With treeDepth > 0 the tree rooms within that many steps of a new cycle
// chain follow it at once, so that they claim space before later cycles
// close in on their roots; with 0 all trees come last, as in the
// reference. Neither order suits every graph (see Generate).
func decompose(n int, adj [][]int, faces [][]int, treeDepth int) []chain {
	covered := make([]bool, n)
	var out []chain
	add := func(rooms []int, cycle bool) {
		rooms = bfsOrder(rooms, adj, covered)
		for _, r := range rooms {
			covered[r] = true
		}
		out = append(out, chain{rooms: rooms, cycle: cycle})
	}
	left := slices.Clone(faces)
	slices.SortStableFunc(left, func(a, b []int) int { return len(a) - len(b) })
	for len(left) > 0 {
		// Faces sharing a room with what is covered come first, then faces
		// merely next to it (a face placed off to the side could end up
		// where a later face between the two cannot reach); the smallest
		// first within each kind.
		best, bestNew, bestTouch := -1, 0, 0
		for i, f := range left {
			touch, fresh := 0, 0
			for _, v := range f {
				switch {
				case covered[v]:
					touch = 2
				case slices.ContainsFunc(adj[v], func(w int) bool { return covered[w] }):
					touch = max(touch, 1)
				}
				if !covered[v] {
					fresh++
				}
			}
			if fresh == 0 || (touch == 0 && len(out) > 0) {
				continue
			}
			if best < 0 || touch > bestTouch || (touch == bestTouch && fresh < bestNew) {
				best, bestNew, bestTouch = i, fresh, touch
			}
		}
		if best < 0 {
			// Drop faces already covered; then, if faces remain that touch
			// nothing covered yet, walk towards the nearest one.
			left = slices.DeleteFunc(left, func(f []int) bool {
				return !slices.ContainsFunc(f, func(v int) bool { return !covered[v] })
			})
			if len(left) == 0 {
				break
			}
			path := pathToFace(n, adj, covered, left)
			for len(path) > 0 {
				k := min(len(path), maxTreeChain)
				add(path[:k], false)
				path = path[k:]
			}
			continue
		}
		var fresh []int
		for _, v := range left[best] {
			if !covered[v] {
				fresh = append(fresh, v)
			}
		}
		left = slices.Delete(left, best, best+1)
		add(fresh, true)
		onFace := make([]bool, n)
		for _, f := range left {
			for _, v := range f {
				onFace[v] = true
			}
		}
		tree := treeFrom(fresh, adj, covered, onFace, treeDepth)
		for len(tree) > 0 {
			k := min(len(tree), maxTreeChain)
			add(tree[:k], false)
			tree = tree[k:]
		}
	}
	// The tree parts, breadth first from what is covered.
	for {
		var order []int
		seen := slices.Clone(covered)
		var queue []int
		for v := range n {
			if covered[v] {
				queue = append(queue, v)
			}
		}
		if len(queue) == 0 {
			for v := range n {
				if !covered[v] {
					queue, seen[v] = []int{v}, true
					order = append(order, v)
					break
				}
			}
		}
		for len(queue) > 0 && len(order) < maxTreeChain {
			v := queue[0]
			queue = queue[1:]
			for _, w := range adj[v] {
				if !seen[w] && len(order) < maxTreeChain {
					seen[w] = true
					order = append(order, w)
					queue = append(queue, w)
				}
			}
		}
		if len(order) == 0 {
			break
		}
		add(order, false)
	}
	return out
}

// wholeCoreMax is the largest core (rooms on loops and between them) that
// wholeCore lays out as one chain.
const wholeCoreMax = 30

// wholeCore returns the decomposition that lays out all the rooms of core
// as one chain, the trees after it, or nil when it would not differ from
// byFaces (one loop) or the core is too large for one annealing run.
//
// Laid out loop by loop, a dense level's first loops take the shapes that
// suit them, and the loops after find no room between them: the search
// backtracks over layouts that differ little where it matters. Annealing
// all the loops at once lets every room give way to every other; on a
// small level that costs little, and some dense levels are laid out
// mostly this way (one of 24 rooms and three loops sharing rooms in 0.2
// to 12 s, where loop by loop took 40 s or failed within 20).
func wholeCore(n int, adj [][]int, core []bool, byFaces []chain) []chain {
	var rooms []int
	for v, c := range core {
		if c {
			rooms = append(rooms, v)
		}
	}
	loops := 0
	for _, c := range byFaces {
		if c.cycle {
			loops++
		}
	}
	if loops < 2 || len(rooms) > wholeCoreMax {
		return nil
	}
	whole := decompose(n, adj, [][]int{rooms}, 0)
	whole[0].long = true
	return whole
}

// treeFrom returns, breadth first, the uncovered rooms off any remaining
// face reachable from roots through such rooms, up to depth steps.
func treeFrom(roots []int, adj [][]int, covered, onFace []bool, depth int) []int {
	seen := map[int]bool{}
	var out []int
	level := roots
	for d := 0; d < depth && len(level) > 0; d++ {
		var next []int
		for _, v := range level {
			for _, w := range adj[v] {
				if !covered[w] && !onFace[w] && !seen[w] {
					seen[w] = true
					next = append(next, w)
				}
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

// pathToFace returns the uncovered rooms on a shortest path from the
// covered rooms to a room of one of the faces, that room excluded.
func pathToFace(n int, adj [][]int, covered []bool, faces [][]int) []int {
	target := make([]bool, n)
	for _, f := range faces {
		for _, v := range f {
			target[v] = true
		}
	}
	prev := make([]int, n)
	for i := range prev {
		prev[i] = -2
	}
	var queue []int
	for v := range n {
		if covered[v] {
			prev[v] = -1
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range adj[v] {
			if prev[w] != -2 {
				continue
			}
			prev[w] = v
			if target[w] {
				var path []int
				for u := v; u >= 0 && !covered[u]; u = prev[u] {
					path = append(path, u)
				}
				slices.Reverse(path)
				return path
			}
			queue = append(queue, w)
		}
	}
	return nil
}

// bfsOrder orders rooms breadth first from the covered rooms (or from the
// first room when nothing is covered), so that each room but the first
// has a neighbour placed before it.
func bfsOrder(rooms []int, adj [][]int, covered []bool) []int {
	in := map[int]bool{}
	for _, r := range rooms {
		in[r] = true
	}
	done := map[int]bool{}
	var order, queue []int
	for v := range covered {
		if covered[v] {
			queue = append(queue, v)
		}
	}
	if len(queue) == 0 {
		queue = []int{rooms[0]}
		done[rooms[0]] = true
		order = append(order, rooms[0])
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range adj[v] {
			if in[w] && !done[w] {
				done[w] = true
				order = append(order, w)
				queue = append(queue, w)
			}
		}
	}
	for _, r := range rooms { // unreachable through the chain: keep them last
		if !done[r] {
			order = append(order, r)
		}
	}
	return order
}

// innerFaces returns the faces of every block of the embedding but the
// largest, which is taken as the block's outer face.
func innerFaces(blocks []planar.Block) [][]int {
	var out [][]int
	for _, b := range blocks {
		outer := 0
		for i, f := range b.Faces {
			if len(f) > len(b.Faces[outer]) {
				outer = i
			}
		}
		for i, f := range b.Faces {
			if i != outer {
				out = append(out, f)
			}
		}
	}
	return out
}
