package dungeon

import (
	"slices"
	"testing"
)

// A chain that finds no place sends the search back past the chains that
// do not touch it, to the last one that does, stopping the extension
// sources of those it drops; a chain next to the one before it goes back
// one step only.
func TestBackjump(t *testing.T) {
	// Rooms on a path 0-1-2-3-4-5-6, laid out from the middle.
	g := &Generator{rooms: make([]roomInfo, 7)}
	for v := range 6 {
		g.rooms[v].adj = append(g.rooms[v].adj, adjacent{v + 1, v})
		g.rooms[v+1].adj = append(g.rooms[v+1].adj, adjacent{v, v})
	}
	chains := []chain{{rooms: []int{3}}, {rooms: []int{4}}, {rooms: []int{2}}, {rooms: []int{5, 6}}, {rooms: []int{1}}, {rooms: []int{0}}}
	for _, tc := range []struct {
		failed      int   // the chain that found no place
		left        []int // the chains of the nodes left on the stack
		stoppedFrom int   // the first chain whose node was dropped
	}{
		{failed: 4, left: []int{0, 1, 2}, stoppedFrom: 3}, // {1} touches {2}, not {5, 6}
		{failed: 5, left: []int{0, 1, 2, 3, 4}, stoppedFrom: 5},
		{failed: 3, left: []int{0, 1}, stoppedFrom: 2}, // {5, 6} touches {4}
		{failed: 2, left: []int{0}, stoppedFrom: 1},    // {2} touches {3}, not {4}
	} {
		s := &search{g: g, chains: chains}
		stopped := make([]bool, len(chains))
		for c := range tc.failed {
			s.stack = append(s.stack, &node{chain: c, stop: func() { stopped[c] = true }})
		}
		s.backjump(tc.failed)
		var left []int
		for _, n := range s.stack {
			left = append(left, n.chain)
		}
		if !slices.Equal(left, tc.left) {
			t.Errorf("chain %d failed: nodes %v left, want %v", tc.failed, left, tc.left)
		}
		for c := range tc.failed {
			if want := c >= tc.stoppedFrom; stopped[c] != want {
				t.Errorf("chain %d failed: node of chain %d stopped %v, want %v", tc.failed, c, stopped[c], want)
			}
		}
	}
}
