package dungeon

import (
	"fmt"
	"slices"
	"strings"

	sf "github.com/peterstace/simplefeatures/geom"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// This file is an independent checker of layouts. It shares no geometry
// with the generator: polygons, overlaps and boundaries are simplefeatures'
// business, and the few grid facts it needs (symmetries, walls, distances)
// are worked out here from first principles, slowly and plainly.

type xy struct{ x, y int }

// checkLayout returns every way in which l fails to be a valid layout of
// spec: unknown or missing rooms, shapes that are not their template's,
// overlapping interiors, missing or misplaced doors, rooms too close.
func checkLayout(spec *Spec, l *Layout) []string {
	var bad []string
	report := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	polys := map[string]sf.Geometry{}
	rooms := map[string]LayoutRoom{}
	for _, r := range l.Rooms {
		if _, dup := rooms[r.ID.Name]; dup {
			report("room %s appears twice", r.ID)
			continue
		}
		rooms[r.ID.Name] = r
		p, err := toPolygon(r.Outline)
		if err != nil {
			report("room %s: outline %v: %v", r.ID, r.Outline, err)
			continue
		}
		polys[r.ID.Name] = p
	}
	// Which rooms are neighbours, and which templates each may use.
	allowed := map[string][]string{}
	neighbours := map[[2]string]bool{}
	link := func(a, b string) { neighbours[[2]string{a, b}], neighbours[[2]string{b, a}] = true, true }
	for _, r := range spec.Rooms {
		allowed[r.Name] = choiceNames(r.Templates)
	}
	corridorOf := map[[2]string]string{}
	for _, c := range spec.Connections {
		if len(c.Corridor) == 0 {
			link(c.From, c.To)
			continue
		}
		// The corridor room is the one joined by doors to both ends.
		name := ""
		for _, r := range l.Rooms {
			if r.Corridor && hasDoor(l, c.From, r.ID.Name) && hasDoor(l, r.ID.Name, c.To) {
				name = r.ID.Name
			}
		}
		if name == "" {
			report("connection %s-%s has no corridor room with doors to both", c.From, c.To)
			continue
		}
		corridorOf[[2]string{c.From, c.To}] = name
		allowed[name] = choiceNames(c.Corridor)
		link(c.From, name)
		link(name, c.To)
	}
	for name := range allowed {
		if _, ok := rooms[name]; !ok {
			report("room %s is missing", name)
		}
	}
	for name, r := range rooms {
		names, ok := allowed[name]
		if !ok {
			report("room %s is not in the level", name)
			continue
		}
		if !slices.Contains(names, r.Template) {
			report("room %s uses template %q, allowed %v", name, r.Template, names)
			continue
		}
		if !matchesTemplate(spec.Template(r.Template), r.Outline) {
			report("room %s: outline %v is not template %q under an allowed transform", name, r.Outline, r.Template)
		}
	}
	// Interiors never overlap; strangers keep the minimum distance.
	ids := slices.Sorted(func(yield func(string) bool) {
		for k := range polys {
			if !yield(k) {
				return
			}
		}
	})
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			in, err := sf.Intersection(polys[a], polys[b])
			if err != nil {
				report("rooms %s and %s: %v", a, b, err)
			} else if area := in.Area(); area > 0 {
				report("rooms %s and %s overlap (area %v)", a, b, area)
			}
			if d := spec.MinDistance; d > 0 && !neighbours[[2]string{a, b}] {
				if got := chebyshev(rooms[a].Outline, rooms[b].Outline); got < d {
					report("rooms %s and %s are %d apart, minimum %d", a, b, got, d)
				}
			}
		}
	}
	// Every connection has its door(s).
	for _, c := range spec.Connections {
		pairs := [][2]string{{c.From, c.To}}
		if name, ok := corridorOf[[2]string{c.From, c.To}]; ok {
			pairs = [][2]string{{c.From, name}, {name, c.To}}
		} else if len(c.Corridor) > 0 {
			continue
		}
		for _, p := range pairs {
			bad = append(bad, checkDoor(spec, l, rooms, polys, p[0], p[1])...)
		}
	}
	// Repeat rules.
	count := map[string][]string{}
	for name, r := range rooms {
		count[r.Template] = append(count[r.Template], name)
	}
	for tname, users := range count {
		t := spec.Template(tname)
		if t == nil {
			continue
		}
		if t.Repeat == RepeatNone && len(users) > 1 {
			report("template %q used by %d rooms", tname, len(users))
		}
		if t.Repeat == RepeatNoNeighbor {
			for _, a := range users {
				for _, b := range users {
					if a < b && neighbours[[2]string{a, b}] {
						report("neighbours %s and %s both use template %q", a, b, tname)
					}
				}
			}
		}
	}
	return bad
}

