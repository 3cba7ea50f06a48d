package uci_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ludus-games/ludus/engine/uci"
	"github.com/ludus-games/ludus/games"
)

func ExampleChess() {
	g, _ := games.Open("chess", games.Options{})
	c, _ := uci.NewChess(g.Compiled)
	pos := g.New()
	m, _ := c.ParseMove(pos, "g1f3")
	fmt.Println(pos.Notation(m))
	pos.Play(m)
	fmt.Println(c.FEN(pos.State()))
	// Output:
	// g1 - f3 leap n nw
	// rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1
}

// A chess front-end's commands, answered by alpha-beta: it finds the
// mate in one.
func ExampleEngine() {
	g, _ := games.Open("chess", games.Options{})
	e := &uci.Engine{Name: "ludus", Author: "the ludus authors", Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: "alphabeta:depth=2"}
	in := strings.NewReader("uci\nisready\nposition fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo depth 2\n")
	var out strings.Builder
	if err := e.Serve(context.Background(), in, &out); err != nil {
		panic(err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if !strings.HasPrefix(line, "info") {
			fmt.Fprintln(os.Stdout, line)
		}
	}
	// Output:
	// id name ludus
	// id author the ludus authors
	// option name Bot type string default alphabeta:depth=2
	// uciok
	// readyok
	// bestmove a1a8
}

// A client talks to an engine program; here the engine of this package
// on pipes, where a program's standard input and output would be.
func ExampleClient() {
	g, _ := games.Open("chess", games.Options{})
	e := &uci.Engine{Name: "ludus", Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: "alphabeta:depth=2"}
	cmdR, cmdW := io.Pipe()
	respR, respW := io.Pipe()
	go func() {
		e.Serve(context.Background(), cmdR, respW)
		respW.Close()
	}()
	c := uci.NewClient(respR, cmdW)
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		panic(err)
	}
	fmt.Println(c.Name, c.HasOption("Bot"), c.SetOption("Hash", "64"))
	best, info, _ := c.Go(ctx, uci.Position{FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}, uci.Limits{Depth: 2})
	fmt.Println(best, info.Value() > 0.9)
	c.Quit()
	// Output:
	// ludus true uci: ludus has no option "Hash"
	// a1a8 true
}
