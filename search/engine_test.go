package search_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
)

// zrfTicTacToe returns the start of the bundled tic-tac-toe rules file,
// played through the engine.
func zrfTicTacToe(t *testing.T) *engine.Position {
	t.Helper()
	g, err := games.Open("../games/tic-tac-toe.zrf", games.Options{})
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

// zrfStart returns the start of a bundled rules file, played through the
// engine.
func zrfStart(t *testing.T, file string) *engine.Position {
	t.Helper()
	g, err := games.Open("../games/"+file, games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return engine.NewPosition(engine.NewState(g.Compiled), nil)
}

// TestParallelMCTSOnTheEngine searches rules files with two threads both
// ways, the positions copied per thread (go test -race checks that the
// copies share nothing they write): the moves are legal and a chess
// search stops soon after the move time runs out.
func TestParallelMCTSOnTheEngine(t *testing.T) {
	type bot = search.MCTS[engine.Ply, *engine.Position]
	for _, mode := range []search.Parallelism{search.RootParallel, search.TreeParallel} {
		for _, file := range []string{"connect-four.zrf", "breakthrough.zrf"} {
			pos := zrfStart(t, file)
			m := &bot{Iterations: 60, Threads: 2, Parallel: mode, MaxPlayout: 200}
			d, err := m.Choose(context.Background(), pos)
			if err != nil || d.Nodes != 60 {
				t.Fatalf("%s %s: %+v %v", mode, file, d, err)
			}
			legal := false
			for _, mv := range pos.Moves(nil) {
				legal = legal || pos.Notation(mv) == pos.Notation(d.Move)
			}
			if !legal {
				t.Errorf("%s %s: chose %s, not a legal move", mode, file, pos.Notation(d.Move))
			}
		}
		pos := zrfStart(t, "chess.zrf")
		m := &bot{Iterations: 1 << 30, Threads: 2, Parallel: mode}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		_, err := m.Choose(ctx, pos)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
			t.Errorf("%s chess with a 100ms cap: %v after %v", mode, err, time.Since(start))
		}
		t.Logf("%s chess with a 100ms cap: stopped after %v", mode, time.Since(start))
		if got := pos.Moves(nil); len(got) != 20 {
			t.Errorf("%s: chess start left with %d moves", mode, len(got))
		}
	}
}
