package server

import (
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/internal/testenv"
)

// Closing the tasks waits for what runs, within its bound; timers not yet
// fired never fire, and nothing starts after.
func TestTasksClose(t *testing.T) {
	var ts tasks
	var fired atomic.Int32
	ts.after(time.Hour, func() { fired.Add(1) })
	release, ended := make(chan struct{}), make(chan struct{})
	started := make(chan struct{})
	ts.run(func() {
		close(started)
		<-release
		close(ended)
	})
	<-started
	if ts.close(50 * time.Millisecond) {
		t.Fatal("close said all ended while a task was blocked")
	}
	ts.run(func() { fired.Add(1) })
	ts.after(0, func() { fired.Add(1) })
	close(release)
	<-ended
	if !ts.close(time.Second) {
		t.Fatal("close did not see the task end")
	}
	time.Sleep(20 * time.Millisecond)
	if n := fired.Load(); n != 0 {
		t.Fatalf("%d tasks ran after close", n)
	}
	// A timer that fires runs its task, and close waits for it.
	var ts2 tasks
	var done atomic.Bool
	ts2.after(time.Millisecond, func() {
		time.Sleep(100 * time.Millisecond)
		done.Store(true)
	})
	time.Sleep(30 * time.Millisecond)
	if !ts2.close(5*time.Second) || !done.Load() {
		t.Fatal("close returned before a fired timer's task ended")
	}
}

// backgroundFuncs are the functions of the goroutines a server starts on
// its own: none may run once Close has returned.
var backgroundFuncs = []string{"server.(*tasks).run.func1(", "server.(*tasks).after.func1(",
	"server.(*eventWriter).run(", "server.(*botPool).work("}

// goroutinesIn counts the goroutines whose stack holds one of the
// functions (as a stack trace names them).
func goroutinesIn(funcs ...string) int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	count := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		for _, f := range funcs {
			if strings.Contains(g, f) {
				count++
				break
			}
		}
	}
	return count
}

// Close waits for the catch-ups of a shared store under way (they used to
// run on after it returned, on a store being closed), within a bound.
func TestCloseWaitsForCatchUp(t *testing.T) {
	// Several processes or servers on one PostgreSQL store: with
	// LUDUS_LONG=1 (docs/testing.md).
	testenv.SkipUnlessLong(t)
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	dsn := pgtest.URL(t)
	// held starts servers A and B with a session both hold, and has B
	// catching up with a move made on A, held (as a long request holds
	// it) at the session's lock; unlock lets it go on.
	held := func(t *testing.T, cfg Config) (a, b *running, unlock func()) {
		a, b = start(t, dsn, Config{}), start(t, dsn, cfg)
		c := newSession(t, a.hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		getState(t, b.hs.URL, c.ID)
		b.srv.mu.Lock()
		ss := b.srv.sessions[c.ID]
		b.srv.mu.Unlock()
		ss.mu.Lock()
		var once sync.Once
		unlock = func() { once.Do(ss.mu.Unlock) }
		t.Cleanup(unlock)
		if code := call(t, "POST", a.hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": "b2"}, nil); code != http.StatusOK {
			t.Fatalf("move on A: %d", code)
		}
		deadline := time.Now().Add(10 * time.Second)
		for goroutinesIn("server.(*Server).catchUp(") == 0 {
			if time.Now().After(deadline) {
				t.Fatal("B did not start catching up with A's move")
			}
			time.Sleep(5 * time.Millisecond)
		}
		return a, b, unlock
	}
	closeB := func(b *running) chan struct{} {
		closed := make(chan struct{})
		go func() {
			b.srv.Close()
			close(closed)
		}()
		return closed
	}
	t.Run("waits", func(t *testing.T) {
		a, b, unlock := held(t, Config{})
		closed := closeB(b)
		select {
		case <-closed:
			t.Fatal("Close returned while a catch-up was under way")
		case <-time.After(300 * time.Millisecond):
		}
		unlock()
		select {
		case <-closed:
		case <-time.After(5 * time.Second):
			t.Fatal("Close did not return once the catch-up could end")
		}
		if n := goroutinesIn("server.(*Server).catchUp("); n != 0 {
			t.Fatalf("%d catch-ups still running after Close", n)
		}
		a.stop()
		b.stop()
		if n := goroutinesIn(backgroundFuncs...); n != 0 {
			t.Fatalf("%d background goroutines of closed servers still running", n)
		}
	})
	t.Run("bounded", func(t *testing.T) {
		var logs strings.Builder
		var mu sync.Mutex
		cfg := Config{Logf: func(format string, args ...any) {
			mu.Lock()
			fmt.Fprintf(&logs, format+"\n", args...)
			mu.Unlock()
		}}
		_, b, unlock := held(t, cfg)
		b.srv.closeWait = 300 * time.Millisecond
		began := time.Now()
		select {
		case <-closeB(b):
		case <-time.After(5 * time.Second):
			t.Fatal("Close waited past its bound")
		}
		if d := time.Since(began); d < 300*time.Millisecond {
			t.Fatalf("Close returned after %v, before its bound, with a catch-up held", d)
		}
		mu.Lock()
		said := logs.String()
		mu.Unlock()
		if !strings.Contains(said, "background work still under way after 300ms") {
			t.Fatalf("Close past its bound said nothing of it: %q", said)
		}
		unlock()
		deadline := time.Now().Add(5 * time.Second)
		for goroutinesIn("server.(*Server).catchUp(") != 0 {
			if time.Now().After(deadline) {
				t.Fatal("the catch-up held past Close never ended")
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
}
