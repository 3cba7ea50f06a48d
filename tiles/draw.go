package tiles

import (
	"fmt"
	"math"

	"github.com/ludus-games/ludus/render"
)

var (
	parchment  = render.Hex("#f4ead5")
	tileEdge   = render.Hex("#8a7556")
	ink        = render.Hex("#333333")
	bridgeMark = render.Hex("#d9480f")
	wallColor  = render.Hex("#3d3d3d")
	landFill   = render.Hex("#d7e9f7")
	idleTrail  = render.Hex("#a39b8b")
	// trailColors tell apart the trails of one side.
	trailColors = []render.Color{
		render.Hex("#7b4a1e"), render.Hex("#1c6fb5"), render.Hex("#2f8a4c"), render.Hex("#8e44ad"),
	}
	// partColors tell apart the connected parts of a board that reach a
	// landmark.
	partColors = []render.Color{
		render.Hex("#c0392b"), render.Hex("#1c6fb5"), render.Hex("#2f8a4c"), render.Hex("#8e44ad"),
		render.Hex("#d68910"), render.Hex("#17a2b8"), render.Hex("#7b4a1e"), render.Hex("#e84393"),
	}
)

// hexCell is a flat-topped hexagon: centre and circumradius.
type hexCell struct {
	c render.Point
	r float64
}

// apothem is the distance from the centre to the middle of an edge.
func (h hexCell) apothem() float64 { return h.r * math.Sqrt(3) / 2 }

// toward returns the point at fraction f of the way from the centre to the
// middle of edge d.
func (h hexCell) toward(d Dir, f float64) render.Point {
	a := (float64(d)*60 - 90) * math.Pi / 180
	return render.Pt(h.c.X+f*h.apothem()*math.Cos(a), h.c.Y+f*h.apothem()*math.Sin(a))
}

func (h hexCell) corners() []render.Point {
	pts := make([]render.Point, 6)
	for i := range pts {
		a := float64(i) * 60 * math.Pi / 180
		pts[i] = render.Pt(h.c.X+h.r*math.Cos(a), h.c.Y+h.r*math.Sin(a))
	}
	return pts
}

// edge returns the two corners of edge d.
func (h hexCell) edge(d Dir) (render.Point, render.Point) {
	c := h.corners() // corner i is at angle 60i: edge N joins corners 4 and 5
	i := (int(d) + 4) % 6
	return c[i], c[(i+1)%6]
}

func lerp(a, b render.Point, t float64) render.Point {
	return render.Pt(a.X+(b.X-a.X)*t, a.Y+(b.Y-a.Y)*t)
}

// trailPath returns the drawing of one trail: a curve between two exits, a
// star of curves to a junction for more, a stub with a bar for a dead end.
// The trail reaches the edges at fraction reach of the way from the centre
// (1: the edges themselves).
func trailPath(h hexCell, exits []Dir, reach float64) *render.Path {
	p := &render.Path{}
	switch len(exits) {
	case 1:
		end := h.toward(exits[0], 0.6)
		p.MoveTo(h.toward(exits[0], reach)).LineTo(end)
		a := (float64(exits[0])*60 - 90) * math.Pi / 180
		dx, dy := -math.Sin(a)*h.r*0.14, math.Cos(a)*h.r*0.14
		p.MoveTo(render.Pt(end.X-dx, end.Y-dy)).LineTo(render.Pt(end.X+dx, end.Y+dy))
	case 2:
		a, b := h.toward(exits[0], 1), h.toward(exits[1], 1)
		ctrl := lerp(h.c, lerp(a, b, 0.5), 0.35)
		a, b = h.toward(exits[0], reach), h.toward(exits[1], reach)
		p.MoveTo(a).QuadTo(ctrl, b)
	default:
		j := junction(h, exits)
		for _, d := range exits {
			p.MoveTo(h.toward(d, reach)).QuadTo(h.toward(d, 0.45), j)
		}
	}
	return p
}

// junction is where the branches of a trail with three or more exits meet:
// halfway from the centre to the mean of its exits. When the exits balance
// around the centre (N, NE, S, SW), the junction moves most of the way
// toward its first two exits instead, off the centre where a crossing
// trail would hide it.
func junction(h hexCell, exits []Dir) render.Point {
	mean := func(ds []Dir) render.Point {
		var m render.Point
		for _, d := range ds {
			p := h.toward(d, 1)
			m.X += p.X / float64(len(ds))
			m.Y += p.Y / float64(len(ds))
		}
		return m
	}
	mid := mean(exits)
	if math.Hypot(mid.X-h.c.X, mid.Y-h.c.Y) < 0.1*h.r {
		// Far enough out that a crossing trail's halo leaves it visible.
		return lerp(h.c, mean(exits[:2]), 0.85)
	}
	return lerp(h.c, mid, 0.5)
}

