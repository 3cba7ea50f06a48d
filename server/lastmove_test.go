package server

import (
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// TestDescribeMoveCaptures: the positions a move is said to capture are
// those whose pieces left the board, not those of pieces it moved
// elsewhere (Splut!'s pushes and levitations), nor of its own pieces.
func TestDescribeMoveCaptures(t *testing.T) {
	g, err := games.Open("splut", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, pos, move string
		want            []string
	}{
		{"a levitation", `(Red (RedSorcerer d3)) (Blue (BlueSorcerer b6))`, "d3 - d4 levitate n e5", nil},
		{"a push", `(Red (RedDwarf c5) (RedSorcerer d2)) (Blue (BlueTroll d5) (BlueSorcerer b6))`, "c5 - d5 push e", nil},
		{"SPLUT!", `(Red (RedTroll e4) (RedSorcerer d2)) (Blue (BlueSorcerer e8) (BlueDwarf b4) (BlueTroll c4))`,
			"e4 - e5 throw n n", []string{"b4", "c4", "e8"}},
	} {
		s, err := engine.ParsePosition(g.Compiled, tt.name, []byte(`(position (turn 9) (variable who 4) (variable turns 5)
		  (Grey (Rock e5 a5 e9 i5)) (Green (GreenSorcerer h4)) `+tt.pos+`)`))
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		before := make([]engine.Piece, len(g.Compiled.Rules.Board.Positions))
		for p := range before {
			before[p] = s.At(p)
		}
		s.Play(&m)
		got := describeMove(s, before).Captures
		slices.Sort(got)
		if !slices.Equal(got, tt.want) && len(got)+len(tt.want) > 0 {
			t.Errorf("%s: captures %q, want %q", tt.name, got, tt.want)
		}
	}
}
