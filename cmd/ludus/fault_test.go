package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ludus-games/ludus/internal/testenv"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/twenty48"
)

// The fault scripts kill long runs without warning (kill -9) half-way,
// start them again to resume, and check that the result equals that of a
// run never interrupted.
func TestFaultScripts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("long runs killed and resumed")
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/faults",
		Condition: func(cond string) (bool, error) {
			if cond == "long" {
				return testenv.Long(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"waitfiles":   waitFiles,
			"waitlines":   waitLines,
			"waitpuzzles": waitPuzzles,
			"samegames":   sameGames,
			"same2048":    same2048,
			"samepuzzles": samePuzzles,
			"samestats":   sameStats,
			"signal":      signalCmd,
			"sleep":       sleepCmd,
			"waitcpu":     waitCPUCmd,
			"samepuzzle":  samePuzzleText,
		},
	})
}

// waitUntil polls cond until it holds, failing the script after a minute.
func waitUntil(ts *testscript.TestScript, what string, cond func() (bool, error)) {
	deadline := time.Now().Add(time.Minute)
	for {
		ok, err := cond()
		ts.Check(err)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitCount returns a command "NAME WHAT N" that waits until count(ts,
// WHAT) reaches N.
func waitCount(usage string, count func(ts *testscript.TestScript, what string) int) func(*testscript.TestScript, bool, []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 2 {
			ts.Fatalf("usage: %s", usage)
		}
		n, err := strconv.Atoi(args[1])
		ts.Check(err)
		waitUntil(ts, args[0], func() (bool, error) { return count(ts, args[0]) >= n, nil })
	}
}

// waitfiles GLOB N waits until N files match GLOB.
var waitFiles = waitCount("waitfiles GLOB N", func(ts *testscript.TestScript, glob string) int {
	m, _ := filepath.Glob(ts.MkAbs(glob))
	return len(m)
})

// waitlines FILE N waits until FILE holds N lines.
var waitLines = waitCount("waitlines FILE N", func(ts *testscript.TestScript, file string) int {
	data, _ := os.ReadFile(ts.MkAbs(file))
	return strings.Count(string(data), "\n")
})

// waitpuzzles DB N waits until the store DB holds N puzzles.
var waitPuzzles = waitCount("waitpuzzles DB N", func(ts *testscript.TestScript, db string) int {
	if _, err := os.Stat(ts.MkAbs(db)); err != nil {
		return 0
	}
	ps, _ := storedPuzzles(ts, db)
	return len(ps)
})

// storedPuzzles returns the bodies of the puzzles in a store, sorted.
func storedPuzzles(ts *testscript.TestScript, db string) ([]string, error) {
	st, err := store.Open(context.Background(), ts.MkAbs(db))
	if err != nil {
		return nil, err
	}
	defer st.Close()
	rows, err := st.Puzzles(context.Background(), store.Query{})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprintf("seed %d, score %g:\n%s", r.Seed, r.Score, r.Body))
	}
	slices.Sort(out)
	return out, nil
}

// samepuzzles DB1 DB2 checks that two stores hold the same puzzles, made
// from the same seeds with the same scores.
func samePuzzles(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: samepuzzles DB1 DB2")
	}
	a, err := storedPuzzles(ts, args[0])
	ts.Check(err)
	b, err := storedPuzzles(ts, args[1])
	ts.Check(err)
	if len(a) == 0 || !slices.Equal(a, b) {
		ts.Fatalf("%d puzzles against %d, or different ones:\n%s\n---\n%s", len(a), len(b), strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// same2048 FILE1 FILE2 checks that two 2048 results files hold the same
// games: numbers, scores, moves, largest tiles and evaluations (times
// differ from run to run).
func same2048(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: same2048 FILE1 FILE2")
	}
	read := func(name string) []string {
		f, err := os.Open(ts.MkAbs(name))
		ts.Check(err)
		defer f.Close()
		games, _, err := twenty48.ReadResults(bufio.NewReader(f), name)
		ts.Check(err)
		var out []string
		for _, g := range games {
			out = append(out, fmt.Sprint(g.Game, g.Score, g.Moves, g.MaxTile, g.Evals))
		}
		slices.Sort(out)
		return out
	}
	a, b := read(args[0]), read(args[1])
	if len(a) == 0 || !slices.Equal(a, b) {
		ts.Fatalf("different games:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// samestats [-boards] FILE1 FILE2 checks that two tile-optimiser
// stats.csv files agree in every column but the elapsed seconds, and with
// -boards but the count of boards scored too (a run killed between its
// two checkpoint files counts the boards of the generations since the
// older one twice).
func sameStats(ts *testscript.TestScript, neg bool, args []string) {
	ignore := map[string]bool{"seconds": true}
	if len(args) == 3 && args[0] == "-boards" {
		ignore["boards"], args = true, args[1:]
	}
	if neg || len(args) != 2 {
		ts.Fatalf("usage: samestats [-boards] FILE1 FILE2")
	}
	read := func(name string) []string {
		lines := strings.Split(strings.TrimSpace(ts.ReadFile(name)), "\n")
		head := strings.Split(lines[0], ",")
		for i, l := range lines {
			var keep []string
			for k, c := range strings.Split(l, ",") {
				if k >= len(head) || !ignore[head[k]] {
					keep = append(keep, c)
				}
			}
			lines[i] = strings.Join(keep, ",")
		}
		return lines
	}
	a, b := read(args[0]), read(args[1])
	if len(a) < 2 || !slices.Equal(a, b) {
		ts.Fatalf("statistics differ:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// samepuzzle FILE1 FILE2 checks that two outputs of ludus linjat generate
// hold the same puzzle (the first line, with the time taken, may differ).
func samePuzzleText(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: samepuzzle FILE1 FILE2")
	}
	body := func(name string) string {
		text := ts.ReadFile(name)
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			return text[i+1:]
		}
		return ""
	}
	if a, b := body(args[0]), body(args[1]); a == "" || a != b {
		ts.Fatalf("different puzzles:\n%s\n---\n%s", a, b)
	}
}
