package engine_test

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestGates checks which classes of the bundled games have gates, and that
// along random games a gated class lists the moves, in the same order, as
// the class run from every piece does.
func TestGates(t *testing.T) {
	tests := []struct {
		file  string
		gated []int
	}{
		{"checkers.zrf", []int{0}},
		{"laska.zrf", []int{0}},
		{"fanorona.zrf", []int{0}},
		{"ur.zrf", []int{0}},
		{"chess.zrf", nil},                  // slides and paths have no plans
		{"international-draughts.zrf", nil}, // a board of two words
		{"connect-four.zrf", nil},           // drops only
		{"breakthrough.zrf", nil},           // paths
		{filepath.Join("..", "engine", "testdata", "games", "columns.zrf"), nil}, // stacks
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			g := game(t, tc.file, "")
			if got := engine.Gated(g); !slices.Equal(got, tc.gated) {
				t.Fatalf("gated classes %v, want %v", got, tc.gated)
			}
			if tc.gated == nil {
				return
			}
			s, r := engine.NewState(g), engine.NewState(engine.WithoutGates(g))
			rng := rand.New(rand.NewPCG(3, 4))
			var ml engine.MoveList
			positions := 0
			for game := 0; game < 30; game++ {
				for ply := 0; ply < 300; ply++ {
					got, want := notations(t, s), notations(t, r)
					if !slices.Equal(got, want) {
						t.Fatalf("game %d ply %d: gated %v, ungated %v", game, ply, got, want)
					}
					positions++
					if res, _ := s.Result(); res.Over || len(got) == 0 {
						break
					}
					ms, _ := s.Moves(&ml)
					m := ms[rng.IntN(len(ms))].Clone()
					s.Play(&m)
					r.Play(&m)
				}
				for s.Undo() {
				}
				for r.Undo() {
				}
			}
			if positions < 500 {
				t.Fatalf("only %d positions compared", positions)
			}
		})
	}
}

// TestGatedPlayouts plays random games of draughts on the gated and the
// ungated game with the same seeds: the draws see the same lists, so the
// games are the same.
func TestGatedPlayouts(t *testing.T) {
	g := game(t, "checkers.zrf", "")
	ref := engine.WithoutGates(g)
	s, r := engine.NewState(g), engine.NewState(ref)
	var ml, mr engine.MoveList
	for i := uint64(0); i < 100; i++ {
		a, na, err := engine.Playout(s, rand.New(rand.NewPCG(i, 9)), 1000, &ml)
		if err != nil {
			t.Fatal(err)
		}
		b, nb, err := engine.Playout(r, rand.New(rand.NewPCG(i, 9)), 1000, &mr)
		if err != nil {
			t.Fatal(err)
		}
		if na != nb || a.Reason != b.Reason || !slices.Equal(a.Scores, b.Scores) {
			t.Fatalf("game %d: %d plies %q gated, %d plies %q ungated", i, na, a.Reason, nb, b.Reason)
		}
	}
}
