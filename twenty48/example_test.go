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
