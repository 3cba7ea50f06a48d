package engine_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/games"
)

// compileSource compiles the first game of a rules text named loop.zrf.
func compileSource(t *testing.T, src string) *engine.Game {
	t.Helper()
	return compileText(t, "loop.zrf", src, "")
}

// compileText compiles a game (or variant) of a rules text.
func compileText(t *testing.T, name, src, variant string) *engine.Game {
	t.Helper()
	f, err := zrf.Read(name, []byte(src), fstest.MapFS{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := f.Select(variant)
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Build(e)
	if err != nil {
		t.Fatal(err)
	}
	cg, err := engine.Compile(g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	return cg
}

const lineBoard = `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (1 0)))
  (directions (e 1 0) (w -1 0))))`

// A move program that never ends stops at the step limit with an error
// that names the program, the piece and the move type.
func TestStepLimit(t *testing.T) {
	g := compileSource(t, `(game (title "Loop") (players A B) `+lineBoard+`
  (piece (name Spinner) (moves (move-type spin) ((while true mark) add)))
  (board-setup (A (Spinner a))))`)
	var ml engine.MoveList
	_, err := engine.NewState(g).Moves(&ml)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"loop.zrf:3:49", "piece Spinner", "move type spin", "did not stop"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// Partial moves that could go on for ever are cut at the chain limit: a
// shuttle that counts its steps never comes back to a position it was in.
// Without the count, a step back is not made (it would bring back the
// position before it), and the chains end.
func TestPartialChainLimit(t *testing.T) {
	g := compileSource(t, `(game (title "Shuttle") (players A B) (variable n) `+lineBoard+`
  (piece (name Shuttle) (moves (e (verify empty?) (set-variable n (+ n 1)) (add-partial))
    (w (verify empty?) (set-variable n (+ n 1)) (add-partial))))
  (board-setup (A (Shuttle a))))`)
	var ml engine.MoveList
	_, err := engine.NewState(g).Moves(&ml)
	if err == nil || !strings.Contains(err.Error(), "chained more than") || !strings.Contains(err.Error(), "piece Shuttle") {
		t.Fatalf("error %v", err)
	}
	g = compileSource(t, `(game (title "Shuttle") (players A B) `+lineBoard+`
  (piece (name Shuttle) (moves (e (verify empty?) (add-partial)) (w (verify empty?) (add-partial))))
  (board-setup (A (Shuttle a))))`)
	if got := notations(t, engine.NewState(g)); !slices.Equal(got, []string{"+ a - b shuttle-1 + b - c shuttle-1 +"}) {
		t.Fatalf("moves %q", got)
	}
}

// A board of one row, read by zrf.Open as a user's file would be, is
// drawn (as linked positions) and its frame has every position.
func TestPictureOneDimension(t *testing.T) {
	path := filepath.Join(t.TempDir(), "row.zrf")
	src := `(game (title "Row") (players A B) (turn-order A B) ` + lineBoard + `
  (piece (name Runner) (moves ((e (verify empty?) add))))
  (board-setup (A (Runner a)) (B (Runner c))))`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := games.Open(path, games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := engine.Picture(engine.NewState(g.Compiled), g.View).WriteSVG(&b); err != nil || !strings.Contains(b.String(), "<svg") {
		t.Fatalf("picture: %v", err)
	}
	if geo := engine.BoardGeometry(g.Compiled, g.View); len(geo.Cells) != 3 || geo.Shape != "point" {
		t.Fatalf("geometry: %+v", geo)
	}
}

// An invariant or accumulator whose evaluation would not end stops at the
// step budget with an error naming its place; a column higher than the
// rules allow stops move generation with an error naming the program.
func TestInvariantAndColumnLimits(t *testing.T) {
	grid := `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d/e/f/g/h" (1 0)) ("8/7/6/5/4/3/2/1" (0 1)))
  (directions (n 0 -1) (s 0 1))))`
	deep := `(> (count (positions (> (count (positions (> (count (positions (> (count (positions)) 0))) 0))) 0))) 0)`
	for _, form := range []string{"(invariant " + deep + ")", "(accumulator a (count (positions " + deep + ")))"} {
		g := compileSource(t, `(game (title "Deep") (players A B) `+grid+`
  (piece (name P) (moves (n (verify empty?) add)))
  (board-setup (A (P a1)))
  `+form+`)`)
		var ml engine.MoveList
		_, err := engine.NewState(g).Moves(&ml)
		if err == nil || !strings.Contains(err.Error(), "loop.zrf:5:") || !strings.Contains(err.Error(), "did not finish") {
			t.Errorf("%s: error %v", form, err)
		}
	}
	g := compileSource(t, `(game (title "Tower") (players A B) (stacks 2) `+grid+`
  (piece (name P) (moves (n (verify enemy?) take-top n (verify empty?) add)))
  (board-setup (A (P a1)) (B (P a2))))`)
	s, err := engine.ParsePosition(g, "tower", []byte(`(turn A) (A (P a1)) (B (P a2)) (stack a1 (B P))`))
	if err != nil {
		t.Fatal(err)
	}
	var ml engine.MoveList
	if _, err := s.Moves(&ml); err == nil || !strings.Contains(err.Error(), "loop.zrf:3:26") ||
		!strings.Contains(err.Error(), "a column of 3 pieces on a3: the rules allow 2") {
		t.Errorf("error %v", err)
	}
}
