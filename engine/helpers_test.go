package engine_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/internal/shareddata"
)

// long reports whether the long checks were asked for.
func long() bool { return os.Getenv("LUDUS_LONG") == "1" }

// game compiles a game of one of the bundled files in ../games.
func game(t testing.TB, file, variant string) *engine.Game {
	t.Helper()
	return compile(t, filepath.Join("..", "games", file), variant)
}

// shared compiles a game of one of the reference files.
func shared(t testing.TB, file, variant string) *engine.Game {
	t.Helper()
	return compile(t, shareddata.Path(t, "engine", "zrf", file), variant)
}

func compile(t testing.TB, path, variant string) *engine.Game {
	t.Helper()
	g, err := zrf.Load(path, variant)
	if err != nil {
		t.Fatal(err)
	}
	cg, err := engine.Compile(g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	return cg
}
