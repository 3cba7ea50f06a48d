package zrf

import (
	"strings"
	"testing"
)

// A grid direction must move, and only along the grid's dimensions: a
// zero vector, or an offset along a dimension the grid lacks, is an error
// at the direction; trailing zeros are allowed.
func TestGridDirectionsThatCannotBe(t *testing.T) {
	for _, tt := range []struct{ dirs, want string }{
		{"(n 0 -1) (z 0 0)", "main.zrf:3:26: direction z goes nowhere: its offsets are all 0"},
		{"(n 0 -1) (up 0 1 1)", "main.zrf:3:26: direction up moves along dimension 3, but the grid has 2"},
		{"(n 0 -1) (e 1 0 0)", ""},
	} {
		src := `(game (title "D") (players A B)
  (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (1 0)) ("1/2/3" (0 1)))
    (directions ` + tt.dirs + `)))
  (piece (name P) (drops ((verify empty?) add))))`
		_, err := build1(src)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.dirs, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want %q", tt.dirs, err, tt.want)
		}
	}
}

// A board set up with two pieces on one square is an error at the second.
func TestSetupTwoPiecesOnOneSquare(t *testing.T) {
	src := `(game (title "S") (players A B) ` + board + `
  (piece (name P) (drops ((verify empty?) add)))
  (board-setup (A (P a1 b1)) (B (P a1))))`
	_, err := build1(src)
	if err == nil || !strings.Contains(err.Error(), "main.zrf:5:36: a1 holds a piece already") {
		t.Fatalf("error %v", err)
	}
}
