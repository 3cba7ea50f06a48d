package engine_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// TestGoban: Go is drawn on a wooden board, its stones on the lines'
// intersections, with the star points of its size; tic-tac-toe stays on
// paper, its marks between the lines.
func TestGoban(t *testing.T) {
	tests := []struct {
		file, variant string
		wood          bool
		stars         int
	}{
		{"go.zrf", "", true, 5},
		{"go.zrf", "Go 5x5", true, 0},
		{"tic-tac-toe.zrf", "", false, 0},
	}
	for _, tt := range tests {
		g, err := games.Open("../games/"+tt.file, games.Options{Variant: tt.variant})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := engine.Picture(engine.NewState(g.Compiled), g.View).WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		if wood := strings.Contains(svg, `fill="#dcb35c"`); wood != tt.wood {
			t.Errorf("%s %s: drawn on wood %v, want %v", tt.file, tt.variant, wood, tt.wood)
		}
		if stars := strings.Count(svg, `fill="#2b2116"/>`); stars != tt.stars {
			t.Errorf("%s %s: %d star points, want %d", tt.file, tt.variant, stars, tt.stars)
		}
	}
}

// TestHexEdges: Hex is drawn with the edges each player joins in the
// player's colour, and its rows and columns named.
func TestHexEdges(t *testing.T) {
	g, err := games.Open("../games/hex.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := engine.Picture(engine.NewState(g.Compiled), g.View).WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	// Each edge of 11 hexagons: two sides each, one fewer at an acute
	// corner, where the other player's edge takes it.
	for _, c := range []string{"#c0392b", "#2e6fb8"} {
		if n := strings.Count(svg, `stroke="`+c+`" stroke-width="7.84`); n < 40 || n > 44 {
			t.Errorf("%d sides of the edges in %s, want 40 to 44", n, c)
		}
	}
	for _, name := range []string{">1<", ">11<", ">a<", ">k<"} {
		if !strings.Contains(svg, name) {
			t.Errorf("no coordinate %s", name)
		}
	}
}

// TestNumberTiles: the 15-puzzle's tiles show their numbers, 1 to 15, not
// the letters of their notation.
func TestNumberTiles(t *testing.T) {
	g, err := games.Open("../games/fifteen.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := engine.Picture(engine.NewState(g.Compiled), g.View).WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for n := 1; n <= 15; n++ {
		if !strings.Contains(svg, fmt.Sprintf(">%d<", n)) {
			t.Errorf("no tile %d", n)
		}
	}
	for _, l := range []string{">A<", ">F<"} {
		if strings.Contains(svg, l) {
			t.Errorf("a tile shows %s", l)
		}
	}
}

// TestRosettes: Ur's board shows its five rosettes, eight petals each.
func TestRosettes(t *testing.T) {
	g, err := games.Open("../games/ur.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := engine.Picture(engine.NewState(g.Compiled), g.View).WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	if petals := strings.Count(b.String(), `fill="#b5542f"/>`); petals != 5*8 {
		t.Errorf("%d petals, want the 40 of five rosettes", petals)
	}
}
