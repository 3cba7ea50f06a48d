package dungeon

import (
	"slices"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// quarterTurn describes turning whole layouts by a quarter: when every
// room and corridor may take each of its shapes turned by a quarter, a
// layout turned is a layout, and the exhaustive search need not visit
// the four turns of one (its work for a proof shrinks up to fourfold).
// rot[i] is the instance that is instance i turned, placed at shift[i]
// from where instance i's turned outline lands: an instance i at p turns
// into instance rot[i] at R(p) + shift[i], R the quarter turn.
type quarterTurn struct {
	rot   []int
	shift []geom.Point
}

// newQuarterTurn returns the symmetry of g's levels, or nil when some
// choice of shapes is not closed under quarter turns.
func newQuarterTurn(g *Generator) *quarterTurn {
	q := &quarterTurn{rot: make([]int, len(g.insts)), shift: make([]geom.Point, len(g.insts))}
	for i, in := range g.insts {
		outline := geom.TransformPolygon(in.shape.Outline, geom.Rotate90)
		b := outline.Bounds()
		t := geom.Point{X: b.X1, Y: b.Y1}
		outline = outline.Shift(geom.Point{X: -t.X, Y: -t.Y})
		doors := turnedDoors(in.shape, t)
		j := slices.IndexFunc(g.insts, func(o inst) bool {
			return o.template == in.template && o.shape.Outline.Equal(outline) && sameDoors(doorSegments(o.shape), doors)
		})
		if j < 0 {
			return nil
		}
		q.rot[i], q.shift[i] = j, t
	}
	closed := func(cs choiceSet) bool {
		return !slices.ContainsFunc(cs.insts, func(i int) bool { return !slices.Contains(cs.insts, q.rot[i]) })
	}
	for _, r := range g.rooms {
		if !closed(r.choices) {
			return nil
		}
	}
	for _, c := range g.corridors {
		if !closed(c) {
			return nil
		}
	}
	return q
}

// doorSeg is one door position: its two ends (in order) and its socket.
type doorSeg struct {
	a, b   geom.Point
	socket int
}

// doorSegments lists every door position of s.
func doorSegments(s *geom.Shape) []doorSeg {
	var out []doorSeg
	for _, d := range s.Doors {
		for k := d.From; k <= d.To; k++ {
			a, b := d.Segment(k)
			out = append(out, doorSeg{a, b, d.Socket})
		}
	}
	return out
}

// turnedDoors lists the door positions of s turned by a quarter and
// moved back by t.
func turnedDoors(s *geom.Shape, t geom.Point) []doorSeg {
	out := doorSegments(s)
	for i, d := range out {
		a := geom.Rotate90.Apply(d.a).Sub(t)
		b := geom.Rotate90.Apply(d.b).Sub(t)
		if b.X < a.X || b.Y < a.Y {
			a, b = b, a
		}
		out[i] = doorSeg{a, b, d.socket}
	}
	return out
}

// sameDoors reports whether two lists hold the same door positions.
func sameDoors(a, b []doorSeg) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(d doorSeg) bool { return !slices.Contains(b, d) })
}

// turn returns placement p turned by a quarter.
func (q *quarterTurn) turn(p placement) placement {
	return placement{q.rot[p.shape], geom.Rotate90.Apply(p.pos).Add(q.shift[p.shape])}
}

// firstShape reports whether shape sh comes first (lowest index) among its
// turns: the first room of the search takes only such shapes.
func (q *quarterTurn) firstShape(sh int) bool {
	for t := q.rot[sh]; t != sh; t = q.rot[t] {
		if t < sh {
			return false
		}
	}
	return true
}

// canonical reports whether placement c of the second room, with the
// first room at the origin with shape root, comes first among its images
// under the turns that give the first room its own shape again: the
// second room takes only such placements, the others being turns of them.
func (q *quarterTurn) canonical(root int, c placement) bool {
	r, img := placement{shape: root}, c
	for range 3 {
		r, img = q.turn(r), q.turn(img)
		if r.shape != root {
			continue
		}
		moved := placement{img.shape, img.pos.Sub(r.pos)}
		if less(moved, c) {
			return false
		}
	}
	return true
}

// less orders placements by shape, then x, then y.
func less(a, b placement) bool {
	if a.shape != b.shape {
		return a.shape < b.shape
	}
	if a.pos.X != b.pos.X {
		return a.pos.X < b.pos.X
	}
	return a.pos.Y < b.pos.Y
}
