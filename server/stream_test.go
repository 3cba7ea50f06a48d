package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/ludus-games/ludus/store"
)

// Two humans play; a watcher on a WebSocket joined late gets the past
// events from ?since and then each new one.
func TestEventsWebSocket(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	play := func(seat int) {
		st := getState(t, hs.URL, c.ID)
		if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves",
			map[string]any{"token": c.Seats[seat].Token, "move": st.Legal[0], "version": st.Version}, nil); code != 200 {
			t.Fatalf("move %d", code)
		}
	}
	play(0)
	play(1)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/sessions/"+c.ID+"/events?since=1", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	var e Event
	if err := wsjson.Read(ctx, ws, &e); err != nil || e.Version != 2 || e.Seat != 1 || e.Ply != 2 {
		t.Fatalf("backlog event %+v %v", e, err)
	}
	play(0)
	if err := wsjson.Read(ctx, ws, &e); err != nil || e.Version != 3 || e.Kind != "move" || e.Move == "" {
		t.Fatalf("live event %+v %v", e, err)
	}
}

func TestEventsSSE(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", hs.URL+"/api/sessions/"+c.ID+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	st := getState(t, hs.URL, c.ID)
	call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": st.Legal[0]}, nil)
	// The human's move, then the bot's answer.
	evs := readSSE(t, resp.Body, 2)
	if evs[0].Version != 1 || evs[0].Seat != 0 || evs[1].Version != 2 || evs[1].Seat != 1 {
		t.Fatalf("events %+v", evs)
	}
}

func readSSE(t *testing.T, r io.Reader, n int) []Event {
	t.Helper()
	var out []Event
	sc := bufio.NewScanner(r)
	for len(out) < n && sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var e Event
			if err := json.Unmarshal([]byte(data), &e); err != nil {
				t.Fatal(err)
			}
			out = append(out, e)
		}
	}
	if len(out) < n {
		t.Fatalf("stream ended after %d events: %v", len(out), sc.Err())
	}
	return out
}

// smallBuffers gives the server's connections small send buffers, so that
// a client that does not read fills them after a few events.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(4096)
	}
	return c, err
}

// Watchers that never read (over a WebSocket and over SSE) do not hold up
// the players: every move is answered at once while their buffers are
// full, they are dropped after the write timeout, and a client that comes
// back with ?since finds every event.
func TestClientThatNeverReads(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := New(ctx, Config{Store: st, WriteTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv.Handler())
	hs.Listener = smallBuffers{hs.Listener}
	hs.Start()
	defer func() { hs.Close(); srv.Close() }()

	// The second seat waits for a player: the first takes back alone.
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human", Open: true}}})
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if tc, ok := conn.(*net.TCPConn); ok {
			tc.SetReadBuffer(4096)
		}
		return conn, err
	}
	// A WebSocket watcher that never reads.
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(wctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/sessions/"+c.ID+"/events", &websocket.DialOptions{
		HTTPClient: &http.Client{Transport: &http.Transport{DialContext: dial}}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	// An SSE watcher that sends its request and never reads.
	raw, err := dial(ctx, "tcp", strings.TrimPrefix(hs.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	fmt.Fprintf(raw, "GET /api/sessions/%s/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n", c.ID)
	waitWatchers := func(n int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			ss, _ := srv.session(ctx, c.ID)
			ss.mu.Lock()
			have := len(ss.watchers)
			ss.mu.Unlock()
			if have == n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d watchers, want %d", have, n)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitWatchers(2)

	// Move and take back, over and over: far more events than the
	// buffers hold, each answered at once.
	url := hs.URL + "/api/sessions/" + c.ID
	const rounds = 300
	slowest := time.Duration(0)
	for range rounds {
		start := time.Now()
		if code := call(t, "POST", url+"/moves", map[string]any{"token": c.Seats[0].Token, "move": "b2"}, nil); code != 200 {
			t.Fatalf("move: %d", code)
		}
		if code := call(t, "POST", url+"/undo", map[string]any{"token": c.Seats[0].Token}, nil); code != 200 {
			t.Fatalf("undo: %d", code)
		}
		slowest = max(slowest, time.Since(start))
	}
	if slowest > 2*time.Second {
		t.Errorf("a move and an undo took %v beside watchers that do not read", slowest)
	}
	waitWatchers(0)
	var evs []Event
	if code := call(t, "GET", url+"/events?since=0", nil, &evs); code != 200 || len(evs) != 2*rounds || evs[len(evs)-1].Version != 2*rounds {
		t.Fatalf("after the watchers were dropped: %d, %d events", code, len(evs))
	}
}

// A bot that would think for ever is stopped at the move time: its seat
// still moves, in about that time.
func TestBotMoveTimeCap(t *testing.T) {
	_, hs := testServer(t, Config{MoveTime: 200 * time.Millisecond})
	c := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "bot", Spec: "alphabeta:depth=60"}, {Kind: "human"}}})
	start := time.Now()
	st := waitFor(t, hs.URL, c.ID, func(s State) bool { return s.Version >= 1 })
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("the bot's move took %v with a 200ms cap", d)
	}
	if st.Thinking || st.ToMove == nil || *st.ToMove != 1 {
		t.Fatalf("after the bot's move: %+v", st)
	}
}

// Thousands of past events asked for at once are refused with a reason
// (here the limit is 2); a huge or negative ?since too.
func TestBacklogLimit(t *testing.T) {
	_, hs := testServer(t, Config{MaxBacklog: 2})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID
	for i, m := range []string{"a1", "b2", "c3"} {
		if code := call(t, "POST", url+"/moves", map[string]any{"token": c.Seats[i%2].Token, "move": m}, nil); code != 200 {
			t.Fatalf("%s: %d", m, code)
		}
	}
	tests := []struct {
		since string
		code  int
		want  string
	}{
		{"0", 409, "3 events behind, over 2: fetch the state instead"},
		{"99999999999999999999", 400, "want a version"},
		{"4", 400, "at version 3"},
		{"-1", 400, "want a version"},
	}
	for _, tc := range tests {
		var e apiErr
		code := call(t, "GET", url+"/events?since="+tc.since, nil, &e)
		if code != tc.code || !strings.Contains(e.Error, tc.want) {
			t.Errorf("since=%s: %d %q, want %d %q", tc.since, code, e.Error, tc.code, tc.want)
		}
	}
	var evs []Event
	if code := call(t, "GET", url+"/events?since=1", nil, &evs); code != 200 || len(evs) != 2 || evs[0].Version != 2 {
		t.Errorf("since=1: %d %+v", code, evs)
	}
	// The same over a WebSocket: the refusal comes before the upgrade.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/events?since=0", nil)
	if err == nil || resp == nil || resp.StatusCode != 409 {
		t.Fatalf("WebSocket with too long a backlog: %v %v", resp, err)
	}
}
