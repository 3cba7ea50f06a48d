package engine_test

import (
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestStavropolOwnCapture: in Stavropol draughts a player moves pieces
// of either colour, and captures are compulsory whichever colour makes
// them: when the only captures are the opponent's man taking one's own
// men, the player must make one of them, and its pieces are lost.
func TestStavropolOwnCapture(t *testing.T) {
	g := game(t, "stavropol-draughts.zrf", "")
	s, err := engine.ParsePosition(g, "test", []byte(`(position (turn White) (White (WhiteMan c3 e5 a1)) (Black (BlackMan d4 h8)))`))
	if err != nil {
		t.Fatal(err)
	}
	got := notations(t, s)
	slices.Sort(got)
	want := []string{"+ d4 x b2 man-jump sw Black White +", "+ d4 x f6 man-jump ne Black White +"}
	if !slices.Equal(got, want) {
		t.Fatalf("White's moves %q, want %q", got, want)
	}
	play(t, s, want[0])
	if v := s.At(g.Rules.Board.PositionIndex("c3")); v != 0 {
		t.Errorf("c3 still holds %v", v)
	}
	if v := s.At(g.Rules.Board.PositionIndex("b2")); v == 0 || v.Owner() != 1 {
		t.Errorf("b2 holds %v, want Black's man", v)
	}
}
