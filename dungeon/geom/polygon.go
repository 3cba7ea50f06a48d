// Package geom is the integer geometry of dungeon layouts: orthogonal
// polygons on a grid, their rectangle decompositions, door lines on their
// walls, and configuration spaces as sets of integer segments.
//
// Coordinates are integer grid points. A polygon's outline runs along grid
// lines; rooms that touch share a wall and a door is a segment of that wall.
package geom

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// Point is a grid point, or a translation.
type Point struct{ X, Y int }

// MarshalJSON writes p as [x, y].
func (p Point) MarshalJSON() ([]byte, error) {
	return []byte("[" + strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y) + "]"), nil
}

// UnmarshalJSON reads [x, y].
func (p *Point) UnmarshalJSON(b []byte) error {
	var v []int
	if err := json.Unmarshal(b, &v); err != nil || len(v) != 2 {
		return fmt.Errorf("point %s: want [x, y]", b)
	}
	p.X, p.Y = v[0], v[1]
	return nil
}

// Add returns p + q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p - q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Rect is the closed axis-aligned rectangle [X1, X2] x [Y1, Y2].
type Rect struct{ X1, Y1, X2, Y2 int }

// Area returns the area of r.
func (r Rect) Area() int { return (r.X2 - r.X1) * (r.Y2 - r.Y1) }

// Shift returns r translated by d.
func (r Rect) Shift(d Point) Rect { return Rect{r.X1 + d.X, r.Y1 + d.Y, r.X2 + d.X, r.Y2 + d.Y} }

// Grow returns r with every side moved out by d.
func (r Rect) Grow(d int) Rect { return Rect{r.X1 - d, r.Y1 - d, r.X2 + d, r.Y2 + d} }

// OverlapArea is the area of the intersection of the interiors of r and s.
func (r Rect) OverlapArea(s Rect) int {
	w := min(r.X2, s.X2) - max(r.X1, s.X1)
	h := min(r.Y2, s.Y2) - max(r.Y1, s.Y1)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// Polygon is a simple orthogonal polygon: consecutive vertices differ in
// exactly one coordinate, no two consecutive edges are collinear, and the
// outline runs counter-clockwise (interior on the left, y axis up).
type Polygon []Point

// NewPolygon checks an outline and returns it as a Polygon: collinear and
// repeated vertices are dropped and the orientation is made
// counter-clockwise. It fails on diagonal edges, self-intersections and
// outlines with no area.
func NewPolygon(pts []Point) (Polygon, error) {
	var p Polygon
	for _, q := range pts {
		if len(p) > 0 && p[len(p)-1] == q {
			continue
		}
		p = append(p, q)
	}
	if len(p) > 1 && p[0] == p[len(p)-1] {
		p = p[:len(p)-1]
	}
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		if a.X != b.X && a.Y != b.Y {
			return nil, fmt.Errorf("edge (%d,%d)-(%d,%d) is not horizontal or vertical", a.X, a.Y, b.X, b.Y)
		}
	}
	p = dropCollinear(p)
	if len(p) < 4 {
		return nil, fmt.Errorf("outline has %d corners, need at least 4", len(p))
	}
	if err := checkSimple(p); err != nil {
		return nil, err
	}
	a := p.signedArea2()
	if a == 0 {
		return nil, fmt.Errorf("outline has no area")
	}
	if a < 0 {
		slices.Reverse(p)
	}
	return p, nil
}

// dropCollinear removes vertices in the middle of straight runs, including
// spikes that double back.
func dropCollinear(p Polygon) Polygon {
	for changed := true; changed && len(p) >= 3; {
		changed = false
		for i := 0; i < len(p) && len(p) >= 3; i++ {
			a, b, c := p[(i+len(p)-1)%len(p)], p[i], p[(i+1)%len(p)]
			if (a.X == b.X && b.X == c.X) || (a.Y == b.Y && b.Y == c.Y) {
				p = slices.Delete(p, i, i+1)
				changed = true
				i--
			}
		}
	}
	return p
}

