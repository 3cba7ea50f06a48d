package engine_test

import (
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestBashniColumns: in Bashni a man that jumps a column takes only its
// top piece, under itself, and the rest of the column stays; a king then
// lands where it can go on capturing, as in Russian draughts.
func TestBashniColumns(t *testing.T) {
	g := game(t, "bashni.zrf", "")
	pos := func(n string) int { return g.Rules.Board.PositionIndex(n) }
	s, err := engine.ParsePosition(g, "test", []byte(`(position (turn White) (White (Man c3)) (Black (Man d4 h8)))`))
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, "+ c3 x e5 man-jump ne +")
	top, under := s.At(pos("e5")), s.Column(pos("e5"))
	if top == 0 || top.Owner() != 0 || len(under) != 1 || under[0].Owner() != 1 || s.At(pos("d4")) != 0 {
		t.Fatalf("e5: %v over %v; d4: %v", top, under, s.At(pos("d4")))
	}
	// A white king on a1 takes the man on c3 and must land on e5, from
	// where it goes on to take f4 (landing on g3 or h2).
	s, err = engine.ParsePosition(g, "test", []byte(`(position (turn White) (White (King a1)) (Black (Man c3 f4 h8)))`))
	if err != nil {
		t.Fatal(err)
	}
	got := notations(t, s)
	slices.Sort(got)
	want := []string{"+ a1 x e5 king-jump ne + e5 x g3 king-jump se +", "+ a1 x e5 king-jump ne + e5 x h2 king-jump se +"}
	if !slices.Equal(got, want) {
		t.Fatalf("king's moves %q, want %q", got, want)
	}
}
