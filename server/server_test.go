package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
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

// Play a whole game against a random bot through the API, undo and take
// a variation, restart the server and find everything again.
func TestBotGameSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, hs := testServer(t, Config{Store: st})
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
	moves := s.Moves
	// Undo: back to before the human's last move; the moves stay in the tree.
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

	// A second server on the same store finds the session as it was.
	_, hs2 := testServer(t, Config{Store: st})
	again := getState(t, hs2.URL, c.ID)
	if again.Version != after.Version || strings.Join(again.Moves, "|") != strings.Join(after.Moves, "|") {
		t.Fatalf("after restart: %+v, want %+v", again, after)
	}
	var evs []Event
	call(t, "GET", hs2.URL+"/api/sessions/"+c.ID+"/events?since=0", nil, &evs)
	if len(evs) != again.Version || evs[0].Move != first || evs[len(evs)-1].Kind != "undo" {
		t.Fatalf("events %+v", evs)
	}
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
	tests := []struct {
		method, path string
		body         any
		code         int
		want         string
	}{
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
		{"POST", "/api/sessions/" + c.ID + "/undo", map[string]any{"token": c.Seats[0].Token}, 409, "nothing to take back"},
		{"POST", "/api/games?name=x.zrf", strings.Repeat(";", 2000), 413, "over 1000 bytes"},
		{"POST", "/api/games?name=bad.zrf", "(game (title \"x\") (board", 422, "bad.zrf:1"},
		{"POST", "/api/games?name=../x.zrf", "(game)", 400, "without slashes"},
		{"POST", "/api/games?name=chess.zrf", "(game)", 409, "bundled"},
	}
	for _, tc := range tests {
		var e apiErr
		code := call(t, tc.method, hs.URL+tc.path, tc.body, &e)
		if code != tc.code || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s %s: %d %q, want %d %q", tc.method, tc.path, code, e.Error, tc.code, tc.want)
		}
	}
}

// The same game on PostgreSQL: a session played, then found again by a
// second server on the same database.
func TestPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	ctx := context.Background()
	st, err := store.Open(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, hs := testServer(t, Config{Store: st})
	rep, err := RunLoad(ctx, LoadOptions{URL: hs.URL, Sessions: 10, Games: 20, Seed: 2, Duration: time.Minute})
	if err != nil || rep.Games != 20 || rep.Failures+rep.Mismatched+rep.BadAccepted > 0 {
		t.Fatalf("load on PostgreSQL: %+v %v", rep, err)
	}
	c := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": "e2 - e4"}, nil)
	_, hs2 := testServer(t, Config{Store: st})
	if again := getState(t, hs2.URL, c.ID); again.Version != 1 || again.Moves[0] != "e2 - e4 pawn-push" {
		t.Fatalf("after restart: %+v", again)
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
