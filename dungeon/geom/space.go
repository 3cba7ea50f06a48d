package geom

import (
	"cmp"
	"slices"
)

// Seg is a horizontal (Y1 == Y2) or vertical (X1 == X2) run of grid
// points, both ends included, with X1 <= X2 and Y1 <= Y2. A single point is
// a horizontal segment of length 0.
type Seg struct{ X1, Y1, X2, Y2 int }

// Horizontal reports whether s runs along the x axis (points included).
func (s Seg) Horizontal() bool { return s.Y1 == s.Y2 }

// Points is the number of grid points on s.
func (s Seg) Points() int { return s.X2 - s.X1 + s.Y2 - s.Y1 + 1 }

// Space is a set of grid points stored as segments: the horizontal ones
// first, sorted by y then x, then the vertical ones, sorted by x then y,
// with touching runs merged. The zero Space is empty.
type Space []Seg

// NewSpace returns the normalised space of the given segments.
func NewSpace(segs []Seg) Space {
	if len(segs) == 0 {
		return nil
	}
	out := make([]Seg, 0, len(segs))
	for _, s := range segs {
		if s.X1 == s.X2 && s.Y1 != s.Y2 {
			s.Y1, s.Y2 = min(s.Y1, s.Y2), max(s.Y1, s.Y2)
		} else {
			s.X1, s.X2 = min(s.X1, s.X2), max(s.X1, s.X2)
		}
		out = append(out, s)
	}
	return normalize(out)
}

// compareSeg orders horizontal segments (by y, x) before vertical ones (by
// x, y).
func compareSeg(a, b Seg) int {
	ah, bh := a.Horizontal(), b.Horizontal()
	switch {
	case ah && !bh:
		return -1
	case !ah && bh:
		return 1
	case ah:
		return cmp.Or(cmp.Compare(a.Y1, b.Y1), cmp.Compare(a.X1, b.X1), cmp.Compare(a.X2, b.X2))
	}
	return cmp.Or(cmp.Compare(a.X1, b.X1), cmp.Compare(a.Y1, b.Y1), cmp.Compare(a.Y2, b.Y2))
}

// split returns the horizontal and the vertical part of s.
func (s Space) split() (h, v []Seg) {
	i := sortIndex(s)
	return s[:i], s[i:]
}

func sortIndex(s Space) int {
	i, _ := slices.BinarySearchFunc(s, false, func(a Seg, _ bool) int {
		if a.Horizontal() {
			return -1
		}
		return 1
	})
	return i
}

// Count is the number of grid points in s (a point lying on both a
// horizontal and a vertical segment counts twice).
func (s Space) Count() int {
	n := 0
	for _, g := range s {
		n += g.Points()
	}
	return n
}

// At returns the k-th point of s in its storage order, 0 <= k < Count.
func (s Space) At(k int) Point {
	for _, g := range s {
		if n := g.Points(); k >= n {
			k -= n
			continue
		}
		if g.Horizontal() {
			return Point{g.X1 + k, g.Y1}
		}
		return Point{g.X1, g.Y1 + k}
	}
	return Point{}
}

// Contains reports whether p is in s.
func (s Space) Contains(p Point) bool {
	h, v := s.split()
	i, _ := slices.BinarySearchFunc(h, p, func(g Seg, p Point) int {
		return cmp.Or(cmp.Compare(g.Y1, p.Y), cmp.Compare(g.X2, p.X))
	})
	if i < len(h) && h[i].Y1 == p.Y && h[i].X1 <= p.X {
		return true
	}
	j, _ := slices.BinarySearchFunc(v, p, func(g Seg, p Point) int {
		return cmp.Or(cmp.Compare(g.X1, p.X), cmp.Compare(g.Y2, p.Y))
	})
	return j < len(v) && v[j].X1 == p.X && v[j].Y1 <= p.Y
}

// Dist returns the Manhattan distance from p to the nearest point of s, or
// -1 when s is empty.
func (s Space) Dist(p Point) int {
	best := -1
	for _, g := range s {
		dx := max(g.X1-p.X, p.X-g.X2, 0)
		dy := max(g.Y1-p.Y, p.Y-g.Y2, 0)
		if d := dx + dy; best < 0 || d < best {
			best = d
			if d == 0 {
				return 0
			}
		}
	}
	return best
}

