package store

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// backends returns the stores every test runs against: a fresh SQLite file
// always, and a fresh schema of the PostgreSQL database named by
// LUDUS_TEST_POSTGRES when it is set.
func backends(t *testing.T) map[string]string {
	t.Helper()
	b := map[string]string{"sqlite": filepath.Join(t.TempDir(), "ludus.db")}
	if url := os.Getenv("LUDUS_TEST_POSTGRES"); url != "" {
		b["postgres"] = freshSchema(t, url)
	}
	return b
}

// freshSchema creates a schema of its own for the test and returns a URL
// that uses it, so that tests do not see each other's rows.
func freshSchema(t *testing.T, url string) string {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	schema := fmt.Sprintf("t_%d_%s", time.Now().UnixNano(), strings.ToLower(strings.NewReplacer("/", "_").Replace(t.Name())))
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("LUDUS_TEST_POSTGRES: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", url)
		if err == nil {
			db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			db.Close()
		}
	})
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "search_path=" + schema
}

func open(t *testing.T, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func puzzle(body string, score float64, diff string) *Puzzle {
	return &Puzzle{Game: "linjat", Height: 1, Width: len(body), Body: body, Difficulty: diff, Score: score,
		Rating: json.RawMessage(`{"depth":3}`), Seed: 7, Settings: json.RawMessage(`{"rows":1}`)}
}

func TestPuzzlesRoundTrip(t *testing.T) {
	for name, dsn := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t, dsn)
			run, err := s.StartRun(ctx, "linjat generate", json.RawMessage(`{"count":2}`), 1<<63+5)
			if err != nil {
				t.Fatal(err)
			}
			cases := []struct {
				p     *Puzzle
				added bool
			}{
				{puzzle("2o.", 10, "easy"), true},
				{puzzle("3..", 30, "easy"), true},
				{puzzle("4...", 20, "hard"), true},
				{puzzle("2o.", 99, "easy"), false}, // same body: kept once
			}
			ids := map[string]int64{}
			for _, c := range cases {
				c.p.RunID = run
				id, added, err := s.AddPuzzle(ctx, c.p)
				if err != nil || added != c.added {
					t.Fatalf("AddPuzzle(%s) = %d, %v, %v; want added %v", c.p.Body, id, added, err, c.added)
				}
				if prev, ok := ids[c.p.Body]; ok && prev != id {
					t.Errorf("duplicate %s got id %d, first was %d", c.p.Body, id, prev)
				}
				ids[c.p.Body] = id
			}
			got, err := s.Puzzles(ctx, Query{Game: "linjat", Difficulty: "easy"})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2 || got[0].Body != "3.." || got[1].Body != "2o." {
				t.Fatalf("easy puzzles = %+v, want 3.. then 2o.", got)
			}
			p := got[0]
			if p.Score != 30 || p.Seed != 7 || p.RunID != run || p.Width != 3 || p.CreatedAt.IsZero() {
				t.Errorf("stored puzzle = %+v", p)
			}
			var rating map[string]int
			if err := json.Unmarshal(p.Rating, &rating); err != nil || rating["depth"] != 3 {
				t.Errorf("rating = %s (%v)", p.Rating, err)
			}
			bySeed, err := s.Puzzles(ctx, Query{Game: "linjat", Seed: 7, Settings: json.RawMessage(`{"rows":1}`)})
			if err != nil || len(bySeed) != 3 {
				t.Errorf("by seed and settings: %d puzzles, %v; want 3", len(bySeed), err)
			}
			one, err := s.Puzzles(ctx, Query{ID: ids["4..."]})
			if err != nil || len(one) != 1 || one[0].Body != "4..." || one[0].ID != ids["4..."] {
				t.Errorf("by id %d: %+v, %v; want 4...", ids["4..."], one, err)
			}
			none, err := s.Puzzles(ctx, Query{Game: "linjat", Seed: 8, Settings: json.RawMessage(`{"rows":1}`)})
			if err != nil || len(none) != 0 {
				t.Errorf("other seed: %d puzzles, %v; want 0", len(none), err)
			}
			if err := s.FinishRun(ctx, run, "done"); err != nil {
				t.Fatal(err)
			}
			r, err := s.GetRun(ctx, run)
			if err != nil || r.Status != "done" || r.Seed != 1<<63+5 || r.FinishedAt.IsZero() || r.Kind != "linjat generate" {
				t.Errorf("run = %+v, %v", r, err)
			}
		})
	}
}

