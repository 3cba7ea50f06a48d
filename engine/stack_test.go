package engine_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// Columns move with their top piece; take-top puts the taken piece at the
// capturer's bottom and frees the piece under it; capture-top throws it
// away; a piece moving onto a column takes all of it. Make and unmake
// and the hash cover the columns.
func TestColumns(t *testing.T) {
	g := compile(t, filepath.Join("testdata", "games", "columns.zrf"), "")
	tests := []struct {
		name, pos, move, want string
	}{
		{"take the top to the bottom", `(turn A) (A (Man b2) (Man c1)) (B (Man b3)) (stack b2 (B Man)) (stack b3 (A Man))`,
			"b2 x b4", "(A (Man b4 b3 c1))|(stack b4 (B Man) (B Man))"},
		{"throw the top away", `(turn A) (A (Man a1) (Man c1)) (B (Man b1)) (stack b1 (A Man) (B Man))`,
			"a1 x c1", ""},
		{"throw the top away, freeing", `(turn A) (A (Man a2)) (B (Man b2)) (stack b2 (A Man) (B Man))`,
			"a2 x c2", "(A (Man b2 c2))|(stack b2 (B Man))"},
		{"a column takes a column", `(turn A) (A (Man b2)) (B (Man a2) (Man e5)) (stack b2 (A Man)) (stack a2 (B Man))`,
			"b2 x a2", "(A (Man a2))|(B (Man e5))|(stack a2 (A Man))"},
	}
	for _, tt := range tests {
		s, err := engine.ParsePosition(g, "test", []byte(tt.pos))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var ml engine.MoveList
		ms, err := s.Moves(&ml)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for i := range ms {
			if !strings.HasPrefix(s.Notation(&ms[i]), tt.move) {
				continue
			}
			found = true
			playChecked(t, s, &ms[i], tt.name+": "+tt.move, tt.want)
		}
		if !found && tt.want != "" {
			t.Errorf("%s: no move %s among %q", tt.name, tt.move, notations(t, s))
		}
		if found && tt.want == "" {
			t.Errorf("%s: move %s made, but c1 is occupied", tt.name, tt.move)
		}
	}
}

// Bad columns in a position are errors at their place.
func TestColumnPositionErrors(t *testing.T) {
	g := compile(t, filepath.Join("testdata", "games", "columns.zrf"), "")
	tests := []struct{ src, want string }{
		{`(stack a1 (A Man))`, "test:1:8: no piece on a1"},
		{`(A (Man a1)) (stack a1 (A Man) (A Man) (A Man) (A Man))`, "test:1:14: a column of 5 pieces: the rules allow 4"},
		{`(A (Man a1)) (stack a1 (C Man))`, "test:1:25: unknown player C"},
		{`(A (Man a1)) (stack a1 Man)`, "test:1:24: want (Player Piece)"},
		{`(A (Man a1)) (stack a1)`, "test:1:14: stack wants a position"},
	}
	for _, tt := range tests {
		_, err := engine.ParsePosition(g, "test", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.src, err, tt.want)
		}
	}
	chess := game(t, "chess.zrf", "")
	if _, err := engine.ParsePosition(chess, "test", []byte(`(White (King e1)) (stack e1 (White Pawn))`)); err == nil ||
		!strings.Contains(err.Error(), "no stacks") {
		t.Errorf("a stack in chess: %v", err)
	}
}

// FuzzParsePositionStacks is FuzzParsePosition for Laska's columns.
func FuzzParsePositionStacks(f *testing.F) {
	f.Add([]byte(`(turn Black) (White (Soldier a1) (Officer c3)) (Black (Soldier e5)) (stack c3 (Black Soldier) (White Officer))`))
	f.Add([]byte(`(stack a1 (White Soldier)) (White (Soldier a1))`))
	f.Add([]byte(`(White (Soldier a1)) (stack a1 (Black))`))
	g := game(f, "laska.zrf", "")
	f.Fuzz(func(t *testing.T, src []byte) { positionRoundTrip(t, g, src) })
}
