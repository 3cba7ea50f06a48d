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
		{"checkers.zrf", []int{0, 1}},
		{"laska.zrf", []int{0, 1}},
		{"fanorona.zrf", []int{0, 1}},
		{"ur.zrf", []int{0}},
		{"breakthrough.zrf", []int{0}},
		{"chess.zrf", nil},                  // guards the gates cannot read
		{"international-draughts.zrf", nil}, // a board of two words
		{"connect-four.zrf", nil},           // drops only
		{filepath.Join("..", "engine", "testdata", "games", "columns.zrf"), []int{0}}, // stacks
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
			if positions < 100 {
				t.Fatalf("only %d positions compared", positions)
			}
		})
	}
}

// TestGatedDraws draws a move at every position of random games of
// gated games: the move drawn is always one of the list, and none is drawn
// only where the list is empty (TestDrawUniform checks that the draws are
// uniform).
func TestGatedDraws(t *testing.T) {
	for _, file := range []string{"checkers.zrf", "breakthrough.zrf", "laska.zrf"} {
		g := game(t, file, "")
		s := engine.NewState(g)
		rng := rand.New(rand.NewPCG(5, 7))
		var ml, all engine.MoveList
		for game := 0; game < 20; game++ {
			for ply := 0; ply < 300; ply++ {
				if r, _ := s.Result(); r.Over {
					break
				}
				legal := notations(t, s)
				m, drawn, err := engine.DrawMove(s, &ml, rng)
				if err != nil || !drawn {
					t.Fatalf("%s game %d ply %d: drawn %v, %v", file, game, ply, drawn, err)
				}
				if m == nil {
					if len(legal) > 0 {
						t.Fatalf("%s game %d ply %d: no move drawn, %d legal", file, game, ply, len(legal))
					}
					break
				}
				if !slices.Contains(legal, s.Notation(m)) {
					t.Fatalf("%s game %d ply %d: drew %s, not in %v", file, game, ply, s.Notation(m), legal)
				}
				ms, _ := s.Moves(&all)
				mv := ms[rng.IntN(len(ms))].Clone()
				s.Play(&mv)
			}
			for s.Undo() {
			}
		}
	}
}
