package server

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/dungeon"
	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/twenty48"
)

// A generated puzzle is solved by following the hints the server gives,
// as the page does, and the check then says solved; the same request
// gives the same puzzle.
func TestLinjatGenerateHintCheck(t *testing.T) {
	_, hs := testServer(t, Config{})
	var g LinjatPuzzle
	req := LinjatRequest{Difficulty: "medium", Seed: 4, Iterations: 50}
	if code := call(t, "POST", hs.URL+"/api/linjat/generate", req, &g); code != 200 {
		t.Fatalf("generate: %d", code)
	}
	p, err := linjat.Parse(g.Puzzle)
	if err != nil || p.Rows != 10 || p.Cols != 7 || g.Difficulty != "medium" || len(g.Rating) == 0 {
		t.Fatalf("generated %+v (%v)", g, err)
	}
	if n, err := new(linjat.Solver).Count(p, 2); n != 1 || err != nil {
		t.Fatalf("%d solutions (%v)", n, err)
	}
	var again LinjatPuzzle
	call(t, "POST", hs.URL+"/api/linjat/generate", req, &again)
	if again.Puzzle != g.Puzzle {
		t.Fatalf("same request, another puzzle:\n%s\n%s", g.Puzzle, again.Puzzle)
	}

	nums := p.Numbers()
	lines := map[int]*linjat.Mark{}
	marks := func() []linjat.Mark {
		out := []linjat.Mark{}
		for k := range nums {
			if m := lines[k]; m != nil {
				out = append(out, *m)
			}
		}
		return out
	}
	hints := 0
	for ; hints < 100; hints++ {
		var h linjat.Hint
		if code := call(t, "POST", hs.URL+"/api/linjat/hint", map[string]any{"puzzle": g.Puzzle, "marks": marks()}, &h); code != 200 {
			t.Fatalf("hint: %d", code)
		}
		if h.Solved {
			break
		}
		if len(h.Decided) == 0 || h.Why == "" || h.Rule == "" {
			t.Fatalf("hint %d: %+v", hints, h)
		}
		for _, d := range h.Decided {
			n := nums[d.Number]
			m := lines[d.Number]
			if m == nil {
				m = &linjat.Mark{Row: n.Row, Col: n.Col, R0: n.Row, C0: n.Col, R1: n.Row, C1: n.Col}
				lines[d.Number] = m
			}
			m.R0, m.C0, m.R1, m.C1 = min(m.R0, d.Row), min(m.C0, d.Col), max(m.R1, d.Row), max(m.C1, d.Col)
		}
	}
	var ck LinjatCheck
	if code := call(t, "POST", hs.URL+"/api/linjat/check", map[string]any{"puzzle": strings.Split(g.Puzzle, "\n"), "marks": marks()}, &ck); code != 200 || !ck.Solved || len(ck.Errors) != 0 {
		t.Fatalf("check after %d hints: %d %+v", hints, code, ck)
	}
	// A line the wrong way is a mistake for both.
	n := nums[0]
	sols, _ := linjat.Solve(p, 1)
	wrong := linjat.Mark{Row: n.Row, Col: n.Col, R0: n.Row, C0: n.Col, R1: n.Row, C1: n.Col}
	if sols[0][0].Vertical {
		wrong.C0, wrong.C1 = max(0, n.Col-1), min(p.Cols-1, n.Col+1)
	} else {
		wrong.R0, wrong.R1 = max(0, n.Row-1), min(p.Rows-1, n.Row+1)
	}
	var h linjat.Hint
	call(t, "POST", hs.URL+"/api/linjat/hint", map[string]any{"puzzle": g.Puzzle, "marks": []linjat.Mark{wrong}}, &h)
	call(t, "POST", hs.URL+"/api/linjat/check", map[string]any{"puzzle": g.Puzzle, "marks": []linjat.Mark{wrong}}, &ck)
	if h.Rule != "mistake" || ck.Solved || len(ck.Errors) != 1 {
		t.Fatalf("a wrong line: hint %+v, check %+v", h, ck)
	}
}

