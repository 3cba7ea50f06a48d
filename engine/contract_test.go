package engine_test

import (
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/game/gametest"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/internal/testenv"
)

// TestContract checks the positions of every game against the contract
// of game.Position (see package gametest): every bundled game as the
// commands and the server open it, then every game and variant the
// conformance tests know, in short games so that the whole stays quick
// (LUDUS_LONG=1 walks longer ones).
func TestContract(t *testing.T) {
	o := gametest.Options[engine.Ply]{Seed: 1, Games: 2, Plies: 40, Tries: 8}
	if testenv.Long() {
		o = gametest.Options[engine.Ply]{Seed: 7, Games: 6, Plies: 200, Tries: 32, CopyEvery: 3}
	}
	t.Run("bundled", func(t *testing.T) {
		for _, name := range games.Names() {
			g, err := games.Open(name, games.Options{})
			if err != nil {
				t.Fatal(err)
			}
			cg, ev := g.Compiled, g.Compiled.Evaluator()
			gametest.Run(t, name, func() *engine.Position { return engine.NewPosition(engine.NewState(cg), ev) }, o)
		}
	})
	t.Run("all", func(t *testing.T) {
		short := o
		short.Games, short.Plies = 1, 30
		if testenv.Long() {
			short = o
		}
		for name, g := range conformanceGames(t) {
			gametest.Run(t, name, func() *engine.Position { return engine.NewPosition(engine.NewState(g), nil) }, short)
		}
	})
}

// A runner's moves loop for ever once it stands in column e: the rules
// fail at the fourth move of either side.
const trapRules = `(game (title "Trap") (players A B)
  (board (grid (start-rectangle 0 0 1 1)
    (dimensions ("a/b/c/d/e/f" (1 0)) ("1/2" (0 1)))
    (directions (e 1 0))))
  (piece (name Runner)
    (moves ((if (position? e1) (while true mark)) (if (position? e2) (while true mark)) e (verify empty?) add)))
  (board-setup (A (Runner a1)) (B (Runner a2))))`

// TestContractFaults checks a game whose rules fail: the position reports
// the error (game.Faulter), shares it with its copies, and reports the
// game over once it has failed.
func TestContractFaults(t *testing.T) {
	g := compileText(t, "trap.zrf", trapRules, "")
	newPos := func() *engine.Position { return engine.NewPosition(engine.NewState(g), nil) }
	if err := gametest.Check(newPos, gametest.Options[engine.Ply]{}); err == nil || !strings.Contains(err.Error(), "did not stop") {
		t.Fatalf("the walk did not meet the failing rules: %v", err)
	}
	gametest.Run(t, "trap", newPos, gametest.Options[engine.Ply]{Faults: true, Games: 4, CopyEvery: 3})
}
