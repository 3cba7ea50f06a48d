package engine_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/summary"
	"github.com/ludus-games/ludus/games"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name, or rewrites it with
// -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

// TestSummaries keeps what "ludus rules" prints for each bundled game.
func TestSummaries(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	for _, f := range files {
		g, err := games.Open(f, games.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		summary.Write(&b, g.Compiled)
		b.WriteString(engine.NewState(g.Compiled).TextBoard(g.View))
		golden(t, strings.TrimSuffix(filepath.Base(f), ".zrf")+".txt", b.Bytes())
	}
}

// TestPositionFiles reads the example positions and writes them back.
func TestPositionFiles(t *testing.T) {
	g := game(t, "chess.zrf", "")
	s, err := engine.ReadPosition(g, filepath.Join("testdata", "positions", "kiwipete.txt"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := engine.Perft(s, 2)
	if err != nil || n != 2039 {
		t.Fatalf("Kiwipete perft(2) = %d (%v), want 2039", n, err)
	}
	again, err := engine.ParsePosition(g, "again", []byte(s.FormatPosition()))
	if err != nil {
		t.Fatal(err)
	}
	if !again.Equal(s) {
		t.Fatal("the position changed when written and read back")
	}
	golden(t, "kiwipete-formatted.txt", []byte(s.FormatPosition()))
}

// A position that cannot be is an error naming the place: two pieces given
// one square, by one player or by two.
func TestPositionErrors(t *testing.T) {
	g := game(t, "chess.zrf", "")
	for _, tt := range []struct{ src, want string }{
		{"(position (White (King e1)) (Black (King e1) (King e8)))", "pos:1:42: e1 holds a piece already (given at pos:1:24)"},
		{"(position (White (King e1) (Pawn e2 e2)) (Black (King e8)))", "pos:1:37: e2 holds a piece already"},
		{"(position (White (King e1)) (Black (King z9)))", "unknown position z9"},
	} {
		_, err := engine.ParsePosition(g, "pos", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.src, err, tt.want)
		}
	}
}
