package search_test

import (
	"context"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/search"
)

// zrfTicTacToe returns the start of the bundled tic-tac-toe rules file,
// played through the engine.
func zrfTicTacToe(t *testing.T) *engine.Position {
	t.Helper()
	g, err := zrf.Open("../games/tic-tac-toe.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	return engine.NewPosition(engine.NewState(g.Compiled), nil)
}

// TestAlphaBetaNeverLosesZRFTicTacToe checks the target on the engine's
// tic-tac-toe: full-depth alpha-beta never loses, whatever the opponent
// plays (as the second player after each of the 9 first moves, and as
// the first), and draws against itself.
func TestAlphaBetaNeverLosesZRFTicTacToe(t *testing.T) {
	ab := &search.AlphaBeta[engine.Ply, *engine.Position]{Budget: search.Budget{Depth: 9}, MoveKey: engine.MoveKey}
	t.Run("second", func(t *testing.T) { neverLosesTicTacToe(t, zrfTicTacToe(t), ab, false) })
	t.Run("first", func(t *testing.T) { neverLosesTicTacToe(t, zrfTicTacToe(t), ab, true) })
	t.Run("itself", func(t *testing.T) {
		pos := zrfTicTacToe(t)
		s := search.NewSession[engine.Ply, *engine.Position](ab, 1)
		defer s.Close()
		plies := 0
		for {
			r, over := pos.Result()
			if over {
				if r[0] != 0.5 || plies != 9 {
					t.Errorf("result %v after %d plies, want a draw on a full board", r, plies)
				}
				return
			}
			d, err := s.Choose(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			pos.Play(d.Move)
			plies++
		}
	})
}
