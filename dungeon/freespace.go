package dungeon

import (
	"slices"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// Room for the rest. A loop of rooms, once laid out, walls in the space
// inside it: a branch of rooms still to come that must hang from a room
// of the loop fits only if that room borders free space large enough to
// hold it. The rooms not yet placed fall into groups (connected among
// themselves), and each group, with the corridors it needs, lies in one
// stretch of free space (its rooms touch each other and their corridors),
// a stretch that borders every placed room the group joins. A layout
// where no such stretch has the group's area (the least its rooms can
// take) cannot be completed, whatever comes next: no look-ahead that
// places a few rooms tells that from a gap just large enough for the
// first of them.

// spaceCheckMaxCore is the largest core (rooms on loops and between them)
// of a level whose chain runs check the free space: on levels with many
// loops apart, as designed levels of a hundred rooms and more have, the
// check finds nothing walled in and its grid, as large as the level,
// makes every layout of a chain slower to judge.
const spaceCheckMaxCore = 30

// freeSpace is the scratch of the check: the placed rooms and corridors
// on a grid of unit cells, as runs of free cells per row, and the
// stretches those runs join into.
type freeSpace struct {
	origin geom.Point
	w, h   int
	// busy[y] holds the occupied spans of row y, rows[y] its free runs
	// (ends exclusive) and label[y] the stretch of each.
	busy  [][][2]int
	rows  [][][2]int
	label [][]int32
	// parent joins runs into stretches (union-find over run numbers);
	// index numbers the stretches by their roots.
	parent, index []int32
	area          []int
	// outer is the stretch around everything: unbounded.
	outer int32
	// group is per room: the group of an unplaced room, or -1; need and
	// demand are per group and per stretch.
	group  []int
	need   []int
	demand []int
}

// roomForTheRest reports whether every group of unplaced rooms has a
// stretch of free space that borders all the placed rooms it joins and
// is as large as the group's rooms and corridors at their smallest.
func (g *Generator) roomForTheRest(st *state, fs *freeSpace) bool {
	groups := fs.findGroups(g, st)
	if groups == 0 {
		return true
	}
	fs.rasterise(g, st)
	fs.fill()
	fs.demand = fs.demand[:0]
	for range fs.area {
		fs.demand = append(fs.demand, 0)
	}
	for u := range groups {
		cands := fs.candidates(g, st, u)
		if cands == nil {
			continue // joins nothing placed
		}
		if slices.Contains(cands, fs.outer) {
			continue
		}
		best := int32(-1)
		for _, c := range cands {
			if best < 0 || fs.area[c] > fs.area[best] {
				best = c
			}
		}
		if best < 0 || fs.area[best] < fs.need[u] {
			return false
		}
		if len(cands) == 1 {
			// Groups with one place to go share it.
			if fs.demand[best] += fs.need[u]; fs.demand[best] > fs.area[best] {
				return false
			}
		}
	}
	return true
}

// findGroups numbers the groups of unplaced rooms in fs.group (-1 for
// placed rooms), sums each group's least area into fs.need and returns
// the number of groups.
func (fs *freeSpace) findGroups(g *Generator, st *state) int {
	fs.group = fs.group[:0]
	for range g.rooms {
		fs.group = append(fs.group, -1)
	}
	fs.need = fs.need[:0]
	n := 0
	for k := range g.rooms {
		if st.shape[k] >= 0 || fs.group[k] >= 0 {
			continue
		}
		fs.group[k] = n
		need := 0
		stack := []int{k}
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			need += g.leastArea(g.rooms[v].choices)
			for _, ad := range g.rooms[v].adj {
				w := ad.room
				if c := g.edges[ad.edge].corridor; c >= 0 && st.cshape[ad.edge] < 0 && (st.shape[w] >= 0 || w > v) {
					need += g.leastArea(g.corridors[c]) // once per connection
				}
				if st.shape[w] < 0 && fs.group[w] < 0 {
					fs.group[w] = n
					stack = append(stack, w)
				}
			}
		}
		fs.need = append(fs.need, need)
		n++
	}
	return n
}

// leastArea is the area of the smallest instance of cs.
func (g *Generator) leastArea(cs choiceSet) int {
	a := -1
	for _, i := range cs.insts {
		if s := g.insts[i].shape.Area; a < 0 || s < a {
			a = s
		}
	}
	return max(a, 0)
}

// rasterise finds the free runs of every row of a grid one cell larger
// all round than the bounding box of the placed rooms and corridors.
func (fs *freeSpace) rasterise(g *Generator, st *state) {
	first := true
	var box geom.Rect
	eachPlaced(g, st, func(s *geom.Shape, p geom.Point) {
		b := s.Bounds.Shift(p)
		if first {
			box, first = b, false
			return
		}
		box = geom.Rect{X1: min(box.X1, b.X1), Y1: min(box.Y1, b.Y1), X2: max(box.X2, b.X2), Y2: max(box.Y2, b.Y2)}
	})
	box = box.Grow(1)
	fs.origin, fs.w, fs.h = geom.Point{X: box.X1, Y: box.Y1}, box.X2-box.X1, box.Y2-box.Y1
	for len(fs.busy) < fs.h {
		fs.busy, fs.rows, fs.label = append(fs.busy, nil), append(fs.rows, nil), append(fs.label, nil)
	}
	for y := range fs.h {
		fs.busy[y] = fs.busy[y][:0]
	}
	eachPlaced(g, st, func(s *geom.Shape, p geom.Point) {
		for _, r := range s.Rects {
			r = r.Shift(p.Sub(fs.origin))
			for y := r.Y1; y < r.Y2; y++ {
				fs.busy[y] = append(fs.busy[y], [2]int{r.X1, r.X2})
			}
		}
	})
	for y := range fs.h {
		busy := fs.busy[y]
		slices.SortFunc(busy, func(a, b [2]int) int { return a[0] - b[0] })
		runs, x := fs.rows[y][:0], 0
		for _, b := range busy {
			if b[0] > x {
				runs = append(runs, [2]int{x, b[0]})
			}
			x = max(x, b[1])
		}
		if x < fs.w {
			runs = append(runs, [2]int{x, fs.w})
		}
		fs.rows[y] = runs
	}
}

