package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
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

// A watcher that never reads does not hold up the session's players.
func TestSlowWatcherDoesNotBlock(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for range 3 {
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/sessions/"+c.ID+"/events", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow() // never read
	}
	start := time.Now()
	for i := range 5 {
		st := getState(t, hs.URL, c.ID)
		if st.Result != nil {
			break
		}
		call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[i%2].Token, "move": st.Legal[0]}, nil)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("moves took %v with idle watchers", d)
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
