package dungeon

import (
	"math"

	"github.com/ludus-games/ludus/dungeon/geom"
	"github.com/ludus-games/ludus/render"
)

// DrawOptions tune a picture of a layout.
type DrawOptions struct {
	// Cell is the size of one grid unit in picture units (pixels in a PNG
	// at scale 1); default 16.
	Cell float64
	// Grid draws the grid lines under the rooms.
	Grid bool
	// NoLabels leaves out the room names.
	NoLabels bool
}

// Picture colours.
var (
	paper        = render.Hex("#f6f3ea")
	gridColor    = render.Hex("#e2ddd0")
	wallColor    = render.Hex("#2e2a26")
	doorColor    = render.Hex("#c07a2c")
	corridorFill = render.Hex("#cfc8b8")
	labelColor   = render.Hex("#2e2a26")
)

// Draw returns a picture of the layout: rooms filled in soft colours with
// their names, corridors in stone grey, walls dark, doors as orange bars
// across the walls, y axis up.
func (l *Layout) Draw(opt DrawOptions) *render.Drawing {
	cell := opt.Cell
	if cell <= 0 {
		cell = 16
	}
	b := l.bounds()
	margin := 1.0
	w := (float64(b.X2-b.X1) + 2*margin) * cell
	h := (float64(b.Y2-b.Y1) + 2*margin) * cell
	d := render.New(w, h)
	d.Background = paper
	px := func(p geom.Point) render.Point {
		return render.Pt((float64(p.X-b.X1)+margin)*cell, (float64(b.Y2-p.Y)+margin)*cell)
	}
	if opt.Grid {
		thin := render.Style{Stroke: gridColor, Width: math.Max(cell/16, 0.5)}
		for x := b.X1 - 1; x <= b.X2+1; x++ {
			d.Line(px(geom.Point{X: x, Y: b.Y1 - 1}), px(geom.Point{X: x, Y: b.Y2 + 1}), thin)
		}
		for y := b.Y1 - 1; y <= b.Y2+1; y++ {
			d.Line(px(geom.Point{X: b.X1 - 1, Y: y}), px(geom.Point{X: b.X2 + 1, Y: y}), thin)
		}
	}
	wall := cell / 5
	for i, r := range l.Rooms {
		pts := make([]render.Point, len(r.Outline))
		for j, p := range r.Outline {
			pts[j] = px(p)
		}
		fill := roomColor(i)
		if r.Corridor {
			fill = corridorFill
		}
		d.Polygon(pts, render.Style{Fill: fill})
	}
	for _, r := range l.Rooms {
		pts := make([]render.Point, len(r.Outline))
		for j, p := range r.Outline {
			pts[j] = px(p)
		}
		d.Polygon(pts, render.Style{Stroke: wallColor, Width: wall})
	}
	for _, door := range l.Doors {
		a, c := px(door.Line[0]), px(door.Line[1])
		// Shorten the bar a little so that neighbouring doors stay apart.
		dx, dy := (c.X-a.X)*0.08, (c.Y-a.Y)*0.08
		d.Line(render.Pt(a.X+dx, a.Y+dy), render.Pt(c.X-dx, c.Y-dy), render.Style{Stroke: doorColor, Width: wall * 1.8})
	}
	if !opt.NoLabels {
		for _, r := range l.Rooms {
			l.label(d, r, cell, px)
		}
	}
	return d
}

// label writes the room's name in the middle of its largest rectangle,
// as large as fits.
func (l *Layout) label(d *render.Drawing, r LayoutRoom, cell float64, px func(geom.Point) render.Point) {
	poly, err := geom.NewPolygon(r.Outline)
	if err != nil {
		return
	}
	var best geom.Rect
	for _, rc := range poly.Rects() {
		if min(rc.X2-rc.X1, rc.Y2-rc.Y1) > min(best.X2-best.X1, best.Y2-best.Y1) {
			best = rc
		}
	}
	wpx := float64(best.X2-best.X1) * cell
	hpx := float64(best.Y2-best.Y1) * cell
	name := r.ID.Name
	size := math.Min(math.Min(cell*1.1, hpx*0.6), wpx*0.85/(0.62*float64(len(name))))
	if r.Corridor {
		size = math.Min(size, cell*0.6)
	}
	if size < 5 {
		return
	}
	a, c := px(geom.Point{X: best.X1, Y: best.Y1}), px(geom.Point{X: best.X2, Y: best.Y2})
	d.Text(render.Pt((a.X+c.X)/2, (a.Y+c.Y)/2), name, render.Font{Size: size, Color: labelColor,
		Anchor: render.Middle, Center: true, Bold: !r.Corridor})
}

// bounds is the bounding box of all rooms.
func (l *Layout) bounds() geom.Rect {
	var b geom.Rect
	first := true
	for _, r := range l.Rooms {
		for _, p := range r.Outline {
			if first {
				b = geom.Rect{X1: p.X, Y1: p.Y, X2: p.X, Y2: p.Y}
				first = false
			}
			b.X1, b.X2 = min(b.X1, p.X), max(b.X2, p.X)
			b.Y1, b.Y2 = min(b.Y1, p.Y), max(b.Y2, p.Y)
		}
	}
	return b
}

// roomColor returns a soft colour for the i-th room, hues spread by the
// golden angle so that neighbours in the list differ.
func roomColor(i int) render.Color {
	h := math.Mod(float64(i)*137.508+30, 360)
	return hsl(h, 0.45, 0.80)
}

func hsl(h, s, l float64) render.Color {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	to := func(v float64) uint8 { return uint8(math.Round((v + m) * 255)) }
	return render.RGB(to(r), to(g), to(b))
}
