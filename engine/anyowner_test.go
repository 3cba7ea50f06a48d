package engine_test

import (
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/game/gametest"
)

// Under "move any piece" the programs of every piece run for the player
// to move, and choose by friend?, enemy? or my? which pieces they move;
// a moved piece keeps its owner. Without the option, only the mover's
// own pieces run.
func TestMoveAnyPiece(t *testing.T) {
	const pieces = `
  (piece (name Man) (moves
    ((verify friend?) right (verify empty?) add)
    ((verify enemy?) left (verify empty?) (add-partial))))
  (board-setup (A (Man a)) (B (Man e)))`
	tests := []struct {
		name   string
		option string
		first  []string // A's moves at the start
	}{
		{"own pieces only", "", []string{"a - b man-1"}},
		{"any piece", `(option "move any piece" true)`,
			[]string{"a - b man-1", "+ e - d man-2 + d - c man-2 + c - b man-2 +"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := compileSource(t, `(game (title "Push") (players A B) `+tt.option+rowBoard+pieces+`)`)
			s := engine.NewState(g)
			if got := notations(t, s); !slices.Equal(got, tt.first) {
				t.Fatalf("A's moves %q, want %q", got, tt.first)
			}
			gametest.Run(t, "push", func() *engine.Position { return engine.NewPosition(engine.NewState(g), nil) },
				gametest.Options[engine.Ply]{Seed: 1, Games: 4, Plies: 40})
		})
	}
}

// A piece moved by the other player stays its owner's: B's man pushed
// by A is still B's, and B moves it as its own.
func TestMovedPieceKeepsOwner(t *testing.T) {
	g := compileSource(t, `(game (title "Push") (players A B) (option "move any piece" true) `+rowBoard+`
  (piece (name Man) (moves
    ((verify my?) right (verify empty?) add)
    ((verify enemy?) left (verify empty?) add)))
  (board-setup (A (Man a)) (B (Man e))))`)
	s := engine.NewState(g)
	play(t, s, "e - d man-2")
	v := s.At(3)
	if v == 0 || v.Owner() != 1 {
		t.Fatalf("d holds %v: want B's man", v)
	}
	// B: its own man (now on d) steps right (my?), A's man on a steps
	// left: off the board, so no move.
	if got := notations(t, s); !slices.Equal(got, []string{"d - e man-1"}) {
		t.Fatalf("B's moves %q", got)
	}
}
