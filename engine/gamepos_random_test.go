package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestRandomGame checks that a random game through the Position takes its
// moves back when it ends, leaves a game cut short where it stopped, and
// that its results add up to 1.
func TestRandomGame(t *testing.T) {
	for _, file := range []string{"chess.zrf", "checkers.zrf", "connect-four.zrf", "reversi.zrf", "breakthrough.zrf"} {
		t.Run(file, func(t *testing.T) {
			pos := engine.NewPosition(engine.NewState(game(t, file, "")), nil)
			start := pos.Key()
			startMoves := pos.Moves(nil)
			rng := rand.New(rand.NewPCG(9, 9))
			ended := 0
			for range 20 {
				r, n := pos.RandomGame(rng, 1000)
				if r == nil {
					for range n {
						pos.Undo()
					}
					continue
				}
				ended++
				if n == 0 {
					t.Fatal("a game of no moves")
				}
				sum := 0.0
				for _, v := range r {
					sum += v
				}
				if sum < 0.999 || sum > 1.001 {
					t.Errorf("result %v does not add up to 1", r)
				}
				if pos.Key() != start || !slices.EqualFunc(pos.Moves(nil), startMoves, func(a, b engine.Ply) bool {
					return pos.Notation(a) == pos.Notation(b)
				}) {
					t.Fatalf("the position is not back at the start after a random game: key %x, want %x; %d moves, want %d", pos.Key(), start, len(pos.Moves(nil)), len(startMoves))
				}
			}
			if ended == 0 {
				t.Error("no random game ended")
			}
			r, n := pos.RandomGame(rng, 5)
			if r != nil || n != 5 {
				t.Fatalf("cut at 5 moves: result %v after %d moves, want nil after 5", r, n)
			}
			if pos.Key() == start {
				t.Error("a game cut short was taken back")
			}
			for range n {
				pos.Undo()
			}
			if pos.Key() != start {
				t.Error("Undo does not take back a game cut short")
			}
			if err := pos.Err(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
