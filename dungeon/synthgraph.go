package dungeon

import (
	"math/rand/v2"
	"slices"
)

// Synthetic level graphs: a random tree of rooms plus one extra connection
// per loop, drawn inside a face of the tree's planar drawing so that the
// graph stays planar by construction.

const (
	// synthMaxDegree bounds how many rooms one room is joined to.
	synthMaxDegree = 4
	// synthLoopMin and synthLoopMax bound the length of the shortest cycle
	// through a new connection, as far as the graph allows.
	synthLoopMin = 3
	synthLoopMax = 8
	// synthTries is how many random trees are tried before the fallback.
	synthTries = 20
)

// maxSynthCycles is the most loops a synthetic level of n rooms can have,
// with no room joined to more than four others: n-2 in general (the strip
// of triangles, room i joined to i+1 and i+2), and (n-1)/3 when loops may
// not share connections (each needs a shortcut over three connections of
// its own).
func maxSynthCycles(n int, separate bool) int {
	if separate {
		return max(n-1, 0) / 3
	}
	return max(n-2, 0)
}

// synthGraph returns the edges of a random connected planar graph on n
// rooms with exactly cycles independent cycles and no room of degree above
// synthMaxDegree, whose loops share no connection when separate is set;
// cycles must be at most maxSynthCycles(n, separate). Random trees with
// loops are tried first; when they cannot hold that many loops, a path
// with shortcuts is used, which always can.
func synthGraph(n, cycles int, separate bool, rng *rand.Rand) [][2]int {
	for range synthTries {
		if edges, ok := randomLoops(n, cycles, separate, rng); ok {
			return edges
		}
	}
	if separate {
		return pathLoops(n, cycles, 3, 3, rng)
	}
	return pathLoops(n, cycles, 2, 1, rng)
}

// graphBuilder holds a graph under construction with the faces of its
// drawing, each a closed walk of rooms.
type graphBuilder struct {
	edges [][2]int
	adj   [][]int
	faces [][]int
	// looped marks the connections on a loop, when loops must not share
	// them (nil otherwise).
	looped map[[2]int]bool
}

func (b *graphBuilder) link(u, v int) {
	b.edges = append(b.edges, [2]int{u, v})
	b.adj[u], b.adj[v] = append(b.adj[u], v), append(b.adj[v], u)
}

// randomLoops grows a random tree of degree at most synthMaxDegree-1, so
// that every room can take a loop, and adds cycles connections, each
// between two rooms of one face of the current drawing. It reports false
// when no face offers two rooms that can still be joined.
func randomLoops(n, cycles int, separate bool, rng *rand.Rand) ([][2]int, bool) {
	b := &graphBuilder{adj: make([][]int, n)}
	if separate {
		b.looped = map[[2]int]bool{}
	}
	for v := 1; v < n; v++ {
		// Mostly extend one of the last few rooms, so that the tree has
		// long corridors of rooms with side branches, as dungeons do.
		for {
			u := v - 1 - rng.IntN(min(v, 4))
			if rng.IntN(4) == 0 {
				u = rng.IntN(v)
			}
			if len(b.adj[u]) < synthMaxDegree-1 {
				b.link(u, v)
				break
			}
		}
	}
	b.faces = [][]int{b.treeWalk(rng)}
	for range cycles {
		if !b.addLoop(rng) {
			return nil, false
		}
	}
	return b.edges, true
}

// treeWalk returns the walk around the tree drawn with each room's
// branches in a random order: its only face.
func (b *graphBuilder) treeWalk(rng *rand.Rand) []int {
	n := len(b.adj)
	for _, a := range b.adj {
		rng.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
	}
	walk := make([]int, 0, 2*n)
	seen := make([]bool, n)
	var visit func(v int)
	visit = func(v int) {
		seen[v] = true
		walk = append(walk, v)
		for _, w := range b.adj[v] {
			if !seen[w] {
				visit(w)
				walk = append(walk, v)
			}
		}
	}
	visit(0)
	if len(walk) > 1 {
		walk = walk[:len(walk)-1] // the walk closes where it began
	}
	return walk
}

