package gtp_test

import (
	"context"
	"fmt"
	"io"
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

// A client talks to an engine program; here the engine of this package
// on pipes, where a program's standard input and output would be.
func ExampleClient() {
	g := mustOpen("tic-tac-toe")
	e := &gtp.Engine{Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: "alphabeta:depth=9"}
	cmdR, cmdW := io.Pipe()
	respR, respW := io.Pipe()
	go func() {
		e.Serve(context.Background(), cmdR, respW)
		respW.Close()
	}()
	c := gtp.NewClient(respR, cmdW)
	ctx := context.Background()
	for _, mv := range [][2]string{{"b", "A3"}, {"w", "B2"}, {"b", "A2"}} {
		c.Do(ctx, "play", mv[0], mv[1])
	}
	move, _ := c.Do(ctx, "genmove", "w")
	_, err := c.Do(ctx, "play", "b", "A1")
	fmt.Println(move, err)
	c.Do(ctx, "quit")
	// Output: A1 gtp play b A1: ? illegal move: A1 is not a legal move
}
