package server

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/internal/testenv"
	"github.com/ludus-games/ludus/store"
)

// A second server on a SQLite file is refused at start, naming the file
// and the process that serves it; once the first stops, another starts.
// (Two servers on one file used to both start, and the second never saw
// the first one's moves.)
func TestSecondServerOnSQLiteRefused(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.db")
	open := func() *store.Store {
		st, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	one, err := New(ctx, Config{Store: open()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(ctx, Config{Store: open()})
	if err == nil {
		t.Fatal("a second server on the same SQLite file started")
	}
	for _, want := range []string{path, fmt.Sprintf("process %d", os.Getpid()), "PostgreSQL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal %q does not say %q", err, want)
		}
	}
	one.Close()
	two, err := New(ctx, Config{Store: open()})
	if err != nil {
		t.Fatalf("after the first stopped: %v", err)
	}
	two.Close()
}

// Two servers on one PostgreSQL store, as two ludus serve processes behind
// a load balancer: each sees the other's moves, a move that conflicts
// with one the other server stored first is answered 409 (not 500) and
// the session's bot goes on, and a server stopped while its bot thinks
// leaves the move to the other, nothing lost.
func TestTwoServersOnePostgres(t *testing.T) {
	// Several processes or servers on one PostgreSQL store: with
	// LUDUS_LONG=1 (docs/testing.md).
	testenv.SkipUnlessLong(t)
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	dsn := pgtest.URL(t)
	t.Run("moves", func(t *testing.T) {
		a, b := start(t, dsn, Config{}), start(t, dsn, Config{})
		c := newSession(t, a.hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		getState(t, b.hs.URL, c.ID) // held by both servers now
		// Seat 0 plays on A, seat 1 on B, each when its own server shows
		// its turn: each server hears of the other's moves.
		srvs := []*running{a, b}
		for v := 0; ; v++ {
			seat := v % 2
			url := srvs[seat].hs.URL
			st := waitFor(t, url, c.ID, func(s State) bool { return s.Version == v })
			if st.Result != nil {
				break
			}
			var e apiErr
			if code := call(t, "POST", url+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[seat].Token, "move": st.Legal[0], "version": v}, &e); code != 200 {
				t.Fatalf("move %d on server %d: %d %s", v+1, seat, code, e.Error)
			}
		}
		sa, sb := getState(t, a.hs.URL, c.ID), getState(t, b.hs.URL, c.ID)
		if jsonOf(sa) != jsonOf(sb) || sa.Result == nil {
			t.Fatalf("the servers differ:\n%s\n%s", jsonOf(sa), jsonOf(sb))
		}
	})
	t.Run("conflict", func(t *testing.T) {
		a, b := start(t, dsn, Config{}), start(t, dsn, Config{})
		c := newSession(t, a.hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
		st := getState(t, b.hs.URL, c.ID)
		// Another server stores the human's move, and B does not hear of
		// it (its notification lost): B's view is behind.
		raw, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		if _, err := raw.Exec(`INSERT INTO session_events (session_id, version, kind, seat, move, note, created_at) VALUES ($1, 1, 'move', 0, $2, '', now())`,
			c.ID, st.Legal[4]); err != nil {
			t.Fatal(err)
		}
		var e apiErr
		code := call(t, "POST", b.hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": st.Legal[0]}, &e)
		if code != http.StatusConflict || !strings.Contains(e.Error, "moved on") {
			t.Fatalf("a move that conflicts: %d %q, want 409", code, e.Error)
		}
		// B has read the move it missed, and its bot replies.
		after := waitFor(t, b.hs.URL, c.ID, func(s State) bool { return s.Version == 2 && !s.Thinking })
		if after.Moves[0] != st.Legal[4] || after.ToMove == nil || *after.ToMove != 0 || after.Fault != "" {
			t.Fatalf("after the conflict: %+v", after)
		}
		// Both servers agree on one bot move.
		if sa := waitFor(t, a.hs.URL, c.ID, func(s State) bool { return s.Version == 2 }); jsonOf(sa) != jsonOf(after) {
			t.Fatalf("the servers differ:\n%s\n%s", jsonOf(sa), jsonOf(after))
		}
	})
	t.Run("behind", func(t *testing.T) {
		// Behind a load balancer a client may reach a server that has not
		// heard yet of what it saw on another: a seat taken there, a move
		// made there. That server reads what it missed and takes the
		// client's request rather than refusing it.
		a, b := start(t, dsn, Config{}), start(t, dsn, Config{})
		c := newSession(t, a.hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human", Open: true}}})
		legal := getState(t, b.hs.URL, c.ID).Legal
		raw, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		// Another server's events, unheard of by B (no notification).
		token := newID() + newID()
		for _, e := range []struct {
			version, seat int
			kind, move    string
		}{{1, 1, kindJoin, hashToken(token)}, {2, 0, "move", legal[4]}} {
			if _, err := raw.Exec(`INSERT INTO session_events (session_id, version, kind, seat, move, note, created_at) VALUES ($1, $2, $3, $4, $5, '', now())`,
				c.ID, e.version, e.kind, e.seat, e.move); err != nil {
				t.Fatal(err)
			}
		}
		var st State
		if code := call(t, "POST", b.hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": token, "move": "a1", "version": 2}, &st); code != http.StatusOK {
			t.Fatalf("a move by a seat taken on another server, at a version B had not heard of: %d %s", code, st.Error)
		}
		if st.Version != 3 || len(st.Moves) != 2 || st.Moves[0] != legal[4] || !strings.HasPrefix(st.Moves[1], "a1 ") {
			t.Fatalf("after the move: version %d, moves %v", st.Version, st.Moves)
		}
		// A version that no server has reached is still refused.
		var e apiErr
		if code := call(t, "POST", b.hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": "c3", "version": 9}, &e); code != http.StatusConflict {
			t.Fatalf("a move at version 9 of a session at 3: %d %s", code, e.Error)
		}
	})
	t.Run("stopped", func(t *testing.T) {
		cfg := Config{MoveTime: 300 * time.Millisecond}
		a, b := start(t, dsn, cfg), start(t, dsn, cfg)
		c := newSession(t, a.hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "mcts:time=300ms"}}})
		url := "/api/sessions/" + c.ID
		getState(t, b.hs.URL, c.ID)
		var moves []string
		for v, srv := 0, a; ; v += 2 {
			st := waitFor(t, srv.hs.URL, c.ID, func(s State) bool { return s.Version == v && !s.Thinking })
			if st.Result != nil {
				moves = st.Moves
				break
			}
			if code := call(t, "POST", srv.hs.URL+url+"/moves", map[string]any{"token": c.Seats[0].Token, "move": st.Legal[0], "version": v}, nil); code != 200 {
				t.Fatalf("move %d: %d", v+1, code)
			}
			if srv == a {
				// A stops while a bot thinks about its reply: B makes it.
				a.stop()
				srv = b
			}
		}
		var evs []Event
		call(t, "GET", b.hs.URL+url+"/events?since=0", nil, &evs)
		if len(evs) != len(moves) {
			t.Fatalf("%d events for %d moves: %+v", len(evs), len(moves), evs)
		}
		for i, e := range evs {
			if e.Kind != "move" || e.Move != moves[i] || e.Seat != i%2 {
				t.Fatalf("event %d: %+v, want %s by seat %d", i+1, e, moves[i], i%2)
			}
		}
	})
}
