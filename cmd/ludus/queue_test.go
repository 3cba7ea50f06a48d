package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/internal/testenv"
	"github.com/ludus-games/ludus/store"
)

// The queue scripts run ludus workers as separate processes against a
// throw-away PostgreSQL cluster.
func TestQueueScripts(t *testing.T) {
	t.Parallel()
	// Several processes or servers on one PostgreSQL store: with
	// LUDUS_LONG=1 (docs/testing.md).
	testenv.SkipUnlessLong(t)
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster and worker processes")
	}
	url := pgtest.URL(t)
	var scripts atomic.Int64
	testscript.Run(t, testscript.Params{
		Dir: "testdata/queue",
		Setup: func(env *testscript.Env) error {
			// Each script has a database of its own.
			db, err := pgtest.Database(url, fmt.Sprintf("script%d", scripts.Add(1)))
			if err != nil {
				return err
			}
			env.Setenv("PGURL", db)
			env.Setenv("XDG_DATA_HOME", filepath.Join(env.WorkDir, "data"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"waitresults": waitResults,
			"samegames":   sameGames,
			"samelines":   sameLines,
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
	deadline := time.Now().Add(2 * time.Minute)
	for !store.IsURL(args[0]) {
		// The run's own command makes a new SQLite file.
		if _, err := os.Stat(args[0]); err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	st, err := store.Open(context.Background(), args[0])
	ts.Check(err)
	defer st.Close()
	for {
		ri, err := st.GetRunInfo(context.Background(), run)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			ts.Fatalf("%v", err)
		}
		if err == nil && ri.Done >= n {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("run %d: %d results, want %d", run, ri.Done, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitstatus DB RUN STATUS waits until run RUN of the store DB has that
// status.
func waitStatus(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: waitstatus DB RUN STATUS")
	}
	run, _ := strconv.ParseInt(args[1], 10, 64)
	st, err := store.Open(context.Background(), args[0])
	ts.Check(err)
	defer st.Close()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		ri, err := st.GetRunInfo(context.Background(), run)
		ts.Check(err)
		if ri.Status == args[2] {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("run %d: %s, want %s", run, ri.Status, args[2])
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

// samelines REGEXP FILE1 FILE2 checks that the lines of two files that
// match REGEXP are the same, in the same order.
func sameLines(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: samelines REGEXP FILE1 FILE2")
	}
	re, err := regexp.Compile(args[0])
	ts.Check(err)
	pick := func(name string) []string {
		var out []string
		for _, l := range strings.Split(ts.ReadFile(name), "\n") {
			if re.MatchString(l) {
				out = append(out, l)
			}
		}
		return out
	}
	a, b := pick(args[1]), pick(args[2])
	if len(a) == 0 || strings.Join(a, "\n") != strings.Join(b, "\n") {
		ts.Fatalf("%s:\n%s\n%s:\n%s", args[1], strings.Join(a, "\n"), args[2], strings.Join(b, "\n"))
	}
}
