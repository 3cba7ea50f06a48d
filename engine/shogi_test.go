package engine_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// shogiMoves returns the moves of a shogi position whose notation holds
// every part of at ("|" between the parts).
func shogiMoves(t *testing.T, text, at string) []string {
	t.Helper()
	g := game(t, "shogi.zrf", "")
	s, err := engine.ParsePosition(g, "test", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range notations(t, s) {
		all := true
		for _, part := range strings.Split(at, "|") {
			all = all && strings.Contains(m, part)
		}
		if all {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// TestShogiDrops: a pawn dropped in front of the king that it mates is
// refused, where the same pawn moved there mates; a pawn may not be
// dropped on a file where the player has an unpromoted pawn, nor on the
// last rank.
func TestShogiDrops(t *testing.T) {
	tests := []struct {
		name, position, at string
		want               []string
	}{
		{"a dropped pawn may not mate",
			`(position (turn Black) (Black (Gold 2c) (Silver 3b) (King 5i) (Pawn off 1)) (White (King 1a)))`, "1b",
			[]string{"2c - 1b step ne"}},
		{"a moved pawn may",
			`(position (turn Black) (Black (Gold 2c) (Silver 3b) (King 5i) (Pawn 1c)) (White (King 1a)))`, "1c - 1b",
			[]string{"1c - 1b pawn-1 = Pawn", "1c - 1b pawn-1 = Tokin"}},
		{"no second pawn on a file",
			`(position (turn Black) (Black (King 5i) (Pawn 4g off 1)) (White (King 5a)))`, "4|pawn",
			[]string{"4g - 4f pawn-1"}},
		{"no pawn on the last rank",
			`(position (turn Black) (Black (King 5i) (Pawn off 1)) (White (King 5a)))`, "3a|pawn",
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := shogiMoves(t, tt.position, tt.at); !slices.Equal(got, tt.want) {
				t.Errorf("moves at %s: %q, want %q", tt.at, got, tt.want)
			}
		})
	}
}

// TestShogiCapturedAs: a promoted piece taken goes to the capturer's
// hand unpromoted, and may be dropped as such.
func TestShogiCapturedAs(t *testing.T) {
	g := game(t, "shogi.zrf", "")
	s, err := engine.ParsePosition(g, "test", []byte(`(position (turn Black) (Black (King 5i) (Gold 5e)) (White (King 1a) (Dragon 5d)))`))
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, "5e x 5d step n")
	text := s.FormatPosition()
	if !strings.Contains(text, "(Black (King 5i off 0) (Rook off 1) (Dragon off 0)") {
		t.Fatalf("after taking the dragon:\n%s", text)
	}
}

// TestShogiEvaluation: the rules' evaluation counts, for each player,
// check (60), the squares next to the enemy King its pieces attack (40
// each) and those the King may flee to (-20 each); material counts
// pieces in hand.
func TestShogiEvaluation(t *testing.T) {
	g := game(t, "shogi.zrf", "")
	tests := []struct {
		name, position     string
		black, white, lead float64
	}{
		// The Gold on 5c attacks 4b, 5b and 6b; 4a and 6a are free. No
		// White piece is near the Black King's five squares.
		{"a gold below the king", `(position (turn White) (Black (King 5i) (Gold 5c)) (White (King 5a)))`,
			40*3 - 20*2, -20 * 5, 600 + 80 + 100},
		// Mate: the Gold checks and takes the King's squares, the Pawn
		// guards the Gold.
		{"mate", `(position (turn White) (Black (King 5i) (Gold 5b) (Pawn 5c)) (White (King 5a)))`,
			60 + 40*5, -20 * 5, 700 + 260 + 100},
		{"pieces in hand", `(position (turn Black) (Black (King 5i) (Rook off 1)) (White (King 5a) (Pawn off 2)))`,
			-20 * 5, -20 * 5, 1000 - 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := engine.ParsePosition(g, "test", []byte(tt.position))
			if err != nil {
				t.Fatal(err)
			}
			e := g.Evaluator()
			for side, want := range []float64{tt.black, tt.white} {
				if got, err := e.RulesPoints(s, side); err != nil || got != want {
					t.Errorf("player %d: %v points (%v), want %v", side, got, err, want)
				}
			}
			if got, err := e.Score(s, 0); err != nil || got != tt.lead {
				t.Errorf("Black leads by %v points (%v), want %v", got, err, tt.lead)
			}
		})
	}
}
