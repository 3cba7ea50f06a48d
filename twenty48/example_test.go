package twenty48_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/ludus-games/ludus/twenty48"
)

// Example slides a row the way the original game does: each tile merges
// at most once, the pair nearest the edge first.
func Example() {
	b, _ := twenty48.FromTiles([16]int{2, 2, 2, 2, 4, 4, 8, 8})
	after := b.Move(twenty48.Left)
	fmt.Print(after)
	fmt.Println("gain", b.Gain(twenty48.Left))
	// Output:
	//      4      4      .      .
	//      8     16      .      .
	//      .      .      .      .
	//      .      .      .      .
	// gain 32
}

// ExampleExpectimax plays the first moves of a seeded game with the
// nneonneo heuristic at depth 2.
func ExampleExpectimax() {
	eval, _ := twenty48.EvalByName("nneonneo")
	player := &twenty48.Expectimax{Eval: eval, Depth: 2, MinProb: twenty48.DefaultMinProb}
	g := twenty48.NewGame(42)
	for i := 0; i < 200 && !g.Over(); i++ {
		m, _, _ := player.Choose(g.Board, nil)
		g.Play(m)
	}
	fmt.Println(g.Moves, "moves, largest tile", g.MaxTile())
	// Output: 200 moves, largest tile 256
}

// ExampleExpectimax_Analyze shows what the search makes of each move of
// a board, beside the move it chooses.
func ExampleExpectimax_Analyze() {
	eval, _ := twenty48.EvalByName("nneonneo")
	player := &twenty48.Expectimax{Eval: eval, Depth: 2}
	b, _ := twenty48.FromTiles([16]int{2, 4, 8, 16, 0, 0, 0, 32, 0, 0, 0, 0, 0, 0, 0, 2})
	m, vals, _, _ := player.Analyze(b)
	for i, mv := range twenty48.Moves {
		if vals.Legal[i] {
			fmt.Printf("%-5s %.0f\n", mv, vals.Values[i])
		} else {
			fmt.Printf("%-5s moves no tile\n", mv)
		}
	}
	fmt.Println("chosen:", m)
	// Output:
	// up    1577460
	// down  1575135
	// left  1573984
	// right moves no tile
	// chosen: up
}

// ExampleReadRecords records a short game and reads it back, checked move
// by move against the rules.
func ExampleReadRecords() {
	var buf bytes.Buffer
	_, err := twenty48.PlayGame(context.Background(), twenty48.Greedy{}, 7, twenty48.PlayOptions{MaxMoves: 5, Record: &buf})
	if err != nil {
		fmt.Println(err)
		return
	}
	recs, err := twenty48.ReadRecords(&buf, "game.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := recs[0]
	fmt.Println(len(r.Moves), "moves, first", r.Moves[0].Move, "score", r.Summary.Score)
	// Output: 5 moves, first up score 16
}

// ExampleParseWeights reads the heuristic's weights as --eval takes them.
func ExampleParseWeights() {
	w, err := twenty48.ParseWeights("nneonneo,empty=300,sum=12")
	fmt.Println(w, err)
	_, err = twenty48.ParseWeights("empty=lots")
	fmt.Println(err)
	// Output:
	// base=200000,empty=300,merges=700,monotonicity=47,mono_power=4,sum=12,sum_power=3.5 <nil>
	// evaluation "empty=lots": term empty: "lots" is not a number
}

// ExampleTraining learns a small network for a few games and plays with
// it: the same seed gives the same network.
func ExampleTraining() {
	cfg := twenty48.DefaultTrainConfig
	cfg.Seed = 1
	cfg.Shape, _ = twenty48.ParseShape("0123,4567,0145", "")
	t, _ := twenty48.NewTraining("", cfg)
	if err := t.Run(context.Background(), twenty48.TrainOptions{Games: 20, Workers: 1}); err != nil {
		fmt.Println(err)
	}
	fmt.Println(t.State.Games, "games,", t.Net.Shape)

	player := &twenty48.Expectimax{Eval: twenty48.NetworkEval("small", "", t.Net), Depth: 1}
	g := twenty48.NewGame(7)
	for !g.Over() {
		m, _, _ := twenty48.ChooseOn(player, g, nil)
		g.Play(m)
	}
	fmt.Println(g.MaxTile() >= 128)
	// Output:
	// 20 games, 3x4-tuple
	// true
}

// ExampleProject shows the board the players see of a game past 32768:
// the 65536 becomes the largest rank, the tiles below keep their order
// and gaps.
func ExampleProject() {
	fmt.Print(twenty48.Project([16]int{65536, 16384, 8192, 2, 4}))
	// Output:
	//  32768   8192   4096      2
	//      4      .      .      .
	//      .      .      .      .
	//      .      .      .      .
}
