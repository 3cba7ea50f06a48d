package server

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/store"
)

// A client has at most Limits.Sessions live sessions: one more is refused
// 429 with Retry-After, until one of them ends or is deleted.
func TestSessionQuota(t *testing.T) {
	_, hs := testServer(t, Config{Limits: Limits{Sessions: 2}})
	req := CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}}
	a := newSession(t, hs.URL, req)
	b := newSession(t, hs.URL, req)
	over := func() {
		t.Helper()
		resp, err := http.Post(hs.URL+"/api/sessions", "application/json", strings.NewReader(jsonOf(req)))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("a third live session: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
	}
	over()
	// A game that ends frees its place.
	if code := call(t, "POST", hs.URL+"/api/sessions/"+a.ID+"/resign", map[string]any{"token": a.Seats[0].Token}, nil); code != 200 {
		t.Fatal(code)
	}
	c := newSession(t, hs.URL, req)
	over()
	// So does a deleted one; a seat's token does not delete.
	checkRejections(t, hs.URL, []rejection{
		{"DELETE", "/api/sessions/" + b.ID, map[string]any{"token": b.Seats[0].Token}, 403, "creator"},
		{"DELETE", "/api/sessions/" + b.ID, map[string]any{"token": b.Creator}, 200, ""},
		{"GET", "/api/sessions/" + b.ID, nil, 404, "no session"},
	})
	newSession(t, hs.URL, req)
	over()
	_ = c
}

// The creator deletes a session: its watchers get the closing event and
// their streams end; the store forgets it.
func TestDeleteSession(t *testing.T) {
	srv, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, bot}})
	playAll(t, hs.URL+"/api/sessions/"+c.ID, tokensOf(c), "b2")
	waitFor(t, hs.URL, c.ID, func(s State) bool { return !s.Thinking })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", hs.URL+"/api/sessions/"+c.ID+"/events?since=2", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if code := call(t, "DELETE", hs.URL+"/api/sessions/"+c.ID, map[string]any{"token": c.Creator}, nil); code != 200 {
		t.Fatalf("delete: %d", code)
	}
	evs := readSSE(t, resp.Body, 1)
	if evs[0].Kind != "close" || evs[0].Note != "deleted by its creator" {
		t.Fatalf("the watcher got %+v", evs)
	}
	if _, err := resp.Body.Read(make([]byte, 1)); err == nil {
		t.Fatal("the stream goes on after the session was deleted")
	}
	if _, _, err := srv.cfg.Store.LoadSession(ctx, c.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the store still has it: %v", err)
	}
}

// A session without a move or a watcher for the SessionTTL is closed (its
// players can no longer move) and evicted; its record stays readable. A
// watched session stays open.
func TestSessionExpiry(t *testing.T) {
	const ttl = 300 * time.Millisecond
	srv, hs := testServer(t, Config{SessionTTL: ttl, Limits: Limits{Sessions: 2}})
	req := CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}}
	idle := newSession(t, hs.URL, req)
	watched := newSession(t, hs.URL, req)
	playAll(t, hs.URL+"/api/sessions/"+idle.ID, tokensOf(idle), "a1")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	wreq, _ := http.NewRequestWithContext(ctx, "GET", hs.URL+"/api/sessions/"+watched.ID+"/events", nil)
	wreq.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(wreq)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()

	deadline := time.Now().Add(5 * time.Second)
	for {
		row, _, err := srv.cfg.Store.LoadSession(ctx, idle.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !row.Closed.IsZero() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the idle session was not closed")
		}
		time.Sleep(20 * time.Millisecond)
	}
	srv.mu.Lock()
	_, loaded := srv.sessions[idle.ID]
	srv.mu.Unlock()
	if loaded {
		t.Error("the closed session is still in memory")
	}
	time.Sleep(2 * ttl)
	st := getState(t, hs.URL, idle.ID)
	if !strings.Contains(st.Closed, "without a move") || st.ToMove != nil || len(st.Moves) != 1 {
		t.Fatalf("the closed session: %+v", st)
	}
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/sessions/" + idle.ID + "/moves", map[string]any{"token": idle.Seats[1].Token, "move": "b2"}, 409, "closed"},
	})
	if code, _, sgf := get(t, hs.URL+"/api/sessions/"+idle.ID+"/record?format=sgf"); code != 200 || !strings.Contains(sgf, ";B[") {
		t.Fatalf("the record of a closed session: %d %s", code, sgf)
	}
	if st := getState(t, hs.URL, watched.ID); st.Closed != "" {
		t.Fatalf("a watched session was closed: %q", st.Closed)
	}
	// The closed session no longer counts among its client's live ones.
	newSession(t, hs.URL, req)
}

// A session has a bound of events: moves and undos over it are refused
// with the reason (a resignation still ends the game), and a bot seat to
// move at the bound says so rather than thinking.
func TestEventCap(t *testing.T) {
	_, hs := testServer(t, Config{MaxEvents: 10})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, open}})
	url := hs.URL + "/api/sessions/" + c.ID
	tok := c.Seats[0].Token
	for range 5 {
		playAll(t, url, []string{tok}, "b2")
		if code := call(t, "POST", url+"/undo", map[string]any{"token": tok}, nil); code != 200 {
			t.Fatalf("undo: %d", code)
		}
	}
	var e apiErr
	if code := call(t, "POST", url+"/moves", map[string]any{"token": tok, "move": "b2"}, &e); code != 409 || !strings.Contains(e.Error, "10 events, the most") {
		t.Fatalf("a move over the bound: %d %q", code, e.Error)
	}
	if code := call(t, "POST", url+"/resign", map[string]any{"token": tok}, nil); code != 200 {
		t.Fatalf("resigning at the bound: %d", code)
	}

	b := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, bot}})
	burl := hs.URL + "/api/sessions/" + b.ID
	for range 3 {
		playAll(t, burl, []string{b.Seats[0].Token}, getState(t, hs.URL, b.ID).Legal[0])
		waitFor(t, hs.URL, b.ID, func(s State) bool { return !s.Thinking })
		call(t, "POST", burl+"/undo", map[string]any{"token": b.Seats[0].Token}, nil)
	}
	st := playAll(t, burl, []string{b.Seats[0].Token}, "b2")
	if st.Version != 10 || st.Thinking || !strings.Contains(st.Fault, "the most a session may have") {
		t.Fatalf("a bot at the bound: %+v", st)
	}
}

// A store that fails while a bot's move is stored does not leave the bot's
// seat to move and idle: the session says so, and the bot moves when the
// store works again.
func TestBotMoveStoreFault(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "s.db")
	one := start(t, dsn, Config{})
	c := newSession(t, one.hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, bot}})
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TRIGGER fail_bot BEFORE INSERT ON session_events WHEN NEW.seat = 1
		BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`); err != nil {
		t.Fatal(err)
	}
	playAll(t, one.hs.URL+"/api/sessions/"+c.ID, tokensOf(c), "b2")
	st := waitFor(t, one.hs.URL, c.ID, func(s State) bool { return s.Fault != "" })
	if !strings.Contains(st.Fault, "the disk is full") || st.Version != 1 {
		t.Fatalf("the fault: %+v", st)
	}
	if _, err := db.Exec(`DROP TRIGGER fail_bot`); err != nil {
		t.Fatal(err)
	}
	st = waitFor(t, one.hs.URL, c.ID, func(s State) bool { return s.Version == 2 && !s.Thinking })
	if st.Fault != "" || st.ToMove == nil || *st.ToMove != 0 {
		t.Fatalf("after the store came back: %+v", st)
	}
}
