package extbot_test

import (
	"fmt"

	"github.com/ludus-games/ludus/extbot"
	"github.com/ludus-games/ludus/games"
)

// The commands add the kinds gtp and uci to a game's registry; a spec of
// a game its protocol cannot describe is refused before any program runs.
func ExampleRegister() {
	g, _ := games.Open("chess", games.Options{})
	if err := extbot.Register(g.Bots, g.Compiled); err != nil {
		panic(err)
	}
	_, err := g.Bots.Bot("gtp:gnugo --mode gtp --level 1")
	fmt.Println(err)
	// Output:
	// bot gtp:gnugo --mode gtp --level 1: Chess is not a game GTP can describe: Pawn moves on the board, and GTP only drops stones
}

// A server's clients seat the engines its operator named, never a
// program of their own.
func ExampleEngines() {
	var engines *extbot.Engines // the operator named none
	g, _ := games.Open("go", games.Options{})
	_, refused, err := engines.Bot(g.Compiled, "gtp:/bin/sh -c 'rm -rf /'")
	fmt.Println(refused, err)
	// Output:
	// true bot gtp: a gtp: spec would start a program, which clients may not; no engines are named by the operator
}
