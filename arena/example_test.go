package arena_test

import (
	"context"
	"fmt"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

// ExampleScoreInterval works out a match of 45 wins, 30 draws and 25
// losses: the score, its interval and the Elo difference they give.
func ExampleScoreInterval() {
	score, drawRate := (45+30*0.5)/100.0, 30/100.0
	iv := arena.ScoreInterval(score, drawRate, 100, arena.Z95)
	elo := arena.EloInterval(iv)
	fmt.Printf("score %.3f in [%.3f, %.3f]\n", score, iv[0], iv[1])
	fmt.Printf("Elo %+.1f in [%+.1f, %+.1f]\n", arena.Elo(score), elo[0], elo[1])
	fmt.Printf("wins alone: %.3f\n", arena.Wilson(45, 100, arena.Z95))
	// Output:
	// score 0.600 in [0.518, 0.675]
	// Elo +70.4 in [+12.6, +126.6]
	// wins alone: [0.356 0.548]
}

// ExampleBalance measures random tic-tac-toe: the first player's edge and
// the number of choices at each move.
func ExampleBalance() {
	reg := search.NewRegistry(search.Hooks[int, *testgames.TicTacToe]{})
	bots, _ := arena.Entrants(reg, "random")
	g := arena.Game[int, *testgames.TicTacToe]{Name: "tic-tac-toe", New: testgames.NewTicTacToe}
	b, err := arena.Balance(context.Background(), g, bots[0], arena.Options{Games: 500, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("first player wins %.0f%%, draws %.0f%%\n", 100*b.FirstPlayerWinRate, 100*b.DrawRate)
	fmt.Println("legal moves by move:", b.BranchingByMove)
	// Output:
	// first player wins 59%, draws 12%
	// legal moves by move: [9 8 7 6 5 4 3 2 1]
}

// ExampleBoardGame plays full-depth alpha-beta against itself on the
// bundled tic-tac-toe rules: every game is drawn.
func ExampleBoardGame() {
	e, err := games.Open("../games/tic-tac-toe.zrf", games.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	bots, err := arena.Entrants(e.Bots, "alphabeta:depth=9", "alphabeta:depth=9")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := arena.Match(context.Background(), arena.BoardGame(e), bots, arena.Options{Games: 4, Seed: 1, Openings: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, %s vs %s: %d games, %d draws\n", m.Game, m.Bots[0], m.Bots[1], m.Games, m.Draws)
	fmt.Println("players:", e.Players())
	// Output:
	// Tic-Tac-Toe, alphabeta:depth=9 vs alphabeta:depth=9#2: 4 games, 4 draws
	// players: [X O]
}