func TestReopenKeepsSchemaAndRows(t *testing.T) {
	for name, dsn := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t, dsn)
			if _, _, err := s.AddPuzzle(ctx, puzzle("5....", 1, "")); err != nil {
				t.Fatal(err)
			}
			v1, err := s.Version(ctx)
			if err != nil || v1 < 1 {
				t.Fatalf("version %d, %v", v1, err)
			}
			s.Close()
			s2 := open(t, dsn)
			v2, err := s2.Version(ctx)
			if err != nil || v2 != v1 {
				t.Errorf("version after reopening = %d, %v; want %d", v2, err, v1)
			}
			got, err := s2.Puzzles(ctx, Query{})
			if err != nil || len(got) != 1 {
				t.Errorf("after reopening: %d puzzles, %v", len(got), err)
			}
		})
	}
}

// Several stores on the same database (as several processes would open)
// write at once from many goroutines; every puzzle must arrive.
func TestConcurrentWriters(t *testing.T) {
	const writers, each = 6, 20
	for name, dsn := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			open(t, dsn) // creates the schema once
			var wg sync.WaitGroup
			errs := make(chan error, writers)
			for w := range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					s, err := Open(ctx, dsn)
					if err != nil {
						errs <- err
						return
					}
					defer s.Close()
					for i := range each {
						body := fmt.Sprintf("%d.%d", w, i)
						if _, _, err := s.AddPuzzle(ctx, puzzle(body, float64(i), "easy")); err != nil {
							errs <- err
							return
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			got, err := open(t, dsn).Puzzles(ctx, Query{Game: "linjat"})
			if err != nil || len(got) != writers*each {
				t.Fatalf("%d puzzles, %v; want %d", len(got), err, writers*each)
			}
		})
	}
}

// A writer killed without warning keeps every puzzle it reported stored.
func TestKilledWriterLosesNothing(t *testing.T) {
	if os.Getenv("LUDUS_STORE_WRITER") != "" {
		t.Skip("helper process")
	}
	for name, dsn := range backends(t) {
		t.Run(name, func(t *testing.T) {
			open(t, dsn) // schema first, so that the writer starts at once
			cmd := exec.Command(os.Args[0], "-test.run=^TestWriterProcess$")
			cmd.Env = append(os.Environ(), "LUDUS_STORE_WRITER="+dsn)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(out)
			var reported []string
			for sc.Scan() && len(reported) < 15 {
				if body, ok := strings.CutPrefix(sc.Text(), "stored "); ok {
					reported = append(reported, body)
				}
			}
			cmd.Process.Kill()
			cmd.Wait()
			if len(reported) < 15 {
				t.Fatalf("writer reported %d puzzles before stopping", len(reported))
			}
			got, err := open(t, dsn).Puzzles(context.Background(), Query{Game: "linjat"})
			if err != nil {
				t.Fatal(err)
			}
			have := map[string]bool{}
			for _, p := range got {
				have[p.Body] = true
			}
			for _, b := range reported {
				if !have[b] {
					t.Errorf("puzzle %s reported stored but lost", b)
				}
			}
		})
	}
}

// TestWriterProcess is the writer of TestKilledWriterLosesNothing: it stores
// puzzles forever, reporting each once AddPuzzle has returned.
func TestWriterProcess(t *testing.T) {
	dsn := os.Getenv("LUDUS_STORE_WRITER")
	if dsn == "" {
		t.Skip("run by TestKilledWriterLosesNothing")
	}
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		body := "w" + strconv.Itoa(i)
		if _, _, err := s.AddPuzzle(context.Background(), puzzle(body, 0, "")); err != nil {
			t.Fatal(err)
		}
		fmt.Println("stored", body)
	}
}

func TestBadLocation(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{filepath.Join(dir, "missing", "dir", "x.db"), "directory " + filepath.Join(dir, "missing", "dir") + " does not exist"},
		{dir, "is a directory"},
		{text, "not a SQLite database"},
		{filepath.Join(text, "x.db"), text + " is not a directory"},
	} {
		_, err := Open(context.Background(), tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.path) {
			t.Errorf("Open(%s): %v, want an error naming it and saying %q", tt.path, err, tt.want)
		}
	}
	if b, _ := os.ReadFile(text); string(b) != "hello\n" {
		t.Errorf("the text file became %q", b)
	}
	_, err := Open(context.Background(), "postgres://nobody:secret@127.0.0.1:1/none?connect_timeout=2")
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Fatalf("unreachable server: err = %v (want an error without the password)", err)
	}
}

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{"levels.db", "levels.db"},
		{"postgres://me:secret@db:5432/x", "postgres://...@db:5432/x"},
		{"postgresql://db/x", "postgresql://db/x"},
	}
	for _, tt := range tests {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