// checkSimple fails if two edges that are not neighbours share a point.
func checkSimple(p Polygon) error {
	n := len(p)
	for i := range n {
		a1, a2 := p[i], p[(i+1)%n]
		for j := i + 1; j < n; j++ {
			if j == i+1 || (i == 0 && j == n-1) {
				continue
			}
			b1, b2 := p[j], p[(j+1)%n]
			if segmentsMeet(a1, a2, b1, b2) {
				return fmt.Errorf("edges (%d,%d)-(%d,%d) and (%d,%d)-(%d,%d) cross or touch",
					a1.X, a1.Y, a2.X, a2.Y, b1.X, b1.Y, b2.X, b2.Y)
			}
		}
	}
	return nil
}

// segmentsMeet reports whether two axis-parallel segments share a point.
func segmentsMeet(a1, a2, b1, b2 Point) bool {
	ax1, ax2 := min(a1.X, a2.X), max(a1.X, a2.X)
	ay1, ay2 := min(a1.Y, a2.Y), max(a1.Y, a2.Y)
	bx1, bx2 := min(b1.X, b2.X), max(b1.X, b2.X)
	by1, by2 := min(b1.Y, b2.Y), max(b1.Y, b2.Y)
	return ax1 <= bx2 && bx1 <= ax2 && ay1 <= by2 && by1 <= ay2
}

// signedArea2 is twice the signed area (positive when counter-clockwise).
func (p Polygon) signedArea2() int {
	s := 0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a.X*b.Y - b.X*a.Y
	}
	return s
}

// Area returns the area enclosed by p.
func (p Polygon) Area() int { return p.signedArea2() / 2 }

// Bounds returns the bounding rectangle of p.
func (p Polygon) Bounds() Rect {
	r := Rect{p[0].X, p[0].Y, p[0].X, p[0].Y}
	for _, q := range p[1:] {
		r.X1, r.X2 = min(r.X1, q.X), max(r.X2, q.X)
		r.Y1, r.Y2 = min(r.Y1, q.Y), max(r.Y2, q.Y)
	}
	return r
}

// Shift returns p translated by d.
func (p Polygon) Shift(d Point) Polygon {
	q := make(Polygon, len(p))
	for i, v := range p {
		q[i] = v.Add(d)
	}
	return q
}

// Equal reports whether p and q have the same vertices in the same cyclic
// order (any starting vertex).
func (p Polygon) Equal(q Polygon) bool {
	if len(p) != len(q) {
		return false
	}
	start := slices.Index(q, p[0])
	if start < 0 {
		return false
	}
	for i := range p {
		if p[i] != q[(start+i)%len(q)] {
			return false
		}
	}
	return true
}

// Rects decomposes p into interior-disjoint rectangles: the polygon is cut
// into vertical slabs at every vertex x, and neighbouring slabs with the
// same vertical extent are merged.
func (p Polygon) Rects() []Rect {
	var xs []int
	for _, v := range p {
		xs = append(xs, v.X)
	}
	slices.Sort(xs)
	xs = slices.Compact(xs)
	var out []Rect
	open := map[[2]int]int{} // y interval -> index in out of the rectangle still growing
	for k := 0; k+1 < len(xs); k++ {
		x1, x2 := xs[k], xs[k+1]
		mid2 := x1 + x2 // twice the slab's middle x, to stay in integers
		var ys []int
		for i := range p {
			a, b := p[i], p[(i+1)%len(p)]
			if a.Y == b.Y && 2*min(a.X, b.X) < mid2 && mid2 < 2*max(a.X, b.X) {
				ys = append(ys, a.Y)
			}
		}
		slices.Sort(ys)
		next := map[[2]int]int{}
		for i := 0; i+1 < len(ys); i += 2 {
			iv := [2]int{ys[i], ys[i+1]}
			if j, ok := open[iv]; ok && out[j].X2 == x1 {
				out[j].X2 = x2
				next[iv] = j
				continue
			}
			out = append(out, Rect{x1, ys[i], x2, ys[i+1]})
			next[iv] = len(out) - 1
		}
		open = next
	}
	return out
}
