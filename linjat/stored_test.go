package linjat

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/store"
)

// Settings recorded as JSON read back into the same settings, custom
// weights included; unknown difficulties are errors.
func TestSettingsFromJSON(t *testing.T) {
	d, err := DifficultyByName("hard")
	if err != nil {
		t.Fatal(err)
	}
	d.Weights.Width = -7
	set := Settings{Rows: 6, Cols: 5, Numbers: 7, Difficulty: d, Iterations: 300, Time: 1500 * time.Millisecond, Pool: 12}
	back, err := SettingsFromJSON(set.SettingsJSON())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, set) {
		t.Fatalf("read back %+v\nwant %+v", back, set)
	}
	for _, bad := range []string{`{"difficulty":"impossible"}`, `{"rows":`} {
		if _, err := SettingsFromJSON([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// A stored puzzle reads back as the generator reported it.
func TestStoredGenerated(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var made []GeneratedJSON
	var ids []int64
	set := Settings{Rows: 5, Cols: 5, Numbers: 5, Difficulty: Difficulties[0], Iterations: 30, Seed: 4, Workers: 1}
	b := Batch{Settings: set, Count: 2, Store: st, Emit: func(g *Generated, id int64) error {
		made = append(made, g.JSON(set.Difficulty.Name, set.Difficulty.Weights))
		ids = append(ids, id)
		return nil
	}}
	if err := b.Run(ctx); err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		ps, err := st.Puzzles(ctx, store.Query{ID: id})
		if err != nil || len(ps) != 1 {
			t.Fatalf("puzzle %d: %v, %v", id, ps, err)
		}
		g, err := StoredGenerated(ps[0])
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(g)
		want, _ := json.Marshal(made[i])
		if string(a) != string(want) {
			t.Errorf("puzzle %d:\n%s\nwant\n%s", id, a, want)
		}
		var text strings.Builder
		if err := g.WriteText(&text, 0, id); err != nil || !strings.Contains(text.String(), "stored as") {
			t.Errorf("text %q, %v", text.String(), err)
		}
	}
	// A second batch takes the stored puzzles instead of making them.
	var skipped []int
	b.Emit = func(*Generated, int64) error { t.Error("a stored puzzle was made again"); return nil }
	b.Skip = func(i int, p store.Puzzle) error { skipped = append(skipped, i); return nil }
	if err := b.Run(ctx); err != nil || len(skipped) != 2 {
		t.Fatalf("skipped %v, %v", skipped, err)
	}
}
