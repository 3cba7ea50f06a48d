package store_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/store"
)

func TestResults(t *testing.T) {
	backends := map[string]func(t *testing.T) string{
		"sqlite": func(t *testing.T) string { return filepath.Join(t.TempDir(), "r.db") },
		"postgres": func(t *testing.T) string {
			if testing.Short() {
				t.Skip("starts a PostgreSQL cluster")
			}
			return pgtest.URL(t)
		},
	}
	for name, dsn := range backends {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.Open(ctx, dsn(t))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			settings := json.RawMessage(`{"games":3}`)
			id, err := st.CreateRun(ctx, store.RunSpec{Kind: "match", Command: "ludus match x.zrf", Settings: settings, Seed: 7, Version: "test", Jobs: 3})
			if err != nil {
				t.Fatal(err)
			}
			if found, err := st.FindRun(ctx, "match", settings, 7); err != nil || found != id {
				t.Fatalf("FindRun = %d, %v; want %d", found, err, id)
			}
			for _, tc := range []struct {
				index int
				added bool
			}{{2, true}, {0, true}, {2, false}} {
				added, err := st.AddResult(ctx, store.Result{RunID: id, Index: tc.index, Seed: uint64(7 + tc.index), Kind: "game",
					Data: json.RawMessage(`{"plies":12}`), Elapsed: 1500 * time.Microsecond})
				if err != nil || added != tc.added {
					t.Fatalf("AddResult %d: added %v, %v; want added %v", tc.index, added, err, tc.added)
				}
			}
			res, err := st.Results(ctx, id)
			if err != nil || len(res) != 2 || res[0].Index != 0 || res[1].Index != 2 || res[1].Seed != 9 || res[1].Elapsed != 1500*time.Microsecond {
				t.Fatalf("Results = %+v, %v", res, err)
			}
			var data map[string]int
			if err := json.Unmarshal(res[0].Data, &data); err != nil || data["plies"] != 12 {
				t.Fatalf("data %s: %v", res[0].Data, err)
			}
			runs, err := st.Runs(ctx, 10)
			if err != nil || len(runs) != 1 || runs[0].Jobs != 3 || runs[0].Done != 2 || runs[0].Command != "ludus match x.zrf" {
				t.Fatalf("Runs = %+v, %v", runs, err)
			}
			if err := st.SaveFile(ctx, id, "plot.svg", []byte("<svg/>")); err != nil {
				t.Fatal(err)
			}
			files, err := st.Files(ctx, id)
			if err != nil || string(files["plot.svg"]) != "<svg/>" {
				t.Fatalf("Files = %v, %v", files, err)
			}
		})
	}
}

// A run resumes only when it did not finish, and only runs of its own
// kind, settings and seed; queued runs and runs made on a machine never
// take each other over.
func TestResumeRun(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	spec := store.RunSpec{Kind: "2048 play", Settings: json.RawMessage(`{"depth":3}`), Seed: 5, Jobs: 4}
	resume := func(s store.RunSpec) (int64, bool) {
		t.Helper()
		id, resumed, err := st.ResumeRun(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		return id, resumed
	}
	first, resumed := resume(spec)
	if resumed {
		t.Fatal("a new run said resumed")
	}
	if err := st.FinishRun(ctx, first, store.StatusInterrupted); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		spec    store.RunSpec
		resumed bool
	}{
		{"same run", spec, true},
		{"other seed", store.RunSpec{Kind: spec.Kind, Settings: spec.Settings, Seed: 6, Jobs: 4}, false},
		{"other settings", store.RunSpec{Kind: spec.Kind, Settings: json.RawMessage(`{"depth":2}`), Seed: 5, Jobs: 4}, false},
		{"queued", store.RunSpec{Kind: spec.Kind, Settings: spec.Settings, Seed: 5, Jobs: 4, Status: store.StatusQueued}, false},
	} {
		id, resumed := resume(tc.spec)
		if resumed != tc.resumed || (resumed && id != first) || (!resumed && id == first) {
			t.Errorf("%s: run %d, resumed %v; want resumed %v of run %d", tc.name, id, resumed, tc.resumed, first)
		}
	}
	ri, err := st.GetRunInfo(ctx, first)
	if err != nil || ri.Status != store.StatusRunning || !ri.FinishedAt.IsZero() {
		t.Fatalf("resumed run: %+v, %v", ri, err)
	}
	// Every result in: the run reads as done even before it is marked so,
	// and a finished run is never resumed.
	for i := range 4 {
		if _, err := st.AddResult(ctx, store.Result{RunID: first, Index: i, Kind: "2048 game"}); err != nil {
			t.Fatal(err)
		}
	}
	if ri, err := st.GetRunInfo(ctx, first); err != nil || ri.Status != store.StatusDone || ri.FinishedAt.IsZero() {
		t.Fatalf("complete run: %+v, %v", ri, err)
	}
	if err := st.FinishRun(ctx, first, store.StatusDone); err != nil {
		t.Fatal(err)
	}
	if id, resumed := resume(spec); resumed || id == first {
		t.Fatalf("a finished run was resumed (%d)", id)
	}
	// A queued run is queued again until it has every result.
	q := spec
	q.Status = store.StatusQueued
	a, _ := resume(q)
	if b, resumed := resume(q); !resumed || b != a {
		t.Fatalf("queued again: run %d (resumed %v), want %d", b, resumed, a)
	}
}