// Stored puzzles are listed and fetched by id.
func TestLinjatStored(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var ids []int64
	b := linjat.Batch{Settings: linjat.Settings{Rows: 5, Cols: 5, Numbers: 5, Difficulty: linjat.Difficulties[0], Iterations: 20, Seed: 1, Workers: 1},
		Count: 2, Emit: func(_ *linjat.Generated, id int64) error { ids = append(ids, id); return nil }}
	runs.StoreBatch(st, 0, &b, nil)
	if err := b.Run(ctx); err != nil {
		t.Fatal(err)
	}
	_, hs := testServer(t, Config{Store: st})
	var list []LinjatListed
	if code := call(t, "GET", hs.URL+"/api/linjat/puzzles?difficulty=easy&limit=10", nil, &list); code != 200 || len(list) != 2 {
		t.Fatalf("list: %d %+v", code, list)
	}
	var none []LinjatListed
	if call(t, "GET", hs.URL+"/api/linjat/puzzles?difficulty=expert", nil, &none); len(none) != 0 {
		t.Fatalf("expert puzzles: %+v", none)
	}
	var p LinjatPuzzle
	if code := call(t, "GET", fmt.Sprintf("%s/api/linjat/puzzles/%d", hs.URL, ids[1]), nil, &p); code != 200 || p.ID != ids[1] || p.Rows != 5 {
		t.Fatalf("puzzle %d: %d %+v", ids[1], code, p)
	}
	if _, err := linjat.Parse(p.Puzzle); err != nil {
		t.Fatalf("stored puzzle text: %v\n%s", err, p.Puzzle)
	}
	var rating linjat.RatingJSON
	if err := json.Unmarshal(p.Rating, &rating); err != nil || !rating.Solved {
		t.Fatalf("rating %s: %v", p.Rating, err)
	}
}

// A game of 2048 played by hand and by the AI: the server's board follows
// the rules with the seeded spawns, and the AI shows a value for every
// legal move and plays the best.
func Test2048(t *testing.T) {
	_, hs := testServer(t, Config{})
	var g Game2048
	if code := call(t, "POST", hs.URL+"/api/2048/games", map[string]any{"seed": 7}, &g); code != 201 {
		t.Fatalf("new game: %d", code)
	}
	local := twenty48.NewGame(7)
	if g.Board != local.Board.Tiles() || g.Over {
		t.Fatalf("start %v, want %v", g.Board, local.Board.Tiles())
	}
	url := hs.URL + "/api/2048/games/" + g.ID
	for _, m := range []twenty48.Move{twenty48.Left, twenty48.Up, twenty48.Right, twenty48.Down, twenty48.Left} {
		var e apiErr
		code := call(t, "POST", url+"/moves", map[string]any{"move": m.String()}, &e)
		if !local.Board.Legal(m) {
			if code != 422 || !strings.Contains(e.Error, "moves no tile") {
				t.Fatalf("%v, which moves nothing: %d %q", m, code, e.Error)
			}
			continue
		}
		local.Play(m)
		call(t, "GET", url, nil, &g)
		if code != 200 || g.Board != local.Board.Tiles() || g.Score != local.Score || g.Moves != local.Moves {
			t.Fatalf("after %v: %d %+v, want %v score %d", m, code, g, local.Board.Tiles(), local.Score)
		}
	}
	var ai AI2048
	before := local.Board
	if code := call(t, "POST", url+"/ai", map[string]any{"depth": 2}, &ai); code != 200 {
		t.Fatalf("ai: %d", code)
	}
	best := ""
	for _, m := range twenty48.Moves {
		v, shown := ai.Evals[m.String()]
		if shown != before.Legal(m) {
			t.Fatalf("%v: shown %v, legal %v (%v)", m, shown, before.Legal(m), ai.Evals)
		}
		if shown && (best == "" || v > ai.Evals[best]) {
			best = m.String()
		}
	}
	m, _ := twenty48.ParseMove(ai.Move)
	local.Play(m)
	if ai.Evals[ai.Move] != ai.Evals[best] || ai.Depth < 1 || ai.Game.Board != local.Board.Tiles() || ai.Game.Moves != local.Moves {
		t.Fatalf("ai chose %s (%v), best %s; game %+v", ai.Move, ai.Evals, best, ai.Game)
	}
}