// drawSide draws a side turned as it lies in h; color gives each trail
// number its colour. Trails drawn later pass over earlier ones on a white
// halo, which is how a bridge looks.
func drawSide(cv render.Canvas, h hexCell, side Side, color func(t int) render.Color) {
	w := h.r * 0.13
	byNum := side.trailsByNumber()
	for t, exits := range byNum {
		if len(exits) == 0 {
			continue
		}
		path := trailPath(h, exits, 1)
		if t > 0 && side.NeedsBridge() {
			// The halo stops short of the edges, so that its round ends
			// stay inside the tile.
			cv.Path(trailPath(h, exits, 0.8), render.Style{Stroke: parchment, Width: w * 2.6})
		}
		cv.Path(path, render.Style{Stroke: color(t), Width: w})
		if len(exits) > 2 { // a dot tells a junction from a crossing
			j := junction(h, exits)
			cv.Circle(j.X, j.Y, w*1.1, render.Style{Fill: color(t)})
		}
	}
}

// trailsByNumber returns the exits of each trail number.
func (s Side) trailsByNumber() [MaxTrails][]Dir {
	var out [MaxTrails][]Dir
	for d := range NumDirs {
		out[s[d]%MaxTrails] = append(out[s[d]%MaxTrails], Dir(d))
	}
	return out
}

func drawHex(cv render.Canvas, h hexCell, fill, stroke render.Color, width float64) {
	cv.Polygon(h.corners(), render.Style{Fill: fill, Stroke: stroke, Width: width})
}

// DrawSet draws every tile of a set, both sides, with bridged sides
// outlined and labelled.
func DrawSet(set Set) *render.Drawing {
	const r, cols = 42.0, 4
	cellW, cellH := 4*r+50, 2*r+48
	rows := (len(set) + cols - 1) / cols
	d := render.New(cols*cellW+20, float64(rows)*cellH+70)
	d.Scale = 2
	title := fmt.Sprintf("%d tiles: %d bridged sides (outlined), DupScore %d, %d fully connected",
		len(set), set.Bridges(), set.DupScore(), set.FullyConnected())
	d.Text(render.Pt(d.Width/2, 24), title, render.Font{Size: 15, Bold: true, Anchor: render.Middle, Color: ink})
	d.Text(render.Pt(d.Width/2, 44), "left: top side, right: bottom side; one colour per trail, T: dead end, orange outline: needs a bridge",
		render.Font{Size: 11, Anchor: render.Middle, Color: ink})
	for i, t := range set {
		x0 := 10 + float64(i%cols)*cellW
		y0 := 60 + float64(i/cols)*cellH
		d.Text(render.Pt(x0+cellW/2, y0+12), fmt.Sprintf("tile %d", i+1),
			render.Font{Size: 12, Bold: true, Anchor: render.Middle, Color: ink})
		for k, side := range [2]Side{t.Top, t.Bottom} {
			h := hexCell{render.Pt(x0+25+r+float64(k)*(2*r+10), y0+24+r*math.Sqrt(3)/2+4), r}
			stroke, width := tileEdge, 1.5
			if side.NeedsBridge() {
				stroke, width = bridgeMark, 3.5
			}
			drawHex(d, h, parchment, stroke, width)
			drawSide(d, h, side, func(t int) render.Color { return trailColors[t%len(trailColors)] })
		}
	}
	return d
}

// boardGeometry places the slots and landmarks of a board on a drawing.
type boardGeometry struct {
	r            float64
	minX, minY   float64
	width, heigh float64
}

func (g boardGeometry) cell(q, r int) hexCell {
	x := g.r * 1.5 * float64(q)
	y := g.r * math.Sqrt(3) * (float64(r) + float64(q)/2)
	return hexCell{render.Pt(x-g.minX, y-g.minY), g.r}
}

func newBoardGeometry(b *Board, r, margin, top float64) boardGeometry {
	g := boardGeometry{r: r}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	visit := func(q, rr int) {
		c := g.cell(q, rr).c
		minX, maxX = min(minX, c.X-r), max(maxX, c.X+r)
		minY, maxY = min(minY, c.Y-r), max(maxY, c.Y+r)
	}
	for _, s := range b.Slots {
		visit(s.Q, s.R)
	}
	for _, l := range b.Landmarks {
		visit(l.Q, l.R)
	}
	g.minX, g.minY = minX-margin, minY-margin-top
	g.width, g.heigh = maxX-minX+2*margin, maxY-minY+2*margin+top
	return g
}

