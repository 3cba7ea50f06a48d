package search

import (
	"math/rand/v2"
	"testing"
)

// TestNodeStore allocates runs of nodes of many sizes, some longer than a
// page, writes each run through kids and kidMoves, and checks that no run
// overlaps another and that every node and move reads back, before and
// after the store is reset and reused.
func TestNodeStore(t *testing.T) {
	var s nodeStore[int]
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 6 {
		s.reset()
		type run struct{ first, n int32 }
		var runs []run
		total := 0
		for total < 5*pageSize {
			n := 1 + rng.IntN(300)
			if rng.IntN(40) == 0 {
				n = pageSize + rng.IntN(2*pageSize) // a block of several pages
			}
			first := s.alloc(n)
			nd := mnode{first: first, count: int32(n)}
			kids, stats, moves := s.kids(&nd), s.kidStats(&nd), s.kidMoves(&nd)
			if len(kids) != n || len(stats) != n || len(moves) != n {
				t.Fatalf("round %d: run of %d at %d: %d nodes, %d stats, %d moves", round, n, first, len(kids), len(stats), len(moves))
			}
			for k := range kids {
				kids[k] = mnode{index: int32(len(runs)), count: int32(k)}
				stats[k] = mstat{visits: float64(k)}
				moves[k] = len(runs)<<20 | k
			}
			runs = append(runs, run{first, int32(n)})
			total += n
		}
		if s.used != total {
			t.Errorf("round %d: %d nodes used, %d allocated", round, s.used, total)
		}
		for r, rn := range runs {
			for k := range rn.n {
				i := rn.first + k
				if nd := s.node(i); nd.index != int32(r) || nd.count != k || s.stat(i).visits != float64(k) || s.move(i) != r<<20|int(k) {
					t.Fatalf("round %d: node %d of run %d (at %d) reads %+v, %+v, move %d", round, k, r, rn.first, *nd, *s.stat(i), s.move(i))
				}
			}
		}
	}
}
