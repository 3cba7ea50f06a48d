package dungeon

import (
	"errors"
	"fmt"
	"slices"
)

// ErrNoLayout is returned (wrapped) by NewGenerator for a level that
// provably has no layout with its templates, whatever the search.
var ErrNoLayout = errors.New("the level has no layout")

// checkEnclosure reports four rooms that are all joined to each other
// without corridors and can only be rectangles: such a level has no
// layout.
//
// Why: any planar drawing of four mutually joined rooms puts one of them
// inside the ring of the other three. Rooms joined without a corridor
// share a stretch of wall, so that ring is three rectangles with disjoint
// interiors, and those enclose no space at all: a region enclosed by
// rectangles has a topmost, a bottommost, a leftmost and a rightmost edge,
// and one rectangle bounding two of them would contain the two points
// just beyond those edges, hence the box between them and part of the
// region itself. So a ring that encloses a room needs four rectangles, or
// a room of another shape, or a corridor.
func (g *Generator) checkEnclosure() error {
	rect := make([]bool, len(g.rooms))
	for v, r := range g.rooms {
		rect[v] = !slices.ContainsFunc(r.choices.insts, func(i int) bool {
			return len(g.insts[i].shape.Outline) != 4
		})
	}
	// direct[v] lists v's rectangular neighbours joined without a corridor,
	// each with the connection between them.
	direct := make([]map[int]int, len(g.rooms))
	for ei, e := range g.edges {
		if e.corridor >= 0 || !rect[e.a] || !rect[e.b] || e.a == e.b {
			continue
		}
		for _, p := range [][2]int{{e.a, e.b}, {e.b, e.a}} {
			if direct[p[0]] == nil {
				direct[p[0]] = map[int]int{}
			}
			direct[p[0]][p[1]] = ei
		}
	}
	for ei, e := range g.edges {
		a, b := e.a, e.b
		if _, ok := direct[a][b]; !ok {
			continue
		}
		var common []int
		for c := range direct[a] {
			if _, ok := direct[b][c]; ok {
				common = append(common, c)
			}
		}
		slices.Sort(common)
		for i, c := range common {
			for _, d := range common[i+1:] {
				if _, ok := direct[c][d]; ok {
					return fmt.Errorf("%s: %w: rooms %s, %s, %s and %s cannot be laid out: each is joined to the other three without a corridor and each can only be a rectangle, "+
						"so one of them would have to lie inside the ring of the other three, and three rectangles laid wall to wall enclose no space; "+
						"give one of them a template of another shape, or put a corridor on one of their connections",
						g.spec.Connections[ei].Pos, ErrNoLayout, g.rooms[a].name, g.rooms[b].name, g.rooms[c].name, g.rooms[d].name)
				}
			}
		}
	}
	return nil
}
