package zrf

import (
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// phases is a game of two phases: in the first each player drops a
// stone; the drop that makes the second stone ($1: the count before it)
// jumps to the label two, which for each player names the other's entry
// of the second phase. In the second phase a drop on a1 plays again.
const phases = `(game (title "Phases") (players A B)
  (turn-order
    (turn-order (A one) (B one))
    (turn-order (labels - two) (A two) (labels two -) (B two)))
  (variable n 0)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d" (10 0)) ("1" (0 10))) (directions (e 1 0))))
  (piece (name S)
    (drops
      (move-type one)
      ((verify empty?) (if (= n $1) (goto-turn two)) (set-variable n (+ n 1)) add)
      (move-type two)
      ((verify empty?) (if (position? a1) repeat-turn) add)))
  (draw-condition (A B) (total-piece-count 4)))`

func phaseGame(t *testing.T, jumpAt string) *engine.Game {
	t.Helper()
	g := build(t, strings.Replace(phases, "$1", jumpAt, 1), nil)
	cg, err := engine.Compile(g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	return cg
}

// TestTurnPhases follows the turn through phases, labels per player and
// repeated turns, and counts the moves by hand.
func TestTurnPhases(t *testing.T) {
	var ml engine.MoveList
	// dropOn plays the drop on the named position.
	dropOn := func(s *engine.State, pos string) {
		t.Helper()
		ms, err := s.Moves(&ml)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ms {
			if ms[i].To() == s.Game().Rules.Board.PositionIndex(pos) {
				m := ms[i].Clone()
				s.Play(&m)
				return
			}
		}
		t.Fatalf("no drop on %s", pos)
	}
	// The jump made by B (the second drop) lands on A's entry of the
	// second phase (entry 2); then the phase cycles: 3, 2.
	s := engine.NewState(phaseGame(t, "1"))
	for i, c := range []struct {
		pos  string
		turn int
	}{{"a1", 1}, {"b1", 2}, {"c1", 3}, {"d1", 2}} {
		dropOn(s, c.pos)
		if s.Turn() != c.turn {
			t.Fatalf("after %d drops: turn entry %d, want %d", i+1, s.Turn(), c.turn)
		}
	}
	// Jumping at the first drop (A moved last): B's entry of the second
	// phase, entry 3; B's drop on a1 there plays again (entry 3 again),
	// its drop on c1 then passes to A (entry 2).
	s = engine.NewState(phaseGame(t, "0"))
	for i, c := range []struct {
		pos  string
		turn int
	}{{"b1", 3}, {"a1", 3}, {"c1", 2}} {
		dropOn(s, c.pos)
		if s.Turn() != c.turn {
			t.Fatalf("after %d drops: turn entry %d, want %d", i+1, s.Turn(), c.turn)
		}
	}
	// By hand, with the jump at the second drop: each drop fills one of
	// the squares left, so depth d has 4!/(4-d)! lines (the fourth fills
	// the board, and the game ends in a draw there).
	for d, want := range map[int]int64{1: 4, 2: 12, 3: 24, 4: 24} {
		if n, err := engine.Perft(engine.NewState(phaseGame(t, "1")), d); err != nil || n != want {
			t.Errorf("perft(%d) = %d, %v; want %d", d, n, err, want)
		}
	}
}

// TestTurnJumpRunError: a jump to a label that has no entry for the
// player moving stops move generation with an error naming the program.
func TestTurnJumpRunError(t *testing.T) {
	src := `(game (title "J") (players A B) (turn-order (labels x -) A B)
  (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (1 0))) (directions (e 1 0))))
  (piece (name P) (drops ((verify empty?) (goto-turn x) add))))`
	cg, err := engine.Compile(build(t, src, nil).Rules)
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(cg)
	var ml engine.MoveList
	ms, err := s.Moves(&ml)
	if err != nil || len(ms) != 3 {
		t.Fatalf("A's drops: %d, %v", len(ms), err)
	}
	m := ms[0].Clone()
	s.Play(&m) // A jumps to x: A again
	if s.ToMove() != 0 {
		t.Fatalf("after A's jump %d is to move, want A", s.ToMove())
	}
	p, err := engine.ParsePosition(cg, "pos", []byte("(position (turn B))"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Moves(&ml)
	if err == nil || !strings.Contains(err.Error(), "main.zrf:3:26: piece P") || !strings.Contains(err.Error(), "goto-turn x") {
		t.Errorf("B's jump to A's label: %v", err)
	}
}
