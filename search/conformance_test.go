package search_test

import (
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/game/gametest"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
	"github.com/ludus-games/ludus/search/bottest"
)

// conformingBots are the bots every game's conformance run checks: each
// kind of the registry, and the ways MCTS can search, its playouts cut
// short so that long games stay quick. Deterministic bots decide the same
// on every goroutine.
var conformingBots = []struct {
	spec          string
	deterministic bool
}{
	{"random", true},
	{"alphabeta", true},
	{"alphabeta:chance=expect", true},
	{"expectimax", true},
	{"expectimax:minprob=0.01", true},
	{"maxn", true},
	{"mcts:playout=40", true},
	{"mcts:playout=40,threads=2", true},
	{"mcts:playout=40,threads=2,parallel=tree", false},
	{"mcts:playout=40,reuse=false", true},
}

// checkBots runs the bot suite (see package bottest) for every bot of
// conformingBots on one game, with the options o.
func checkBots[M any, P game.Position[M]](t *testing.T, name string, newPos func() P, h search.Hooks[M, P], o bottest.Options[M]) {
	t.Run(name, func(t *testing.T) {
		reg := search.NewRegistry(h)
		for _, b := range conformingBots {
			o.Deterministic = b.deterministic
			bottest.Run(t, b.spec, newPos, bottest.FromSpec(reg, b.spec), o)
		}
	})
}

// TestBotsConform checks every kind of bot on the test games (two
// players, chance, three players) and on a game of the engine with dice.
func TestBotsConform(t *testing.T) {
	o := bottest.Options[int]{Seed: 1}
	checkBots(t, "tic-tac-toe", testgames.NewTicTacToe, search.Hooks[int, *testgames.TicTacToe]{MoveKey: intKey}, o)
	checkBots(t, "connect four", testgames.NewConnectFour, search.Hooks[int, *testgames.ConnectFour]{Eval: c4Eval, MoveKey: intKey}, o)
	checkBots(t, "pig", func() *testgames.Pig { return testgames.NewPig(30) }, search.Hooks[int, *testgames.Pig]{Eval: pigEval}, o)
	checkBots(t, "take3", func() *testgames.Take3 { return testgames.NewTake3(20) }, search.Hooks[int, *testgames.Take3]{}, o)
	g, err := games.Open("ur.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cg, ev := g.Compiled, g.Compiled.Evaluator()
	checkBots(t, "ur.zrf", func() *engine.Position { return engine.NewPosition(engine.NewState(cg), ev) },
		search.Hooks[engine.Ply, *engine.Position]{
			Eval:    func(pos *engine.Position, p game.Player) float64 { return pos.Evaluate(p) },
			MoveKey: engine.MoveKey,
		}, bottest.Options[engine.Ply]{Seed: 1, Nodes: 60, Plies: 12})
}

// TestTestPositionsConform checks the small positions of these tests
// against the contract of game.Position, so that a bot's failure there
// is the bot's.
func TestTestPositionsConform(t *testing.T) {
	gametest.Run(t, "pig", func() *pig { return &pig{} }, gametest.Options[int]{Games: 10})
	gametest.Run(t, "nim", func() *nim { return &nim{heap: 15} }, gametest.Options[int]{Games: 5})
}
