package engine_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// The majority rule written as an accumulator and an invariant keeps only
// the captures that take the most pieces, however early the others were
// generated.
func TestMajorityInvariant(t *testing.T) {
	g := game(t, "brazilian-draughts.zrf", "")
	tests := []struct {
		name, pos string
		want      []string
	}{
		{"two captures beat one", `(position (turn White) (White (Man a3 c3)) (Black (Man b4 d4 f6 h8)))`,
			[]string{"+ a3 x c5 man-jump ne + c5 x e3 man-jump se +", "+ c3 x e5 man-jump ne + e5 x g7 man-jump ne +"}},
		{"equal captures all stay", `(position (turn White) (White (Man a3 c3)) (Black (Man b4 h8)))`,
			[]string{"+ a3 x c5 man-jump ne +", "+ c3 x a5 man-jump nw +"}},
		{"a king's long capture", `(position (turn White) (White (King a1) (Man g1)) (Black (Man c3 e5 h2)))`,
			[]string{"+ a1 x d4 king-jump ne + d4 x f6 king-jump ne +", "+ a1 x d4 king-jump ne + d4 x g7 king-jump ne +",
				"+ a1 x d4 king-jump ne + d4 x h8 king-jump ne +"}},
	}
	for _, tt := range tests {
		s, err := engine.ParsePosition(g, "test.txt", []byte(tt.pos))
		if err != nil {
			t.Fatal(err)
		}
		got := notations(t, s)
		if len(got) != len(tt.want) {
			t.Errorf("%s: moves %q, want %q", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: move %d is %q, want %q", tt.name, i, got[i], tt.want[i])
			}
		}
	}
}

// Italian draughts' rules of precedence, each an accumulator and an
// invariant: most pieces, then a king capturing, then most kings, then a
// king met soonest; and men never take kings.
func TestItalianPrecedence(t *testing.T) {
	g := game(t, "italian-draughts.zrf", "")
	tests := []struct {
		name, pos string
		want      []string
	}{
		{"a man does not take a king", `(turn White) (White (Man c4)) (Black (King d5))`,
			[]string{"c4 - b5 man-step nw"}},
		{"the king captures, not the man", `(turn White) (White (King c4) (Man e4)) (Black (Man d5))`,
			[]string{"+ c4 x e6 king-jump ne +"}},
		{"the king takes the king", `(turn White) (White (King e4)) (Black (King d5) (Man f5))`,
			[]string{"+ e4 x c6 king-jump nw +"}},
		{"the king met first", `(turn White) (White (King c2)) (Black (Man d3 b5) (King f5 b3))`,
			[]string{"+ c2 x a4 king-jump nw + a4 x c6 king-jump ne +"}},
	}
	for _, tt := range tests {
		s, err := engine.ParsePosition(g, "test.txt", []byte(tt.pos))
		if err != nil {
			t.Fatal(err)
		}
		got := notations(t, s)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: moves %q, want %q", tt.name, got, tt.want)
		}
	}
}

// Tamerlane's king safety: with two kings, one may be left attacked; with
// one, it may not.
func TestSeveralKings(t *testing.T) {
	g := compile(t, filepath.Join("testdata", "games", "chess-invariant.zrf"), "Chess, several kings")
	for _, tt := range []struct {
		pos  string
		want int
	}{
		// The rook on e8 attacks the king on e1: with a second king on
		// a1 every move of both kings stands (5 + 3), alone the e1 king
		// must step off the file (d1, d2, f1, f2).
		{`(turn White) (White (King e1 a1)) (Black (King h8) (Rook e8))`, 8},
		{`(turn White) (White (King e1)) (Black (King h8) (Rook e8))`, 4},
	} {
		s, err := engine.ParsePosition(g, "kings", []byte(tt.pos))
		if err != nil {
			t.Fatal(err)
		}
		if got := notations(t, s); len(got) != tt.want {
			t.Errorf("%s: %d moves %q, want %d", tt.pos, len(got), got, tt.want)
		}
	}
}