// addLoop joins two rooms that lie on one face, are not yet joined and
// have room for another door: rooms whose shortest path has synthLoopMin-1
// to synthLoopMax-1 steps when there are such, else any. With separate
// loops, the path must have 3 to 6 steps and share no connection with
// another loop. The face splits in two along the new connection.
func (b *graphBuilder) addLoop(rng *rand.Rand) bool {
	n := len(b.adj)
	onFace := make([][]int, n) // faces through each room
	for fi, f := range b.faces {
		for _, v := range f {
			if k := len(onFace[v]); k == 0 || onFace[v][k-1] != fi {
				onFace[v] = append(onFace[v], fi)
			}
		}
	}
	lo, hi := synthLoopMin-1, synthLoopMax-1
	passes := []bool{false, true} // then any length
	if b.looped != nil {
		lo, hi, passes = 3, 6, passes[:1]
	}
	order := rng.Perm(n)
	for _, anyLength := range passes {
		for _, u := range order {
			if len(b.adj[u]) >= synthMaxDegree {
				continue
			}
			dist, prev := b.distances(u)
			var cands [][2]int // room, face
			for v, d := range dist {
				if d < lo || len(b.adj[v]) >= synthMaxDegree || (!anyLength && d > hi) || b.onLoop(prev, u, v) {
					continue
				}
				for _, fi := range onFace[u] {
					if slices.Contains(onFace[v], fi) {
						cands = append(cands, [2]int{v, fi})
					}
				}
			}
			if len(cands) == 0 {
				continue
			}
			c := cands[rng.IntN(len(cands))]
			if b.looped != nil {
				for w := c[0]; w != u; w = prev[w] {
					b.looped[[2]int{min(w, prev[w]), max(w, prev[w])}] = true
				}
				b.looped[[2]int{min(u, c[0]), max(u, c[0])}] = true
			}
			b.split(c[1], u, c[0], rng)
			b.link(u, c[0])
			return true
		}
	}
	return false
}

// onLoop reports whether, with separate loops, the shortest path from u to
// v uses a connection already on a loop.
func (b *graphBuilder) onLoop(prev []int, u, v int) bool {
	if b.looped == nil {
		return false
	}
	for w := v; w != u; w = prev[w] {
		if b.looped[[2]int{min(w, prev[w]), max(w, prev[w])}] {
			return true
		}
	}
	return false
}

// distances returns breadth-first distances from u (-1: unreachable) and
// each room's predecessor on a shortest path from u.
func (b *graphBuilder) distances(u int) (dist, prev []int) {
	dist, prev = make([]int, len(b.adj)), make([]int, len(b.adj))
	for i := range dist {
		dist[i], prev[i] = -1, -1
	}
	dist[u] = 0
	queue := []int{u}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range b.adj[v] {
			if dist[w] < 0 {
				dist[w], prev[w] = dist[v]+1, v
				queue = append(queue, w)
			}
		}
	}
	return dist, prev
}

// split cuts face fi by a new connection between a visit of room u and a
// visit of room v on its walk (chosen at random when the walk passes a
// room more than once): the walk from u to v and the walk from v back to u
// each close into a face.
func (b *graphBuilder) split(fi, u, v int, rng *rand.Rand) {
	f := b.faces[fi]
	var us, vs []int
	for i, w := range f {
		switch w {
		case u:
			us = append(us, i)
		case v:
			vs = append(vs, i)
		}
	}
	i, j := us[rng.IntN(len(us))], vs[rng.IntN(len(vs))]
	if i > j {
		i, j = j, i
	}
	first := slices.Clone(f[i : j+1])
	second := append(slices.Clone(f[j:]), f[:i+1]...)
	b.faces[fi] = first
	b.faces = append(b.faces, second)
}

// pathLoops returns a path through all n rooms in a random order with
// cycles shortcuts, each from a room to the one step rooms further along
// the path, chosen at random among the rooms at multiples of stride (step
// 2, stride 1: loops of three sharing connections; step 3, stride 3: loops
// of four sharing none). The graph is planar, of degree at most four, and
// holds up to maxSynthCycles loops.
func pathLoops(n, cycles, step, stride int, rng *rand.Rand) [][2]int {
	perm := rng.Perm(n)
	var edges [][2]int
	for i := 1; i < n; i++ {
		edges = append(edges, [2]int{perm[i-1], perm[i]})
	}
	var starts []int
	for i := 0; i+step < n; i += stride {
		starts = append(starts, i)
	}
	rng.Shuffle(len(starts), func(a, b int) { starts[a], starts[b] = starts[b], starts[a] })
	for _, i := range starts[:cycles] {
		edges = append(edges, [2]int{perm[i], perm[i+step]})
	}
	return edges
}
