package zrf_test

import (
	"fmt"
	"testing/fstest"

	"github.com/ludus-games/ludus/engine/zrf"
)

// Read reads a file with its includes; Build makes the rules of one game.
func ExampleRead() {
	src := `
(define step ($1 (verify empty?) add))
(game
  (title "Race")
  (players White Black)
  (board (grid (start-rectangle 0 0 10 10)
    (dimensions ("a/b" (10 0)) ("3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1)))
    (symmetry Black (n s) (s n)))
  (piece (name Man) (moves (step n)))
  (board-setup (White (Man a1)) (Black (Man b3)))
  (win-condition (White Black) (absolute-config Man (a3 b1))))
(variant (title "Long") (board-setup (White (Man a1)) (Black (Man b2))))`
	f, err := zrf.Read("race.zrf", []byte(src), fstest.MapFS{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range f.Games {
		g, err := f.Build(e)
		if err != nil {
			fmt.Println(err)
			return
		}
		r := g.Rules
		fmt.Println(e.Index, e.Title, len(r.Board.Positions), "positions,", r.Pieces[0].Moves[0].Name, r.Pieces[0].Moves[0].Params)
	}
	// Output:
	// 1 Race 6 positions, step [n]
	// 2 Long 6 positions, step [n]
}

// Errors name every problem with its place.
func ExampleRead_errors() {
	_, err := zrf.Read("bad.zrf", []byte("(game (title \"x\")\n  (players A B) (frobnicate))\n(variant"), fstest.MapFS{})
	fmt.Println(err)
	// Output:
	// bad.zrf:3:1: '(' not closed
}
