package engine

import (
	"math"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// A mancala keeps its seeds as a number per position (a position
// attribute named seeds, as games/kalah.zrf does): its board is drawn as
// a wooden tray with a well per position (the pits of the grid round,
// the stores beside it long), the seeds in each well and their count
// beside it. The pieces that stand for the pits are not drawn.

// seedsAttr returns the index of the position attribute named seeds, or
// -1.
func seedsAttr(g *Game) int {
	for i, a := range g.Rules.PosAttrs {
		if strings.EqualFold(a.Name, "seeds") {
			return i
		}
	}
	return -1
}

var (
	trayWood = render.Hex("#c8955a")
	wellWood = render.Hex("#9c6a35")
	seedInks = []render.Color{render.Hex("#f3ead8"), render.Hex("#d9c7a1"), render.Hex("#b9b4a8"), render.Hex("#e6d3b3")}
)

// drawPits draws the tray, the wells and the seeds of s.
func drawPits(d *render.Drawing, s *State, v *rules.View, at func(int) render.Point, size float64) {
	g := s.g
	minX, minY, maxX, maxY := bounds(g, v, at)
	pad := size * 0.9
	d.Rect(minX-pad, minY-pad, maxX-minX+2*pad, maxY-minY+2*pad, render.Style{Fill: trayWood, Stroke: render.Hex("#7a4f24"), Width: 2.5})
	a := seedsAttr(g)
	midY := (minY + maxY) / 2
	for p := 0; p < g.np; p++ {
		if hidden(v, p) {
			continue
		}
		c := at(p)
		w, h := wellSize(g, v, p, size)
		r := math.Min(w, h) / 2
		if h > w*1.3 {
			drawCapsule(d, c, w, h, render.Style{Fill: wellWood, Stroke: render.Hex("#6b4520"), Width: 1.5})
		} else {
			d.Circle(c.X, c.Y, r, render.Style{Fill: wellWood, Stroke: render.Hex("#6b4520"), Width: 1.5})
		}
		n := s.PositionAttr(a, p)
		drawSeeds(d, c, w, h, n)
		label := render.Pt(c.X, c.Y+h/2+14)
		if c.Y < midY-1e-6 {
			label = render.Pt(c.X, c.Y-h/2-12)
		}
		d.Text(label, strconv.Itoa(n), render.Font{Size: 14, Anchor: render.Middle, Center: true, Bold: true, Color: render.Hex("#3d2612")})
	}
}

// wellSize is the width and height of the well of position p: its
// screen rectangle in the picture's scale, a little inside it.
func wellSize(g *Game, v *rules.View, p int, size float64) (float64, float64) {
	var ws []float64
	for _, c := range v.Cells {
		if c.HasRect && !c.Dummy && c.X2 > c.X1 {
			ws = append(ws, c.X2-c.X1)
		}
	}
	c := v.Cells[p]
	if len(ws) == 0 || !c.HasRect {
		return size * 0.84, size * 0.84
	}
	k := size / median(ws) * 0.84
	return (c.X2 - c.X1) * k, (c.Y2 - c.Y1) * k
}

// drawCapsule draws a rounded well w wide and h tall centred on c.
func drawCapsule(d *render.Drawing, c render.Point, w, h float64, st render.Style) {
	r := w / 2
	var pts []render.Point
	for i := 0; i <= 24; i++ {
		t := math.Pi + math.Pi*float64(i)/24
		pts = append(pts, render.Pt(c.X+r*math.Cos(t), c.Y-h/2+r+r*math.Sin(t)))
	}
	for i := 0; i <= 24; i++ {
		t := math.Pi * float64(i) / 24
		pts = append(pts, render.Pt(c.X+r*math.Cos(t), c.Y+h/2-r+r*math.Sin(t)))
	}
	d.Polygon(pts, st)
}

// drawSeeds scatters n seeds in a well w wide and h tall: a sunflower's
// spiral keeps them apart whatever their number.
func drawSeeds(d *render.Drawing, c render.Point, w, h float64, n int) {
	if n <= 0 {
		return
	}
	rx, ry := w/2*0.72, h/2*0.72
	sr := math.Min(w, h) / 2 * math.Min(0.2, 0.62/math.Sqrt(float64(n)))
	for i := 0; i < n; i++ {
		f := math.Sqrt((float64(i) + 0.5) / float64(n))
		t := float64(i) * 2.39996
		x, y := c.X+rx*f*math.Cos(t), c.Y+ry*f*math.Sin(t)
		d.Circle(x, y, sr, render.Style{Fill: seedInks[i%len(seedInks)], Stroke: render.Hex("#5b4630"), Width: 0.8})
	}
}