func choiceNames(cs []Choice) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Template)
	}
	return out
}

func hasDoor(l *Layout, a, b string) bool {
	for _, d := range l.Doors {
		if (d.From.Name == a && d.To.Name == b) || (d.From.Name == b && d.To.Name == a) {
			return true
		}
	}
	return false
}

// checkDoor checks the door between rooms a and b: there is one, it lies
// on the boundary of both, and it is a door their templates allow.
func checkDoor(spec *Spec, l *Layout, rooms map[string]LayoutRoom, polys map[string]sf.Geometry, a, b string) []string {
	var door *LayoutDoor
	for i, d := range l.Doors {
		if (d.From.Name == a && d.To.Name == b) || (d.From.Name == b && d.To.Name == a) {
			door = &l.Doors[i]
		}
	}
	if door == nil {
		return []string{fmt.Sprintf("rooms %s and %s have no door", a, b)}
	}
	p, q := door.Line[0], door.Line[1]
	if (p.X != q.X && p.Y != q.Y) || p == q {
		return []string{fmt.Sprintf("door %s-%s %v is not a horizontal or vertical segment", a, b, door.Line)}
	}
	length := iabs(q.X-p.X) + iabs(q.Y-p.Y)
	line, err := sf.UnmarshalWKT(fmt.Sprintf("LINESTRING(%d %d,%d %d)", p.X, p.Y, q.X, q.Y))
	if err != nil {
		return []string{err.Error()}
	}
	var bad []string
	for _, name := range []string{a, b} {
		poly, ok := polys[name]
		if !ok {
			continue
		}
		on, err := sf.Intersection(line, poly.Boundary())
		if err != nil || on.Length() != float64(length) {
			bad = append(bad, fmt.Sprintf("door %s-%s %v is not on the wall of room %s", a, b, door.Line, name))
			continue
		}
		t := spec.Template(rooms[name].Template)
		if t != nil && !doorAllowed(t, rooms[name].Outline, p, q) {
			bad = append(bad, fmt.Sprintf("door %s-%s %v is not a door of template %q as room %s uses it", a, b, door.Line, t.Name, name))
		}
	}
	return bad
}

// doorAllowed reports whether segment p-q is a door template t allows on
// the outline: in simple mode a segment of the door length on one wall,
// far enough from the wall's ends; in manual mode one of the template's
// doors, carried along with the outline.
func doorAllowed(t *Template, outline []geom.Point, p, q geom.Point) bool {
	length := iabs(q.X-p.X) + iabs(q.Y-p.Y)
	if len(t.Doors.Manual) == 0 {
		if length != t.Doors.Length {
			return false
		}
		pts := plainOutline(outline)
		for i := range pts {
			e1, e2 := pts[i], pts[(i+1)%len(pts)]
			if !between(xy{p.X, p.Y}, e1, e2) || !between(xy{q.X, q.Y}, e1, e2) {
				continue
			}
			lo := min(dist1(e1, xy{p.X, p.Y}), dist1(e1, xy{q.X, q.Y}))
			hi := min(dist1(e2, xy{p.X, p.Y}), dist1(e2, xy{q.X, q.Y}))
			return lo >= t.Doors.Corner && hi >= t.Doors.Corner
		}
		return false
	}
	for _, place := range placements(t, outline) {
		for _, d := range t.Doors.Manual {
			a, b := place(xy{d.From.X, d.From.Y}), place(xy{d.To.X, d.To.Y})
			if (a == xy{p.X, p.Y} && b == xy{q.X, q.Y}) || (b == xy{p.X, p.Y} && a == xy{q.X, q.Y}) {
				return true
			}
		}
	}
	return false
}

// matchesTemplate reports whether the outline is the template's outline
// under one of its transforms, moved.
func matchesTemplate(t *Template, outline []geom.Point) bool {
	return t != nil && len(placements(t, outline)) > 0
}

// placements returns the maps from template coordinates to layout
// coordinates (an allowed transform, then a move) that carry the
// template's outline onto the given one.
func placements(t *Template, outline []geom.Point) []func(xy) xy {
	room := plainOutline(outline)
	rx, ry := minXY(room)
	var out []func(xy) xy
	for _, tr := range checkerTransforms(t) {
		tpl := tr.apply(plainOutline(t.Outline))
		tx, ty := minXY(tpl)
		if sameCycle(shift(tpl, rx-tx, ry-ty), room) {
			f := tr.f
			out = append(out, func(p xy) xy { p = f(p); return xy{p.x + rx - tx, p.y + ry - ty} })
		}
	}
	return out
}

