package tiles_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ludus-games/ludus/tiles"
)

// A side is written trail by trail; sides equal up to rotation normalise
// to the same layout.
func ExampleParseSide() {
	a, _ := tiles.ParseSide("N,S|NE,SW|SE,NW")
	b, _ := tiles.ParseSide("NE,SW|SE,NW|S,N")
	fmt.Println(a.Normalize(), a.Normalize() == b.Normalize().Rotate(0))
	fmt.Println("needs a bridge:", a.NeedsBridge(), "trails:", a.NumTrails())
	dead, _ := tiles.ParseSide("N|NE,SE,SW,NW|S")
	fmt.Println(dead.Rotate(1).Normalize(), dead.NeedsBridge())
	// Output:
	// N,S|NE,SW|SE,NW true
	// needs a bridge: true trails: 3
	// N|NE,SE,SW,NW|S false
}

// Score a tile set on the built-in board: the static terms are exact, the
// board terms are means over random boards.
func ExampleScorer_Score() {
	set, err := tiles.ReadSet(strings.NewReader(strings.Repeat("N,S|NE,SW|SE,NW / N|NE,SE,SW,NW|S\n", 20)), "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	sc, err := tiles.NewScorer(tiles.SeedBoard(), tiles.DefaultWeights())
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := sc.Score(set, rand.New(rand.NewPCG(1, 2)), 20000)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("bridges", s.Bridges, "dup", s.DupScore, "fully connected", s.FullyConnected)
	fmt.Printf("extra edges %.1f, path probability %.2f, objective %.0f\n", s.ExtraEdges.Mean, s.PathProb.Mean, s.Objective.Mean)
	// Output:
	// bridges 20 dup 800 fully connected 0
	// extra edges 5.1, path probability 0.88, objective -4
}

// The seed's genome: two bits for the trail number of each direction, 24
// bits per tile.
func ExampleDecode() {
	set, _ := tiles.ReadSet(strings.NewReader("N,S|NE|SE,SW,NW / N,NE,SE,S,SW,NW\n"), "one")
	bits := tiles.Encode(set)
	back, _ := tiles.Decode(bits)
	fmt.Println(len(bits), back[0])
	// Output: 24 N|NE,S,SW|SE,NW / N,NE,SE,S,SW,NW
}

// Optimise from a random start for a few generations.
func ExampleOptimize() {
	sc, err := tiles.NewScorer(tiles.SeedBoard(), tiles.DefaultWeights())
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := tiles.Optimize(context.Background(), sc, tiles.Options{
		Seed: 1, Generations: 40, Workers: 2, PopSize: 12, Elite: 3, Boards: 300, ValidateBoards: 3000,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(res.Best), "tiles, objective above 9:", res.Score.Objective.Mean > 9)
	// Output: 20 tiles, objective above 9: true
}

// A new board of a given shape, with the landmark pairs of one's choice,
// and a set of one tile per slot scored on it.
func ExampleNewBoard() {
	b, err := tiles.NewBoard("hex:2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(b.Slots), "slots,", len(b.Landmarks), "landmarks,", len(b.Pairs), "pairs")
	if err := b.SetPairs("Well-Gate1,Well-Gate4"); err != nil {
		fmt.Println(err)
		return
	}
	sc, _ := tiles.NewScorer(b, tiles.DefaultWeights())
	s, _ := sc.Score(tiles.RandomSet(rand.New(rand.NewPCG(1, 2)), len(b.Slots)), rand.New(rand.NewPCG(3, 4)), 1000)
	fmt.Println(len(s.Pairs), "pairs scored:", s.Pairs[0].A, "-", s.Pairs[0].B)
	// Output:
	// 18 slots, 7 landmarks, 21 pairs
	// 2 pairs scored: Well - Gate1
}

// Constraints bound any scoring term; the violation is the relative
// excess, 0 when the term is within its limit.
func ExampleParseConstraint() {
	cs, _ := tiles.ParseConstraints([]string{"bridges<=11", "dup<=72", "path>=0.9"})
	t := tiles.Terms{Bridges: 12, DupScore: 70, PathProb: 0.88}
	for _, c := range cs {
		fmt.Printf("%s: %.4f\n", c, c.Violation(t))
	}
	fmt.Printf("total %.4f\n", tiles.Violation(cs, t))
	// Output:
	// bridges<=11: 0.0909
	// dup<=72: 0.0000
	// path>=0.9: 0.0200
	// total 0.1109
}

// Printable sheets: pages of fronts, each followed by the mirrored page of
// the same tiles' backs.
func ExamplePrintSheets() {
	set := tiles.RandomSet(rand.New(rand.NewPCG(5, 6)), 20)
	sheets, err := tiles.PrintSheets(set, tiles.DefaultPrintOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range sheets {
		fmt.Printf("%gx%g mm, back %v, tiles %d-%d\n", s.Width, s.Height, s.Back, s.Tiles[0]+1, s.Tiles[len(s.Tiles)-1]+1)
	}
	// Output:
	// 210x297 mm, back false, tiles 1-12
	// 210x297 mm, back true, tiles 1-12
	// 210x297 mm, back false, tiles 13-20
	// 210x297 mm, back true, tiles 13-20
}
