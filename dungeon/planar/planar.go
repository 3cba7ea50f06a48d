// Package planar finds a planar embedding of a graph and its faces, or a
// Kuratowski subgraph showing that there is none.
//
// Each biconnected component (block) is embedded on its own with the
// path-addition algorithm of Demoucron, Malgrange and Pertuiset: start from
// a cycle, then repeatedly take a fragment of the graph not yet drawn and
// draw a path of it inside a face that holds all of the fragment's
// attachment vertices. A fragment that fits in no face proves the block
// non-planar. The algorithm is quadratic, which is ample for level graphs.
package planar

import (
	"fmt"
	"slices"
	"strings"
)

// Block is a biconnected component with at least three vertices and the
// faces of its planar embedding. Every face is a cycle of vertices; the
// faces of a block number E - V + 2.
type Block struct {
	Vertices []int
	Faces    [][]int
}

// Embed returns the blocks of the graph on vertices 0..n-1 with their faces
// (bridges and isolated vertices belong to no block), or a
// *NonPlanarError. Self-loops and repeated edges are ignored.
func Embed(n int, edges [][2]int) ([]Block, error) {
	var out []Block
	for _, comp := range blocks(n, edges) {
		b, ok := embedBlock(comp)
		if !ok {
			return nil, witness(n, edges)
		}
		out = append(out, b)
	}
	return out, nil
}

// IsPlanar reports whether the graph has a planar embedding.
func IsPlanar(n int, edges [][2]int) bool {
	for _, comp := range blocks(n, edges) {
		if _, ok := embedBlock(comp); !ok {
			return false
		}
	}
	return true
}

// blocks splits the simple graph into biconnected components of at least
// two edges, each given as its edge list.
func blocks(n int, edges [][2]int) [][][2]int {
	adj := make([][]int, n)
	seen := map[[2]int]bool{}
	for _, e := range edges {
		a, b := min(e[0], e[1]), max(e[0], e[1])
		if a == b || a < 0 || b >= n || seen[[2]int{a, b}] {
			continue
		}
		seen[[2]int{a, b}] = true
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
	}
	disc := make([]int, n)
	low := make([]int, n)
	timer := 0
	var stack [][2]int
	var out [][][2]int
	type frame struct{ v, parent, i int }
	for root := range n {
		if disc[root] != 0 {
			continue
		}
		timer++
		disc[root], low[root] = timer, timer
		dfs := []frame{{root, -1, 0}}
		for len(dfs) > 0 {
			f := &dfs[len(dfs)-1]
			if f.i < len(adj[f.v]) {
				w := adj[f.v][f.i]
				f.i++
				switch {
				case disc[w] == 0:
					stack = append(stack, [2]int{f.v, w})
					timer++
					disc[w], low[w] = timer, timer
					dfs = append(dfs, frame{w, f.v, 0})
				case w != f.parent && disc[w] < disc[f.v]:
					stack = append(stack, [2]int{f.v, w})
					low[f.v] = min(low[f.v], disc[w])
				}
				continue
			}
			v, parent := f.v, f.parent
			dfs = dfs[:len(dfs)-1]
			if parent < 0 {
				continue
			}
			low[parent] = min(low[parent], low[v])
			if low[v] >= disc[parent] {
				var comp [][2]int
				for {
					e := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					comp = append(comp, e)
					if e == [2]int{parent, v} {
						break
					}
				}
				if len(comp) >= 2 {
					out = append(out, comp)
				}
			}
		}
	}
	return out
}

// bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) add(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

// embedding is the state of the path-addition algorithm on one block,
// in local vertex numbers.
type embedding struct {
	n        int
	adj      [][]int // neighbour lists
	edgeID   map[[2]int]int
	drawn    []bool // per edge
	inH      []bool // per vertex
	nDrawn   int
	faces    [][]int
	faceSets []bitset
}

// fragment is a part of the block not yet drawn: one edge between drawn
// vertices, or a component of undrawn vertices with its attachments.
type fragment struct {
	attach []int
	edge   int   // edge id for a single-edge fragment, else -1
	comp   []int // undrawn vertices
}