// Every bundled spec lays out; the three formats describe the same
// layout, the same seed gives the same one.
func TestDungeonLayouts(t *testing.T) {
	_, hs := testServer(t, Config{})
	var specs []SpecInfo
	if code := call(t, "GET", hs.URL+"/api/dungeon/specs", nil, &specs); code != 200 || len(specs) < 3 {
		t.Fatalf("specs: %d %+v", code, specs)
	}
	for _, sp := range specs {
		if sp.Rooms == 0 || sp.Description == "" {
			t.Errorf("spec %+v", sp)
		}
		q := "?spec=" + sp.Name + "&seed=3"
		code, ctype, js := get(t, hs.URL+"/api/dungeon/layout.json"+q)
		if code != 200 || ctype != "application/json" {
			t.Fatalf("%s json: %d %s %s", sp.Name, code, ctype, js)
		}
		l, err := dungeon.ReadLayout(strings.NewReader(js))
		if err != nil || len(l.Rooms) < sp.Rooms {
			t.Fatalf("%s: %d rooms for %d in the spec (%v)", sp.Name, len(l.Rooms), sp.Rooms, err)
		}
		code, ctype, svg := get(t, hs.URL+"/api/dungeon/layout.svg"+q)
		if code != 200 || ctype != "image/svg+xml" || xml.Unmarshal([]byte(svg), new(struct{})) != nil {
			t.Fatalf("%s svg: %d %s", sp.Name, code, ctype)
		}
		code, _, tmx := get(t, hs.URL+"/api/dungeon/layout.tmx"+q)
		var m struct {
			Image struct {
				Source string `xml:"source,attr"`
			} `xml:"tileset>image"`
			Objects []struct{} `xml:"objectgroup>object"`
		}
		if code != 200 || xml.Unmarshal([]byte(tmx), &m) != nil || len(m.Objects) != len(l.Rooms) {
			t.Fatalf("%s tmx: %d, %d objects for %d rooms", sp.Name, code, len(m.Objects), len(l.Rooms))
		}
		if code, ctype, _ := get(t, hs.URL+"/api/dungeon/"+strings.TrimPrefix(m.Image.Source, "dungeon-")); code != 200 || ctype != "image/png" {
			t.Fatalf("the tileset %s: %d %s", m.Image.Source, code, ctype)
		}
		_, _, again := get(t, hs.URL+"/api/dungeon/layout.json"+q)
		_, _, other := get(t, hs.URL+"/api/dungeon/layout.json?spec="+sp.Name+"&seed=4")
		if again != js || other == js {
			t.Errorf("%s: seed 3 twice equal %v, seed 4 differs %v", sp.Name, again == js, other != js)
		}
	}
}

// Tile sets are listed and drawn, random boards of them too, and scored
// as the tiles package scores them.
func TestTiles(t *testing.T) {
	_, hs := testServer(t, Config{})
	var sets []TileSetInfo
	if code := call(t, "GET", hs.URL+"/api/tiles/sets", nil, &sets); code != 200 || len(sets) < 2 {
		t.Fatalf("sets: %d %+v", code, sets)
	}
	scores := map[string]float64{}
	for _, s := range sets {
		for _, path := range []string{"/api/tiles/sets/" + s.Name + ".svg", "/api/tiles/board.svg?set=" + s.Name + "&seed=2"} {
			code, ctype, svg := get(t, hs.URL+path)
			if code != 200 || ctype != "image/svg+xml" || xml.Unmarshal([]byte(svg), new(struct{})) != nil {
				t.Fatalf("%s: %d %s", path, code, ctype)
			}
		}
		var sc TileScore
		if code := call(t, "GET", hs.URL+"/api/tiles/score?set="+s.Name+"&samples=500&seed=1", nil, &sc); code != 200 || sc.Boards != 500 {
			t.Fatalf("score of %s: %d %+v", s.Name, code, sc)
		}
		if sc.Score != sc.Detail.Objective.Mean || sc.PathProbability <= 0 || sc.PathProbability > 1 {
			t.Errorf("score of %s: %+v", s.Name, sc)
		}
		scores[s.Name] = sc.Score
	}
	if scores["best"] <= scores["random"] {
		t.Errorf("the optimised set scores %v, a random one %v", scores["best"], scores["random"])
	}
}

