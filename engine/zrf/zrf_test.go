package zrf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/internal/shareddata"
)

// read reads a main file "main.zrf" with other files beside it.
func read(t *testing.T, main string, others map[string]string) (*File, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, src := range others {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	return Read("main.zrf", []byte(main), fsys)
}

const board = `(board (grid (start-rectangle 0 0 10 10)
  (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
  (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))))`

func build(t *testing.T, main string, others map[string]string) *Game {
	t.Helper()
	f, err := read(t, main, others)
	if err != nil {
		t.Fatal(err)
	}
	e, err := f.Select("")
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Build(e)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestMacros(t *testing.T) {
	src := `
(define step ($1 (verify empty?) add))
(define two (step $1) (step $2))
(define join $1$2)
(define T (piece (name (join $1 $2)) (moves (two n s))))
(game (title "M") (players A B) ` + board + `
  (T Man 1))`
	g := build(t, src, nil)
	r := g.Rules
	if len(r.Pieces) != 1 || r.Pieces[0].Name != "Man1" {
		t.Fatalf("pieces %+v", r.Pieces)
	}
	blocks := r.Pieces[0].Moves
	if len(blocks) != 2 || blocks[0].Name != "step" || blocks[0].Params[0] != "n" || blocks[1].Params[0] != "s" {
		t.Fatalf("blocks %+v", blocks)
	}
	if k := blocks[0].Body[0].Kind; k != rules.SNav {
		t.Fatalf("first statement %v", k)
	}
}

func TestInclude(t *testing.T) {
	others := map[string]string{
		"lib/common.inc": `(define step ($1 add)) (include "more.inc")`,
		"lib/more.inc":   `(define setup (board-setup (A (P a1))))`,
	}
	src := `(include "lib/common.inc")
(game (title "I") (players A B) ` + board + ` (piece (name P) (moves (step n))) (setup))`
	g := build(t, src, others)
	if len(g.Rules.Setup) != 1 || g.Rules.Pieces[0].Moves[0].Name != "step" {
		t.Fatalf("include not applied: %+v", g.Rules)
	}
}

func TestVariants(t *testing.T) {
	src := `(game (title "Base") (players A B) ` + board + `
  (piece (name P) (moves ((verify empty?) n add)))
  (piece (name Q))
  (board-setup (A (P a1)))
  (win-condition (A) (pieces-remaining 0)))
(variant (title "-"))
(variant (title "Two") (board-setup (A (P a1 b1))))
(variant (title "Goals") (default) (loss-condition (A B) stalemated)
  (piece (name Q) (moves (s add))))`
	f, err := read(t, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Games) != 3 {
		t.Fatalf("%d games (the separator must be left out)", len(f.Games))
	}
	def, _ := f.Select("")
	if def.Title != "Goals" {
		t.Errorf("default is %q", def.Title)
	}
	for _, sel := range []string{"2", "two", "TWO"} {
		e, err := f.Select(sel)
		if err != nil || e.Title != "Two" {
			t.Errorf("select %q: %v %v", sel, e, err)
		}
	}
	if _, err := f.Select("9"); err == nil {
		t.Error("select 9: no error")
	}
	two, _ := f.Build(f.Games[1])
	if len(two.Rules.Setup) != 2 || len(two.Rules.Goals) != 1 || len(two.Rules.Pieces) != 2 {
		t.Errorf("variant Two: setup %d goals %d pieces %d", len(two.Rules.Setup), len(two.Rules.Goals), len(two.Rules.Pieces))
	}
	goals, _ := f.Build(f.Games[2])
	r := goals.Rules
	if len(r.Goals) != 1 || r.Goals[0].Kind != rules.Loss || len(r.Setup) != 1 {
		t.Errorf("variant Goals: %+v", r.Goals)
	}
	if r.Pieces[0].Name != "P" || r.Pieces[1].Name != "Q" || len(r.Pieces[1].Moves) != 1 {
		t.Errorf("variant piece not replaced in place: %+v", r.Pieces)
	}
}

func build1(src string) (*Game, error) {
	f, err := Read("main.zrf", []byte(src), fstest.MapFS{})
	if err != nil {
		return nil, err
	}
	return f.Build(f.Games[0])
}

func TestViewKeepsVisualsOutOfRules(t *testing.T) {
	src := `(game (title "V") (description "about") (move-sound "a.wav") (players A B)
  (board (image "board.bmp") (grid (start-rectangle 5 5 25 25)
    (dimensions ("a/b" (20 0)) ("2/1" (0 20))) (directions (e 1 0)))
    (positions (x 100 100 120 120)))
  (piece (name P) (image A "a.bmp" "a2.bmp" B "b.bmp") (help "moves")))`
	g, err := build1(src)
	if err != nil {
		t.Fatal(err)
	}
	v := g.View
	if v.Description != "about" || v.Sounds["move-sound"] != "a.wav" || v.BoardImages[0] != "board.bmp" ||
		len(v.PieceImages["P A"]) != 2 || v.PieceHelp["P"] != "moves" {
		t.Errorf("view %+v", v)
	}
	b2 := g.Rules.Board.PositionIndex("b2")
	if c := v.Cells[b2]; c.X1 != 25 || c.Y1 != 5 || c.X2 != 45 {
		t.Errorf("b2 cell %+v", c)
	}
	if x := g.Rules.Board.PositionIndex("x"); x < 0 || !v.Cells[x].HasRect {
		t.Error("explicit position lost")
	}
}

// TestSharedFilesLoad reads every reference file; each game and variant
// builds, compiles and has a sane move tree at the start: moves (unless
// the game is over), and no run-time error two plies deep (one where the
// first ply alone has many moves).
func TestSharedFilesLoad(t *testing.T) {
	dir := shareddata.Path(t, "engine", "zrf")
	files, _ := filepath.Glob(filepath.Join(dir, "*.zrf"))
	if len(files) == 0 {
		t.Skip("no reference files")
	}
	for _, path := range files {
		src, _ := os.ReadFile(path)
		if !strings.Contains(string(src), "(game") {
			continue // an include-only file
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range f.Games {
				g, err := f.Build(e)
				if err != nil {
					t.Fatalf("%s: %v", e.Title, err)
				}
				cg, err := engine.Compile(g.Rules)
				if err != nil {
					t.Fatalf("%s: %v", e.Title, err)
				}
				saneTree(t, e.Title, cg)
			}
		})
	}
}

// saneTree checks the start of a game's move tree.
func saneTree(t *testing.T, title string, g *engine.Game) {
	t.Helper()
	s := engine.NewState(g)
	n, err := engine.Perft(s, 1)
	if err != nil {
		t.Fatalf("%s: %v", title, err)
	}
	if n == 0 {
		if r, err := s.Result(); err != nil || !r.Over {
			t.Fatalf("%s: no move at the start, and the game is not over (%v)", title, err)
		}
	}
	if n > 0 && n <= 1000 {
		if _, err := engine.Perft(s, 2); err != nil {
			t.Fatalf("%s: %v", title, err)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(`(define s ($1 add)) (game (title "F") (players A B) ` + board + ` (piece (name P) (moves (s n))))`))
	f.Add([]byte(`(game (players A) (board (grid (dimensions ("a" (1 0))))) (piece (name P) (drops (add))))`))
	f.Add([]byte(`(define a (a)) (game (a))`))
	f.Add([]byte(`(variant (title "x")) (game (turn-order A repeat))`))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Read("fuzz.zrf", src, fstest.MapFS{})
		if err != nil {
			return
		}
		for _, e := range file.Games {
			g, err := file.Build(e)
			if err != nil {
				continue
			}
			cg, err := engine.Compile(g.Rules)
			if err != nil {
				continue
			}
			s := engine.NewState(cg)
			var ml engine.MoveList
			if _, err := s.Moves(&ml); err != nil && !strings.Contains(err.Error(), "fuzz.zrf") {
				t.Fatalf("run-time error without a position: %v", err)
			}
			if _, err := s.Result(); err != nil && !strings.Contains(err.Error(), "fuzz.zrf") {
				t.Fatalf("goal error without a position: %v", err)
			}
		}
	})
}

// TestNoGoalNote: a game that states no goal loads, with a note saying
// that it plays incompletely; one with a goal has no such note.
func TestNoGoalNote(t *testing.T) {
	tests := []struct {
		goal string
		note bool
	}{
		{"", true},
		{"(draw-condition (A B) stalemated)", false},
	}
	for _, tt := range tests {
		f, err := read(t, `(game (title "G") (players A B) `+board+` (piece (name P) (drops ((verify empty?) add))) `+tt.goal+`)`, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := f.Build(f.Games[0])
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, n := range g.Rules.Notes {
			found = found || strings.Contains(n, "states no goal")
		}
		if found != tt.note {
			t.Errorf("goal %q: notes %q", tt.goal, g.Rules.Notes)
		}
	}
}
