package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/store"
)

// fuzzRoutes are the requests FuzzRequest sends its bodies to: every route
// that reads a body a client writes, on a session and a 2048 game made
// before fuzzing. SESSION, GAME and TOKEN are replaced by their ids; a
// form after # wraps the body as the move of a well-formed request, so
// that the move parser is reached with the right token, or as the
// position of a well-formed session to create.
var fuzzRoutes = []struct{ method, path string }{
	{"POST", "/api/sessions"},
	{"POST", "/api/sessions/SESSION/moves"},
	{"POST", "/api/sessions/SESSION/moves#move"},
	{"POST", "/api/sessions/SESSION/undo"},
	{"POST", "/api/games"},
	{"POST", "/api/linjat/check"},
	{"POST", "/api/linjat/hint"},
	{"POST", "/api/2048/games/GAME/moves"},
	{"GET", "/api/sessions/SESSION?QUERY"},
	{"GET", "/api/sessions/SESSION/record?QUERY"},
	{"POST", "/api/sessions#position"},
	{"GET", "/api/sessions/SESSION/node?QUERY"},
	{"GET", "/api/sessions/SESSION/board.svg?QUERY"},
	{"POST", "/api/sessions/SESSION/analyse"},
	{"POST", "/api/games/tic-tac-toe.zrf/position"},
}

// FuzzRequest sends arbitrary bodies and queries to the server's routes
// and checks that every answer is a client error or a success, never a
// fault (500), and that every JSON answer is JSON, errors saying why.
func FuzzRequest(f *testing.F) {
	seeds := []struct {
		route uint8
		body  string
	}{
		{0, `{"game":"tic-tac-toe.zrf","seats":[{"kind":"human"},{"kind":"human"}]}`},
		{0, `{"game":"chess.zrf","variant":"nope","seats":[{"kind":"bot","spec":"random"}]}`},
		{1, `{"token":"x","move":"a1","version":0}`},
		{2, `a1`},
		{2, `b2 - c3`},
		{3, `{"token":"x"}`},
		{4, `(game (title "t") (players A B) (turn-order A B) (board (grid (start-rectangle 0 0 10 10) (dimensions "a" "1")))`},
		{5, `{"puzzle":"2 . .\n. . .","marks":[]}`},
		{6, `{"puzzle":["3..", "..."]}`},
		{7, `{"move":"left"}`},
		{8, `since=3`},
		{9, `format=pgn`},
		{10, `(position (turn O) (X (Mark b2)))`},
		{10, `(turn X) (X (Mark a1 a1 off 4294967296))`},
		{11, `path=0.0.0`},
		{12, `path=0&flip=1`},
		{13, `{"bot":"mcts:iterations=50","ms":20}`},
		{13, `{"position":"(turn O)","bot":"alphabeta:depth=3"}`},
		{14, `{"position":"(turn X) (O (Mark c3))","flip":true,"palette":true}`},
	}
	for _, s := range seeds {
		f.Add(s.route, s.body)
	}
	h, ids := fuzzServer(f)
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		path, form, _ := strings.Cut(rt.path, "#")
		path = strings.NewReplacer("SESSION", ids.session, "GAME", ids.game).Replace(path)
		query := ""
		if q, ok := strings.CutSuffix(path, "?QUERY"); ok {
			path, query, body = q, body, ""
		}
		switch form {
		case "move":
			js, _ := json.Marshal(map[string]any{"token": ids.token, "move": body, "version": len(body) % 3})
			body = string(js)
		case "position":
			js, _ := json.Marshal(CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}, Position: body})
			body = string(js)
		}
		req := httptest.NewRequest(rt.method, "http://localhost"+path, strings.NewReader(body))
		// Set as the raw query, as a client's request line would bring it:
		// bytes no request line can hold are left out.
		req.URL.RawQuery = strings.Map(func(r rune) rune {
			if r <= ' ' || r == 0x7f || r == '#' {
				return -1
			}
			return r
		}, query)
		ctx, cancel := context.WithTimeout(req.Context(), 10*time.Second)
		defer cancel()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req.WithContext(ctx))
		checkAnswer(t, rt.method+" "+path, w)
	})
}

// checkAnswer fails on a fault or on JSON that is not, or an error
// answer without a reason.
func checkAnswer(t *testing.T, what string, w *httptest.ResponseRecorder) {
	t.Helper()
	if w.Code >= 500 {
		t.Fatalf("%s: %d %s", what, w.Code, w.Body)
	}
	if !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		return
	}
	if !json.Valid(w.Body.Bytes()) {
		t.Fatalf("%s: answer is not JSON: %q", what, w.Body)
	}
	if w.Code >= 400 {
		var e struct{ Error string }
		if json.Unmarshal(w.Body.Bytes(), &e); e.Error == "" {
			t.Fatalf("%s: %d without a reason: %s", what, w.Code, w.Body)
		}
	}
}

// fuzzIDs are the session, its first seat's token and the 2048 game the
// fuzzed requests address.
type fuzzIDs struct{ session, token, game string }

// fuzzServer starts a server on a fresh store with a tic-tac-toe session
// of two human seats and a 2048 game.
func fuzzServer(f *testing.F) (http.Handler, fuzzIDs) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(f.TempDir(), "s.db"))
	if err != nil {
		f.Fatal(err)
	}
	srv, err := New(ctx, Config{Store: st, BotWorkers: 1, MoveTime: 100 * time.Millisecond})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { srv.Close(); st.Close() })
	h := srv.Handler()
	post := func(path, body string, out any) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", "http://localhost"+path, strings.NewReader(body)))
		if w.Code != http.StatusCreated {
			f.Fatalf("%s: %d %s", path, w.Code, w.Body)
		}
		if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
			f.Fatal(fmt.Errorf("%s: %w", path, err))
		}
	}
	var sess struct {
		ID    string
		Seats []struct{ Token string }
	}
	post("/api/sessions", `{"game":"tic-tac-toe.zrf","seats":[{"kind":"human"},{"kind":"human"}]}`, &sess)
	var g struct{ ID string }
	post("/api/2048/games", `{"seed":1}`, &g)
	return h, fuzzIDs{session: sess.ID, token: sess.Seats[0].Token, game: g.ID}
}
