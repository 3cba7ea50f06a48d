package zrf

import (
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
)

// TestRotateReads reads the two forms of rotate: one cycle, and several
// in lists.
func TestRotateReads(t *testing.T) {
	src := `(game (title "R") (players A B) ` + board + `
(piece (name P) (moves ((rotate a1 b1 b2) add) ((rotate (a1 b1) (a2 b2)) add))))`
	f, err := read(t, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	gm, err := f.Build(f.Games[0])
	if err != nil {
		t.Fatal(err)
	}
	r := gm.Rules
	blocks := r.Pieces[0].Moves
	if len(blocks) != 2 {
		t.Fatalf("%d blocks", len(blocks))
	}
	for i, want := range [][][]string{{{"a1", "b1", "b2"}}, {{"a1", "b1"}, {"a2", "b2"}}} {
		s := blocks[i].Body[0]
		if s.Kind != rules.SRotate || len(s.Cycles) != len(want) {
			t.Fatalf("block %d: %+v", i, s)
		}
		for c, cyc := range s.Cycles {
			for j, p := range cyc {
				if got := r.Board.Positions[p]; got != want[c][j] {
					t.Errorf("block %d cycle %d: position %d is %s, want %s", i, c, j, got, want[c][j])
				}
			}
		}
	}
	if _, err := engine.Compile(r); err != nil {
		t.Fatal(err)
	}
}