// Every rejection of the puzzle routes: a 4xx naming the problem.
func TestPuzzleRejections(t *testing.T) {
	_, hs := testServer(t, Config{})
	var g Game2048
	call(t, "POST", hs.URL+"/api/2048/games", map[string]any{"seed": 1}, &g)
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/linjat/generate", LinjatRequest{Difficulty: "insane"}, 422, "insane"},
		{"POST", "/api/linjat/generate", LinjatRequest{Rows: 100, Cols: 100}, 422, "want 2 to 16"},
		{"POST", "/api/linjat/generate", LinjatRequest{Rows: 4, Cols: 4, Numbers: 30}, 422, "want 1 to 8"},
		{"POST", "/api/linjat/generate", LinjatRequest{Iterations: 1e9}, 422, "iterations"},
		{"POST", "/api/linjat/generate", `{"rows": "six"}`, 400, "malformed JSON"},
		{"GET", "/api/linjat/puzzles?limit=0", nil, 400, "limit"},
		{"GET", "/api/linjat/puzzles/abc", nil, 400, "positive number"},
		{"GET", "/api/linjat/puzzles/999", nil, 404, "no Linjat puzzle"},
		{"POST", "/api/linjat/hint", map[string]any{"marks": []any{}}, 422, "no puzzle"},
		{"POST", "/api/linjat/hint", map[string]any{"puzzle": "3.x"}, 422, "puzzle:1:3"},
		{"POST", "/api/linjat/hint", map[string]any{"puzzle": strings.Repeat(strings.Repeat(".", 20)+"3\n", 20)}, 422, "at most 16"},
		{"POST", "/api/linjat/hint", map[string]any{"puzzle": "3..", "marks": []linjat.Mark{{Row: 0, Col: 1, R1: 0, C1: 2}}}, 422, "no number"},
		{"POST", "/api/linjat/check", map[string]any{"puzzle": "3..", "marks": []linjat.Mark{{R0: 0, C0: 0, R1: 0, C1: 7}}}, 422, "outside"},
		{"POST", "/api/linjat/check", map[string]any{"puzzle": 42}, 422, "want its text"},
		{"POST", "/api/2048/games", `{"seed": -1}`, 400, "malformed JSON"},
		{"GET", "/api/2048/games/nope", nil, 404, "no 2048 game"},
		{"POST", "/api/2048/games/" + g.ID + "/moves", map[string]any{"move": "sideways"}, 422, "want up, down"},
		{"POST", "/api/2048/games/" + g.ID + "/ai", map[string]any{"depth": 60}, 422, "want 1 to 6"},
		{"POST", "/api/2048/games/" + g.ID + "/ai", map[string]any{"eval": "magic"}, 422, "magic"},
		{"POST", "/api/2048/games/" + g.ID + "/ai", map[string]any{"eval": "/etc/passwd"}, 422, "want nneonneo, ludus, learned"},
		{"GET", "/api/dungeon/layout.svg", nil, 400, "?spec=NAME"},
		{"GET", "/api/dungeon/layout.svg?spec=moria.yaml", nil, 404, "no level spec"},
		{"GET", "/api/dungeon/layout.json?spec=keep.yaml&seed=-3", nil, 400, "seed"},
		{"GET", "/api/tiles/sets/best.png", nil, 404, "NAME.svg"},
		{"GET", "/api/tiles/sets/nope.svg", nil, 404, "no tile set"},
		{"GET", "/api/tiles/board.svg", nil, 400, "?set=NAME"},
		{"GET", "/api/tiles/score?set=best&samples=1000000000", nil, 400, "want 2 to"},
	})
}

// A 2048 game that is over refuses moves and AI moves with 409.
func Test2048Over(t *testing.T) {
	srv, hs := testServer(t, Config{})
	b, _ := twenty48.FromTiles([16]int{2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2})
	g := &game2048{id: "over", g: twenty48.NewGameFrom(b, 100, 1)}
	srv.games2048.put(g.id, g)
	for _, path := range []string{"/moves", "/ai"} {
		var e apiErr
		body := map[string]any{"move": "up"}
		if path == "/ai" {
			body = map[string]any{}
		}
		if code := call(t, "POST", hs.URL+"/api/2048/games/over"+path, body, &e); code != http.StatusConflict || !strings.Contains(e.Error, "over") {
			t.Errorf("%s: %d %q", path, code, e.Error)
		}
	}
}

// With every worker slot taken, heavy requests are answered 503 after a
// wait, and light ones (a 2048 move, a listing) are not held up.
func TestWorkSlotsBusy(t *testing.T) {
	srv, hs := testServer(t, Config{})
	srv.queueWait = 100 * time.Millisecond
	for range cap(srv.slots) {
		srv.slots <- struct{}{}
	}
	var e apiErr
	if code := call(t, "POST", hs.URL+"/api/linjat/generate", LinjatRequest{}, &e); code != 503 || !strings.Contains(e.Error, "busy") {
		t.Fatalf("generate with no slot free: %d %q", code, e.Error)
	}
	var g Game2048
	if code := call(t, "POST", hs.URL+"/api/2048/games", map[string]any{"seed": 1}, &g); code != 201 {
		t.Fatalf("a new 2048 game with no slot free: %d", code)
	}
	for range cap(srv.slots) {
		<-srv.slots
	}
	if code := call(t, "POST", hs.URL+"/api/linjat/generate", LinjatRequest{}, nil); code != 200 {
		t.Fatalf("generate with the slots free again: %d", code)
	}
}
