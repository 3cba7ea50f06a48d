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
