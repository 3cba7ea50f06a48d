package dungeon

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/ludus-games/ludus/dungeon/geom"
	"github.com/ludus-games/ludus/dungeon/planar"
)

// Synthetic returns a random level for benchmarks: a planar graph of the
// given number of rooms with exactly cycles independent cycles (edges =
// rooms - 1 + cycles), rooms numbered from 0, every room free to use a
// small built-in set of rectangles, L and T shapes. The graph grows as a
// tree of degree at most 4; each cycle is a shortcut between two rooms 3
// to 6 steps apart whose path shares no edge with another loop (loops may
// share rooms), as the loops of designed dungeons mostly do.
func Synthetic(rooms, cycles int, seed uint64) (*Spec, error) {
	if rooms < 1 || rooms > maxRooms {
		return nil, fmt.Errorf("synthetic level: %d rooms, want 1 to %d", rooms, maxRooms)
	}
	if cycles < 0 || (cycles > 0 && rooms < 3) || cycles > 2*rooms {
		return nil, fmt.Errorf("synthetic level: %d cycles do not fit %d rooms", cycles, rooms)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	const maxDeg = 4
	deg := make([]int, rooms)
	adj := make([][]int, rooms)
	var edges [][2]int
	link := func(a, b int) {
		edges = append(edges, [2]int{a, b})
		adj[a], adj[b] = append(adj[a], b), append(adj[b], a)
		deg[a]++
		deg[b]++
	}
	for v := 1; v < rooms; v++ {
		// Mostly extend one of the last few rooms, so that the tree has
		// long corridors of rooms with side branches, as dungeons do.
		for {
			u := v - 1 - rng.IntN(min(v, 4))
			if rng.IntN(4) == 0 {
				u = rng.IntN(v)
			}
			if deg[u] < maxDeg-1 {
				link(u, v)
				break
			}
		}
	}
	looped := map[[2]int]bool{} // edges already on a loop
	for tries := 0; len(edges) < rooms-1+cycles; tries++ {
		if tries > 1000*(cycles+1) {
			return nil, fmt.Errorf("synthetic level: could not place %d cycles in %d rooms", cycles, rooms)
		}
		a := rng.IntN(rooms)
		if deg[a] >= maxDeg {
			continue
		}
		dist, prev := distances(adj, a)
		var cands []int
		for b, d := range dist {
			if d >= 3 && d <= 6 && deg[b] < maxDeg && !onLoop(prev, a, b, looped) {
				cands = append(cands, b)
			}
		}
		if len(cands) == 0 {
			continue
		}
		b := cands[rng.IntN(len(cands))]
		trial := append(slices.Clone(edges), [2]int{a, b})
		if !planar.IsPlanar(rooms, trial) {
			continue
		}
		for v := b; v != a; v = prev[v] {
			looped[[2]int{min(v, prev[v]), max(v, prev[v])}] = true
		}
		looped[[2]int{min(a, b), max(a, b)}] = true
		link(a, b)
	}
	spec := &Spec{Source: fmt.Sprintf("synthetic(%d rooms, %d cycles, seed %d)", rooms, cycles, seed)}
	var defaults []Choice
	for _, t := range syntheticTemplates() {
		spec.Templates = append(spec.Templates, t)
		defaults = append(defaults, Choice{Template: t.Name, Weight: 1})
	}
	for v := range rooms {
		spec.Rooms = append(spec.Rooms, &Room{Name: strconv.Itoa(v), Templates: defaults})
	}
	for _, e := range edges {
		spec.Connections = append(spec.Connections, &Connection{From: strconv.Itoa(e[0]), To: strconv.Itoa(e[1])})
	}
	return spec, nil
}

// distances returns breadth-first distances from a (-1: unreachable) and
// each room's predecessor on a shortest path from a.
func distances(adj [][]int, a int) (dist, prev []int) {
	dist, prev = make([]int, len(adj)), make([]int, len(adj))
	for i := range dist {
		dist[i], prev[i] = -1, -1
	}
	dist[a] = 0
	queue := []int{a}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range adj[v] {
			if dist[w] < 0 {
				dist[w], prev[w] = dist[v]+1, v
				queue = append(queue, w)
			}
		}
	}
	return dist, prev
}

// onLoop reports whether the shortest path from a to b uses an edge that
// is already on a loop.
func onLoop(prev []int, a, b int, looped map[[2]int]bool) bool {
	for v := b; v != a; v = prev[v] {
		if looped[[2]int{min(v, prev[v]), max(v, prev[v])}] {
			return true
		}
	}
	return false
}

// syntheticTemplates is the room set of synthetic levels.
func syntheticTemplates() []*Template {
	rect := func(w, h int) []geom.Point { return outline(0, 0, w, 0, w, h, 0, h) }
	simple := DoorMode{Length: 1, Corner: 1}
	rot := slices.Clone(geom.Rotations)
	return []*Template{
		{Name: "square-7", Outline: rect(7, 7), Doors: simple, Transforms: []geom.Transform{geom.Identity}},
		{Name: "hall-7x11", Outline: rect(7, 11), Doors: simple, Transforms: rot},
		{Name: "cell-5x6", Outline: rect(5, 6), Doors: simple, Transforms: rot},
		{Name: "ell-9", Outline: outline(0, 0, 9, 0, 9, 4, 4, 4, 4, 9, 0, 9), Doors: simple, Transforms: rot},
		{Name: "tee-10", Outline: outline(0, 0, 10, 0, 10, 4, 7, 4, 7, 8, 3, 8, 3, 4, 0, 4), Doors: simple, Transforms: rot},
	}
}

// outline turns x, y pairs into points.
func outline(xy ...int) []geom.Point {
	out := make([]geom.Point, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, geom.Point{X: xy[i], Y: xy[i+1]})
	}
	return out
}
