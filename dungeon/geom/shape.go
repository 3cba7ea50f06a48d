package geom

import (
	"fmt"
	"slices"
	"strings"
)

// Transform is one of the eight symmetries of the grid.
type Transform uint8

// The symmetries: rotations are counter-clockwise with the y axis up;
// MirrorX negates x, MirrorY negates y; Diagonal13 swaps x and y and
// Diagonal24 swaps and negates them.
const (
	Identity Transform = iota
	Rotate90
	Rotate180
	Rotate270
	MirrorX
	MirrorY
	Diagonal13
	Diagonal24
	numTransforms
)

var transformNames = [...]string{"identity", "rotate90", "rotate180", "rotate270", "mirrorx", "mirrory", "diagonal13", "diagonal24"}

// String returns the transform's name as ParseTransform reads it.
func (t Transform) String() string {
	if t < numTransforms {
		return transformNames[t]
	}
	return fmt.Sprintf("transform(%d)", t)
}

// ParseTransform reads a transform name, ignoring case, dashes and
// underscores ("Rotate90", "rotate-90", "mirror_x").
func ParseTransform(s string) (Transform, error) {
	k := strings.NewReplacer("-", "", "_", "", " ", "").Replace(strings.ToLower(s))
	for i, n := range transformNames {
		if n == k {
			return Transform(i), nil
		}
	}
	return 0, fmt.Errorf("unknown transform %q (want one of %s)", s, strings.Join(transformNames[:], ", "))
}

// Rotations lists the four rotations.
var Rotations = []Transform{Identity, Rotate90, Rotate180, Rotate270}

// AllTransforms lists all eight symmetries.
var AllTransforms = []Transform{Identity, Rotate90, Rotate180, Rotate270, MirrorX, MirrorY, Diagonal13, Diagonal24}

// Apply maps a point by t.
func (t Transform) Apply(p Point) Point {
	switch t {
	case Rotate90:
		return Point{-p.Y, p.X}
	case Rotate180:
		return Point{-p.X, -p.Y}
	case Rotate270:
		return Point{p.Y, -p.X}
	case MirrorX:
		return Point{-p.X, p.Y}
	case MirrorY:
		return Point{p.X, -p.Y}
	case Diagonal13:
		return Point{p.Y, p.X}
	case Diagonal24:
		return Point{-p.Y, -p.X}
	}
	return p
}

// Dir is the outward normal of a wall, with the y axis up.
type Dir uint8

// Wall directions.
const (
	Up Dir = iota
	Right
	Down
	Left
)

// Opposite returns the direction a facing wall has.
func (d Dir) Opposite() Dir { return (d + 2) % 4 }

// Horizontal reports whether walls with this normal run along the x axis.
func (d Dir) Horizontal() bool { return d == Up || d == Down }

// DoorLine is a set of door positions on one straight wall: a door of
// Length starts anywhere in [From, To] along the wall, which lies on
// y = Line for horizontal walls and x = Line for vertical ones.
type DoorLine struct {
	Dir      Dir
	Line     int
	From, To int
	Length   int
	// Socket restricts the doors this door connects to: only doors with
	// the same socket (0 is the plain socket).
	Socket int
}

// Segment returns the door segment starting at s along the line.
func (d DoorLine) Segment(s int) (Point, Point) {
	if d.Dir.Horizontal() {
		return Point{s, d.Line}, Point{s + d.Length, d.Line}
	}
	return Point{d.Line, s}, Point{d.Line, s + d.Length}
}

// wallDir returns the outward normal of the counter-clockwise edge a->b.
func wallDir(a, b Point) Dir {
	switch {
	case b.X > a.X:
		return Down
	case b.X < a.X:
		return Up
	case b.Y > a.Y:
		return Right
	}
	return Left
}

