package arena_test

import (
	"context"
	"testing"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/internal/testenv"
	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

// TestLongMCTSAgainstRandom checks the strength targets over many games:
// MCTS with 2,000 iterations never loses tic-tac-toe to a random player,
// and with 1,000 wins at least 95% of connect four games.
func TestLongMCTSAgainstRandom(t *testing.T) {
	testenv.SkipUnlessLong(t)
	ctx := context.Background()
	bots := tttBots(t, "mcts:iterations=2000", "random")
	m, err := arena.Match(ctx, ticTacToe, bots, arena.Options{Games: 1000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if m.Losses[0] != 0 {
		t.Errorf("tic-tac-toe: lost %d of 1000", m.Losses[0])
	}
	t.Logf("tic-tac-toe: %d wins, %d draws, %d losses, score %.3f %v", m.Wins[0], m.Draws, m.Losses[0], m.Score[0], m.ScoreCI[0])

	eval := func(c *testgames.ConnectFour, p game.Player) float64 { return c.Eval(p) }
	r := search.NewRegistry(search.Hooks[int, *testgames.ConnectFour]{Eval: eval})
	c4, err := arena.Entrants(r, "mcts:iterations=1000", "random")
	if err != nil {
		t.Fatal(err)
	}
	g := arena.Game[int, *testgames.ConnectFour]{Name: "connect four", New: testgames.NewConnectFour}
	m, err = arena.Match(ctx, g, c4, arena.Options{Games: 400, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rate := float64(m.Wins[0]) / float64(m.Games); rate < 0.95 {
		t.Errorf("connect four: won %.1f%% of %d games", 100*rate, m.Games)
	}
	t.Logf("connect four: %d wins, %d draws, %d losses, win rate interval %v", m.Wins[0], m.Draws, m.Losses[0], m.WinRateCI[0])
}