// eachPlaced hands visit every placed room's and corridor's shape and
// position.
func eachPlaced(g *Generator, st *state, visit func(*geom.Shape, geom.Point)) {
	for k, i := range st.shape {
		if i >= 0 {
			visit(g.insts[i].shape, st.pos[k])
		}
	}
	for e, i := range st.cshape {
		if i >= 0 {
			visit(g.insts[i].shape, st.cpos[e])
		}
	}
}

// fill joins the free runs of neighbouring rows that share a column
// into stretches (4-connected free cells) and sums their areas; the
// stretch of the corner cell, on the margin, is the outer one.
func (fs *freeSpace) fill() {
	fs.parent = fs.parent[:0]
	find := func(v int32) int32 { return root(fs.parent, v) }
	for y := range fs.h {
		fs.label[y] = fs.label[y][:0]
		for range fs.rows[y] {
			id := int32(len(fs.parent))
			fs.parent = append(fs.parent, id)
			fs.label[y] = append(fs.label[y], id)
		}
		if y == 0 {
			continue
		}
		above, al := fs.rows[y-1], fs.label[y-1]
		i := 0
		for k, r := range fs.rows[y] {
			for i < len(above) && above[i][1] <= r[0] {
				i++
			}
			for j := i; j < len(above) && above[j][0] < r[1]; j++ {
				if a, b := find(al[j]), find(fs.label[y][k]); a != b {
					fs.parent[b] = a
				}
			}
		}
	}
	// Number the stretches 0.. and sum their areas.
	fs.index = fs.index[:0]
	for range fs.parent {
		fs.index = append(fs.index, -1)
	}
	fs.area = fs.area[:0]
	for y := range fs.h {
		for k, r := range fs.rows[y] {
			root := find(fs.label[y][k])
			id := fs.index[root]
			if id < 0 {
				id = int32(len(fs.area))
				fs.index[root] = id
				fs.area = append(fs.area, 0)
			}
			fs.label[y][k] = id
			fs.area[id] += r[1] - r[0]
		}
	}
	fs.outer = fs.label[0][0]
}

// at returns the stretch of cell (x, y) of the grid, or -1 where it is
// outside or occupied.
func (fs *freeSpace) at(x, y int) int32 {
	if x < 0 || y < 0 || x >= fs.w || y >= fs.h {
		return -1
	}
	runs := fs.rows[y]
	k, _ := slices.BinarySearchFunc(runs, x, func(r [2]int, x int) int { return r[1] - 1 - x })
	if k < len(runs) && runs[k][0] <= x {
		return fs.label[y][k]
	}
	return -1
}

// candidates returns the stretches that border every placed room group u
// joins (nil when it joins none, empty when no stretch borders them all).
func (fs *freeSpace) candidates(g *Generator, st *state, u int) []int32 {
	var out []int32
	first := true
	for k := range g.rooms {
		if fs.group[k] != u {
			continue
		}
		for _, ad := range g.rooms[k].adj {
			j := ad.room
			if st.shape[j] < 0 {
				continue
			}
			near := fs.bordering(g.insts[st.shape[j]].shape, st.pos[j])
			if first {
				out, first = slices.Clone(near), false
				if out == nil {
					out = []int32{}
				}
				continue
			}
			out = slices.DeleteFunc(out, func(c int32) bool { return !slices.Contains(near, c) })
		}
	}
	return out
}

// bordering lists the stretches with a cell next to a cell of shape s at
// p.
func (fs *freeSpace) bordering(s *geom.Shape, p geom.Point) []int32 {
	var out []int32
	add := func(c int32) {
		if c >= 0 && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, r := range s.Rects {
		r = r.Shift(p.Sub(fs.origin))
		for _, y := range [2]int{r.Y1 - 1, r.Y2} {
			if y < 0 || y >= fs.h {
				continue
			}
			for k, run := range fs.rows[y] {
				if run[0] < r.X2 && r.X1 < run[1] {
					add(fs.label[y][k])
				}
			}
		}
		for y := r.Y1; y < r.Y2; y++ {
			add(fs.at(r.X1-1, y))
			add(fs.at(r.X2, y))
		}
	}
	return out
}

// encloses reports whether the rooms for which placed holds contain a
// loop of the level while other rooms remain: only then can the rooms
// still to come find themselves walled in (short of rooms that touch
// by chance, which the check may miss: it only prunes).
func encloses(g *Generator, placed func(int) bool) bool {
	parent := make([]int, len(g.rooms))
	for i := range parent {
		parent[i] = i
	}
	find := func(v int) int { return root(parent, v) }
	loop, rest := false, false
	for k := range g.rooms {
		rest = rest || !placed(k)
	}
	for _, ed := range g.edges {
		if !placed(ed.a) || !placed(ed.b) {
			continue
		}
		a, b := find(ed.a), find(ed.b)
		if a == b {
			loop = true
		}
		parent[a] = b
	}
	return loop && rest
}

// root finds the root of v in a union-find forest, halving paths.
func root[T int | int32](parent []T, v T) T {
	for parent[v] != v {
		parent[v] = parent[parent[v]]
		v = parent[v]
	}
	return v
}
