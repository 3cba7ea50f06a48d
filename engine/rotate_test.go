package engine_test

import (
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestRotateCarries: a group move takes what belongs to a piece with it
// (the column under it, its counters) and is taken back by undo, with
// the hash.
func TestRotateCarries(t *testing.T) {
	path := filepath.Join("testdata", "games", "turntable.zrf")
	tests := []struct {
		variant, pos, move, want string
	}{
		{"Turntable columns", `(turn A) (A (Man a1 c1)) (B (Man b2)) (stack a1 (B Man) (A Man))`,
			"man-3", "(A (Man a2 b1))|(B (Man b2))|(stack a2 (B Man) (A Man))"},
		{"Turntable columns", `(turn A) (A (Man b3)) (B (Man a3 c2))`,
			"b3 - b2 man-4", "(A (Man b2))|(B (Man b3 c1))"},
		{"Turntable counters", `(turn A) (A (Man b1)) (B (Man c3)) (attribute steps 3 b1)`,
			"man-2", "(A (Man a1))|(B (Man c2))|(attribute steps 3 a1)"},
	}
	for _, tt := range tests {
		g := compile(t, path, tt.variant)
		s, err := engine.ParsePosition(g, "test", []byte(tt.pos))
		if err != nil {
			t.Fatalf("%s: %v", tt.variant, err)
		}
		m, err := s.ParseMove(tt.move)
		if err != nil {
			t.Fatalf("%s: %v (moves %v)", tt.variant, err, notations(t, s))
		}
		playChecked(t, s, &m, tt.variant+": "+tt.move, tt.want)
	}
}
