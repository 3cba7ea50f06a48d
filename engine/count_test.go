package engine_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestCountMoves checks, along random games, that counting the moves
// without listing them gives the number Moves lists and that each picked
// move is the one at its index in that list.
func TestCountMoves(t *testing.T) {
	tests := []struct {
		file    string
		counted bool
	}{
		{filepath.Join("..", "games", "connect-four.zrf"), true},
		{filepath.Join("..", "games", "tic-tac-toe.zrf"), true},
		{filepath.Join("testdata", "games", "two-drops.zrf"), true},
		{filepath.Join("..", "games", "breakthrough.zrf"), false},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			g := compile(t, tc.file, "")
			if got := engine.Counted(g); got != tc.counted {
				t.Fatalf("counted = %v, want %v", got, tc.counted)
			}
			rng := rand.New(rand.NewPCG(5, 6))
			var ml engine.MoveList
			for game := 0; game < 20; game++ {
				s := engine.NewState(g)
				for ply := 0; ply < 200; ply++ {
					want := notations(t, s)
					n, err := engine.CountMoves(s, &ml)
					if err != nil {
						t.Fatal(err)
					}
					if n != len(want) {
						t.Fatalf("game %d ply %d: counted %d moves, listed %d", game, ply, n, len(want))
					}
					for i := range n {
						// Picking may reuse the list: count again each time.
						engine.CountMoves(s, &ml)
						if got := s.Notation(engine.PickMove(s, &ml, i)); got != want[i] {
							t.Fatalf("game %d ply %d: move %d is %q, want %q", game, ply, i, got, want[i])
						}
					}
					if r, _ := s.Result(); r.Over || n == 0 {
						break
					}
					// Playing a counted move directly makes the listed move.
					k := rng.IntN(n)
					twin := s.Clone()
					engine.CountMoves(twin, &ml)
					mv := engine.PickMove(twin, &ml, k).Clone()
					twin.Play(&mv)
					engine.CountMoves(s, &ml)
					engine.PlayPick(s, &ml, k)
					if !s.Equal(twin) || s.Hash() != twin.Hash() {
						t.Fatalf("game %d ply %d: playing move %d directly differs from playing it listed", game, ply, k)
					}
				}
			}
		})
	}
}
