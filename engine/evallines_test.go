package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestLinePoints checks the goal-proximity term on positions counted by
// hand. An open line is worth 1, 4, 16 for one, two, three matching
// pieces; Want are each player's counts (before the weight, 10 by
// default).
func TestLinePoints(t *testing.T) {
	// Three in a row on the 3x3 board up and down as well as north and
	// east: the same lines, counted once; the misère version counts them
	// against the player.
	const both = `(define drop-on-empty ((verify empty?) add))
(define three (relative-config Mark $1 Mark $1 Mark))
(game (title "T") (players X O) (turn-order X O)
  (board (grid (start-rectangle 0 0 10 10)
    (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1))))
  (piece (name Mark) (drops (drop-on-empty)))
  (KIND-condition (X O) (or (three n) (three s) (three e) (three w) (three ne) (three nw)))
  (draw-condition (X O) stalemated))`
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ttt := game(t, "tic-tac-toe.zrf", "")
	c4 := game(t, "connect-four.zrf", "")
	twoWay := compile(t, write("both.zrf", strings.Replace(both, "KIND", "win", 1)), "")
	misere := compile(t, write("misere.zrf", strings.Replace(both, "KIND", "loss", 1)), "")
	cases := []struct {
		name  string
		g     *engine.Game
		setup string
		want  [2]float64
	}{
		// b2 lies on its row, its column and both diagonals.
		{"centre", ttt, "(turn O) (X (Mark b2))", [2]float64{4, 0}},
		// X: rows 1 and 2, columns a and b, the diagonal c1-a3 (a1-c3 is
		// blocked by O); O: row 3 and column c.
		{"blocked diagonal", ttt, "(X (Mark a1 b2)) (turn X) (O (Mark c3))", [2]float64{5, 2}},
		// X: row 1 holds two (4), column b and the diagonal a1-c3 one
		// each; column a is blocked. O: row 2.
		{"two in a row", ttt, "(X (Mark a1 b1)) (turn X) (O (Mark a2))", [2]float64{6, 1}},
		{"empty board", ttt, "(turn X)", [2]float64{0, 0}},
		// d1 lies on four lines across, one up, one rising (d1-g4) and
		// one falling (a4-d1).
		{"connect four d1", c4, "(turn Yellow) (Red (Disc d1))", [2]float64{7, 0}},
		// Red a1: up a1-a4 and rising a1-d4 (across a1-d1 holds b1).
		// Yellow b1: across b1-e1 (a1-d1 holds a1), up b1-b4, rising
		// b1-e4.
		{"connect four corner", c4, "(turn Red) (Red (Disc a1)) (Yellow (Disc b1))", [2]float64{2, 3}},
		// Reversed directions give the same lines, counted once.
		{"both ways", twoWay, "(X (Mark a1 b2)) (turn X) (O (Mark c3))", [2]float64{5, 2}},
		{"misère", misere, "(X (Mark a1 b2)) (turn X) (O (Mark c3))", [2]float64{-5, -2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := engine.ParsePosition(c.g, c.name, []byte(c.setup))
			if err != nil {
				t.Fatal(err)
			}
			e, err := engine.NewEvaluator(c.g, "lines=1,mobility=0")
			if err != nil {
				t.Fatal(err)
			}
			for p := range 2 {
				if got := e.LinePoints(s, p); got != c.want[p] {
					t.Errorf("player %d: %g, want %g", p, got, c.want[p])
				}
			}
			// The score is own lines less the opponent's, times the weight.
			e, err = engine.NewEvaluator(c.g, "lines=10,mobility=0")
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.Score(s, 0)
			if err != nil {
				t.Fatal(err)
			}
			if want := 10 * (c.want[0] - c.want[1]); got != want {
				t.Errorf("score %g, want %g", got, want)
			}
		})
	}
}

// TestLinesSpec checks the lines weight of the spec: read, written back
// only for games with line goals, and without effect elsewhere.
func TestLinesSpec(t *testing.T) {
	cases := []struct {
		file, spec, want string
	}{
		{"tic-tac-toe.zrf", "", "Mark=0,mobility=10,lines=10"},
		{"connect-four.zrf", "lines=2.5 mobility=0", "Disc=0,mobility=0,lines=2.5"},
		{"chess.zrf", "", "Pawn=100,Knight=273,Bishop=401,Rook=570,Queen=820,King=0,mobility=10"},
		{"chess.zrf", "lines=7", "Pawn=100,Knight=273,Bishop=401,Rook=570,Queen=820,King=0,mobility=10"},
	}
	for _, c := range cases {
		g := game(t, c.file, "")
		e, err := engine.NewEvaluator(g, c.spec)
		if err != nil {
			t.Fatalf("%s %q: %v", c.file, c.spec, err)
		}
		if got := e.String(); got != c.want {
			t.Errorf("%s %q: %s, want %s", c.file, c.spec, got, c.want)
		}
		if got := e.LinePoints(engine.NewState(g), 0); got != 0 {
			t.Errorf("%s %q: %g line points at the start", c.file, c.spec, got)
		}
	}
	if _, err := engine.NewEvaluator(game(t, "tic-tac-toe.zrf", ""), "lines=-1"); err == nil {
		t.Error("lines=-1: no error")
	}
}

// BenchmarkLinePoints measures the term on a connect-four middle game.
func BenchmarkLinePoints(b *testing.B) {
	g := game(b, "connect-four.zrf", "")
	s, err := engine.ParsePosition(g, "bench", []byte("(turn Red) (Red (Disc d1 d3 c1 e2 c3)) (Yellow (Disc d2 e1 c2 f1 b1))"))
	if err != nil {
		b.Fatal(err)
	}
	e := g.Evaluator()
	for b.Loop() {
		e.LinePoints(s, 0)
	}
}