// Shift returns s translated by d.
func (s Space) Shift(d Point) Space {
	out := make(Space, len(s))
	for i, g := range s {
		out[i] = Seg{g.X1 + d.X, g.Y1 + d.Y, g.X2 + d.X, g.Y2 + d.Y}
	}
	return out
}

// Intersect returns the points in both a and b.
func Intersect(a, b Space) Space {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	return IntersectShifted(nil, a, Point{}, b, Point{})
}

// IntersectShifted returns the points in both a moved by da and b moved by
// db, reusing dst's storage (which must not overlap a or b).
func IntersectShifted(dst []Seg, a Space, da Point, b Space, db Point) Space {
	out := dst[:0]
	if len(a) == 0 || len(b) == 0 {
		return Space(out)
	}
	ah, av := a.split()
	bh, bv := b.split()
	out = overlapRuns(out, ah, da, bh, db, true)
	out = crossings(out, ah, da, bv, db)
	out = crossings(out, bh, db, av, da)
	out = overlapRuns(out, av, da, bv, db, false)
	return normalize(out)
}

// normalize sorts and merges segments in place.
func normalize(out []Seg) Space {
	if len(out) == 0 {
		return Space(out)
	}
	slices.SortFunc(out, compareSeg)
	merged := out[:1]
	for _, s := range out[1:] {
		last := &merged[len(merged)-1]
		switch {
		case s.Horizontal() && last.Horizontal() && s.Y1 == last.Y1 && s.X1 <= last.X2+1:
			last.X2 = max(last.X2, s.X2)
		case !s.Horizontal() && !last.Horizontal() && s.X1 == last.X1 && s.Y1 <= last.Y2+1:
			last.Y2 = max(last.Y2, s.Y2)
		default:
			merged = append(merged, s)
		}
	}
	return Space(merged)
}

// overlapRuns intersects two sorted lists of parallel segments, moved by
// da and db, by merging.
func overlapRuns(out, a []Seg, da Point, b []Seg, db Point, horizontal bool) []Seg {
	key := func(g Seg, d Point) (line, lo, hi int) {
		if horizontal {
			return g.Y1 + d.Y, g.X1 + d.X, g.X2 + d.X
		}
		return g.X1 + d.X, g.Y1 + d.Y, g.Y2 + d.Y
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		la, loA, hiA := key(a[i], da)
		lb, loB, hiB := key(b[j], db)
		if la != lb {
			if la < lb {
				i++
			} else {
				j++
			}
			continue
		}
		if lo, hi := max(loA, loB), min(hiA, hiB); lo <= hi {
			if horizontal {
				out = append(out, Seg{lo, la, hi, la})
			} else {
				out = append(out, Seg{la, lo, la, hi})
			}
		}
		if hiA < hiB {
			i++
		} else {
			j++
		}
	}
	return out
}

// crossings adds the points where horizontal segments h (moved by dh) meet
// vertical segments v (moved by dv).
func crossings(out, h []Seg, dh Point, v []Seg, dv Point) []Seg {
	if len(h) == 0 {
		return out
	}
	for _, g := range v {
		x, y1, y2 := g.X1+dv.X, g.Y1+dv.Y, g.Y2+dv.Y
		i, _ := slices.BinarySearchFunc(h, y1-dh.Y, func(s Seg, y int) int { return cmp.Compare(s.Y1, y) })
		for ; i < len(h) && h[i].Y1+dh.Y <= y2; i++ {
			if h[i].X1+dh.X <= x && x <= h[i].X2+dh.X {
				out = append(out, Seg{x, h[i].Y1 + dh.Y, x, h[i].Y1 + dh.Y})
			}
		}
	}
	return out
}

// Sum returns the Minkowski sum of a and b: every p + q with p in a and q in
// b.
func Sum(a, b Space) Space {
	return NewSpace(AppendSum(nil, a, b))
}