// SimpleDoors returns the door lines of the "simple" door mode: a door of
// the given length anywhere on a wall at least corner away from both of its
// ends. Walls too short for that get no door line.
func SimpleDoors(p Polygon, length, corner, socket int) []DoorLine {
	var out []DoorLine
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		d := DoorLine{Dir: wallDir(a, b), Length: length, Socket: socket}
		lo, hi := a.Y, b.Y
		d.Line = a.X
		if d.Dir.Horizontal() {
			lo, hi, d.Line = a.X, b.X, a.Y
		}
		lo, hi = min(lo, hi), max(lo, hi)
		d.From, d.To = lo+corner, hi-corner-length
		if d.From <= d.To {
			out = append(out, d)
		}
	}
	return out
}

// ManualDoor returns the door line of one fixed door from a to b, which
// must lie on a wall of p.
func ManualDoor(p Polygon, a, b Point, socket int) (DoorLine, error) {
	if a == b || (a.X != b.X && a.Y != b.Y) {
		return DoorLine{}, fmt.Errorf("door (%d,%d)-(%d,%d) is not a horizontal or vertical segment", a.X, a.Y, b.X, b.Y)
	}
	for i := range p {
		e1, e2 := p[i], p[(i+1)%len(p)]
		if !onSegment(a, e1, e2) || !onSegment(b, e1, e2) {
			continue
		}
		d := DoorLine{Dir: wallDir(e1, e2), Socket: socket}
		if d.Dir.Horizontal() {
			d.Line, d.From = a.Y, min(a.X, b.X)
			d.Length = max(a.X, b.X) - d.From
		} else {
			d.Line, d.From = a.X, min(a.Y, b.Y)
			d.Length = max(a.Y, b.Y) - d.From
		}
		d.To = d.From
		return d, nil
	}
	return DoorLine{}, fmt.Errorf("door (%d,%d)-(%d,%d) is not on a wall of the outline", a.X, a.Y, b.X, b.Y)
}

// onSegment reports whether p lies on the axis-parallel segment a-b.
func onSegment(p, a, b Point) bool {
	return min(a.X, b.X) <= p.X && p.X <= max(a.X, b.X) && min(a.Y, b.Y) <= p.Y && p.Y <= max(a.Y, b.Y)
}

// Shape is a room outline ready for layout: moved so that its bounding box
// starts at the origin, with its rectangle decomposition and door lines.
type Shape struct {
	Outline Polygon
	Rects   []Rect
	Bounds  Rect
	Doors   []DoorLine
	Area    int
}

// NewShape prepares outline p with the given doors, translating both so
// that the bounding box starts at (0, 0).
func NewShape(p Polygon, doors []DoorLine) *Shape {
	b := p.Bounds()
	off := Point{-b.X1, -b.Y1}
	s := &Shape{Outline: p.Shift(off), Bounds: b.Shift(off), Area: p.Area()}
	s.Rects = s.Outline.Rects()
	for _, d := range doors {
		if d.Dir.Horizontal() {
			d.Line += off.Y
			d.From += off.X
			d.To += off.X
		} else {
			d.Line += off.X
			d.From += off.Y
			d.To += off.Y
		}
		s.Doors = append(s.Doors, d)
	}
	return s
}

// TransformPolygon applies t to every vertex; mirrors reverse the vertex
// order so that the outline stays counter-clockwise.
func TransformPolygon(p Polygon, t Transform) Polygon {
	q := make(Polygon, len(p))
	for i, v := range p {
		q[i] = t.Apply(v)
	}
	if t >= MirrorX {
		slices.Reverse(q)
	}
	return q
}

// Overlap returns the area shared by the interiors of s at position a and
// t at position b.
func Overlap(s *Shape, a Point, t *Shape, b Point) int {
	return GrownOverlap(s, a, t, b, 0)
}

// GrownOverlap is like Overlap with every rectangle of s grown by d on all
// sides: it is zero exactly when the two shapes are at least d apart
// (Chebyshev distance), which is how a minimum room distance is enforced.
func GrownOverlap(s *Shape, a Point, t *Shape, b Point, d int) int {
	d2 := b.Sub(a)
	if s.Bounds.Grow(d).OverlapArea(t.Bounds.Shift(d2)) == 0 {
		return 0
	}
	area := 0
	for _, r := range s.Rects {
		r = r.Grow(d)
		for _, q := range t.Rects {
			area += r.OverlapArea(q.Shift(d2))
		}
	}
	return area
}
