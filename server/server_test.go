package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/internal/testenv"
	"github.com/ludus-games/ludus/store"
)

// testServer starts a server on a fresh SQLite store.
func testServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	ctx := context.Background()
	if cfg.Store == nil {
		st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		cfg.Store = st
	}
	srv, err := New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, hs
}

// call sends a request with a JSON (or raw string) body and decodes the
// JSON answer into out when it is not nil; it returns the status.
func call(t *testing.T, method, url string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		js, _ := json.Marshal(b)
		rd = bytes.NewReader(js)
	}
	req, _ := http.NewRequest(method, url, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, url, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

type apiErr struct {
	Error string `json:"error"`
}

func newSession(t *testing.T, base string, req CreateRequest) Created {
	t.Helper()
	var c Created
	if code := call(t, "POST", base+"/api/sessions", req, &c); code != http.StatusCreated {
		t.Fatalf("create: status %d", code)
	}
	return c
}

func getState(t *testing.T, base, id string) State {
	t.Helper()
	var st State
	if code := call(t, "GET", base+"/api/sessions/"+id, nil, &st); code != 200 {
		t.Fatalf("state: %d", code)
	}
	return st
}

// waitFor polls the state until cond holds.
func waitFor(t *testing.T, base, id string, cond func(State) bool) State {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := getState(t, base, id)
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting; state %+v", st)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestGames(t *testing.T) {
	_, hs := testServer(t, Config{})
	var games []GameInfo
	if code := call(t, "GET", hs.URL+"/api/games", nil, &games); code != 200 {
		t.Fatal(code)
	}
	found := map[string]GameInfo{}
	for _, g := range games {
		found[g.Name] = g
	}
	ttt, ok := found["tic-tac-toe.zrf"]
	if !ok || len(ttt.Players) != 2 || len(ttt.Variants) == 0 || ttt.Source != "bundled" {
		t.Fatalf("tic-tac-toe: %+v", ttt)
	}
	// The games of the native dialect are offered like the others, with
	// nothing incomplete.
	for name, variants := range map[string]int{"reversi.zrf": 1, "go.zrf": 2, "hex.zrf": 1} {
		g, ok := found[name]
		if !ok || g.Source != "bundled" || len(g.Variants) != variants || len(g.Notes) != 0 {
			t.Errorf("%s: %+v", name, g)
		}
	}
}

func TestHumanAgainstHuman(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	if len(c.Seats) != 2 || c.Seats[0].Token == "" || c.Seats[1].Token == "" || c.Seats[0].Token == c.Seats[1].Token {
		t.Fatalf("tokens: %+v", c.Seats)
	}
	st := getState(t, hs.URL, c.ID)
	if st.Version != 0 || st.ToMove == nil || *st.ToMove != 0 || len(st.Legal) != 9 || st.Result != nil {
		t.Fatalf("start: %+v", st)
	}
	url := hs.URL + "/api/sessions/" + c.ID + "/moves"
	v := 0
	tests := []struct {
		name  string
		token string
		move  string
		ver   *int
		code  int
		want  string
	}{
		{"wrong token", "nope", st.Legal[0], &v, 403, "token"},
		{"other seat out of turn", c.Seats[1].Token, st.Legal[0], &v, 409, "not your turn"},
		{"stale version", c.Seats[0].Token, st.Legal[0], ptr(3), 409, "stale version"},
		{"unparsable move", c.Seats[0].Token, "zz9 - q", &v, 422, ""},
		{"good move", c.Seats[0].Token, st.Legal[4], &v, 200, ""},
		{"replayed version", c.Seats[1].Token, st.Legal[0], &v, 409, "stale version"},
		{"square taken", c.Seats[1].Token, st.Legal[4], ptr(1), 422, "not a legal move here"},
		{"first mover again", c.Seats[0].Token, st.Legal[0], ptr(1), 409, "not your turn"},
	}
	for _, tc := range tests {
		var e apiErr
		code := call(t, "POST", url, map[string]any{"token": tc.token, "move": tc.move, "version": tc.ver}, &e)
		if code != tc.code || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s: %d %q, want %d %q", tc.name, code, e.Error, tc.code, tc.want)
		}
	}
	st = getState(t, hs.URL, c.ID)
	if st.Version != 1 || len(st.Moves) != 1 || *st.ToMove != 1 || st.LastMove == nil || st.LastMove.To == "" {
		t.Fatalf("after one move: %+v", st)
	}
}

func ptr(i int) *int { return &i }

// running is a server on a store, to stop and start again as a restart
// of ludus serve does: the store is closed and opened again from its
// location.
type running struct {
	t   *testing.T
	dsn string
	st  *store.Store
	srv *Server
	hs  *httptest.Server
}

