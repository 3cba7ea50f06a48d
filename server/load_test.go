package server

import (
	"context"
	"testing"
	"time"
)

// A short load run: clients play whole games against bots; every record
// replays to the server's result and no bad move is accepted.
func TestLoad(t *testing.T) {
	_, hs := testServer(t, Config{})
	n := 40
	if testing.Short() {
		n = 8
	}
	rep, err := RunLoad(context.Background(), LoadOptions{URL: hs.URL, Sessions: n, Games: 2 * n, Seed: 1, Duration: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failures > 0 || rep.Mismatched > 0 || rep.BadAccepted > 0 || rep.Games != 2*n || rep.BadRefused == 0 {
		t.Fatalf("load report %+v", rep)
	}
	t.Logf("%d games, %d moves, %.0f moves/s, move p50 %v p99 %v, reply p50 %v p99 %v",
		rep.Games, rep.Moves, rep.MovesPerSec, rep.MoveP50, rep.MoveP99, rep.ReplyP50, rep.ReplyP99)
}
