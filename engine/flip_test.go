package engine_test

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// A flipped board is the board turned half a turn in the same frame:
// every position goes where the one opposite it through the centre was
// (a1 where h8 was), and the coordinates stay along the left and bottom
// edges, read from the other side.
func TestFlippedBoard(t *testing.T) {
	for _, file := range []string{"chess.zrf", "hex.zrf", "go.zrf", "fanorona.zrf", "connect-four.zrf"} {
		g, err := games.Open("../games/"+file, games.Options{})
		if err != nil {
			t.Fatal(err)
		}
		up, down := engine.BoardGeometry(g.Compiled, g.View), engine.FlippedGeometry(g.Compiled, g.View)
		if up.Width != down.Width || up.Height != down.Height || up.Cell != down.Cell || up.Shape != down.Shape || len(up.Cells) != len(down.Cells) {
			t.Fatalf("%s: the flipped frame differs: %+v", file, down)
		}
		// The centre every position and its image are symmetric about.
		cx, cy := math.NaN(), math.NaN()
		for i, c := range up.Cells {
			d := down.Cells[i]
			if c.Hidden {
				continue
			}
			if math.IsNaN(cx) {
				cx, cy = (c.X+d.X)/2, (c.Y+d.Y)/2
			}
			if math.Abs((c.X+d.X)/2-cx) > 1e-9 || math.Abs((c.Y+d.Y)/2-cy) > 1e-9 || d.Name != c.Name {
				t.Fatalf("%s: %s at %v,%v flips to %v,%v, not through %v,%v", file, c.Name, c.X, c.Y, d.X, d.Y, cx, cy)
			}
		}
	}
	g, err := games.Open("../games/chess.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	up, down := engine.BoardGeometry(g.Compiled, g.View), engine.FlippedGeometry(g.Compiled, g.View)
	at := func(geo engine.Geometry, name string) (float64, float64) {
		for _, c := range geo.Cells {
			if c.Name == name {
				return c.X, c.Y
			}
		}
		t.Fatalf("no %s", name)
		return 0, 0
	}
	x, y := at(down, "a1")
	if x2, y2 := at(up, "h8"); x != x2 || y != y2 {
		t.Errorf("a1 flipped to %v,%v, not where h8 was (%v,%v)", x, y, x2, y2)
	}
	var svg bytes.Buffer
	if err := engine.FlippedPicture(engine.NewState(g.Compiled), g.View).WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	// Ranks are written level with their row, files below their column.
	labels := map[string][2]float64{}
	for _, m := range regexp.MustCompile(`<text x="([\d.]+)" y="([\d.]+)"[^>]*>([a-h1-8])</text>`).FindAllStringSubmatch(svg.String(), -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		labels[m[3]] = [2]float64{x, y}
	}
	for _, tt := range []struct {
		label, cell string
		axis        int
	}{{"1", "a8", 1}, {"8", "a1", 1}, {"a", "h1", 0}, {"h", "a1", 0}} {
		x, y := at(up, tt.cell)
		if want := [2]float64{x, y}[tt.axis]; math.Abs(labels[tt.label][tt.axis]-want) > 1e-3 {
			t.Errorf("%s is written at %v, want it in line with %s of the upright board (%v)", tt.label, labels[tt.label], tt.cell, want)
		}
	}
}