// AppendSum appends the segments of the Minkowski sum of a and b to out,
// unnormalised, so that several sums can be normalised at once.
func AppendSum(out []Seg, a, b Space) []Seg {
	for _, p := range a {
		for _, q := range b {
			out = appendSum(out, p, q)
		}
	}
	return out
}

func appendSum(out []Seg, p, q Seg) []Seg {
	switch {
	case p.Horizontal() && q.Horizontal():
		return append(out, Seg{p.X1 + q.X1, p.Y1 + q.Y1, p.X2 + q.X2, p.Y1 + q.Y1})
	case !p.Horizontal() && !q.Horizontal():
		return append(out, Seg{p.X1 + q.X1, p.Y1 + q.Y1, p.X1 + q.X1, p.Y2 + q.Y2})
	case !p.Horizontal():
		p, q = q, p
	}
	// p horizontal, q vertical: a filled rectangle, stored row by row.
	for y := q.Y1; y <= q.Y2; y++ {
		out = append(out, Seg{p.X1 + q.X1, p.Y1 + y, p.X2 + q.X1, p.Y1 + y})
	}
	return out
}

// ConfigSpace returns the positions of moving shape q, relative to fixed
// shape p at the origin, where the two interiors do not overlap and a door
// of q lies on a door of p: same length, same socket, facing walls.
func ConfigSpace(p, q *Shape) Space {
	var out []Seg
	for _, dp := range p.Doors {
		for _, dq := range q.Doors {
			if dq.Dir != dp.Dir.Opposite() || dq.Length != dp.Length || dq.Socket != dp.Socket {
				continue
			}
			lo, hi := dp.From-dq.To, dp.To-dq.From
			off := dp.Line - dq.Line
			if dp.Dir.Horizontal() {
				out = append(out, Seg{lo, off, hi, off})
			} else {
				out = append(out, Seg{off, lo, off, hi})
			}
		}
	}
	return Free(NewSpace(out), p, q, 0)
}

// Free returns the translations t in s for which q moved by t keeps at
// least distance d (Chebyshev) from p at the origin; d = 0 only forbids
// overlapping interiors.
func Free(s Space, p, q *Shape, d int) Space {
	var out []Seg
	var cuts [][2]int
	for _, g := range s {
		horizontal := g.Horizontal()
		off, lo, hi := g.Y1, g.X1, g.X2
		if !horizontal {
			off, lo, hi = g.X1, g.Y1, g.Y2
		}
		cuts = cuts[:0]
		for _, rp := range p.Rects {
			rp = rp.Grow(d)
			for _, rq := range q.Rects {
				if horizontal {
					if rq.Y1+off < rp.Y2 && rq.Y2+off > rp.Y1 {
						cuts = append(cuts, [2]int{rp.X1 - rq.X2 + 1, rp.X2 - rq.X1 - 1})
					}
				} else if rq.X1+off < rp.X2 && rq.X2+off > rp.X1 {
					cuts = append(cuts, [2]int{rp.Y1 - rq.Y2 + 1, rp.Y2 - rq.Y1 - 1})
				}
			}
		}
		out = appendUncut(out, cuts, horizontal, off, lo, hi)
	}
	return NewSpace(out)
}

// appendUncut adds the parts of the run [lo, hi] on line off that no cut
// interval covers.
func appendUncut(out []Seg, cuts [][2]int, horizontal bool, off, lo, hi int) []Seg {
	slices.SortFunc(cuts, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	emit := func(a, b int) {
		if a > b {
			return
		}
		if horizontal {
			out = append(out, Seg{a, off, b, off})
		} else {
			out = append(out, Seg{off, a, off, b})
		}
	}
	next := lo
	for _, c := range cuts {
		if c[0] > c[1] || c[1] < next {
			continue
		}
		if c[0] > hi {
			break
		}
		emit(next, min(c[0]-1, hi))
		next = max(next, c[1]+1)
	}
	emit(next, hi)
	return out
}

// Neg returns the space of the negated points: the configuration space of
// p around q when s is that of q around p.
func (s Space) Neg() Space {
	out := make([]Seg, len(s))
	for i, g := range s {
		out[i] = Seg{-g.X2, -g.Y2, -g.X1, -g.Y1}
	}
	return NewSpace(out)
}