// checkerTransform is a grid symmetry, written out by hand.
type checkerTransform struct {
	name string
	f    func(xy) xy
}

func (c checkerTransform) apply(pts []xy) []xy {
	out := make([]xy, len(pts))
	for i, p := range pts {
		out[i] = c.f(p)
	}
	return out
}

func checkerTransforms(t *Template) []checkerTransform {
	all := map[string]func(xy) xy{
		"identity":   func(p xy) xy { return p },
		"rotate90":   func(p xy) xy { return xy{-p.y, p.x} },
		"rotate180":  func(p xy) xy { return xy{-p.x, -p.y} },
		"rotate270":  func(p xy) xy { return xy{p.y, -p.x} },
		"mirrorx":    func(p xy) xy { return xy{-p.x, p.y} },
		"mirrory":    func(p xy) xy { return xy{p.x, -p.y} },
		"diagonal13": func(p xy) xy { return xy{p.y, p.x} },
		"diagonal24": func(p xy) xy { return xy{-p.y, -p.x} },
	}
	names := []string{"identity"}
	if len(t.Transforms) > 0 {
		names = nil
		for _, tr := range t.Transforms {
			names = append(names, tr.String())
		}
	}
	var out []checkerTransform
	for _, n := range names {
		out = append(out, checkerTransform{n, all[n]})
	}
	return out
}

// plainOutline drops repeated and collinear vertices.
func plainOutline(pts []geom.Point) []xy {
	var out []xy
	for _, p := range pts {
		if len(out) == 0 || out[len(out)-1] != (xy{p.X, p.Y}) {
			out = append(out, xy{p.X, p.Y})
		}
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(out) && len(out) > 2; i++ {
			a, b, c := out[(i+len(out)-1)%len(out)], out[i], out[(i+1)%len(out)]
			if (a.x == b.x && b.x == c.x) || (a.y == b.y && b.y == c.y) {
				out = append(out[:i], out[i+1:]...)
				changed = true
			}
		}
	}
	return out
}

// sameCycle reports whether a and b list the same vertices in the same
// cyclic order, in either direction.
func sameCycle(a, b []xy) bool {
	if len(a) != len(b) {
		return false
	}
	for _, rev := range []bool{false, true} {
		c := slices.Clone(a)
		if rev {
			slices.Reverse(c)
		}
		for s := range c {
			if slices.Equal(append(slices.Clone(c[s:]), c[:s]...), b) {
				return true
			}
		}
	}
	return false
}

func shift(pts []xy, dx, dy int) []xy {
	out := make([]xy, len(pts))
	for i, p := range pts {
		out[i] = xy{p.x + dx, p.y + dy}
	}
	return out
}

func minXY(pts []xy) (int, int) {
	x, y := pts[0].x, pts[0].y
	for _, p := range pts {
		x, y = min(x, p.x), min(y, p.y)
	}
	return x, y
}

func between(p, a, b xy) bool {
	return min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
}

func dist1(a, b xy) int { return iabs(a.x-b.x) + iabs(a.y-b.y) }

// chebyshev is the least Chebyshev distance between the two outlines,
// wall against wall (rooms whose interiors overlap are caught elsewhere).
func chebyshev(a, b []geom.Point) int {
	best := -1
	for i := range a {
		a1, a2 := a[i], a[(i+1)%len(a)]
		for j := range b {
			b1, b2 := b[j], b[(j+1)%len(b)]
			gx := gap(min(a1.X, a2.X), max(a1.X, a2.X), min(b1.X, b2.X), max(b1.X, b2.X))
			gy := gap(min(a1.Y, a2.Y), max(a1.Y, a2.Y), min(b1.Y, b2.Y), max(b1.Y, b2.Y))
			if d := max(gx, gy); best < 0 || d < best {
				best = d
			}
		}
	}
	return best
}

// gap is the distance between intervals [a1, a2] and [b1, b2].
func gap(a1, a2, b1, b2 int) int { return max(b1-a2, a1-b2, 0) }

// toPolygon builds a simplefeatures polygon, which validates the ring.
func toPolygon(pts []geom.Point) (sf.Geometry, error) {
	var b strings.Builder
	b.WriteString("POLYGON((")
	for i, p := range append(slices.Clone(pts), pts[0]) {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%d %d", p.X, p.Y)
	}
	b.WriteString("))")
	return sf.UnmarshalWKT(b.String())
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
