package dungeon

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// spaceCache holds the configuration spaces of pairs of instances,
// computed on first use: a run needs only the pairs its rooms meet in, and
// checking a connection stops at its first pair with a door. Concurrent
// runs may compute the same pair twice, harmlessly.
type spaceCache struct {
	n       int
	s       []atomic.Pointer[geom.Space]
	compute func(a, b int) geom.Space
}

func newSpaceCache(n int, compute func(a, b int) geom.Space) *spaceCache {
	return &spaceCache{n: n, s: make([]atomic.Pointer[geom.Space], n*n), compute: compute}
}

// get returns the space of instance b around instance a.
func (c *spaceCache) get(a, b int) geom.Space {
	if p := c.s[a*c.n+b].Load(); p != nil {
		return *p
	}
	s := c.compute(a, b)
	c.s[a*c.n+b].Store(&s)
	return s
}

// computeSpaces sets up the configuration spaces: of instances that touch,
// and for each corridor set the corridor-aware spaces of two rooms (the
// positions where some corridor of the set joins them: the union over
// corridors of the sums of the room-corridor spaces, minus the positions
// where the rooms come too close).
func (g *Generator) computeSpaces() {
	n := len(g.insts)
	g.cs = newSpaceCache(n, func(a, b int) geom.Space {
		return geom.ConfigSpace(g.insts[a].shape, g.insts[b].shape)
	})
	g.ccs = make([]*spaceCache, len(g.corridors))
	for k := range g.corridors {
		g.ccs[k] = newSpaceCache(n, func(a, b int) geom.Space {
			var segs []geom.Seg
			for _, c := range g.corridors[k].insts {
				segs = geom.AppendSum(segs, g.cs.get(a, c), g.cs.get(c, b))
			}
			return geom.Free(geom.NewSpace(segs), g.insts[a].shape, g.insts[b].shape, g.spec.MinDistance)
		})
	}
	sum, count := 0.0, 0
	for _, r := range g.rooms {
		for _, i := range r.choices.insts {
			b := g.insts[i].shape.Bounds
			sum += float64(b.X2-b.X1+b.Y2-b.Y1) / 2
			count++
			g.maxSpan = max(g.maxSpan, b.X2-b.X1, b.Y2-b.Y1)
		}
	}
	g.avgSize = max(sum/float64(max(count, 1)), 1)
}

// space returns the configuration space of instance b around instance a
// along edge e (through its corridors when it has them).
func (g *Generator) space(e, a, b int) geom.Space {
	if k := g.edges[e].corridor; k >= 0 {
		return g.ccs[k].get(a, b)
	}
	return g.cs.get(a, b)
}

// checkDoors reports every connection whose rooms can never be joined:
// no shape of one has a door that fits a door of a shape of the other
// (directly or through one of its corridors).
func (g *Generator) checkDoors() error {
	var errs []error
	for ei, e := range g.edges {
		if g.connectable(ei) {
			continue
		}
		// Edges match the connections one to one once the graph compiled.
		c := g.spec.Connections[ei]
		ra, rb := g.rooms[e.a], g.rooms[e.b]
		if e.corridor < 0 {
			errs = append(errs, fmt.Errorf("%s: rooms %s and %s cannot be connected: no door of %s fits a door of %s",
				c.Pos, ra.name, rb.name, g.describeDoors(ra.choices), g.describeDoors(rb.choices)))
			continue
		}
		errs = append(errs, fmt.Errorf("%s: rooms %s and %s cannot be joined by a corridor: doors of %s, corridor %s, doors of %s do not fit together",
			c.Pos, ra.name, rb.name, g.describeDoors(ra.choices), g.describeDoors(g.corridors[e.corridor]), g.describeDoors(rb.choices)))
	}
	errs = append(errs, g.checkRepeats()...)
	return errors.Join(errs...)
}

// connectable reports whether some shapes of edge e's rooms have a door in
// common, computing spaces only until one is found.
func (g *Generator) connectable(e int) bool {
	ed := g.edges[e]
	for _, a := range g.rooms[ed.a].choices.insts {
		for _, b := range g.rooms[ed.b].choices.insts {
			if len(g.space(e, a, b)) > 0 {
				return true
			}
		}
	}
	return false
}

// describeDoors summarises the templates of a choice set and their doors,
// e.g. "12-square, 8-square (doors of length 2)".
func (g *Generator) describeDoors(cs choiceSet) string {
	var names, doors []string
	for _, i := range cs.insts {
		t := g.spec.Templates[g.insts[i].template]
		if !slices.Contains(names, t.Name) {
			names = append(names, t.Name)
		}
		for _, d := range g.insts[i].shape.Doors {
			s := fmt.Sprintf("length %d", d.Length)
			if d.Socket != 0 {
				s += " socket " + g.socketName(d.Socket)
			}
			if !slices.Contains(doors, s) {
				doors = append(doors, s)
			}
		}
	}
	slices.Sort(doors)
	return fmt.Sprintf("%s (doors of %s)", strings.Join(names, ", "), strings.Join(doors, "; "))
}

// socketName recovers the name of a socket id by replaying the order in
// which compileTemplates numbered them.
func (g *Generator) socketName(id int) string {
	var names []string
	add := func(s string) {
		if s != "" && !slices.Contains(names, s) {
			names = append(names, s)
		}
	}
	for _, t := range g.spec.Templates {
		add(t.Doors.Socket)
		for _, d := range t.Doors.Manual {
			add(d.Socket)
		}
	}
	if id-1 < len(names) {
		return fmt.Sprintf("%q", names[id-1])
	}
	return fmt.Sprint(id)
}

// checkRepeats reports repeat limits no layout can meet.
func (g *Generator) checkRepeats() []error {
	var errs []error
	only := func(r roomInfo) (int, bool) {
		t := g.insts[r.choices.insts[0]].template
		for _, i := range r.choices.insts {
			if g.insts[i].template != t {
				return -1, false
			}
		}
		return t, true
	}
	byTemplate := map[int][]int{}
	for ri, r := range g.rooms {
		if t, ok := only(r); ok {
			byTemplate[t] = append(byTemplate[t], ri)
		}
	}
	for _, t := range slices.Sorted(maps.Keys(byTemplate)) {
		rooms, tpl := byTemplate[t], g.spec.Templates[t]
		if tpl.Repeat == RepeatNone && len(rooms) > 1 {
			errs = append(errs, fmt.Errorf("%s: template %q may be used once, but it is the only template of rooms %s",
				tpl.Pos, tpl.Name, g.names(rooms, 12)))
		}
	}
	for _, e := range g.edges {
		ta, okA := only(g.rooms[e.a])
		tb, okB := only(g.rooms[e.b])
		if okA && okB && ta == tb && g.spec.Templates[ta].Repeat == RepeatNoNeighbor {
			errs = append(errs, fmt.Errorf("%s: connected rooms %s and %s can only use template %q, which may not be used by neighbours",
				g.spec.Templates[ta].Pos, g.rooms[e.a].name, g.rooms[e.b].name, g.spec.Templates[ta].Name))
		}
	}
	return errs
}