func embedBlock(edges [][2]int) (Block, bool) {
	local := map[int]int{}
	var verts []int
	id := func(v int) int {
		if i, ok := local[v]; ok {
			return i
		}
		local[v] = len(verts)
		verts = append(verts, v)
		return len(verts) - 1
	}
	e := &embedding{edgeID: map[[2]int]int{}}
	var ends [][2]int
	for _, ed := range edges {
		a, b := id(ed[0]), id(ed[1])
		ends = append(ends, [2]int{a, b})
	}
	e.n = len(verts)
	if len(ends) > 3*e.n-6 {
		return Block{}, false
	}
	e.adj = make([][]int, e.n)
	for i, ed := range ends {
		e.adj[ed[0]] = append(e.adj[ed[0]], ed[1])
		e.adj[ed[1]] = append(e.adj[ed[1]], ed[0])
		e.edgeID[key(ed[0], ed[1])] = i
	}
	e.drawn = make([]bool, len(ends))
	e.inH = make([]bool, e.n)
	e.drawCycle(e.findCycle())
	for e.nDrawn < len(ends) {
		if !e.step(ends) {
			return Block{}, false
		}
	}
	b := Block{Vertices: slices.Sorted(slices.Values(verts))}
	for _, f := range e.faces {
		face := make([]int, len(f))
		for i, v := range f {
			face[i] = verts[v]
		}
		b.Faces = append(b.Faces, face)
	}
	return b, true
}

func key(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }

// findCycle returns some cycle of the block: a spanning tree by breadth-
// first search plus one edge outside it.
func (e *embedding) findCycle() []int {
	parent := make([]int, e.n)
	for i := range parent {
		parent[i] = -1
	}
	parent[0] = 0
	queue := []int{0}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range e.adj[v] {
			if parent[w] < 0 {
				parent[w] = v
				queue = append(queue, w)
			}
		}
	}
	for v := range e.n {
		for _, w := range e.adj[v] {
			if parent[v] == w || parent[w] == v {
				continue
			}
			// v and w climb to their lowest common ancestor.
			up := map[int]int{}
			for u, d := v, 0; ; u, d = parent[u], d+1 {
				up[u] = d
				if u == 0 {
					break
				}
			}
			var tail []int
			u := w
			for ; ; u = parent[u] {
				if _, ok := up[u]; ok {
					break
				}
				tail = append(tail, u)
			}
			var cycle []int
			for x := v; x != u; x = parent[x] {
				cycle = append(cycle, x)
			}
			cycle = append(cycle, u)
			slices.Reverse(tail)
			return append(cycle, tail...)
		}
	}
	return nil // unreachable in a block with two or more edges
}

// drawCycle draws the first cycle, giving two faces.
func (e *embedding) drawCycle(c []int) {
	for i, v := range c {
		e.inH[v] = true
		e.markEdge(v, c[(i+1)%len(c)])
	}
	e.addFace(slices.Clone(c))
	e.addFace(slices.Clone(c))
}

func (e *embedding) markEdge(a, b int) {
	id := e.edgeID[key(a, b)]
	if !e.drawn[id] {
		e.drawn[id] = true
		e.nDrawn++
	}
}

func (e *embedding) addFace(f []int) {
	s := newBitset(e.n)
	for _, v := range f {
		s.add(v)
	}
	e.faces = append(e.faces, f)
	e.faceSets = append(e.faceSets, s)
}

// step draws one path of the most constrained fragment; false means a
// fragment fits in no face.
func (e *embedding) step(ends [][2]int) bool {
	frags := e.fragments(ends)
	best, bestFace, bestCount := -1, -1, 0
	for i, fr := range frags {
		count, first := 0, -1
		for fi, set := range e.faceSets {
			if all(set, fr.attach) {
				if first < 0 {
					first = fi
				}
				count++
			}
		}
		if count == 0 {
			return false
		}
		if best < 0 || count < bestCount {
			best, bestFace, bestCount = i, first, count
		}
		if count == 1 {
			break
		}
	}
	path := e.path(frags[best], ends)
	for i, v := range path {
		e.inH[v] = true
		if i > 0 {
			e.markEdge(path[i-1], v)
		}
	}
	e.split(bestFace, path)
	return true
}

func all(s bitset, vs []int) bool {
	for _, v := range vs {
		if !s.has(v) {
			return false
		}
	}
	return true
}

// fragments lists the parts of the block not yet drawn.
func (e *embedding) fragments(ends [][2]int) []fragment {
	var out []fragment
	for id, ed := range ends {
		if !e.drawn[id] && e.inH[ed[0]] && e.inH[ed[1]] {
			out = append(out, fragment{attach: []int{ed[0], ed[1]}, edge: id})
		}
	}
	seen := make([]bool, e.n)
	for s := range e.n {
		if e.inH[s] || seen[s] {
			continue
		}
		fr := fragment{edge: -1}
		att := map[int]bool{}
		queue := []int{s}
		seen[s] = true
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			fr.comp = append(fr.comp, v)
			for _, w := range e.adj[v] {
				switch {
				case e.inH[w]:
					if !att[w] {
						att[w] = true
						fr.attach = append(fr.attach, w)
					}
				case !seen[w]:
					seen[w] = true
					queue = append(queue, w)
				}
			}
		}
		out = append(out, fr)
	}
	return out
}