func start(t *testing.T, dsn string, cfg Config) *running {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := &running{t: t, dsn: dsn, st: st, srv: srv, hs: httptest.NewServer(srv.Handler())}
	t.Cleanup(r.stop)
	return r
}

func (r *running) stop() {
	if r.hs == nil {
		return
	}
	r.hs.CloseClientConnections()
	r.hs.Close()
	r.srv.Close()
	r.st.Close()
	r.hs = nil
}

// Play a whole game against a random bot through the API, undo and take
// a variation, restart the server and find everything again; a bot seat
// that was thinking when the server stopped moves after the restart.
func TestBotGameSurvivesRestart(t *testing.T) {
	testRestart(t, filepath.Join(t.TempDir(), "s.db"))
}

// The same on PostgreSQL.
func TestPostgresRestart(t *testing.T) {
	// Several processes or servers on one PostgreSQL store: with
	// LUDUS_LONG=1 (docs/testing.md).
	testenv.SkipUnlessLong(t)
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	testRestart(t, pgtest.URL(t))
}

func testRestart(t *testing.T, dsn string) {
	one := start(t, dsn, Config{})
	hs := one.hs
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
	tok := c.Seats[0].Token
	s := getState(t, hs.URL, c.ID)
	first := ""
	for s.Result == nil {
		if first == "" {
			first = s.Legal[0]
		}
		var next State
		if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": tok, "move": s.Legal[0], "version": s.Version}, &next); code != 200 {
			t.Fatalf("move: %d", code)
		}
		s = waitFor(t, hs.URL, c.ID, func(x State) bool { return x.Result != nil || (x.ToMove != nil && *x.ToMove == 0 && !x.Thinking) })
	}
	if len(s.Result.Scores) != 2 || s.Result.Reason == "" {
		t.Fatalf("result %+v", s.Result)
	}
	var e apiErr
	if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": tok, "move": "a1", "version": s.Version}, &e); code != 409 || !strings.Contains(e.Error, "over") {
		t.Fatalf("a move after the end: %d %q", code, e.Error)
	}
	// Another game, taken back mid-way: back to before the human's last
	// move; the moves stay in the tree.
	c = newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
	tok = c.Seats[0].Token
	first = getState(t, hs.URL, c.ID).Legal[4]
	if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": tok, "move": first, "version": 0}, nil); code != 200 {
		t.Fatalf("move: %d", code)
	}
	s = waitFor(t, hs.URL, c.ID, func(x State) bool { return x.Version == 2 && !x.Thinking })
	moves := s.Moves
	var after State
	if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/undo", map[string]any{"token": tok, "version": s.Version}, &after); code != 200 {
		t.Fatalf("undo: %d", code)
	}
	if len(after.Moves) >= len(moves) || after.Result != nil || *after.ToMove != 0 {
		t.Fatalf("after undo: %+v", after)
	}
	var tree Tree
	call(t, "GET", hs.URL+"/api/sessions/"+c.ID+"/tree", nil, &tree)
	if depth(tree.Children) != len(moves) {
		t.Fatalf("tree lost moves: depth %d, want %d", depth(tree.Children), len(moves))
	}
	// A bot that thinks for long: it is thinking when the server stops.
	slow := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "bot", Spec: "alphabeta:depth=60"}, {Kind: "human"}}})
	if st := getState(t, hs.URL, slow.ID); !st.Thinking || st.Version != 0 {
		t.Fatalf("the slow bot: %+v", st)
	}
	one.stop()

	// The server starts again on the same store and finds the sessions as
	// they were; the bot is asked again and moves.
	two := start(t, dsn, Config{MoveTime: 200 * time.Millisecond})
	again := getState(t, two.hs.URL, c.ID)
	if again.Version != after.Version || strings.Join(again.Moves, "|") != strings.Join(after.Moves, "|") {
		t.Fatalf("after restart: %+v, want %+v", again, after)
	}
	var tree2 Tree
	call(t, "GET", two.hs.URL+"/api/sessions/"+c.ID+"/tree", nil, &tree2)
	if js1, js2 := jsonOf(tree), jsonOf(tree2); js1 != js2 {
		t.Fatalf("tree after restart:\n%s\nwant\n%s", js2, js1)
	}
	var evs []Event
	call(t, "GET", two.hs.URL+"/api/sessions/"+c.ID+"/events?since=0", nil, &evs)
	if len(evs) != again.Version || evs[0].Move != first || evs[len(evs)-1].Kind != "undo" {
		t.Fatalf("events %+v", evs)
	}
	// The token still holds the seat: the human plays on from the undo.
	if code := call(t, "POST", two.hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": tok, "move": again.Legal[0], "version": again.Version}, nil); code != 200 {
		t.Fatalf("a move after restart: %d", code)
	}
	waitFor(t, two.hs.URL, slow.ID, func(s State) bool { return s.Version == 1 && !s.Thinking && s.ToMove != nil && *s.ToMove == 1 })
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func depth(ns []*TreeNode) int {
	d := 0
	for _, n := range ns {
		d = max(d, 1+depth(n.Children))
	}
	return d
}

