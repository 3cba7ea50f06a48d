package dungeon

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// SynthOptions describe a synthetic level.
type SynthOptions struct {
	// Rooms is the number of rooms; Cycles the number of independent loops
	// (connections beyond a tree), at most Rooms-2.
	Rooms, Cycles int
	// Seed makes the level reproducible.
	Seed uint64
	// Corridors puts a corridor room on every connection.
	Corridors bool
	// Separate keeps loops apart: no connection lies on two loops, and
	// each loop is a shortcut between rooms 3 to 6 steps apart, as in most
	// designed levels. Then Cycles is at most (Rooms-1)/3.
	Separate bool
	// Like, when set, gives the templates: those of that spec, with its
	// rooms' most common template choices and its connections' most common
	// corridor choices. Nil means a small built-in set: rectangles, an L
	// and a T with doors of length 1, and straight and bent corridors.
	Like *Spec
}

// Synthetic returns a random level for benchmarks and tests: a connected
// planar graph of opt.Rooms rooms, numbered from 0, with exactly opt.Cycles
// loops (connections = rooms - 1 + cycles), no room joined to more than
// four others, every room free to use the same templates. The graph is a
// random tree whose rooms mostly extend the last few, as the main paths of
// dungeons do, plus one shortcut per loop between two rooms that face each
// other in the tree's drawing, 2 to 7 steps apart where possible. Loops
// may share rooms and connections. Every number of loops up to rooms-2
// works for every seed; more is an error.
func Synthetic(opt SynthOptions) (*Spec, error) {
	n, cycles := opt.Rooms, opt.Cycles
	if n < 1 || n > maxRooms {
		return nil, fmt.Errorf("synthetic level: %d rooms, want 1 to %d", n, maxRooms)
	}
	if most := maxSynthCycles(n, opt.Separate); cycles < 0 || cycles > most {
		why := "rooms - 2"
		if opt.Separate {
			why = "(rooms - 1) / 3 for separate loops"
		}
		return nil, fmt.Errorf("synthetic level: %d loops do not fit %d rooms: want 0 to %d (%s, each room joined to at most %d others)",
			cycles, n, most, why, synthMaxDegree)
	}
	rooms, corridors, templates, err := synthTemplates(opt)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	edges := synthGraph(n, cycles, opt.Separate, rng)
	kind := "no corridors"
	if opt.Corridors {
		kind = "corridors"
	}
	if opt.Separate {
		kind += ", separate loops"
	}
	spec := &Spec{Templates: templates,
		Source: fmt.Sprintf("synthetic(%d rooms, %d loops, %s, seed %d)", n, cycles, kind, opt.Seed)}
	if opt.Like != nil {
		spec.MinDistance = opt.Like.MinDistance
	}
	for v := range n {
		spec.Rooms = append(spec.Rooms, &Room{Name: strconv.Itoa(v), Templates: rooms})
	}
	for _, e := range edges {
		spec.Connections = append(spec.Connections, &Connection{From: strconv.Itoa(e[0]), To: strconv.Itoa(e[1]), Corridor: corridors})
	}
	return spec, nil
}

// synthTemplates returns the room choices, the corridor choices (nil
// without corridors) and the templates of a synthetic level.
func synthTemplates(opt SynthOptions) (rooms, corridors []Choice, templates []*Template, err error) {
	like := opt.Like
	if like == nil {
		for _, t := range syntheticTemplates() {
			templates = append(templates, t)
			rooms = append(rooms, Choice{Template: t.Name, Weight: 1})
		}
		if opt.Corridors {
			for _, t := range syntheticCorridors() {
				templates = append(templates, t)
				corridors = append(corridors, Choice{Template: t.Name, Weight: 1})
			}
		}
		return rooms, corridors, templates, nil
	}
	rooms = mostCommon(len(like.Rooms), func(i int) []Choice { return like.Rooms[i].Templates })
	if len(rooms) == 0 {
		return nil, nil, nil, fmt.Errorf("%s: no room with templates to copy", like.Source)
	}
	if opt.Corridors {
		var with []*Connection
		for _, c := range like.Connections {
			if len(c.Corridor) > 0 {
				with = append(with, c)
			}
		}
		corridors = mostCommon(len(with), func(i int) []Choice { return with[i].Corridor })
		if len(corridors) == 0 {
			return nil, nil, nil, fmt.Errorf("%s: corridors wanted, but none of its connections has a corridor", like.Source)
		}
	}
	return rooms, corridors, like.Templates, nil
}

// syntheticTemplates is the room set of synthetic levels.
func syntheticTemplates() []*Template {
	rect := func(w, h int) []geom.Point { return outline(0, 0, w, 0, w, h, 0, h) }
	simple := DoorMode{Length: 1, Corner: 1}
	rot := slices.Clone(geom.Rotations)
	return []*Template{
		{Name: "square-7", Outline: rect(7, 7), Doors: simple, Transforms: []geom.Transform{geom.Identity}},
		{Name: "hall-7x11", Outline: rect(7, 11), Doors: simple, Transforms: rot},
		{Name: "cell-5x6", Outline: rect(5, 6), Doors: simple, Transforms: rot},
		{Name: "ell-9", Outline: outline(0, 0, 9, 0, 9, 4, 4, 4, 4, 9, 0, 9), Doors: simple, Transforms: rot},
		{Name: "tee-10", Outline: outline(0, 0, 10, 0, 10, 4, 7, 4, 7, 8, 3, 8, 3, 4, 0, 4), Doors: simple, Transforms: rot},
	}
}

// syntheticCorridors is the corridor set of synthetic levels: straight
// corridors of length 1 and 3 and a bent one, with doors of length 1 at
// their ends.
func syntheticCorridors() []*Template {
	door := func(x1, y1, x2, y2 int) Door {
		return Door{From: geom.Point{X: x1, Y: y1}, To: geom.Point{X: x2, Y: y2}}
	}
	rot := slices.Clone(geom.Rotations)
	return []*Template{
		{Name: "corridor-1", Outline: outline(0, 0, 1, 0, 1, 1, 0, 1),
			Doors: DoorMode{Manual: []Door{door(0, 0, 1, 0), door(0, 1, 1, 1)}}, Transforms: rot},
		{Name: "corridor-3", Outline: outline(0, 0, 1, 0, 1, 3, 0, 3),
			Doors: DoorMode{Manual: []Door{door(0, 0, 1, 0), door(0, 3, 1, 3)}}, Transforms: rot},
		{Name: "corridor-bend", Outline: outline(0, 0, 1, 0, 1, 1, 2, 1, 2, 2, 0, 2),
			Doors: DoorMode{Manual: []Door{door(0, 0, 1, 0), door(2, 1, 2, 2)}}, Transforms: rot},
	}
}

// outline turns x, y pairs into points.
func outline(xy ...int) []geom.Point {
	out := make([]geom.Point, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, geom.Point{X: xy[i], Y: xy[i+1]})
	}
	return out
}