// path returns a path of the fragment between two distinct attachments.
func (e *embedding) path(fr fragment, ends [][2]int) []int {
	if fr.edge >= 0 {
		return []int{ends[fr.edge][0], ends[fr.edge][1]}
	}
	a := fr.attach[0]
	inComp := map[int]bool{}
	for _, v := range fr.comp {
		inComp[v] = true
	}
	prev := map[int]int{}
	var queue []int
	for _, w := range e.adj[a] {
		if inComp[w] {
			if _, ok := prev[w]; !ok {
				prev[w] = a
				queue = append(queue, w)
			}
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range e.adj[v] {
			if e.inH[w] && w != a {
				p := []int{w, v}
				for u := v; prev[u] != a; {
					u = prev[u]
					p = append(p, u)
				}
				p = append(p, a)
				slices.Reverse(p)
				return p
			}
			if inComp[w] {
				if _, ok := prev[w]; !ok {
					prev[w] = v
					queue = append(queue, w)
				}
			}
		}
	}
	return nil // unreachable: a fragment of a block has two attachments
}

// split draws path (whose ends lie on face fi) inside that face.
func (e *embedding) split(fi int, path []int) {
	f := e.faces[fi]
	a, b := path[0], path[len(path)-1]
	i, j := slices.Index(f, a), slices.Index(f, b)
	inner := path[1 : len(path)-1]
	arc := func(from, to int) []int {
		var out []int
		for k := from; ; k = (k + 1) % len(f) {
			out = append(out, f[k])
			if k == to {
				return out
			}
		}
	}
	f1 := arc(i, j)
	for k := len(inner) - 1; k >= 0; k-- {
		f1 = append(f1, inner[k])
	}
	f2 := append(arc(j, i), inner...)
	e.faces[fi] = f1
	e.faceSets[fi] = newBitset(e.n)
	for _, v := range f1 {
		e.faceSets[fi].add(v)
	}
	e.addFace(f2)
}

// NonPlanarError reports a graph with no planar embedding, with a minimal
// non-planar subgraph: a subdivision of K5 or of K3,3.
type NonPlanarError struct {
	// Edges of the Kuratowski subgraph.
	Edges [][2]int
	// Kind is "K5" or "K3,3" (or "" when the subgraph was too large to
	// minimise; Edges then hold a non-planar block).
	Kind string
	// Branch lists the vertices of degree 3 or more in the subgraph; for
	// K3,3 the first three and the last three are the two sides.
	Branch []int
}

// Error implements error.
func (e *NonPlanarError) Error() string {
	var b strings.Builder
	b.WriteString("graph is not planar")
	if e.Kind != "" {
		fmt.Fprintf(&b, ": vertices %v form a subdivided %s", e.Branch, e.Kind)
	}
	return b.String()
}

// maxWitnessEdges bounds the graphs for which a minimal witness is sought
// (one planarity test per edge).
const maxWitnessEdges = 3000

// witness shrinks a non-planar graph to a Kuratowski subgraph by dropping
// every edge whose removal keeps the graph non-planar.
func witness(n int, edges [][2]int) *NonPlanarError {
	w := simpleEdges(edges)
	if len(w) > maxWitnessEdges {
		return &NonPlanarError{Edges: w}
	}
	for i := 0; i < len(w); {
		trial := slices.Delete(slices.Clone(w), i, i+1)
		if !IsPlanar(n, trial) {
			w = trial
		} else {
			i++
		}
	}
	err := &NonPlanarError{Edges: w}
	deg := map[int]int{}
	for _, e := range w {
		deg[e[0]]++
		deg[e[1]]++
	}
	for v, d := range deg {
		if d >= 3 {
			err.Branch = append(err.Branch, v)
		}
	}
	slices.Sort(err.Branch)
	switch len(err.Branch) {
	case 5:
		err.Kind = "K5"
	case 6:
		err.Kind = "K3,3"
		err.Branch = bipartition(err.Branch, w, deg)
	}
	return err
}

func simpleEdges(edges [][2]int) [][2]int {
	seen := map[[2]int]bool{}
	var out [][2]int
	for _, e := range edges {
		k := key(e[0], e[1])
		if e[0] != e[1] && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// bipartition orders the six branch vertices of a K3,3 subdivision side by
// side, following the subdivided edges between them.
func bipartition(branch []int, edges [][2]int, deg map[int]int) []int {
	adj := map[int][]int{}
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	side := map[int]int{branch[0]: 0}
	queue := []int{branch[0]}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range adj[v] {
			prev := v
			for deg[w] == 2 {
				next := adj[w][0]
				if next == prev {
					next = adj[w][1]
				}
				prev, w = w, next
			}
			if _, ok := side[w]; !ok {
				side[w] = 1 - side[v]
				queue = append(queue, w)
			}
		}
	}
	out := slices.Clone(branch)
	slices.SortStableFunc(out, func(a, b int) int { return side[a] - side[b] })
	return out
}
