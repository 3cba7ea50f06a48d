package engine_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestGoalWords: each bundled game's goals, in words as its players say
// how a game ended.
func TestGoalWords(t *testing.T) {
	tests := []struct {
		file string
		want []string // each goal's words, in file order
	}{
		{"tic-tac-toe.zrf", []string{"three in a row", "stalemate"}},
		{"connect-four.zrf", []string{"four in a row", "stalemate"}},
		{"chess.zrf", []string{"checkmate", "stalemate", "repetition", "the fifty-move rule"}},
		{"hex.zrf", []string{"a chain across"}},
	}
	for _, tt := range tests {
		g := game(t, tt.file, "")
		var got []string
		for _, goal := range g.Rules.Goals {
			got = append(got, engine.GoalWords(g.Rules, goal.Cond))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: goals in words %q, want %q", tt.file, got, tt.want)
		}
	}
}

// TestEndWords: a finished game says how it ended in words.
func TestEndWords(t *testing.T) {
	g := game(t, "tic-tac-toe.zrf", "")
	pos := engine.NewPosition(engine.NewState(g), nil)
	for _, m := range []string{"a1", "a2", "b1", "b2", "c1"} {
		ply, err := pos.ReadMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if pos.EndWords() != "" {
			t.Fatalf("words before the end: %q", pos.EndWords())
		}
		pos.Play(ply)
	}
	if w := pos.EndWords(); w != "three in a row" {
		t.Errorf("X's row of three ends in the words %q", w)
	}
	if r := pos.EndReason(); !strings.HasPrefix(r, "win-condition of X at ") {
		t.Errorf("the reason is %q", r)
	}
}
