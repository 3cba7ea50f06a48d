// Package dungeon generates dungeon layouts from a level graph and a set of
// room templates, after Ma et al. (2014) as refined by Ondřej Nepožitek:
// every room of the graph gets an outline and a position on an integer grid
// so that no two rooms overlap and every pair of connected rooms shares a
// wall with a door on it (or is joined by a corridor room).
//
// A Spec (read from our YAML or JSON format, or imported from the
// reference's legacy YAML maps) is checked and compiled by NewGenerator;
// Generator.Generate returns a Layout, which is written as JSON, drawn as
// SVG or PNG, or exported to Tiled (TMX).
//
// Generation is deterministic for a given seed. It decomposes the graph
// into chains (faces of a planar embedding first, smallest first, then the
// tree parts), places the tree parts greedily, lays out every cycle by
// simulated annealing over configuration spaces, and backtracks over
// partial layouts when a chain cannot be added.
package dungeon

import (
	"strconv"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// Spec describes a level to lay out: room templates, the rooms of the level
// graph with the templates each may use, and the connections between rooms.
type Spec struct {
	// Templates are the room shapes, by unique name.
	Templates []*Template
	// Rooms are the nodes of the level graph, by unique name.
	Rooms []*Room
	// Connections are the edges of the level graph.
	Connections []*Connection
	// MinDistance is the least Chebyshev distance between two rooms that
	// are not connected (0: they may share walls).
	MinDistance int
	// Source names where the spec was read from, for messages.
	Source string
}

// Template is a room shape: an orthogonal outline on the grid, where its
// doors may be, and how it may be turned.
type Template struct {
	Name    string
	Outline []geom.Point
	// Doors says where doors may be: anywhere along the walls (Simple) or
	// at fixed segments (Manual).
	Doors DoorMode
	// Transforms lists the symmetries the template may be used with; empty
	// means the outline as given.
	Transforms []geom.Transform
	// Repeat limits how often the template is used in one layout.
	Repeat Repeat
	// Pos is where the template was defined, for messages.
	Pos Pos
}

// DoorMode is either a simple mode (Length > 0: a door of that length
// anywhere along a wall, at least Corner from its ends) or a manual one
// (explicit door segments on the outline).
type DoorMode struct {
	Length, Corner int
	// Socket, when set, lets these doors connect only to doors with the
	// same socket.
	Socket string
	Manual []Door
}

// Door is one fixed door segment on a template's outline.
type Door struct {
	From, To geom.Point
	Socket   string
}

// Repeat limits how often one template appears in a layout.
type Repeat int

// Repeat modes.
const (
	// RepeatAllow places no limit.
	RepeatAllow Repeat = iota
	// RepeatNoNeighbor forbids two connected rooms with the template.
	RepeatNoNeighbor
	// RepeatNone allows the template at most once per layout.
	RepeatNone
)

// String names the mode as the spec format writes it.
func (r Repeat) String() string {
	switch r {
	case RepeatNoNeighbor:
		return "no-neighbor"
	case RepeatNone:
		return "none"
	}
	return "allow"
}

// Choice is a template (by name) a room may use, with a relative weight.
type Choice struct {
	Template string
	Weight   float64
	Pos      Pos
}

// Room is a node of the level graph.
type Room struct {
	Name      string
	Templates []Choice
	Pos       Pos
}

// Connection is an edge of the level graph: the two rooms share a door, or,
// when Corridor is set, are joined by a corridor room using one of those
// templates.
type Connection struct {
	From, To string
	Corridor []Choice
	// CorridorName names the corridor room in the layout; empty means a
	// generated name.
	CorridorName string
	Pos          Pos
}

// Pos is a place in a source file.
type Pos struct {
	File      string
	Line, Col int
}

// String formats p as file:line:col, leaving out what is unknown.
func (p Pos) String() string {
	switch {
	case p.File == "":
		return ""
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return p.File + ":" + strconv.Itoa(p.Line)
	}
	return p.File + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Template returns the template with the given name, or nil.
func (s *Spec) Template(name string) *Template {
	for _, t := range s.Templates {
		if t.Name == name {
			return t
		}
	}
	return nil
}
