package gtp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine/gtp"
	"github.com/ludus-games/ludus/games"
)

// go.zrf names its points as GTP does (columns a to j without i, rows
// from the bottom), so every vertex is its position's name.
func TestBoardVertices(t *testing.T) {
	for _, v := range []string{"Go 9x9", "Go 5x5"} {
		g := open(t, "go", v)
		b, err := gtp.NewBoard(g.Compiled)
		if err != nil {
			t.Fatal(err)
		}
		for p, name := range g.Rules.Board.Positions {
			if b.Vertex(p) != strings.ToUpper(name) {
				t.Errorf("%s: position %s is vertex %s", v, name, b.Vertex(p))
			}
			if q, err := b.Point(strings.ToLower(b.Vertex(p))); err != nil || q != p {
				t.Errorf("%s: %s reads as %d (%v)", v, b.Vertex(p), q, err)
			}
		}
		if _, err := b.Point("I1"); err == nil {
			t.Errorf("%s: I1 is a point", v)
		}
	}
	b, _ := gtp.NewBoard(open(t, "hex", "").Compiled)
	if b.Size() != 11 || b.Vertex(0) != "A11" {
		t.Errorf("hex: size %d, a1 is %s", b.Size(), b.Vertex(0))
	}
}

func TestBoardRefuses(t *testing.T) {
	for name, want := range map[string]string{
		"chess":        "moves on the board",
		"connect-four": "7x6",
		"ur":           "two players",
		"laska":        "every position",
	} {
		_, err := gtp.NewBoard(open(t, name, "").Compiled)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "not a game GTP can describe") {
			t.Errorf("%s: %v, want an error saying %q", name, err, want)
		}
	}
}

func ExampleBoard() {
	g, _ := games.Open("go", games.Options{})
	b, _ := gtp.NewBoard(g.Compiled)
	pos := g.New()
	m, _ := b.ParseMove(pos, "e5")
	text, _ := b.MoveText(pos, m)
	fmt.Println(b.Size(), b.Komi(), text, pos.Notation(m))
	_, err := gtp.NewBoard(mustOpen("chess").Compiled)
	fmt.Println(err)
	// Output:
	// 9 7.5 E5 e5 drop Black Stone
	// Chess is not a game GTP can describe: Pawn moves on the board, and GTP only drops stones
}

func mustOpen(name string) *games.Game {
	g, err := games.Open(name, games.Options{})
	if err != nil {
		panic(err)
	}
	return g
}
