package engine_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/internal/shareddata"
)

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

// playChecked plays m on s and checks that the position written after it
// holds every part of want (parts separated by "|"), that the
// incremental hash agrees with one computed anew, and that undo gives
// back the position and its hash.
func playChecked(t *testing.T, s *engine.State, m *engine.Move, name, want string) {
	t.Helper()
	before, h := s.FormatPosition(), s.Hash()
	s.Play(m)
	after := s.FormatPosition()
	for _, w := range strings.Split(want, "|") {
		if w != "" && !strings.Contains(after, w) {
			t.Errorf("%s: after the move\n%s\nwant %s", name, after, w)
		}
	}
	if !s.HashOK() {
		t.Errorf("%s: incremental hash differs from the recomputed one", name)
	}
	s.Undo()
	if s.FormatPosition() != before || s.Hash() != h {
		t.Errorf("%s: undo gives\n%s", name, s.FormatPosition())
	}
}
