package server

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A seat whose clock runs out loses on time, when nobody is connected:
// the server's timer stores the event, dated when the time ran out, and
// moves are refused after it.
func TestClockLossOnTime(t *testing.T) {
	srv, hs := testServer(t, Config{})
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/sessions", CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}, Clock: &ClockRequest{Base: "soon"}}, 422, "clock base"},
		{"POST", "/api/sessions", CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}, Clock: &ClockRequest{Base: "10ms"}}, 422, "from 1s"},
		{"POST", "/api/sessions", CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}, Clock: &ClockRequest{Base: "1m", Increment: "-1s"}}, 422, "clock increment"},
	})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}, Clock: &ClockRequest{Base: "1s", Increment: "2s"}})
	url := hs.URL + "/api/sessions/" + c.ID
	st := playAll(t, url, tokensOf(c), "a1")
	if st.Clock == nil || st.Clock.BaseMS != 1000 || st.Clock.IncrementMS != 2000 || st.Clock.Running == nil || *st.Clock.Running != 1 ||
		st.Clock.LeftMS[0] < 2500 || st.Clock.LeftMS[1] > 1000 {
		t.Fatalf("the clock after X's move: %+v", st.Clock)
	}
	moved := time.Now()
	// Nobody asks anything: the timer ends the game.
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, evs, err := srv.cfg.Store.LoadSession(context.Background(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if last := evs[len(evs)-1]; last.Kind == kindTimeout {
			if last.Seat != 1 || last.Created.Sub(evs[0].Created) < 990*time.Millisecond || last.Created.Sub(evs[0].Created) > 1100*time.Millisecond {
				t.Fatalf("the loss on time: %+v after a move at %v", last, evs[0].Created)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no loss on time %v after the move: %+v", time.Since(moved), evs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	st = getState(t, hs.URL, c.ID)
	if st.Result == nil || st.Result.Reason != "O lost on time" || st.Result.Scores[0] != 1 || st.Clock.Running != nil || st.Clock.LeftMS[1] != 0 {
		t.Fatalf("after the flag: %+v %+v", st.Result, st.Clock)
	}
	var e apiErr
	if code := call(t, "POST", url+"/moves", map[string]any{"token": c.Seats[1].Token, "move": "b2"}, &e); code != 409 {
		t.Fatalf("a move after the flag: %d %s", code, e.Error)
	}
}

// The clocks are kept through a restart: they are reckoned from the
// events' times, the time the server was down counts for the seat to
// move, and a clock that ran out meanwhile ends the game when the
// session is read.
func TestClockSurvivesRestart(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "s.db")
	one := start(t, dsn, Config{})
	long := newSession(t, one.hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, open}, Clock: &ClockRequest{Base: "1m", Increment: "1s"}})
	short := newSession(t, one.hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}, Clock: &ClockRequest{Base: "1s"}})
	// The clock starts when the open seat is taken.
	time.Sleep(300 * time.Millisecond)
	if st := getState(t, one.hs.URL, long.ID); st.Clock.Running != nil || st.Clock.LeftMS[0] != 60000 {
		t.Fatalf("a clock before every seat has its player: %+v", st.Clock)
	}
	var j Joined
	if code := call(t, "POST", one.hs.URL+"/api/sessions/"+long.ID+"/seats/1/join", map[string]any{"invite": long.Seats[1].Invite}, &j); code != 200 {
		t.Fatalf("join: %d", code)
	}
	playAll(t, one.hs.URL+"/api/sessions/"+long.ID, []string{long.Seats[0].Token}, "a1")
	playAll(t, one.hs.URL+"/api/sessions/"+short.ID, []string{short.Seats[0].Token}, "a1")
	one.stop()
	time.Sleep(1200 * time.Millisecond)

	two := start(t, dsn, Config{})
	st := getState(t, two.hs.URL, long.ID)
	c := st.Clock
	if c == nil || c.Running == nil || *c.Running != 1 || c.LeftMS[0] < 60500 || c.LeftMS[0] > 61000 ||
		c.LeftMS[1] > 60000-1200 {
		t.Fatalf("the clock after a restart: %+v", c)
	}
	st = getState(t, two.hs.URL, short.ID)
	if st.Result == nil || !strings.Contains(st.Result.Reason, "lost on time") || st.Clock.Running != nil {
		t.Fatalf("a clock that ran out while the server was down: %+v %+v", st.Result, st.Clock)
	}
}
