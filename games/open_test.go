package games_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/games"
)

// TestOpen loads games the ways the commands name them and checks what
// the loader hands out: the variant chosen, the evaluation, the seats and
// a start position that plays.
func TestOpen(t *testing.T) {
	for _, tt := range []struct {
		path    string
		o       games.Options
		name    string
		players string
		moves   int
	}{
		{"tic-tac-toe", games.Options{}, "Tic-Tac-Toe", "X O", 9},
		{"games/chess.zrf", games.Options{}, "Chess", "White Black", 20},
		{"go.zrf", games.Options{Variant: "Go 5x5"}, "Go 5x5", "Black White", 26},
		{"go", games.Options{Variant: "2"}, "Go 5x5", "Black White", 26},
		{"go", games.Options{}, "Go 9x9", "Black White", 82},
		{"checkers", games.Options{Eval: "Man=1,King=3,mobility=5"}, "Checkers", "Black White", 7},
	} {
		g, err := games.Open(tt.path, tt.o)
		if err != nil {
			t.Errorf("%s: %v", tt.path, err)
			continue
		}
		if g.Name != tt.name || g.Path != tt.path {
			t.Errorf("%s: named %q at %q, want %q", tt.path, g.Name, g.Path, tt.name)
		}
		if got := strings.Join(g.Players(), " "); got != tt.players {
			t.Errorf("%s: players %q, want %q", tt.path, got, tt.players)
		}
		if n := len(g.New().Moves(nil)); n != tt.moves {
			t.Errorf("%s: %d moves at the start, want %d", tt.path, n, tt.moves)
		}
		if g.Rules != g.Compiled.Rules || g.Entry.Title != g.Rules.Title {
			t.Errorf("%s: the model, the entry and the compiled game disagree", tt.path)
		}
		if tt.o.Eval != "" && !strings.Contains(g.Eval.String(), "King") {
			t.Errorf("%s: evaluation %s, want the one of --eval", tt.path, g.Eval)
		}
	}
}

// TestOpenErrors: what cannot be loaded says which file and why.
func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.zrf")
	if err := os.WriteFile(bad, []byte("(game (title \"Bad\")\n  (players A B)\n  (board (grid (dimensions \"a\" \"1\")))\n  (piece (name P) (drops ((verify nowhere?) add))))\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		o    games.Options
		want string
	}{
		{"no-such-game", games.Options{}, "no-such-game"},
		{"go", games.Options{Variant: "Go 19x19"}, `no game titled "Go 19x19"`},
		{"go", games.Options{Variant: "9"}, "no game number 9"},
		{"checkers", games.Options{Eval: "Queen=9"}, "Queen"},
		{bad, games.Options{}, "bad.zrf:4:"},
	} {
		_, err := games.Open(tt.path, tt.o)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %+v: error %v, want one naming %q", tt.path, tt.o, err, tt.want)
		}
	}
}

// TestRead loads a text that comes alone, as a queued run carries it: its
// includes resolve among the bundled games, and it plays as the file does.
func TestRead(t *testing.T) {
	src, ok := games.Source("checkers.zrf")
	if !ok {
		t.Fatal("no bundled checkers.zrf")
	}
	g, err := games.Read("my-checkers.zrf", src, games.Options{MaxPlies: 50})
	if err != nil {
		t.Fatal(err)
	}
	f, err := games.Open("checkers", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g.Path != "my-checkers.zrf" || g.MaxPlies != 50 || g.Name != f.Name {
		t.Errorf("read as %q (%q, max plies %d), want my-checkers.zrf (%q, 50)", g.Path, g.Name, g.MaxPlies, f.Name)
	}
	if a, b := len(g.New().Moves(nil)), len(f.New().Moves(nil)); a != b {
		t.Errorf("%d moves at the start, the file has %d", a, b)
	}
}

// TestBots: the registry of a loaded game seats bots that play its moves.
func TestBots(t *testing.T) {
	g, err := games.Open("tic-tac-toe", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bot, err := g.Bots.Bot("alphabeta:depth=9")
	if err != nil {
		t.Fatal(err)
	}
	pos := g.New()
	for {
		if _, over := pos.Result(); over {
			break
		}
		d, err := bot.Choose(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		pos.Play(d.Move)
	}
	if r, _ := pos.Result(); r[0] != 0.5 {
		t.Errorf("perfect play ends %v, want a draw", r)
	}
	if got := g.Reason(pos); got == "" || strings.Contains(got, "/") {
		t.Errorf("the ending is told as %q, want the goal by its place in the file", got)
	}
}

// ExampleOpen loads a bundled game by name and plays its first move.
func ExampleOpen() {
	g, err := games.Open("tic-tac-toe", games.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := g.New()
	moves := pos.Moves(nil)
	fmt.Println(g.Name, g.Players(), len(moves), "moves")
	fmt.Println(pos.Notation(moves[4]))
	// Output:
	// Tic-Tac-Toe [X O] 9 moves
	// b2 drop-on-empty X Mark
}
