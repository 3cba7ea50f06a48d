package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// The bit-set walk of connection goals ends every random Hex game where
// the cell-by-cell walk does, with the same winner.
func TestConnectionSetsAgree(t *testing.T) {
	g := engine.WithoutKernel(game(t, "hex.zrf", ""))
	ref := engine.WithoutChainSets(g)
	s, r := engine.NewState(g), engine.NewState(ref)
	var ml, mr engine.MoveList
	for i := uint64(0); i < 300; i++ {
		a, na, err := engine.Playout(s, rand.New(rand.NewPCG(i, 1)), 1000, &ml)
		if err != nil {
			t.Fatal(err)
		}
		b, nb, err := engine.Playout(r, rand.New(rand.NewPCG(i, 1)), 1000, &mr)
		if err != nil {
			t.Fatal(err)
		}
		if na != nb || a.Over != b.Over || a.Reason != b.Reason || a.Scores[0] != b.Scores[0] {
			t.Fatalf("game %d: %d plies, %v %v with bit sets; %d plies, %v %v walking", i, na, a.Reason, a.Scores, nb, b.Reason, b.Scores)
		}
	}
}
