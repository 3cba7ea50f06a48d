package gtp_test

import (
	"context"
	"os"
	"strings"

	"github.com/ludus-games/ludus/engine/gtp"
)

// A front-end's commands, answered by alpha-beta at tic-tac-toe: it
// blocks the column.
func ExampleEngine() {
	g := mustOpen("tic-tac-toe")
	e := &gtp.Engine{Name: "ludus", Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: "alphabeta:depth=9"}
	in := strings.NewReader("1 boardsize 3\n2 play b A3\n3 play w B2\n4 play b A2\n5 genmove w\n6 final_score\nquit\n")
	if err := e.Serve(context.Background(), in, os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// =1
	//
	// =2
	//
	// =3
	//
	// =4
	//
	// =5 A1
	//
	// ?6 cannot score: the game is not over
	//
	// =
}
