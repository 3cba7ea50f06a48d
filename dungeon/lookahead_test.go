package dungeon

import (
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// Two rooms waiting for the one free wall of a room fit there each alone,
// not together: the look-ahead rejects such a layout, and accepts it once
// another wall is free.
func TestLookaheadWaitingTogether(t *testing.T) {
	const level = `
templates:
  cell: {outline: [[0, 0], [5, 0], [5, 6], [0, 6]], doors: {length: 1, corner: 1}}
  hall: {outline: [[0, 0], [7, 0], [7, 7], [0, 7]], doors: {length: 1, corner: 1}}
defaultTemplates: [hall]
rooms:
  a: [cell]
  left: [cell]
  right: [cell]
connections:
  - [a, w1]
  - [a, w2]
  - [a, left]
  - [a, right]
  - [a, below]
`
	g, room := lookaheadLevel(t, level)
	// a is a 5x6 cell at the origin; the blockers cover its walls but the
	// top one, 5 units wide: a 7x7 hall meets its door there, two do not.
	// (Placed far away, right leaves the right wall free too.)
	for _, tc := range []struct {
		name    string
		right   geom.Point
		blocked bool
	}{
		{"one free wall", geom.Point{X: 5}, true},
		{"two free walls", geom.Point{X: 100, Y: 100}, false},
	} {
		at := map[string]geom.Point{"left": {X: -5}, "right": tc.right, "below": {X: -1, Y: -7}}
		r := runAround(g, room, at, false)
		if got := r.blockedPenalty() > 0; got != tc.blocked {
			t.Errorf("%s: blocked %v, want %v", tc.name, got, tc.blocked)
		}
		// Each waiting room alone has a place either way.
		for _, w := range []string{"w1", "w2"} {
			left := 1
			if !r.fitsTree(room[w], &left) {
				t.Errorf("%s: %s alone finds no place", tc.name, w)
			}
		}
	}
}

// In the run of a long chain (all the loops of a dense level), a waiting
// room whose one free place lies in a gap as wide as itself fits there,
// wherever the gap is along a long wall: the look-ahead samples positions
// first but must not stop at the samples.
func TestLookaheadFindsTheGap(t *testing.T) {
	const level = `
templates:
  long: {outline: [[0, 0], [200, 0], [200, 7], [0, 7]], doors: {length: 1, corner: 1}}
  roof: {outline: [[0, 0], [250, 0], [250, 13], [0, 13]], doors: {length: 1, corner: 1}}
  side: {outline: [[0, 0], [10, 0], [10, 7], [0, 7]], doors: {length: 1, corner: 1}}
  cell: {outline: [[0, 0], [3, 0], [3, 3], [0, 3]], doors: {length: 1, corner: 1}}
defaultTemplates: [roof]
rooms:
  a: [long]
  w: [cell]
  east: [side]
  west: [side]
connections: [[a, w], [a, left], [a, right], [a, floor], [a, east], [a, west]]
`
	g, room := lookaheadLevel(t, level)
	// a lies at the origin, walled in on every side but for a gap above
	// it from x to x+width, between the roofs left and right.
	for _, tc := range []struct {
		x, width int
		blocked  bool
	}{
		{60, 3, false}, {61, 3, false}, {62, 3, false}, {63, 3, false},
		{64, 3, false}, {65, 3, false}, {66, 3, false}, {67, 3, false},
		{61, 2, true},
	} {
		at := map[string]geom.Point{"left": {X: tc.x - 250, Y: 7}, "right": {X: tc.x + tc.width, Y: 7},
			"floor": {X: -20, Y: -13}, "west": {X: -10}, "east": {X: 200}}
		r := runAround(g, room, at, true)
		if got := r.blockedPenalty() > 0; got != tc.blocked {
			t.Errorf("gap of %d at x=%d: blocked %v, want %v", tc.width, tc.x, got, tc.blocked)
		}
	}
}

// lookaheadLevel prepares a level and indexes its rooms by name.
func lookaheadLevel(t *testing.T, level string) (*Generator, map[string]int) {
	t.Helper()
	spec, err := Parse([]byte(level), "level.yaml", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := mustGenerator(t, spec)
	room := map[string]int{}
	for i, r := range g.rooms {
		room[r.name] = i
	}
	return g, room
}

// runAround returns the run of a chain of room "a" alone (long or not),
// placed at the origin in its first shape, with the rooms of at placed
// there in theirs.
func runAround(g *Generator, room map[string]int, at map[string]geom.Point, long bool) *chainRun {
	base := newState(len(g.rooms), len(g.edges))
	for b, p := range at {
		k := room[b]
		base.shape[k], base.pos[k] = g.rooms[k].choices.insts[0], p
	}
	a := room["a"]
	cnt := &counters{stall: stallBase, expired: func() bool { return false }}
	r := newChainRun(g, base, &chain{rooms: []int{a}, long: long}, nil, rand.New(rand.NewPCG(1, 2)), cnt)
	r.st.shape[a], r.st.pos[a] = g.rooms[a].choices.insts[0], geom.Point{}
	return r
}
