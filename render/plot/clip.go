package plot

import "github.com/ludus-games/ludus/render"

// A chart with a fixed y range (a close-up of the end of a run) has data
// beyond its frame; lines, bands and points are cut at the frame so that
// nothing is drawn over the axes, the title or a neighbouring chart.

// box is the plotting area on the canvas.
type box struct{ x0, y0, x1, y1 float64 }

func (f frame) box() box { return box{f.x0, f.y0, f.x0 + f.w, f.y0 + f.h} }

func (b box) contains(p render.Point) bool {
	const eps = 1e-9
	return p.X >= b.x0-eps && p.X <= b.x1+eps && p.Y >= b.y0-eps && p.Y <= b.y1+eps
}

// clipSegment cuts the segment a-b to the box (Liang-Barsky); ok is false
// when no part of it is inside.
func (b box) clipSegment(a, c render.Point) (render.Point, render.Point, bool) {
	t0, t1 := 0.0, 1.0
	dx, dy := c.X-a.X, c.Y-a.Y
	for _, e := range [4][2]float64{{-dx, a.X - b.x0}, {dx, b.x1 - a.X}, {-dy, a.Y - b.y0}, {dy, b.y1 - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return a, c, false // parallel to this edge and outside it
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = max(t0, r)
		} else {
			t1 = min(t1, r)
		}
		if t0 > t1 {
			return a, c, false
		}
	}
	return render.Pt(a.X+t0*dx, a.Y+t0*dy), render.Pt(a.X+t1*dx, a.Y+t1*dy), true
}

// clipPolyline returns the runs of the polyline inside the box.
func (b box) clipPolyline(pts []render.Point) [][]render.Point {
	if len(pts) == 1 {
		if b.contains(pts[0]) {
			return [][]render.Point{pts}
		}
		return nil
	}
	var runs [][]render.Point
	var run []render.Point
	for i := 1; i < len(pts); i++ {
		p, q, ok := b.clipSegment(pts[i-1], pts[i])
		if !ok {
			if len(run) > 1 {
				runs = append(runs, run)
			}
			run = nil
			continue
		}
		if len(run) == 0 || run[len(run)-1] != p {
			if len(run) > 1 {
				runs = append(runs, run)
			}
			run = []render.Point{p}
		}
		run = append(run, q)
		if q != pts[i] { // the line leaves the box here
			runs = append(runs, run)
			run = nil
		}
	}
	if len(run) > 1 {
		runs = append(runs, run)
	}
	return runs
}

// clipPolygon cuts a filled polygon to the box (Sutherland-Hodgman; the box
// is convex, the polygon may be any).
func (b box) clipPolygon(pts []render.Point) []render.Point {
	type edge struct {
		inside func(render.Point) bool
		cross  func(p, q render.Point) render.Point
	}
	atX := func(x float64) func(p, q render.Point) render.Point {
		return func(p, q render.Point) render.Point {
			return render.Pt(x, p.Y+(q.Y-p.Y)*(x-p.X)/(q.X-p.X))
		}
	}
	atY := func(y float64) func(p, q render.Point) render.Point {
		return func(p, q render.Point) render.Point {
			return render.Pt(p.X+(q.X-p.X)*(y-p.Y)/(q.Y-p.Y), y)
		}
	}
	edges := []edge{
		{func(p render.Point) bool { return p.X >= b.x0 }, atX(b.x0)},
		{func(p render.Point) bool { return p.X <= b.x1 }, atX(b.x1)},
		{func(p render.Point) bool { return p.Y >= b.y0 }, atY(b.y0)},
		{func(p render.Point) bool { return p.Y <= b.y1 }, atY(b.y1)},
	}
	out := pts
	for _, e := range edges {
		in := out
		out = nil
		for i, q := range in {
			p := in[(i+len(in)-1)%len(in)]
			switch {
			case e.inside(q) && !e.inside(p):
				out = append(out, e.cross(p, q), q)
			case e.inside(q):
				out = append(out, q)
			case e.inside(p):
				out = append(out, e.cross(p, q))
			}
		}
		if len(out) < 3 {
			return nil
		}
	}
	return out
}
