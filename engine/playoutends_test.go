package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestPlayoutsEnd: random playouts (the sampling the searches use, not
// the move lists the other tests compare) of the games whose rules add
// a way to end a drawn game, or that always end, reach the end by the
// rules, well before the ply limit.
func TestPlayoutsEnd(t *testing.T) {
	for _, tt := range []struct {
		file    string
		n, most int
	}{
		{"surakarta.zrf", 6, 5000},
		{"kalah.zrf", 40, 1000},
		{"backgammon.zrf", 4, 5000},
		{"splut.zrf", 4, 10000},
	} {
		g := game(t, tt.file, "")
		rng := rand.New(rand.NewPCG(21, 4))
		var ml engine.MoveList
		for i := 0; i < tt.n; i++ {
			s := engine.NewState(g)
			r, plies, err := engine.Playout(s, rng, tt.most, &ml)
			if err != nil {
				t.Fatalf("%s: %v", tt.file, err)
			}
			if !r.Over || plies >= tt.most {
				t.Errorf("%s: playout %d not over after %d plies: %+v", tt.file, i, plies, r)
			}
		}
	}
}
