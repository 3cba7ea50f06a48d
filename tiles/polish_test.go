package tiles

import (
	"context"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestCompareMatchesScore: a paired comparison on the boards of a
// generator is the difference of the two sets' scores on those boards.
func TestCompareMatchesScore(t *testing.T) {
	sc := seedScorer(t)
	a := RandomSet(rand.New(rand.NewPCG(1, 1)), 20)
	b := RandomSet(rand.New(rand.NewPCG(2, 2)), 20)
	est, err := sc.Compare([]Set{a, b, a}, rand.New(rand.NewPCG(9, 9)), 3000)
	if err != nil {
		t.Fatal(err)
	}
	sa, _ := sc.Score(a, rand.New(rand.NewPCG(9, 9)), 3000)
	sb, _ := sc.Score(b, rand.New(rand.NewPCG(9, 9)), 3000)
	if want := sb.Objective.Mean - sa.Objective.Mean; math.Abs(est[1].Mean-want) > 1e-9 {
		t.Errorf("b - a: %v, scores differ by %v", est[1].Mean, want)
	}
	if est[0].Mean != 0 || est[2].Mean != 0 || est[2].StdErr != 0 {
		t.Errorf("a against itself: %+v, %+v", est[0], est[2])
	}
	// Pairing sharpens the difference of neighbours: its standard error is
	// well below that of either score.
	a = a.Normalize() // the tile order of the neighbours
	n := Neighbours(a)[5]
	pair, _ := sc.Compare([]Set{a, n}, rand.New(rand.NewPCG(3, 3)), 3000)
	if pair[1].StdErr > sa.Objective.StdErr/2 {
		t.Errorf("paired standard error %.4f, unpaired %.4f", pair[1].StdErr, sa.Objective.StdErr)
	}
}

func TestNeighbours(t *testing.T) {
	set := RandomSet(rand.New(rand.NewPCG(4, 4)), 20).Normalize()
	ns := Neighbours(set)
	// 40 sides × 37 other layouts that are not fully connected (fewer for
	// a side already fully connected), plus up to 2 re-pairings of each of
	// the 190 pairs of tiles.
	if len(ns) < 40*36 || len(ns) > 40*37+380 {
		t.Errorf("%d neighbours", len(ns))
	}
	for _, n := range ns {
		diff := 0
		for i := range n {
			if n[i] != set[i] {
				diff++
			}
		}
		if diff == 0 || diff > 2 || n.String() == set.String() {
			t.Fatalf("neighbour differs in %d tiles:\n%v", diff, n)
		}
	}
}

func TestPolishImproves(t *testing.T) {
	sc := seedScorer(t)
	start := RandomSet(rand.New(rand.NewPCG(6, 6)), 20)
	res, err := Polish(context.Background(), sc, start, PolishOptions{
		Seed: 1, Workers: 2, Rounds: 3, ScreenBoards: 200, RaceBoards: 2000,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Accepted == 0 || res.Gain <= 0 {
		t.Fatalf("no move from a random set: %+v", res)
	}
	before, _ := sc.Objective(start, rand.New(rand.NewPCG(8, 8)), 20000)
	after, _ := sc.Objective(res.Set, rand.New(rand.NewPCG(8, 8)), 20000)
	if after < before+0.5*res.Gain {
		t.Errorf("objective %.3f -> %.3f, gain measured on the race boards %.3f", before, after, res.Gain)
	}
	// Static constraints the set meets are kept.
	cs, _ := ParseConstraints([]string{"bridges<=" + strconv.Itoa(start.Bridges())})
	res, err = Polish(context.Background(), sc, start, PolishOptions{Seed: 1, Rounds: 2, ScreenBoards: 200, RaceBoards: 2000, Constraints: cs})
	if err != nil {
		t.Fatal(err)
	}
	if res.Set.Bridges() > start.Bridges() {
		t.Errorf("bridges %d -> %d under bridges<=%d", start.Bridges(), res.Set.Bridges(), start.Bridges())
	}
}
