package runs

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/store"
)

// Every kind of run is in the table once, and shows something.
func TestKinds(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds() {
		if k.Name == "" || seen[k.Name] || k.Show == nil {
			t.Errorf("kind %q: empty, twice or without Show", k.Name)
		}
		seen[k.Name] = true
		if got, ok := kindOf(k.Name); !ok || got.Name != k.Name {
			t.Errorf("kindOf(%q) = %q, %v", k.Name, got.Name, ok)
		}
	}
	if _, ok := kindOf("bench noop"); ok {
		t.Error("a kind of benchmark in the table")
	}
}

// A command line is quoted as a shell takes it back.
func TestCommandLine(t *testing.T) {
	got := CommandLine([]string{"/usr/bin/ludus", "match", "a b.zrf", "--p1", "mcts:c=1.4", "it's", ""})
	want := `ludus match 'a b.zrf' --p1 mcts:c=1.4 'it'\''s' ''`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// A run kept here resumes with its results, ends with its status, and is
// listed, shown and exported; with NoStore nothing is kept and every
// method still works.
func TestKeep(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var msgs bytes.Buffer
	env := Env{DB: filepath.Join(dir, "s.db"), Command: "ludus test", Version: "v0", Stderr: &msgs}
	spec := store.RunSpec{Kind: "test", Settings: []byte(`{"n":2}`), Seed: 5, Jobs: 2}
	k, err := Keep(ctx, env, spec)
	if err != nil {
		t.Fatal(err)
	}
	k.Add(0, 5, "thing", map[string]int{"v": 1}, 0)
	if err := os.WriteFile(filepath.Join(dir, "plot.svg"), []byte("<svg/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	k.File("plot.svg", filepath.Join(dir, "plot.svg"))
	k.File("none.svg", filepath.Join(dir, "none.svg"))
	k.Close() // stopped before it ended: resumed

	k, err = Keep(ctx, env, spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(k.Have()) != 1 || k.ID() == 0 || !strings.Contains(msgs.String(), "resumed: 1 of 2 done before") {
		t.Fatalf("resumed with %v as run %d: %s", k.Have(), k.ID(), msgs.String())
	}
	k.Add(1, 6, "thing", map[string]int{"v": 2}, 0)
	if err := k.End(nil); err != nil {
		t.Fatal(err)
	}
	k.Close()

	list, err := List(ctx, env, 10)
	if err != nil || len(list) != 1 || list[0].Status != store.StatusDone || list[0].Done != 2 || list[0].Command != "ludus test" {
		t.Fatalf("listed %+v, %v", list, err)
	}
	var out bytes.Buffer
	env.Stdout = &out
	if err := Show(ctx, env, k.ID()); err != nil || !strings.Contains(out.String(), "1\tseed 6\tthing\t{\"v\":2}") {
		t.Fatalf("shown %q, %v", out.String(), err)
	}
	exp := filepath.Join(dir, "out")
	if err := Export(ctx, env, k.ID(), exp); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"run.json", "plot.svg"} {
		if _, err := os.Stat(filepath.Join(exp, f)); err != nil {
			t.Error(err)
		}
	}
	if err := Export(ctx, env, k.ID(), ""); err == nil {
		t.Error("export without a directory")
	}

	none, err := Keep(ctx, Env{DB: NoStore}, spec)
	if err != nil {
		t.Fatal(err)
	}
	none.Add(0, 1, "thing", 1, 0)
	none.File("x", "y")
	if err := none.End(nil); err != nil || none.ID() != 0 {
		t.Fatalf("no store: run %d, %v", none.ID(), err)
	}
	none.Close()
}
