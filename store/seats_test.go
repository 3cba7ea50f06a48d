package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// The lobby lists listed sessions only (with open, those that wait for a
// player), a seat taken leaves it, closed sessions stop counting among
// their client's live ones, idle sessions are found by their last event,
// an event keeps the time it was given, and a deleted session is gone.
func TestSessionSeatsAndFairUse(t *testing.T) {
	for name, dsn := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t, dsn)
			mk := func(id, client string, unlisted bool, open int) {
				t.Helper()
				if err := s.CreateSession(ctx, Session{ID: id, Game: "g", Seats: "[]", Client: client, Unlisted: unlisted, OpenSeats: open, Options: `{"x":1}`}); err != nil {
					t.Fatal(err)
				}
				time.Sleep(2 * time.Millisecond) // distinct creation times, for the order
			}
			mk("a", "10.0.0.1", false, 0)
			mk("b", "10.0.0.1", true, 1)
			mk("c", "10.0.0.2", false, 1)
			row, _, err := s.LoadSession(ctx, "b")
			if err != nil || !row.Unlisted || row.OpenSeats != 1 || row.Client != "10.0.0.1" || row.Options != `{"x":1}` || !row.Closed.IsZero() {
				t.Fatalf("load: %+v %v", row, err)
			}
			ids := func(rows []Session) []string {
				var out []string
				for _, r := range rows {
					out = append(out, r.ID)
				}
				return out
			}
			if rows, err := s.Lobby(ctx, 10, false); err != nil || !slices.Equal(ids(rows), []string{"c", "a"}) {
				t.Fatalf("lobby: %v %v", ids(rows), err)
			}
			if rows, err := s.Lobby(ctx, 10, true); err != nil || !slices.Equal(ids(rows), []string{"c"}) {
				t.Fatalf("open lobby: %v %v", ids(rows), err)
			}
			if err := s.TakeSeat(ctx, "c", `[{"kind":"human"}]`); err != nil {
				t.Fatal(err)
			}
			if rows, _ := s.Lobby(ctx, 10, true); len(rows) != 0 {
				t.Fatalf("a taken seat is still open: %v", ids(rows))
			}
			if row, _, _ := s.LoadSession(ctx, "c"); row.Seats != `[{"kind":"human"}]` || row.OpenSeats != 0 {
				t.Fatalf("after taking the seat: %+v", row)
			}

			if n, err := s.LiveSessions(ctx, "10.0.0.1"); err != nil || n != 2 {
				t.Fatalf("live: %d %v", n, err)
			}
			closedAt := time.Now().Add(-time.Minute).UTC().Truncate(time.Microsecond)
			if err := s.CloseSession(ctx, "a", closedAt); err != nil {
				t.Fatal(err)
			}
			s.CloseSession(ctx, "a", time.Now()) // the first time stays
			if n, _ := s.LiveSessions(ctx, "10.0.0.1"); n != 1 {
				t.Fatalf("live after closing: %d", n)
			}
			if row, _, _ := s.LoadSession(ctx, "a"); !row.Closed.Equal(closedAt) {
				t.Fatalf("closed at %v, want %v", row.Closed, closedAt)
			}

			// c's last event is an hour old, b has none and is new.
			old := time.Now().Add(-time.Hour).UTC().Truncate(time.Microsecond)
			if err := s.AppendEvent(ctx, "c", SessionEvent{Version: 1, Kind: "move", Move: "x", Created: old}); err != nil {
				t.Fatal(err)
			}
			if _, evs, _ := s.LoadSession(ctx, "c"); len(evs) != 1 || !evs[0].Created.Equal(old) {
				t.Fatalf("the event's time: %+v, want %v", evs, old)
			}
			if idle, err := s.IdleSessions(ctx, time.Now().Add(-time.Minute), "", 10); err != nil || !slices.Equal(idle, []string{"c"}) {
				t.Fatalf("idle: %v %v", idle, err)
			}
			if idle, _ := s.IdleSessions(ctx, time.Now().Add(time.Minute), "", 10); !slices.Equal(idle, []string{"b", "c"}) {
				t.Fatalf("idle a minute ahead: %v", idle)
			}
			if idle, _ := s.IdleSessions(ctx, time.Now().Add(time.Minute), "b", 10); !slices.Equal(idle, []string{"c"}) {
				t.Fatalf("idle after b: %v", idle)
			}
			if errs, err := s.AppendEvents(ctx, []PendingEvent{{Session: "c", Event: SessionEvent{Version: 2, Kind: "move", Move: "y"}}}); err != nil || errs[0] != nil {
				t.Fatal(err, errs)
			}
			if idle, _ := s.IdleSessions(ctx, time.Now().Add(-time.Minute), "", 10); len(idle) != 0 {
				t.Fatalf("idle after a new event: %v", idle)
			}

			if err := s.DeleteSession(ctx, "c"); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.LoadSession(ctx, "c"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("a deleted session: %v", err)
			}
			if err := s.DeleteSession(ctx, "c"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("deleting again: %v", err)
			}
		})
	}
}
