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