// DrawBoard draws a dealt board: every slot with the side that shows, its
// trails coloured by the connected part of the maze they belong to (grey
// for parts that reach no landmark), the landmarks, the walls and the paths
// printed along the rim.
func DrawBoard(sc *Scorer, set Set, l Layout) (*render.Drawing, error) {
	tr, err := sc.Trace(set, l)
	if err != nil {
		return nil, err
	}
	b := sc.board
	g := newBoardGeometry(b, 46, 24, 50)
	d := render.New(g.width, g.heigh)
	d.Scale = 2
	colors := partPalette(tr)
	color := func(part int) render.Color {
		if c, ok := colors[part]; ok {
			return c
		}
		return idleTrail
	}
	joined := 0
	for _, ok := range tr.Joined {
		if ok {
			joined++
		}
	}
	d.Text(render.Pt(d.Width/2, 22), fmt.Sprintf("Random board: %d of %d pairs joined, %d extra edges",
		joined, len(tr.Joined), tr.ExtraEdges), render.Font{Size: 14, Bold: true, Anchor: render.Middle, Color: ink})
	d.Text(render.Pt(d.Width/2, 40), "one colour per connected part; grey reaches no landmark;",
		render.Font{Size: 10, Anchor: render.Middle, Color: ink})
	d.Text(render.Pt(d.Width/2, 53), "dashed: paths printed on the rim; black: walls",
		render.Font{Size: 10, Anchor: render.Middle, Color: ink})
	for _, lm := range b.Landmarks {
		h := g.cell(lm.Q, lm.R)
		drawHex(d, h, landFill, render.Hex("#5b87a8"), 1.5)
	}
	drawRim(d, g, b, l, set, tr, color)
	for slot, s := range b.Slots {
		h := g.cell(s.Q, s.R)
		drawHex(d, h, parchment, tileEdge, 1.5)
		side := l.Side(set, slot)
		drawSide(d, h, side, func(t int) render.Color { return color(tr.Trail[slot][t]) })
		at := lerp(h.c, h.corners()[3], 0.78)
		d.Text(render.Pt(at.X+2, at.Y), s.Name, render.Font{Size: 9, Color: tileEdge, Center: true})
	}
	for _, w := range b.Walls {
		s := b.Slots[w.Slot]
		a, c := g.cell(s.Q, s.R).edge(w.Dir)
		d.Line(a, c, render.Style{Stroke: wallColor, Width: 6})
	}
	for i, lm := range b.Landmarks {
		h := g.cell(lm.Q, lm.R)
		d.Circle(h.c.X, h.c.Y, h.r*0.22, render.Style{Fill: color(tr.Landmark[i]), Stroke: render.RGB(255, 255, 255), Width: 2})
		d.Text(render.Pt(h.c.X, h.c.Y+h.r*0.5), lm.Name, render.Font{Size: 12, Bold: true, Anchor: render.Middle, Color: ink, Center: true})
	}
	return d, nil
}

// drawRim draws the connections that are not between neighbouring cells
// (paths printed along the rim) and the touches of landmarks, as curves
// through the cell the first edge faces.
func drawRim(d *render.Drawing, g boardGeometry, b *Board, l Layout, set Set, tr Trace, color func(int) render.Color) {
	partAt := func(e Edge) int { return tr.Trail[e.Slot][l.Side(set, e.Slot)[e.Dir]] }
	face := func(e Edge) render.Point {
		s := b.Slots[e.Slot]
		return g.cell(s.Q, s.R).toward(e.Dir, 1)
	}
	beyond := func(e Edge) render.Point {
		s := b.Slots[e.Slot]
		return g.cell(s.Q, s.R).toward(e.Dir, 2)
	}
	w := g.r * 0.13
	for _, c := range b.Conns {
		a, z := face(c.A), face(c.B)
		if math.Hypot(a.X-z.X, a.Y-z.Y) < 1 {
			continue // neighbours: the trails meet at the shared edge
		}
		p := (&render.Path{}).MoveTo(a).QuadTo(beyond(c.A), z)
		d.Path(p, render.Style{Stroke: color(partAt(c.A)), Width: w, Dash: []float64{w * 1.5, w * 1.2}})
	}
	for _, t := range b.Touches {
		lm := b.Landmarks[t.Landmark]
		center := g.cell(lm.Q, lm.R).c
		d.Line(face(t.Edge), center, render.Style{Stroke: color(partAt(t.Edge)), Width: w})
	}
}

// partPalette gives a colour to every connected part that holds a
// landmark.
func partPalette(tr Trace) map[int]render.Color {
	colors := map[int]render.Color{}
	for _, part := range tr.Landmark {
		if _, ok := colors[part]; !ok {
			colors[part] = partColors[len(colors)%len(partColors)]
		}
	}
	return colors
}
