package dungeon

import (
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// The grid of fixed rooms changes which pairs a room's penalties look at,
// never their sum: on crowded random states, with rooms and corridors
// moving after the grid was built and look-ahead rooms entering it, every
// room's and corridor's penalty is the same with the grid as without.
func TestFixedGridKeepsCosts(t *testing.T) {
	for seed := range uint64(8) {
		spec, err := Synthetic(SynthOptions{Rooms: 80, Cycles: 6, Seed: seed + 1, Corridors: seed%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGenerator(spec)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		st := newState(len(g.rooms), len(g.edges))
		// About 80 rooms in 16 x 16 rooms' room: crowded; or strung out
		// so far that the grid takes coarser cells.
		spread := 4 * g.maxSpan
		if seed >= 6 {
			spread = 400 * g.maxSpan
		}
		place := func(k int) {
			cs := g.rooms[k].choices.insts
			st.shape[k] = cs[rng.IntN(len(cs))]
			st.pos[k] = geom.Point{X: rng.IntN(spread) - spread/2, Y: rng.IntN(spread) - spread/2}
		}
		for k := range g.rooms {
			if rng.IntN(4) > 0 {
				place(k)
			}
		}
		for e, ed := range g.edges {
			if ed.corridor >= 0 && st.shape[ed.a] >= 0 && st.shape[ed.b] >= 0 {
				cs := g.corridors[ed.corridor].insts
				st.cshape[e], st.cpos[e] = cs[rng.IntN(len(cs))], st.pos[ed.a]
			}
		}
		moving := map[int]bool{}
		for range 8 {
			moving[rng.IntN(len(g.rooms))] = true
		}
		movingCorr := map[int]bool{}
		for e, ed := range g.edges {
			if moving[ed.a] || moving[ed.b] {
				movingCorr[e] = true
			}
		}
		grid := newFixedGrid(g, st, func(j int) bool { return moving[j] }, func(e int) bool { return movingCorr[e] })
		if grid == nil {
			t.Fatalf("seed %d: no grid for %d rooms", seed, len(g.rooms))
		}
		if coarse := grid.cell > g.maxSpan; coarse != (seed >= 6) {
			t.Fatalf("seed %d: cells of %d for rooms of at most %d", seed, grid.cell, g.maxSpan)
		}
		for round := range 3 {
			if round > 0 { // move, place and take away the moving rooms
				for k := range moving {
					if rng.IntN(3) == 0 {
						st.shape[k] = -1
					} else {
						place(k)
					}
				}
			}
			// A look ahead places a room the grid did not know of.
			var guest int
			for guest = range g.rooms {
				if st.shape[guest] < 0 && !moving[guest] {
					break
				}
			}
			place(guest)
			grid.enter(guest)
			compareCosts(t, g, st, grid)
			grid.leave()
			st.shape[guest] = -1
		}
	}
}

// compareCosts checks every placed room's and corridor's penalty in st
// with the grid against the same without it.
func compareCosts(t *testing.T, g *Generator, st *state, grid *fixedGrid) {
	t.Helper()
	cost := func(near *fixedGrid, f func() float64) float64 {
		st.near = near
		defer func() { st.near = nil }()
		return f()
	}
	for k, sh := range st.shape {
		if sh < 0 {
			continue
		}
		want := cost(nil, func() float64 { return g.roomCost(st, k) })
		if got := cost(grid, func() float64 { return g.roomCost(st, k) }); got != want {
			t.Fatalf("room %d: penalty %v with the grid, %v without", k, got, want)
		}
		wantClear := g.clearOf(st, k)
		st.near = grid
		gotClear := g.clearOf(st, k)
		st.near = nil
		if gotClear != wantClear {
			t.Fatalf("room %d: clear %v with the grid, %v without", k, gotClear, wantClear)
		}
	}
	for e, c := range st.cshape {
		if c < 0 {
			continue
		}
		want := cost(nil, func() float64 { return g.corridorCost(st, e, c, st.cpos[e]) })
		if got := cost(grid, func() float64 { return g.corridorCost(st, e, c, st.cpos[e]) }); got != want {
			t.Fatalf("corridor %d: penalty %v with the grid, %v without", e, got, want)
		}
	}
}
