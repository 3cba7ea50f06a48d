package dungeon

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/dungeon/planar"
	"github.com/ludus-games/ludus/internal/testenv"
)

// Every feasible size and loop count gives, for every seed tried (3, 6
// with LUDUS_LONG=1), a connected planar graph with exactly that many
// loops and no room joined to more than four others; more loops are
// refused with a clear error.
func TestSyntheticGraphs(t *testing.T) {
	sizes := []int{1, 2, 3, 4, 5, 7, 10, 12, 17, 25, 33, 49, 60}
	seeds := uint64(testenv.Pick(3, 6))
	for _, sep := range []bool{false, true} {
		for _, n := range sizes {
			most := maxSynthCycles(n, sep)
			for c := 0; c <= most; c++ {
				for seed := range seeds {
					opt := SynthOptions{Rooms: n, Cycles: c, Seed: seed, Corridors: seed%2 == 1, Separate: sep}
					spec, err := Synthetic(opt)
					if err != nil {
						t.Fatalf("%+v: %v", opt, err)
					}
					if msg := checkSynthGraph(spec, n, c, sep); msg != "" {
						t.Fatalf("%+v: %s", opt, msg)
					}
				}
			}
			_, err := Synthetic(SynthOptions{Rooms: n, Cycles: most + 1, Separate: sep})
			if err == nil || !strings.Contains(err.Error(), "do not fit") {
				t.Errorf("%d rooms, %d loops, separate %v: got %v, want a refusal", n, most+1, sep, err)
			}
		}
	}
}

// checkSynthGraph describes what is wrong with a synthetic graph, or
// returns "".
func checkSynthGraph(spec *Spec, n, cycles int, separate bool) string {
	if len(spec.Rooms) != n || len(spec.Connections) != n-1+cycles {
		return fmt.Sprintf("%d rooms and %d connections", len(spec.Rooms), len(spec.Connections))
	}
	g, err := NewGenerator(spec)
	if err != nil {
		return err.Error()
	}
	var edges [][2]int
	for _, e := range g.edges {
		edges = append(edges, [2]int{e.a, e.b})
	}
	for _, r := range g.rooms {
		if len(r.adj) > synthMaxDegree {
			return fmt.Sprintf("room %s has %d neighbours", r.name, len(r.adj))
		}
	}
	if !planar.IsPlanar(n, edges) {
		return "not planar"
	}
	if separate {
		// Loops that share no connection: every block is a single cycle,
		// whose faces are its two sides.
		blocks, _ := planar.Embed(n, edges)
		for _, b := range blocks {
			if len(b.Faces) != 2 {
				return fmt.Sprintf("loops share connections in block %v", b.Vertices)
			}
		}
	}
	return "" // NewGenerator checked that the graph is connected, without repeated connections
}

// Twelve rooms with two loops, the size of a small designed level, work
// for every seed.
func TestSyntheticTwelveRoomsTwoLoops(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		spec, err := Synthetic(SynthOptions{Rooms: 12, Cycles: 2, Seed: seed})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if msg := checkSynthGraph(spec, 12, 2, false); msg != "" {
			t.Errorf("seed %d: %s", seed, msg)
		}
	}
}
