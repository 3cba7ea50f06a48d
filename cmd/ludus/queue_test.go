package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/store"
)

// The queue scripts run ludus workers as separate processes against a
// throw-away PostgreSQL cluster.
func TestQueueScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster and worker processes")
	}
	url := pgtest.URL(t)
	testscript.Run(t, testscript.Params{
		Dir:   "testdata/queue",
		Setup: func(env *testscript.Env) error { env.Setenv("PGURL", url); return nil },
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"waitresults": waitResults,
			"samegames":   sameGames,
		},
	})
}

// waitresults URL RUN N waits until run RUN has at least N results.
func waitResults(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: waitresults URL RUN N")
	}
	run, _ := strconv.ParseInt(args[1], 10, 64)
	n, _ := strconv.Atoi(args[2])
	st, err := store.Open(context.Background(), args[0])
	ts.Check(err)
	defer st.Close()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		ri, err := st.GetRunInfo(context.Background(), run)
		ts.Check(err)
		if ri.Done >= n {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("run %d: %d results, want %d", run, ri.Done, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// samegames DIR1 DIR2 checks that two directories of game records hold the
// same games: seats, seeds, moves and scores (the bots' times differ).
func sameGames(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: samegames DIR1 DIR2")
	}
	a, err := arena.LoadRecords(filepath.Join(ts.Getenv("WORK"), args[0]))
	ts.Check(err)
	b, err := arena.LoadRecords(filepath.Join(ts.Getenv("WORK"), args[1]))
	ts.Check(err)
	if len(a) != len(b) || len(a) == 0 {
		ts.Fatalf("%d games against %d", len(a), len(b))
	}
	for i := range a {
		x, y := a[i], b[i]
		if fmt.Sprint(x.Index, x.Seed, x.Seats, x.Scores, x.Moves) != fmt.Sprint(y.Index, y.Seed, y.Seats, y.Scores, y.Moves) {
			ts.Fatalf("game %d differs:\n%v %v %v\n%v %v %v", i+1, x.Seats, x.Scores, x.Moves, y.Seats, y.Scores, y.Moves)
		}
	}
}
