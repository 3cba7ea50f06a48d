package runs

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/store"
)

// A stored puzzle reads back as the generator reported it, and a second
// batch takes the stored puzzles instead of making them.
func TestStoredGenerated(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var made []linjat.GeneratedJSON
	var ids []int64
	set := linjat.Settings{Rows: 5, Cols: 5, Numbers: 5, Difficulty: linjat.Difficulties[0], Iterations: 30, Seed: 4, Workers: 1}
	b := linjat.Batch{Settings: set, Count: 2, Emit: func(g *linjat.Generated, id int64) error {
		made = append(made, g.JSON(set.Difficulty.Name, set.Difficulty.Weights))
		ids = append(ids, id)
		return nil
	}}
	StoreBatch(st, 0, &b, nil)
	if err := b.Run(ctx); err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		ps, err := st.Puzzles(ctx, store.Query{ID: id})
		if err != nil || len(ps) != 1 {
			t.Fatalf("puzzle %d: %v, %v", id, ps, err)
		}
		g, err := storedGenerated(ps[0])
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
	var skipped []int
	b.Emit = func(*linjat.Generated, int64) error { t.Error("a stored puzzle was made again"); return nil }
	StoreBatch(st, 0, &b, func(i int, p store.Puzzle) error { skipped = append(skipped, i); return nil })
	if err := b.Run(ctx); err != nil || len(skipped) != 2 {
		t.Fatalf("skipped %v, %v", skipped, err)
	}
	cands, err := LinjatCandidates(ctx, st, set.Difficulty.Name)
	if err != nil || len(cands) != 2 {
		t.Fatalf("candidates %v, %v", cands, err)
	}
}
