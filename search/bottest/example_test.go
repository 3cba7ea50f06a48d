package bottest_test

import (
	"fmt"

	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
	"github.com/ludus-games/ludus/search/bottest"
)

// ExampleCheck checks alpha-beta on tic-tac-toe. In a test, bottest.Run
// does the same as a subtest:
//
//	bottest.Run(t, "alphabeta", testgames.NewTicTacToe, bottest.FromSpec(reg, "alphabeta"), o)
func ExampleCheck() {
	reg := search.NewRegistry(search.Hooks[int, *testgames.TicTacToe]{})
	o := bottest.Options[int]{Deterministic: true} // a node budget makes alpha-beta's decisions reproducible
	err := bottest.Check(testgames.NewTicTacToe, bottest.FromSpec(reg, "alphabeta:tt=12"), o)
	fmt.Println("alphabeta:", err)
	// Output: alphabeta: <nil>
}
