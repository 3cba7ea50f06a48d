package engine_test

import "testing"

// The commonest programs of the bundled games are recognised and walked
// without running bytecode, and programs whose plans cover every start
// position never run.
func TestShapesRecognised(t *testing.T) {
	tests := []struct {
		file   string
		shapes map[string]int
	}{
		// The pawn push sets the fifty-move count before its two adds:
		// a program.
		{"chess.zrf", map[string]int{"slide": 12, "steps": 8, "steps with promotion": 2, "program": 17}},
		{"breakthrough.zrf", map[string]int{"steps": 3}},
		{"checkers.zrf", map[string]int{"steps": 4, "steps with promotion": 2, "program": 6}},
		{"connect-four.zrf", map[string]int{"planned": 1}},
		{"tic-tac-toe.zrf", map[string]int{"planned": 1}},
	}
	for _, tt := range tests {
		g := game(t, tt.file, "")
		got := map[string]int{}
		for _, b := range g.Blocks {
			got[b.Shape()]++
		}
		for k, v := range tt.shapes {
			if got[k] != v {
				t.Errorf("%s: %d %q programs, want %d (all: %v)", tt.file, got[k], k, v, got)
			}
		}
	}
}
