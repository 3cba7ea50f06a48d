package arena_test

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/arena"
)

// TestWriteParallelReport measures briefly, with a processor clock that
// runs at twice the wall clock's pace, and checks the table: one row per
// configuration, every rate positive, the one-thread row the base of the
// speed-ups, and the CPU columns from the clock given.
func TestWriteParallelReport(t *testing.T) {
	games := []arena.SpeedGame{{Name: "tic-tac-toe", File: "tic-tac-toe.zrf", Game: bundled(t, "tic-tac-toe.zrf")}}
	start := time.Now()
	clock := func() time.Duration { return 2 * time.Since(start) }
	loads := 0
	b := arena.ParallelBench{Time: 20 * time.Millisecond, Threads: []int{1, 2, 2}, Rounds: 2, Seed: 1, CPU: clock,
		Load: func() string { loads++; return "0.5" }}
	var buf bytes.Buffer
	if err := arena.WriteParallelReport(context.Background(), &buf, games, b); err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for _, line := range strings.Split(buf.String(), "\n") {
		if strings.HasPrefix(line, "| tic-tac-toe |") {
			rows = append(rows, strings.Split(line, "|"))
		}
	}
	if len(rows) != 3 || loads != 2 || !strings.Contains(buf.String(), "Load before: 0.5") {
		t.Fatalf("want 3 rows (1 thread, root 2, tree 2) and the load twice:\n%s", buf.String())
	}
	for i, want := range []string{"-", "root", "tree"} {
		row := rows[i]
		if len(row) != 10 || strings.TrimSpace(row[2]) != want {
			t.Fatalf("row %d: %q", i, row)
		}
		for _, cell := range append([]string{row[4], strings.TrimSuffix(strings.TrimSpace(row[5]), "x")}, row[6:9]...) {
			v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(cell), ",", ""), 64)
			if err != nil || v <= 0 {
				t.Errorf("row %d cell %q: %v, want a positive number", i, cell, err)
			}
		}
		if util := strings.TrimSpace(row[7]); util != "2.00" {
			t.Errorf("row %d: CPU ÷ wall %s with a clock at twice the pace", i, util)
		}
	}
	if rows[0][5] != " 1.00x " || rows[0][8] != " 1.00 " {
		t.Errorf("one thread is not the base: %q", rows[0])
	}
	if err := arena.WriteParallelReport(context.Background(), &buf, games, arena.ParallelBench{}); err == nil {
		t.Error("no time per decision was accepted")
	}
}
