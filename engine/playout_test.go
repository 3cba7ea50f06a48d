package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestPlayoutAllocatesNothing checks that a random playout, once the state
// and the move list have grown to the game's size, allocates no memory.
func TestPlayoutAllocatesNothing(t *testing.T) {
	for _, file := range []string{"chess.zrf", "breakthrough.zrf", "checkers.zrf", "connect-four.zrf",
		"tic-tac-toe.zrf", "reversi.zrf", "hex.zrf", "go.zrf"} {
		t.Run(file, func(t *testing.T) {
			s := engine.NewState(game(t, file, ""))
			rng := rand.New(rand.NewPCG(1, 2))
			var ml engine.MoveList
			over := 0
			play := func() {
				r, _, err := engine.Playout(s, rng, 1000, &ml)
				if err != nil {
					t.Fatal(err)
				}
				if r.Over {
					over++
				}
			}
			for i := 0; i < 20; i++ {
				play() // the buffers grow to the longest game
			}
			if a := testing.AllocsPerRun(30, play); a != 0 {
				t.Errorf("%.2f allocations per playout, want none", a)
			}
			if over == 0 {
				t.Error("no playout reached the end of a game")
			}
		})
	}
}