func TestRejections(t *testing.T) {
	_, hs := testServer(t, Config{MaxUpload: 1000})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/sessions", "{not json", 400, "malformed JSON"},
		{"POST", "/api/sessions", "", 400, "empty request body"},
		{"POST", "/api/sessions", `{"game":"tic-tac-toe.zrf"} {}`, 400, "more than one value"},
		{"POST", "/api/sessions", `{"gaem":"x"}`, 400, "unknown field"},
		{"POST", "/api/sessions", CreateRequest{Game: "nope.zrf"}, 404, "no game"},
		{"POST", "/api/sessions", CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}}}, 422, "1 seats for a game of 2"},
		{"POST", "/api/sessions", CreateRequest{Game: "tic-tac-toe.zrf", Variant: "99", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}}, 422, "no game number 99"},
		{"POST", "/api/sessions", CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "genius"}}}, 422, "seat 1"},
		{"POST", "/api/sessions", CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "alien"}}}, 422, "want human or bot"},
		{"POST", "/api/sessions", strings.Repeat(" ", maxBody+10), 413, "over"},
		{"GET", "/api/sessions/unknown", nil, 404, "no session"},
		{"GET", "/api/sessions/" + c.ID + "/events?since=-1", nil, 400, "since"},
		{"GET", "/api/sessions/" + c.ID + "/events?since=5", nil, 400, "version 0"},
		{"GET", "/api/sessions/" + c.ID + "/record?format=doc", nil, 400, "format"},
		{"GET", "/api/sessions/" + c.ID + "/record?format=pgn", nil, 422, "PGN"},
		{"POST", "/api/sessions/" + c.ID + "/undo", map[string]any{"token": c.Seats[0].Token}, 409, "must agree"},
		{"POST", "/api/games?name=x.zrf", strings.Repeat(";", 2000), 413, "over 1000 bytes"},
		{"POST", "/api/games?name=bad.zrf", "(game (title \"x\") (board", 422, "bad.zrf:1"},
		{"POST", "/api/games?name=../x.zrf", "(game)", 400, "without slashes"},
		{"POST", "/api/games?name=chess.zrf", "(game)", 409, "bundled"},
	})
}

// rejection is a request the API must refuse: the status and a part of the
// reason it gives.
type rejection struct {
	method, path string
	body         any
	code         int
	want         string
}

func checkRejections(t *testing.T, base string, tests []rejection) {
	t.Helper()
	for _, tc := range tests {
		var e apiErr
		code := call(t, tc.method, base+tc.path, tc.body, &e)
		if code != tc.code || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s %s: %d %q, want %d %q", tc.method, tc.path, code, e.Error, tc.code, tc.want)
		}
	}
}

func TestListSessions(t *testing.T) {
	_, hs := testServer(t, Config{})
	a := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
	var list []SessionInfo
	if code := call(t, "GET", hs.URL+"/api/sessions?limit=10", nil, &list); code != 200 || len(list) != 1 || list[0].ID != a.ID ||
		list[0].Seats[1].Spec != "random" || list[0].Created.IsZero() {
		t.Fatalf("list: %d %+v", code, list)
	}
	var e apiErr
	if code := call(t, "GET", hs.URL+"/api/sessions?limit=0", nil, &e); code != 400 {
		t.Fatalf("limit=0: %d", code)
	}
}

