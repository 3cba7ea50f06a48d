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
	spec, err := Parse([]byte(level), "wall.yaml", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGenerator(spec)
	if err != nil {
		t.Fatal(err)
	}
	room := map[string]int{}
	for i, r := range g.rooms {
		room[r.name] = i
	}
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
		base := newState(len(g.rooms), len(g.edges))
		at := map[string]geom.Point{"left": {X: -5}, "right": tc.right, "below": {X: -1, Y: -7}}
		for b, p := range at {
			k := room[b]
			base.shape[k], base.pos[k] = g.rooms[k].choices.insts[0], p
		}
		a := room["a"]
		cnt := &counters{stall: stallBase, expired: func() bool { return false }}
		r := newChainRun(g, base, &chain{rooms: []int{a}}, nil, rand.New(rand.NewPCG(1, 2)), cnt)
		r.st.shape[a], r.st.pos[a] = g.rooms[a].choices.insts[0], geom.Point{}
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
