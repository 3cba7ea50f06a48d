package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
)

// Two stores on one PostgreSQL database, as two servers hold them: each
// hears of the other's events and of a deletion, reads the events it has
// not seen, and a bot's move is claimed by one at a time, until its claim
// runs out.
func TestSharedStore(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := open(t, url), open(t, url)
	if !a.Shared() {
		t.Fatal("a PostgreSQL store is not shared")
	}
	type heard struct {
		id string
		v  int
	}
	ch := make(chan heard, 16)
	lctx, cancel := context.WithCancel(ctx)
	done := make(chan error)
	go func() {
		done <- b.Listen(lctx, func(id string, v int) {
			if id != "" { // "": listening (again), every session may have moved on
				ch <- heard{id, v}
			}
		}, nil)
	}()
	defer func() { cancel(); <-done }()
	if err := a.CreateSession(ctx, Session{ID: "s1", Game: "g", Seats: "[]"}); err != nil {
		t.Fatal(err)
	}
	// The listener may not be listening yet: append until it hears.
	expect := func(want heard) {
		t.Helper()
		for {
			select {
			case h := <-ch:
				if h == want {
					return
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("not heard: %+v", want)
			}
		}
	}
	for v := 1; ; v++ {
		if err := a.AppendEvent(ctx, "s1", SessionEvent{Version: v, Kind: "move", Move: "x"}); err != nil {
			t.Fatal(err)
		}
		select {
		case h := <-ch:
			if h != (heard{"s1", v}) {
				t.Fatalf("heard %+v, want s1 at %d", h, v)
			}
		case <-time.After(500 * time.Millisecond):
			continue
		}
		evs, err := b.EventsAfter(ctx, "s1", v-1)
		if err != nil || len(evs) != 1 || evs[0].Version != v {
			t.Fatalf("events after %d: %+v %v", v-1, evs, err)
		}
		break
	}
	// Claims: one server at a time on a version; a newer version is
	// claimed anew; a claim that runs out is taken. A refused claim says
	// how long the other's has yet to run.
	claims := []struct {
		owner   string
		version int
		lease   time.Duration
		want    bool
	}{
		{"A", 5, time.Minute, true},
		{"B", 5, time.Minute, false},
		{"A", 5, time.Minute, true},
		{"B", 6, time.Minute, true},
		{"A", 5, time.Minute, false},
		{"A", 6, time.Minute, false},
		{"B", 7, 300 * time.Millisecond, true},
	}
	for _, c := range claims {
		got, left, err := a.ClaimMove(ctx, "s1", c.version, c.owner, c.lease)
		if err != nil || got != c.want {
			t.Fatalf("%s claims %d: %v %v, want %v", c.owner, c.version, got, err, c.want)
		}
		if got && left != 0 || !got && (left <= 50*time.Second || left > time.Minute) {
			t.Fatalf("%s claims %d: granted %v with %v left of the other's claim", c.owner, c.version, got, left)
		}
	}
	got, left, err := b.ClaimMove(ctx, "s1", 7, "A", time.Minute)
	if err != nil || got || left <= 0 || left > 300*time.Millisecond {
		t.Fatalf("a claim of 300ms just made: granted %v, %v left, %v", got, left, err)
	}
	time.Sleep(left + 20*time.Millisecond)
	if got, left, err := b.ClaimMove(ctx, "s1", 7, "A", time.Minute); err != nil || !got || left != 0 {
		t.Fatalf("a claim run out is not taken: %v %v %v", got, left, err)
	}
	if err := a.DeleteSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	expect(heard{"s1", 0})
	if _, err := b.EventsAfter(ctx, "s1", 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("events of a deleted session: %v", err)
	}
}

// A SQLite store has one server: nothing to hear, every claim granted.
func TestSQLiteNotShared(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "s.db"))
	if s.Shared() {
		t.Fatal("SQLite shared")
	}
	if err := s.Listen(context.Background(), func(string, int) { t.Error("heard") }, nil); err != nil {
		t.Fatal(err)
	}
	if ok, left, err := s.ClaimMove(context.Background(), "x", 1, "A", time.Second); !ok || left != 0 || err != nil {
		t.Fatal(ok, left, err)
	}
}