// The README's curl -d (form encoding declared, JSON sent) creates a
// session; the same from another site's page is refused, whatever its
// content type.
func TestContentTypes(t *testing.T) {
	_, hs := testServer(t, Config{})
	host := strings.TrimPrefix(hs.URL, "http://")
	body := `{"game":"tic-tac-toe.zrf","seats":[{"kind":"human"},{"kind":"bot","spec":"random"}]}`
	tests := []struct {
		path, ctype, origin, site string
		code                      int
		want                      string
	}{
		{"/api/sessions", "application/x-www-form-urlencoded", "", "", 201, ""},
		{"/api/sessions", "text/plain", "http://" + host, "same-origin", 201, ""},
		{"/api/sessions", "application/json", "http://elsewhere.example", "cross-site", 403, "pages from \"http://elsewhere.example\""},
		{"/api/sessions", "application/x-www-form-urlencoded", "http://elsewhere.example", "", 403, "not served here"},
		{"/api/sessions", "text/plain", "", "cross-site", 415, "want application/json"},
		{"/api/games?name=x.zrf", "text/plain", "", "cross-site", 403, "this server's page"},
		{"/api/games?name=x.zrf", "text/plain", "http://elsewhere.example", "cross-site", 403, "not served here"},
	}
	for _, tc := range tests {
		req, _ := http.NewRequest("POST", hs.URL+tc.path, strings.NewReader(body))
		req.Header.Set("Content-Type", tc.ctype)
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		if tc.site != "" {
			req.Header.Set("Sec-Fetch-Site", tc.site)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e apiErr
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != tc.code || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s %s from %q (%s): %d %q, want %d %q", tc.path, tc.ctype, tc.origin, tc.site, resp.StatusCode, e.Error, tc.code, tc.want)
		}
	}
}

// Games of a --games directory are offered beside the bundled ones, every
// variant of them playable by title or number.
func TestGamesDirAndVariants(t *testing.T) {
	const line = `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d" (1 0))) (directions (e 1 0) (w -1 0))))`
	race := `(game (title "Race") (players A B) (turn-order A B) ` + line + `
  (piece (name Runner) (moves ((e (verify empty?) add))))
  (board-setup (A (Runner a)) (B (Runner c)))
  (win-condition (A B) (absolute-config Runner (d))))
(variant (title "Head start") (board-setup (A (Runner b)) (B (Runner a))))`
	var logged []string
	_, hs := testServer(t, Config{Games: fstest.MapFS{
		"mine/race.zrf":   {Data: []byte(race)},
		"mine/broken.zrf": {Data: []byte(`(game (title "Broken"`)},
		"mine/common.zrf": {Data: []byte(`(define step ((e add)))`)},
	}, Logf: func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }})
	// The files that do not read are left out, and said so.
	if log := strings.Join(logged, "\n"); !strings.Contains(log, "mine/broken.zrf:1:") || !strings.Contains(log, "mine/common.zrf: no game") {
		t.Errorf("logged:\n%s", log)
	}
	var games []GameInfo
	call(t, "GET", hs.URL+"/api/games", nil, &games)
	var got *GameInfo
	for i := range games {
		if games[i].Name == "mine/race.zrf" {
			got = &games[i]
		}
	}
	if got == nil || got.Source != "dir" || len(got.Variants) != 2 || got.Variants[1].Title != "Head start" || !got.Variants[0].Default {
		t.Fatalf("the directory's game: %+v", got)
	}
	for _, v := range []string{"Head start", "2"} {
		c := newSession(t, hs.URL, CreateRequest{Game: "mine/race.zrf", Variant: v, Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		st := getState(t, hs.URL, c.ID)
		if st.Variant != "Head start" || len(st.Legal) != 1 || !strings.HasPrefix(st.Legal[0], "b - c") {
			t.Errorf("variant %q: %s, legal %q", v, st.Variant, st.Legal)
		}
	}
	st := getState(t, hs.URL, newSession(t, hs.URL, CreateRequest{Game: "mine/race.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}}).ID)
	if st.Variant != "Race" || len(st.Legal) != 1 || !strings.HasPrefix(st.Legal[0], "a - b") {
		t.Errorf("default variant: %s, legal %q", st.Variant, st.Legal)
	}
}

// One bot serves every session that seats it, and a bot thinking for long
// on the only bot worker does not slow the API for other sessions.
func TestSharedBotsAndSlowBot(t *testing.T) {
	srv, hs := testServer(t, Config{BotWorkers: 1, MoveTime: 3 * time.Second})
	a := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "bot", Spec: "alphabeta:depth=60"}, {Kind: "human"}}})
	b := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "alphabeta:depth=60"}}})
	ctx := context.Background()
	sa, _ := srv.session(ctx, a.ID)
	sb, _ := srv.session(ctx, b.ID)
	if sa.bots[0] == nil || sa.bots[0] != sb.bots[1] {
		t.Fatal("two sessions seating the same bot spec hold two bots")
	}
	if st := getState(t, hs.URL, a.ID); !st.Thinking {
		t.Fatalf("the slow bot is not thinking: %+v", st)
	}
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	start := time.Now()
	for i, m := range []string{"a1", "b2", "c3", "a3"} {
		if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[i%2].Token, "move": m}, nil); code != 200 {
			t.Fatalf("%s: %d", m, code)
		}
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("four moves took %v while a bot thought", d)
	}
	if st := getState(t, hs.URL, a.ID); !st.Thinking || st.Version != 0 {
		t.Errorf("the slow bot should still be thinking: %+v", st)
	}
}
