package engine_test

import (
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// A record whose second move is not legal names that move when replayed.
func TestRecordReplayErrors(t *testing.T) {
	g := game(t, "tic-tac-toe.zrf", "")
	rec := &engine.Record{}
	rec.Append("a1 drop-on-empty X Mark")
	rec.Append("a1 drop-on-empty O Mark")
	if err := rec.Replay(engine.NewState(g)); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Fatalf("replaying an illegal move: %v", err)
	}
	var v engine.Record
	v.Append("b2 drop-on-empty X Mark")
	v.Root.Children = append(v.Root.Children, &engine.RecordNode{Move: "b2 drop-on-empty O Mark"})
	if err := v.Replay(engine.NewState(g)); err == nil || !strings.Contains(err.Error(), "move 1") {
		t.Fatalf("replaying an illegal variation: %v", err)
	}
}

func TestParseMoveNotation(t *testing.T) {
	g := game(t, "checkers.zrf", "")
	s := engine.NewState(g)
	for _, text := range []string{"c3 - d4 man-step ne", "  c3   -  d4 man-step ne ", "1. c3 - d4 man-step ne"} {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := s.Notation(&m); got != "c3 - d4 man-step ne" {
			t.Fatalf("%q read as %q", text, got)
		}
	}
	if _, err := s.ParseMove("c3 - d5 man-step ne"); err == nil {
		t.Fatal("an impossible move was accepted")
	}
}
