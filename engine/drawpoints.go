package engine

import (
	"math"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// A race board of points (backgammon: a zone named points holds the
// place at the edge of each point, its checkers' places running from
// there towards the middle) is drawn as its players know it: a long
// triangle per point, the colours alternating, the bar (zone bar) and
// the trays of the checkers borne off (zone off) as strips, the checkers
// as plain discs and dice as dice.

// trianglePoints returns the positions of the zone named points (every
// player's), or nil.
func trianglePoints(g *Game) map[int]bool {
	if len(g.Rules.Board.Grids) > 0 {
		return nil
	}
	ps := zoneNamed(g, "points")
	if len(ps) == 0 {
		return nil
	}
	return ps
}

var (
	feltGreen  = render.Hex("#2f5d46")
	pointRed   = render.Hex("#a63a2a")
	pointCream = render.Hex("#eadbb8")
	barWood    = render.Hex("#6b4520")
)

// drawTriangles draws the board of points.
func drawTriangles(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	minX, minY, maxX, maxY := bounds(g, v, at)
	pad, rim := size*0.5, size*0.55
	d.Rect(minX-pad-rim, minY-pad-rim, maxX-minX+2*pad+2*rim, maxY-minY+2*pad+2*rim,
		render.Style{Fill: barWood, Stroke: render.Hex("#3d2612"), Width: 2})
	d.Rect(minX-pad, minY-pad, maxX-minX+2*pad, maxY-minY+2*pad, render.Style{Fill: feltGreen})
	midY := (minY + maxY) / 2
	for _, zone := range []string{"bar", "off"} {
		for x := range columns(zoneNamed(g, zone), at) {
			d.Rect(x-size*0.55, minY-pad, size*1.1, maxY-minY+2*pad, render.Style{Fill: barWood})
		}
	}
	// The points of each half, left to right, alternate in colour.
	for p := range trianglePoints(g) {
		c := at(p)
		edge := minY - pad
		if c.Y > midY {
			edge = maxY + pad
		}
		tip := edge + (midY-edge)*0.72
		fill := pointCream
		if int(math.Round((c.X-minX)/size))%2 == 0 {
			fill = pointRed
		}
		if c.Y > midY {
			if fill == pointRed {
				fill = pointCream
			} else {
				fill = pointRed
			}
		}
		w := size * 0.48
		d.Polygon([]render.Point{render.Pt(c.X-w, edge), render.Pt(c.X+w, edge), render.Pt(c.X, tip)},
			render.Style{Fill: fill, Stroke: render.Hex("#1d3a2b"), Width: 1})
		// The point's number on the rim: its place's name without the
		// letter of the place (13a: 13).
		label := strings.TrimRight(g.Rules.Board.Positions[p], "abcdefghijklmnopqrstuvwxyz")
		if label == "" {
			label = g.Rules.Board.Positions[p]
		}
		y := edge - rim/2
		if c.Y > midY {
			y = edge + rim/2
		}
		d.Text(render.Pt(c.X, y), label, render.Font{Size: 13, Anchor: render.Middle, Center: true, Bold: true,
			Color: render.Hex("#f3e2bf")})
	}
}

// columns returns the x in the picture of the columns of positions ps.
func columns(ps map[int]bool, at func(int) render.Point) map[float64]bool {
	out := map[float64]bool{}
	for p := range ps {
		out[math.Round(at(p).X)] = true
	}
	return out
}

// drawChecker draws a checker: a plain disc with a rim.
func drawChecker(d *render.Drawing, g *Game, pc Piece, c render.Point, size float64) {
	fill := playerColor(g, pc.Owner())
	rim := render.Hex("#1b1b1b")
	if lum(fill) < 0.5 {
		rim = render.Hex("#8a8070")
	}
	r := size * 0.4
	d.Circle(c.X+1.5, c.Y+2, r, render.Style{Fill: render.Hex("#00000040")})
	d.Circle(c.X, c.Y, r, render.Style{Fill: fill, Stroke: rim, Width: 1.5})
	d.Circle(c.X, c.Y, r*0.62, render.Style{Stroke: rim, Width: 1})
}

// dieFace returns the number a piece of a random player shows when its
// notation is one from 1 to 6 (a die), else 0.
func dieFace(g *Game, pc Piece) int {
	if !g.randomPlayer[pc.Owner()] {
		return 0
	}
	n := g.Rules.Pieces[pc.Type()].Notation
	if len(n) == 1 && n[0] >= '1' && n[0] <= '6' {
		return int(n[0] - '0')
	}
	return 0
}

// Dice returns the numbers the dice on the board show: the pieces of a
// random player whose notation is a digit from 1 to 6, in the order of
// the board's positions (nil when there are none).
func (s *State) Dice() []int {
	var out []int
	for p := 0; p < s.g.np; p++ {
		if pc := s.cells[p]; pc != 0 && !pc.ghost() {
			if n := dieFace(s.g, pc); n > 0 {
				out = append(out, n)
			}
		}
	}
	return out
}

// drawDie draws a die showing n.
func drawDie(d *render.Drawing, n int, c render.Point, size float64) {
	s := size * 0.78
	d.Rect(c.X-s/2+2, c.Y-s/2+2.5, s, s, render.Style{Fill: render.Hex("#00000050")})
	d.Rect(c.X-s/2, c.Y-s/2, s, s, render.Style{Fill: render.Hex("#fbf8f0"), Stroke: render.Hex("#333333"), Width: 1.5})
	q := s * 0.27
	pips := map[int][][2]float64{
		1: {{0, 0}},
		2: {{-1, -1}, {1, 1}},
		3: {{-1, -1}, {0, 0}, {1, 1}},
		4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
		5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
		6: {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
	}
	for _, p := range pips[n] {
		d.Circle(c.X+p[0]*q, c.Y+p[1]*q, s*0.09, render.Style{Fill: render.Hex("#222222")})
	}
}
