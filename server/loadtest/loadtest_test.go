package loadtest

import (
	"context"
	"math"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/server"
	"github.com/ludus-games/ludus/store"
)

// testServer starts a server on a loopback port, with a fresh SQLite store
// unless db names another.
func testServer(t *testing.T, db string) *httptest.Server {
	t.Helper()
	ctx := context.Background()
	if db == "" {
		db = filepath.Join(t.TempDir(), "s.db")
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, err := server.New(ctx, server.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return hs
}

// A short load run: clients play whole games against bots; every record
// replays to the server's result and no bad move is accepted.
func TestLoad(t *testing.T) {
	hs := testServer(t, "")
	n := 40
	if testing.Short() {
		n = 8
	}
	rep, err := Run(context.Background(), Options{URL: hs.URL, Sessions: n, Games: 2 * n, Seed: 1, Duration: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failures > 0 || rep.Mismatched > 0 || rep.BadAccepted > 0 || rep.Games != 2*n || rep.BadRefused == 0 {
		t.Fatalf("load report %+v", rep)
	}
	t.Logf("%d games, %d moves, %.0f moves/s, move p50 %v p99 %v, reply p50 %v p99 %v",
		rep.Games, rep.Moves, rep.MovesPerSec, rep.MoveP50, rep.MoveP99, rep.ReplyP50, rep.ReplyP99)
}

// The load run on PostgreSQL: every record replays, no bad move accepted.
func TestPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	hs := testServer(t, pgtest.URL(t))
	rep, err := Run(context.Background(), Options{URL: hs.URL, Sessions: 10, Games: 20, Seed: 2, Duration: time.Minute})
	if err != nil || rep.Games != 20 || rep.Failures+rep.Mismatched+rep.BadAccepted > 0 {
		t.Fatalf("load on PostgreSQL: %+v %v", rep, err)
	}
}

// Two servers on one PostgreSQL store, the clients spread over both: each
// session created on one, followed on the other, its moves sent to each in
// turn. Every record replays, and no legal move is refused: a server a
// move reaches before it has heard of the bot's reply reads it first.
func TestPostgresTwoServers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	url := pgtest.URL(t)
	a, b := testServer(t, url), testServer(t, url)
	rep, err := Run(context.Background(), Options{URLs: []string{a.URL, b.URL}, Sessions: 10, Games: 20, Seed: 3, Duration: time.Minute})
	if err != nil || rep.Games != 20 || rep.Failures+rep.Mismatched+rep.BadAccepted > 0 || rep.Conflicts != 0 {
		t.Fatalf("load on two servers: %+v %v", rep, err)
	}
	if len(rep.Servers) != 2 {
		t.Fatalf("figures of %d servers, want 2", len(rep.Servers))
	}
	moves := 0
	for _, s := range rep.Servers {
		// The quantiles are right to 1%, the maximum exact.
		if s.Sessions == 0 || s.Moves == 0 || float64(s.MoveMax)*1.01 < float64(s.MoveP99) || s.MoveP99 < s.MoveP50 {
			t.Fatalf("server %s: %+v", s.URL, s)
		}
		moves += s.Moves
	}
	if moves != rep.Moves {
		t.Fatalf("the servers took %d moves, the clients made %d", moves, rep.Moves)
	}
}

// Quantiles of the latency histogram are right to 1%.
func TestLatencies(t *testing.T) {
	var h latencies
	for i := 1; i <= 1000; i++ {
		h.add(time.Duration(i) * time.Millisecond)
	}
	for _, tc := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 501 * time.Millisecond}, {0.99, 991 * time.Millisecond}, {0, time.Millisecond}, {1, time.Second}} {
		got := h.quantile(tc.q)
		if math.Abs(float64(got-tc.want)) > 0.01*float64(tc.want) {
			t.Errorf("quantile %v: %v, want %v", tc.q, got, tc.want)
		}
	}
	if (&latencies{}).quantile(0.5) != 0 {
		t.Error("the quantile of nothing")
	}
}
