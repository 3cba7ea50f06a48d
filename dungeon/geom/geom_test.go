package geom

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func pts(xy ...int) []Point {
	var out []Point
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, Point{xy[i], xy[i+1]})
	}
	return out
}

func TestNewPolygon(t *testing.T) {
	tests := []struct {
		name    string
		in      []Point
		corners int
		area    int
		bad     bool
	}{
		{"square clockwise", pts(0, 0, 0, 4, 4, 4, 4, 0), 4, 16, false},
		{"square counter-clockwise", pts(0, 0, 4, 0, 4, 4, 0, 4), 4, 16, false},
		{"collinear points dropped", pts(0, 0, 2, 0, 4, 0, 4, 4, 0, 4, 0, 2), 4, 16, false},
		{"closing point repeated", pts(0, 0, 4, 0, 4, 4, 0, 4, 0, 0), 4, 16, false},
		{"L shape", pts(0, 0, 6, 0, 6, 3, 3, 3, 3, 6, 0, 6), 6, 27, false},
		{"diagonal edge", pts(0, 0, 4, 0, 4, 4, 1, 3), 0, 0, true},
		{"self-crossing", pts(0, 0, 4, 0, 4, 4, 2, 4, 2, -2, 0, -2), 0, 0, true},
		{"too few corners", pts(0, 0, 4, 0, 4, 4), 0, 0, true},
		{"flat", pts(0, 0, 4, 0, 0, 0), 0, 0, true},
	}
	for _, tt := range tests {
		p, err := NewPolygon(tt.in)
		if tt.bad {
			if err == nil {
				t.Errorf("%s: accepted %v", tt.name, p)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if len(p) != tt.corners || p.Area() != tt.area {
			t.Errorf("%s: %d corners, area %d; want %d, %d", tt.name, len(p), p.Area(), tt.corners, tt.area)
		}
	}
}

// cells lists the unit cells inside p by testing their centres.
func cells(p Polygon) map[Point]bool {
	b := p.Bounds()
	out := map[Point]bool{}
	for x := b.X1; x < b.X2; x++ {
		for y := b.Y1; y < b.Y2; y++ {
			if contains2(p, 2*x+1, 2*y+1) {
				out[Point{x, y}] = true
			}
		}
	}
	return out
}

// A random orthogonal polygon: a staircase-edged blob built from a random
// skyline, which is always simple.
func genPolygon(t *rapid.T, label string) Polygon {
	w := rapid.IntRange(1, 5).Draw(t, label+"w")
	var p []Point
	x := 0
	for i := range w {
		h := rapid.IntRange(1, 5).Draw(t, label+"h")
		step := rapid.IntRange(1, 3).Draw(t, label+"s")
		if i == 0 {
			p = append(p, Point{0, 0}, Point{0, h})
		} else {
			p = append(p, Point{x, p[len(p)-1].Y}, Point{x, h})
		}
		x += step
		p = append(p, Point{x, h})
	}
	p = append(p, Point{x, 0})
	poly, err := NewPolygon(p)
	if err != nil {
		t.Fatalf("skyline %v: %v", p, err)
	}
	return poly
}

func TestRectsCoverPolygon(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPolygon(t, "p")
		want := cells(p)
		got := map[Point]bool{}
		for _, r := range p.Rects() {
			for x := r.X1; x < r.X2; x++ {
				for y := r.Y1; y < r.Y2; y++ {
					if got[Point{x, y}] {
						t.Fatalf("rectangles of %v overlap at %v", p, Point{x, y})
					}
					got[Point{x, y}] = true
				}
			}
		}
		if len(got) != len(want) || len(got) != p.Area() {
			t.Fatalf("rectangles of %v cover %d cells, polygon has %d (area %d)", p, len(got), len(want), p.Area())
		}
		for c := range want {
			if !got[c] {
				t.Fatalf("cell %v of %v not covered", c, p)
			}
		}
	})
}

// bruteConfig lists the translations of q around p by trying every one
// near p: no common cell, and some door segment of p equal to one of q.
func bruteConfig(p, q *Shape) map[Point]bool {
	pc := cells(p.Outline)
	segs := func(s *Shape, off Point) map[[2]Point]bool {
		out := map[[2]Point]bool{}
		for _, d := range s.Doors {
			for st := d.From; st <= d.To; st++ {
				a, b := d.Segment(st)
				out[[2]Point{a.Add(off), b.Add(off)}] = true
			}
		}
		return out
	}
	out := map[Point]bool{}
	ps := segs(p, Point{})
	for tx := -20; tx <= 20; tx++ {
		for ty := -20; ty <= 20; ty++ {
			tr := Point{tx, ty}
			free := true
			for c := range cells(q.Outline) {
				if pc[c.Add(tr)] {
					free = false
					break
				}
			}
			if !free {
				continue
			}
			for s := range segs(q, tr) {
				if ps[s] {
					out[tr] = true
					break
				}
			}
		}
	}
	return out
}

func spacePoints(s Space) map[Point]bool {
	out := map[Point]bool{}
	for k := range s.Count() {
		out[s.At(k)] = true
	}
	return out
}

func TestConfigSpaceMatchesBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, q := genPolygon(t, "p"), genPolygon(t, "q")
		length := rapid.IntRange(1, 2).Draw(t, "length")
		corner := rapid.IntRange(0, 1).Draw(t, "corner")
		sp := NewShape(p, SimpleDoors(p, length, corner, 0))
		sq := NewShape(q, SimpleDoors(q, length, corner, 0))
		got := spacePoints(ConfigSpace(sp, sq))
		want := bruteConfig(sp, sq)
		if len(got) != len(want) {
			t.Fatalf("p %v q %v: %d positions, brute force %d", sp.Outline, sq.Outline, len(got), len(want))
		}
		for pt := range want {
			if !got[pt] {
				t.Fatalf("p %v q %v: missing %v", sp.Outline, sq.Outline, pt)
			}
		}
		// The space of p around q is the mirror image.
		back := spacePoints(ConfigSpace(sq, sp))
		for pt := range got {
			if !back[Point{-pt.X, -pt.Y}] {
				t.Fatalf("space of p around q lacks %v", Point{-pt.X, -pt.Y})
			}
		}
	})
}

