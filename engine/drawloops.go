package engine

import (
	"math"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// A board of lines whose only links beyond the grid's go round its
// corners (Surakarta's loops) is drawn as its players know it: the files
// and ranks as lines, each loop as three quarters of a circle round the
// corner point, and the lines a loop continues in the loop's colour, so
// that every circuit is seen whole.

// cornerLoop is a link between the ends of a file and a rank that meet
// at a corner point, both r cells from it.
type cornerLoop struct {
	corner, a, b int // positions
	r            int
}

// cornerLoops returns the links of g's board that go round a corner of
// its grid, when those are the only links a plain square grid would not
// have; nil otherwise.
func cornerLoops(g *Game) []cornerLoop {
	b := &g.Rules.Board
	if len(b.Grids) != 1 || len(b.Grids[0].Dims) != 2 {
		return nil
	}
	gr := b.Grids[0]
	if len(gr.Coords) != g.np {
		return nil
	}
	w, h := len(gr.Dims[0]), len(gr.Dims[1])
	at := map[[2]int]int{}
	for p, c := range gr.Coords {
		at[[2]int{c[0], c[1]}] = p
	}
	var out []cornerLoop
	for d := 0; d < g.nd; d++ {
		if gridDirection(g, d) {
			continue
		}
		for p := 0; p < g.np; p++ {
			q := int(b.Links[p*g.nd+d])
			if q < 0 {
				continue
			}
			l, ok := roundCorner(gr.Coords[p], gr.Coords[q], w, h)
			if !ok {
				return nil
			}
			l.a, l.b = p, q
			if l.corner, ok = at[[2]int{l.corner % w, l.corner / w}]; !ok {
				return nil
			}
			out = append(out, l)
		}
	}
	return out
}

// gridDirection reports whether direction d links every position of the
// grid to the one a fixed offset away, wherever that one exists.
func gridDirection(g *Game, d int) bool {
	b := &g.Rules.Board
	gr := b.Grids[0]
	var off [2]int
	seen := false
	for p := 0; p < g.np; p++ {
		q := b.Links[p*g.nd+d]
		if q < 0 {
			continue
		}
		a, c := gr.Coords[p], gr.Coords[int(q)]
		o := [2]int{c[0] - a[0], c[1] - a[1]}
		if seen && o != off {
			return false
		}
		off, seen = o, true
	}
	return seen
}

// roundCorner reports whether cells a and c of a w x h grid lie on the
// two edges of one corner at the same distance r from it; the loop's
// corner is given as x+w*y.
func roundCorner(a, c []int, w, h int) (cornerLoop, bool) {
	for _, k := range [][2]int{{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}} {
		for _, pair := range [2][2][]int{{a, c}, {c, a}} {
			u, v := pair[0], pair[1]
			// u on the edge along x (same y as the corner), v on the edge
			// along y (same x), both r from it.
			if u[1] != k[1] || v[0] != k[0] {
				continue
			}
			r := abs(u[0] - k[0])
			if r > 0 && r == abs(v[1]-k[1]) {
				return cornerLoop{corner: k[0] + w*k[1], r: r}, true
			}
		}
	}
	return cornerLoop{}, false
}

// loopMargin is how far a board's corner loops reach beyond its corner
// points, in picture units (0 without loops).
func loopMargin(g *Game, size float64) float64 {
	r := 0
	for _, l := range cornerLoops(g) {
		r = max(r, l.r)
	}
	return float64(r) * size
}

// loopColors are the colours of the circuits, by the radius of their
// loops.
var loopColors = []render.Color{render.Hex("#b5542f"), render.Hex("#2e7d6b"), render.Hex("#6c4f9e"), render.Hex("#b8860b")}

// drawLoops draws a board of lines with loops round its corners.
func drawLoops(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	loops := cornerLoops(g)
	minX, minY, maxX, maxY := bounds(g, v, at)
	reach := loopMargin(g, size)
	pad := reach + size*0.35
	d.Rect(minX-pad, minY-pad, maxX-minX+2*pad, maxY-minY+2*pad, render.Style{Fill: light, Stroke: dark, Width: 2})
	// Lines at distance r from an edge are the circuit of radius r.
	color := map[float64]render.Color{}
	for _, l := range loops {
		c := loopColors[(l.r-1)%len(loopColors)]
		ctr := at(l.corner)
		for _, p := range []int{l.a, l.b} {
			e := at(p)
			if math.Abs(e.X-ctr.X) > 1e-6 {
				color[math.Round(e.X)] = c // a file
			} else {
				color[-1-math.Round(e.Y)] = c // a rank
			}
		}
	}
	thin := render.Style{Stroke: ink, Width: 1.5}
	line := func(key float64, a, b render.Point) {
		st := thin
		if c, ok := color[key]; ok {
			st = render.Style{Stroke: c, Width: 4}
		}
		d.Line(a, b, st)
	}
	for x := minX; x <= maxX+1e-6; x += size {
		line(math.Round(x), render.Pt(x, minY), render.Pt(x, maxY))
	}
	for y := minY; y <= maxY+1e-6; y += size {
		line(-1-math.Round(y), render.Pt(minX, y), render.Pt(maxX, y))
	}
	for _, l := range loops {
		drawLoop(d, at(l.corner), at(l.a), at(l.b), render.Style{Stroke: loopColors[(l.r-1)%len(loopColors)], Width: 4})
	}
	for p := 0; p < g.np; p++ {
		if c := at(p); !hidden(v, p) {
			d.Circle(c.X, c.Y, size*0.08, render.Style{Fill: ink})
		}
	}
	drawLoopCoordinates(d, g, v, at, reach+size*0.35+14)
}

// drawLoop draws the three quarters of a circle round corner point k
// from a to b that keep outside the board.
func drawLoop(d *render.Drawing, k, a, b render.Point, st render.Style) {
	r := math.Hypot(a.X-k.X, a.Y-k.Y)
	from := math.Atan2(a.Y-k.Y, a.X-k.X)
	to := math.Atan2(b.Y-k.Y, b.X-k.X)
	// The quarter between a and b lies over the board: go the other way.
	sweep := math.Remainder(to-from, 2*math.Pi)
	if sweep > 0 {
		sweep -= 2 * math.Pi
	} else {
		sweep += 2 * math.Pi
	}
	const n = 48
	pts := make([]render.Point, 0, n+1)
	for i := 0; i <= n; i++ {
		t := from + sweep*float64(i)/n
		pts = append(pts, render.Pt(k.X+r*math.Cos(t), k.Y+r*math.Sin(t)))
	}
	d.Polyline(pts, st)
}

// drawLoopCoordinates writes the grid's coordinates below the board and
// left of it, beyond the loops (off units from the outer lines).
func drawLoopCoordinates(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, off float64) {
	grid := g.Rules.Board.Grids[0]
	minX, _, _, maxY := bounds(g, v, at)
	label := render.Font{Size: 13, Anchor: render.Middle, Center: true, Color: ink}
	for p, c := range grid.Coords {
		ctr := at(p)
		if math.Abs(ctr.Y-maxY) < 1e-6 {
			d.Text(render.Pt(ctr.X, maxY+off), grid.Dims[0][c[0]], label)
		}
		if math.Abs(ctr.X-minX) < 1e-6 {
			d.Text(render.Pt(minX-off, ctr.Y), grid.Dims[1][c[1]], label)
		}
	}
}
