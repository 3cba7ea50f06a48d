package server

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/dungeon"
	"github.com/ludus-games/ludus/internal/hostilerules"
)

// The check route reads a text as an upload would be read and keeps
// nothing: the reader's errors each at their line and column, warnings
// likewise, and the game as it would be offered.
func TestCheckRoute(t *testing.T) {
	_, hs := testServer(t, Config{MaxSteps: 200_000})
	base := hs.URL
	twice := strings.Replace(gridRules(3), "(board-setup (A (P off 9))", "(board-setup (A (P c0r0) (P c0r0))", 1)
	tests := []struct {
		name, text string
		ok         bool
		errors     []Diagnostic // line, col and a word of each
		warnings   []Diagnostic
	}{
		{name: "good", text: gridRules(3), ok: true},
		{name: "unclosed", text: "(game (title \"Broken\")\n  (players A B)\n", errors: []Diagnostic{{Line: 1, Col: 1, Msg: "not closed"}}},
		{name: "two errors", text: "(game (title \"Two\") (players A B) (turn-order A B)\n (board (grid (start-rectangle 0 0 1 1) (dimensions (\"a/b\" (1 0))) (directions (e 1 0))))\n (piece (name P) (moves ((e (frobnicate) add))))\n (piece (name Q) (moves ((e (wibble) add)))))",
			errors: []Diagnostic{{Line: 3, Msg: "frobnicate"}, {Line: 4, Msg: "wibble"}}},
		{name: "warning", text: twice, ok: true, warnings: []Diagnostic{{Line: 5, Msg: "again"}}},
		{name: "over budget", text: hostilerules.Walker(141), errors: []Diagnostic{{Msg: "budget"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got Checked
			if code := call(t, "POST", base+"/api/games/check?name=mine.zrf", tt.text, &got); code != 200 {
				t.Fatalf("status %d", code)
			}
			if got.OK != tt.ok || tt.ok && got.Game == nil {
				t.Fatalf("ok %v (game %v), want %v: %+v", got.OK, got.Game, tt.ok, got)
			}
			match := func(kind string, got, want []Diagnostic) {
				if len(got) < len(want) {
					t.Fatalf("%s %+v, want %d like %+v", kind, got, len(want), want)
				}
				for i, w := range want {
					g := got[i]
					if (w.Line != 0 && g.Line != w.Line) || (w.Col != 0 && g.Col != w.Col) || !strings.Contains(g.Msg+g.File, w.Msg) {
						t.Errorf("%s %d: %+v, want %+v", kind, i, g, w)
					}
					if w.Line != 0 && g.File != "mine.zrf" {
						t.Errorf("%s %d names file %q", kind, i, g.File)
					}
				}
			}
			match("error", got.Errors, tt.errors)
			match("warning", got.Warnings, tt.warnings)
			if tt.ok && (got.Game.Title != "Grid" || len(got.Game.Players) != 2) {
				t.Errorf("game %+v", got.Game)
			}
		})
	}
	// Nothing was kept.
	var games []GameInfo
	call(t, "GET", base+"/api/games", nil, &games)
	for _, g := range games {
		if g.Name == "mine.zrf" {
			t.Errorf("a check kept the game: %+v", g)
		}
	}
	// An upload that does not read says where, as the check does.
	var e struct {
		Error  string       `json:"error"`
		Errors []Diagnostic `json:"errors"`
	}
	if code := call(t, "POST", base+"/api/games?name=two.zrf", tests[2].text, &e); code != 422 || len(e.Errors) != 2 || e.Errors[1].Line != 4 {
		t.Errorf("upload of two errors: %d %+v", code, e)
	}
	if code := call(t, "POST", base+"/api/games/check?name=a/b.zrf", gridRules(3), &e); code != 400 {
		t.Errorf("a name with a slash: %d %s", code, e.Error)
	}
}

// The source route answers the text of a bundled game, and of each
// version of an upload.
func TestSourceRoute(t *testing.T) {
	_, hs := testServer(t, Config{})
	base := hs.URL
	var src Source
	if code := call(t, "GET", base+"/api/games/source?name=tic-tac-toe.zrf", nil, &src); code != 200 || src.Source != "bundled" || !strings.Contains(src.Text, "Tic-Tac-Toe") {
		t.Fatalf("bundled: %d %+v", code, src.Name)
	}
	var up Uploaded
	call(t, "POST", base+"/api/games?name=grid.zrf", gridRules(3), &up)
	keyed(t, "PUT", base+"/api/games/grid.zrf", up.Key, gridRules(4), nil)
	for v, want := range map[string]string{"": "c3", "1": "c2", "2": "c3"} {
		q := "?name=grid.zrf"
		if v != "" {
			q += "&version=" + v
		}
		if code := call(t, "GET", base+"/api/games/source"+q, nil, &src); code != 200 || !strings.Contains(src.Text, want) || (v == "1") == strings.Contains(src.Text, "c3") {
			t.Errorf("version %q: %d %d", v, code, src.Version)
		}
	}
	var e apiErr
	for _, q := range []string{"?name=nothing.zrf", "?name=grid.zrf&version=3", "?name=tic-tac-toe.zrf&version=2"} {
		if code := call(t, "GET", base+"/api/games/source"+q, nil, &e); code != 404 {
			t.Errorf("%s: %d", q, code)
		}
	}
	if code := call(t, "GET", base+"/api/games/source?name=grid.zrf&version=x", nil, &e); code != 400 {
		t.Errorf("a bad version: %d", code)
	}
}

// writeAt writes a file and sets its time, so that each write is seen as
// a change however fast they come.
func writeAt(t *testing.T, path, text string, at time.Time) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

// Files under --games are read again when they change on disk: a new
// text is the next version for new sessions, sessions under way keep
// theirs, a text that does not read leaves the last good one offered and
// says why, a file added is offered, one removed is not.
func TestGamesDirReload(t *testing.T) {
	dir := t.TempDir()
	race := filepath.Join(dir, "race.zrf")
	clock := time.Now().Add(-time.Hour)
	tick := func() time.Time { clock = clock.Add(time.Second); return clock }
	writeAt(t, race, gridRules(3), tick())
	srv, hs := testServer(t, Config{Games: os.DirFS(dir), GamesPoll: -1})
	base := hs.URL
	rescan := func() { srv.catalog.rescan(context.Background(), t.Logf) }
	info := func(name string) *GameInfo {
		var games []GameInfo
		call(t, "GET", base+"/api/games", nil, &games)
		for i := range games {
			if games[i].Name == name {
				return &games[i]
			}
		}
		return nil
	}
	humans := []SeatRequest{{Kind: "human"}, {Kind: "human"}}
	if g := info("race.zrf"); g == nil || g.Version != 1 {
		t.Fatalf("at the start: %+v", g)
	}
	old := newSession(t, base, CreateRequest{Game: "race.zrf", Seats: humans})

	writeAt(t, race, gridRules(4), tick())
	rescan()
	if g := info("race.zrf"); g == nil || g.Version != 2 || g.Problem != nil {
		t.Fatalf("after a change: %+v", g)
	}
	fresh := newSession(t, base, CreateRequest{Game: "race.zrf", Seats: humans})
	if a, b := len(getState(t, base, old.ID).Legal), len(getState(t, base, fresh.ID).Legal); a != 9 || b != 16 {
		t.Errorf("the old session has %d moves (want 9), the new one %d (want 16)", a, b)
	}

	// A broken text keeps version 2 offered, with the problem beside it.
	writeAt(t, race, "(game (title \"Race\")\n  (players A B)\n", tick())
	rescan()
	g := info("race.zrf")
	if g == nil || g.Version != 2 || g.Problem == nil || len(g.Problem.Errors) == 0 || g.Problem.Errors[0].Line != 1 {
		t.Fatalf("after a broken write: %+v", g)
	}
	if len(getState(t, base, newSession(t, base, CreateRequest{Game: "race.zrf", Seats: humans}).ID).Legal) != 16 {
		t.Errorf("a session of the last good version")
	}
	var src Source
	call(t, "GET", base+"/api/games/source?name=race.zrf", nil, &src)
	if src.Version != 2 || !strings.Contains(src.Text, "c3") || src.Problem == nil || !strings.Contains(src.Problem.Text, "(players A B)") {
		t.Errorf("the source of a broken file: %+v", src)
	}

	// A file added broken is listed among the problems alone; one added
	// good is offered.
	writeAt(t, filepath.Join(dir, "new.zrf"), "(game", tick())
	writeAt(t, filepath.Join(dir, "good.zrf"), gridRules(2), tick())
	rescan()
	var problems []FileProblem
	call(t, "GET", base+"/api/games/problems", nil, &problems)
	if len(problems) != 2 || problems[0].Name != "new.zrf" || problems[0].Offered || problems[1].Name != "race.zrf" || !problems[1].Offered {
		t.Errorf("problems: %+v", problems)
	}
	if info("new.zrf") != nil || info("good.zrf") == nil {
		t.Errorf("new.zrf %+v, good.zrf %+v", info("new.zrf"), info("good.zrf"))
	}

	// Mended, then removed: its sessions go on.
	writeAt(t, race, gridRules(3), tick())
	rescan()
	if g := info("race.zrf"); g == nil || g.Version != 3 || g.Problem != nil {
		t.Errorf("mended: %+v", g)
	}
	os.Remove(race)
	rescan()
	if g := info("race.zrf"); g != nil {
		t.Errorf("removed, still offered: %+v", g)
	}
	if code := call(t, "POST", base+"/api/sessions/"+fresh.ID+"/moves", map[string]any{"token": fresh.Seats[0].Token, "move": "c3r3"}, nil); code != 200 {
		t.Errorf("a move in a session of a removed file: %d", code)
	}
	var e apiErr
	if code := call(t, "POST", base+"/api/sessions", CreateRequest{Game: "race.zrf", Seats: humans}, &e); code != 404 {
		t.Errorf("a session of a removed file: %d %s", code, e.Error)
	}
}

// The server notices a change by itself, within a few looks.
func TestGamesDirWatch(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "race.zrf")
	writeAt(t, file, gridRules(3), time.Now().Add(-time.Minute))
	_, hs := testServer(t, Config{Games: os.DirFS(dir), GamesPoll: 20 * time.Millisecond})
	writeAt(t, file, gridRules(4), time.Now())
	deadline := time.Now().Add(5 * time.Second)
	for {
		var src Source
		call(t, "GET", hs.URL+"/api/games/source?name="+url.QueryEscape("race.zrf"), nil, &src)
		if src.Version == 2 && strings.Contains(src.Text, "c3") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("not reloaded: %+v", src)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// The steps of a layout's search are served, bounded, and end with the
// layout the layout route answers.
func TestDungeonTrace(t *testing.T) {
	_, hs := testServer(t, Config{})
	var tr dungeon.Trace
	if code := call(t, "GET", hs.URL+"/api/dungeon/trace?spec=warren.yaml&seed=0", nil, &tr); code != 200 {
		t.Fatalf("trace: %d", code)
	}
	if len(tr.Steps) < 3 || len(tr.Steps) > maxTraceSteps || len(tr.Decompositions) == 0 || len(tr.Rooms) != 16 {
		t.Fatalf("%d steps, %d decompositions, %d rooms", len(tr.Steps), len(tr.Decompositions), len(tr.Rooms))
	}
	backtracks := 0
	for _, st := range tr.Steps {
		if st.Kind == dungeon.StepBacktrack {
			backtracks++
		}
	}
	var l dungeon.Layout
	call(t, "GET", hs.URL+"/api/dungeon/layout.json?spec=warren.yaml&seed=0", nil, &l)
	if last := tr.Steps[len(tr.Steps)-1]; backtracks == 0 || jsonOf(last.Layout) != jsonOf(&l) {
		t.Errorf("%d backtracks; the last step is the layout: %v", backtracks, jsonOf(last.Layout) == jsonOf(&l))
	}
	var e apiErr
	for q, code := range map[string]int{"?spec=nothing.yaml": 404, "?spec=warren.yaml&seed=x": 400, "": 400} {
		if got := call(t, "GET", hs.URL+"/api/dungeon/trace"+q, nil, &e); got != code {
			t.Errorf("%s: %d, want %d", q, got, code)
		}
	}
}

// A Linjat puzzle generated here carries the optimiser's best score by
// iteration, and its curve is drawn.
func TestLinjatCurve(t *testing.T) {
	_, hs := testServer(t, Config{})
	var e apiErr
	if code := call(t, "GET", hs.URL+"/api/linjat/curve.svg", nil, &e); code != 404 {
		t.Errorf("the curve before any puzzle: %d", code)
	}
	var p LinjatPuzzle
	if code := call(t, "POST", hs.URL+"/api/linjat/generate", LinjatRequest{Difficulty: "easy", Seed: 3, Iterations: 160}, &p); code != 200 {
		t.Fatalf("generate: %d", code)
	}
	if len(p.Curve) < 5 || p.Curve[len(p.Curve)-1].Iterations < 150 {
		t.Fatalf("curve %+v", p.Curve)
	}
	for i := 1; i < len(p.Curve); i++ {
		if p.Curve[i].Best < p.Curve[i-1].Best || p.Curve[i].Iterations <= p.Curve[i-1].Iterations {
			t.Errorf("the best score fell, or the iterations did not grow: %+v then %+v", p.Curve[i-1], p.Curve[i])
		}
	}
	if last := p.Curve[len(p.Curve)-1].Best; last > p.Score+1e-9 || last < p.Score-1e-6*max(1, p.Score) {
		t.Errorf("the curve ends at %v, the puzzle scores %v", last, p.Score)
	}
	for _, q := range []string{"", "?difficulty=easy&seed=3&iterations=160"} {
		code, ctype, svg := get(t, hs.URL+"/api/linjat/curve.svg"+q)
		if code != 200 || ctype != "image/svg+xml" || !strings.Contains(svg, "Best score") {
			t.Errorf("curve%s: %d %s", q, code, ctype)
		}
	}
	for q, code := range map[string]int{"?difficulty=easy&seed=4&iterations=160": 404, "?rows=x": 400, "?difficulty=easy&iterations=99999999": 422} {
		if got := call(t, "GET", hs.URL+"/api/linjat/curve.svg"+q, nil, &e); got != code {
			t.Errorf("%s: %d, want %d", q, got, code)
		}
	}
}