func genSpace(t *rapid.T, label string) Space {
	n := rapid.IntRange(0, 6).Draw(t, label+"n")
	var segs []Seg
	for range n {
		x, y := rapid.IntRange(-6, 6).Draw(t, label+"x"), rapid.IntRange(-6, 6).Draw(t, label+"y")
		l := rapid.IntRange(0, 5).Draw(t, label+"l")
		if rapid.Bool().Draw(t, label+"h") {
			segs = append(segs, Seg{x, y, x + l, y})
		} else {
			segs = append(segs, Seg{x, y, x, y + l})
		}
	}
	return NewSpace(segs)
}

func TestSpaceOperations(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genSpace(t, "a"), genSpace(t, "b")
		da := Point{rapid.IntRange(-3, 3).Draw(t, "dx"), rapid.IntRange(-3, 3).Draw(t, "dy")}
		pa, pb := spacePoints(a.Shift(da)), spacePoints(b)
		inter := spacePoints(IntersectShifted(nil, a, da, b, Point{}))
		for p := range pa {
			if pb[p] != inter[p] {
				t.Fatalf("point %v: in both %v, in intersection %v", p, pb[p], inter[p])
			}
		}
		for p := range inter {
			if !pa[p] {
				t.Fatalf("intersection has %v, not in a", p)
			}
		}
		for x := -10; x <= 10; x++ {
			for y := -10; y <= 10; y++ {
				p := Point{x, y}
				if b.Contains(p) != pb[p] {
					t.Fatalf("Contains(%v) = %v", p, b.Contains(p))
				}
				want := -1
				for q := range pb {
					if d := abs(q.X-x) + abs(q.Y-y); want < 0 || d < want {
						want = d
					}
				}
				if got := b.Dist(p); got != want {
					t.Fatalf("Dist(%v) = %d, want %d", p, got, want)
				}
			}
		}
		neg := spacePoints(b.Neg())
		for p := range pb {
			if !neg[Point{-p.X, -p.Y}] {
				t.Fatalf("Neg lacks %v", Point{-p.X, -p.Y})
			}
		}
		sum := spacePoints(Sum(a, b))
		for p := range spacePoints(a) {
			for q := range pb {
				if !sum[p.Add(q)] {
					t.Fatalf("Sum lacks %v", p.Add(q))
				}
			}
		}
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestTransformsKeepShape(t *testing.T) {
	p, _ := NewPolygon(pts(0, 0, 6, 0, 6, 2, 2, 2, 2, 4, 0, 4))
	seen := [][]Point{}
	for _, tr := range AllTransforms {
		q := TransformPolygon(p, tr)
		if q.Area() != p.Area() {
			t.Errorf("%v: area %d, want %d", tr, q.Area(), p.Area())
		}
		if _, err := NewPolygon(q); err != nil {
			t.Errorf("%v: %v", tr, err)
		}
		s := NewShape(q, nil)
		if slices.ContainsFunc(seen, func(o []Point) bool { return Polygon(o).Equal(s.Outline) }) {
			t.Errorf("%v repeats another transform of an asymmetric L", tr)
		}
		seen = append(seen, s.Outline)
		if name, err := ParseTransform(tr.String()); err != nil || name != tr {
			t.Errorf("ParseTransform(%q) = %v, %v", tr.String(), name, err)
		}
	}
	if _, err := ParseTransform("spin"); err == nil {
		t.Error("unknown transform accepted")
	}
}

func TestManualDoorMustBeOnWall(t *testing.T) {
	p, _ := NewPolygon(pts(0, 0, 4, 0, 4, 4, 0, 4))
	tests := []struct {
		a, b Point
		ok   bool
		dir  Dir
	}{
		{Point{1, 0}, Point{2, 0}, true, Down},
		{Point{4, 1}, Point{4, 3}, true, Right},
		{Point{1, 1}, Point{2, 1}, false, 0},
		{Point{1, 0}, Point{2, 1}, false, 0},
		{Point{3, 4}, Point{5, 4}, false, 0},
	}
	for _, tt := range tests {
		d, err := ManualDoor(p, tt.a, tt.b, 0)
		if (err == nil) != tt.ok || (tt.ok && d.Dir != tt.dir) {
			t.Errorf("door %v-%v: %+v, %v", tt.a, tt.b, d, err)
		}
	}
}

// contains2 reports whether the closed polygon contains the point given in
// doubled coordinates (2x, 2y), by casting a ray upwards: an independent
// test of cell membership.
func contains2(p Polygon, x2, y2 int) bool {
	inside := false
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		if a.X == b.X {
			continue
		}
		lo, hi := 2*min(a.X, b.X), 2*max(a.X, b.X)
		if 2*a.Y == y2 && lo <= x2 && x2 <= hi {
			return true // on a horizontal edge
		}
		if lo <= x2 && x2 < hi && 2*a.Y > y2 {
			inside = !inside
		}
	}
	if inside {
		return true
	}
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		if a.X == b.X && 2*a.X == x2 && 2*min(a.Y, b.Y) <= y2 && y2 <= 2*max(a.Y, b.Y) {
			return true // on a vertical edge
		}
	}
	return false
}
