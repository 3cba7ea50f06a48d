package dungeon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// Layout is a finished level: every room with its outline in absolute grid
// coordinates, and a door for every connection (two for a connection
// through a corridor room).
type Layout struct {
	Rooms []LayoutRoom `json:"rooms"`
	Doors []LayoutDoor `json:"doors"`
}

// LayoutRoom is a placed room. Outline runs counter-clockwise with the y
// axis up (clockwise on a screen, whose y axis points down).
type LayoutRoom struct {
	ID       RoomID       `json:"id"`
	Template string       `json:"template"`
	Corridor bool         `json:"corridor"`
	Outline  []geom.Point `json:"outline"`
}

// LayoutDoor is a door between two rooms: a segment of the wall they
// share.
type LayoutDoor struct {
	From RoomID        `json:"from"`
	To   RoomID        `json:"to"`
	Line [2]geom.Point `json:"line"`
}

// RoomID names a room: written as a JSON number when the level numbers its
// rooms (as the reference's maps do), as a string otherwise.
type RoomID struct {
	Name    string
	Numeric bool
}

// String returns the name.
func (id RoomID) String() string { return id.Name }

// MarshalJSON writes the id as a number or a string.
func (id RoomID) MarshalJSON() ([]byte, error) {
	if id.Numeric {
		return []byte(id.Name), nil
	}
	return json.Marshal(id.Name)
}

// UnmarshalJSON reads a number or a string.
func (id *RoomID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		id.Numeric = false
		return json.Unmarshal(b, &id.Name)
	}
	n, err := strconv.Atoi(string(b))
	if err != nil {
		return fmt.Errorf("room id %s: want an integer or a string", b)
	}
	id.Name, id.Numeric = strconv.Itoa(n), true
	return nil
}

// WriteJSON writes the layout as indented JSON, each point on one line.
func (l *Layout) WriteJSON(w io.Writer) error {
	data, err := json.MarshalIndent(l, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(compactPoints(data), '\n'))
	return err
}

// compactPoints folds the indented arrays of numbers (points, outlines,
// door lines) of MarshalIndent back onto single lines.
func compactPoints(data []byte) []byte {
	var out bytes.Buffer
	for i := 0; i < len(data); i++ {
		if data[i] == '[' {
			if j := matching(data, i); j > 0 && !bytes.ContainsAny(data[i:j], "{\"") {
				var buf bytes.Buffer
				if json.Compact(&buf, data[i:j+1]) == nil {
					out.Write(buf.Bytes())
					i = j
					continue
				}
			}
		}
		out.WriteByte(data[i])
	}
	return out.Bytes()
}

// matching returns the index of the bracket closing the one at i, or -1.
func matching(data []byte, i int) int {
	depth := 0
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// ReadLayout reads a layout written by WriteJSON.
func ReadLayout(r io.Reader) (*Layout, error) {
	var l Layout
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, err
	}
	return &l, nil
}

// layout turns a state into a Layout: every room and door of a complete
// state; of a partial one (a step of a Trace), the rooms placed and the
// doors between them.
func (g *Generator) layout(st *state) *Layout {
	l := &Layout{Rooms: []LayoutRoom{}, Doors: []LayoutDoor{}}
	id := func(name string) RoomID { return RoomID{Name: name, Numeric: g.numeric} }
	for k, r := range g.rooms {
		if st.shape[k] < 0 {
			continue
		}
		in := g.insts[st.shape[k]]
		l.Rooms = append(l.Rooms, LayoutRoom{ID: id(r.name), Template: g.spec.Templates[in.template].Name,
			Outline: in.shape.Outline.Shift(st.pos[k])})
	}
	for e, ed := range g.edges {
		if st.shape[ed.a] < 0 || st.shape[ed.b] < 0 || ed.corridor >= 0 && st.cshape[e] < 0 {
			continue
		}
		a, b := g.rooms[ed.a], g.rooms[ed.b]
		sa, pa := g.insts[st.shape[ed.a]].shape, st.pos[ed.a]
		sb, pb := g.insts[st.shape[ed.b]].shape, st.pos[ed.b]
		if ed.corridor < 0 {
			l.Doors = append(l.Doors, LayoutDoor{From: id(a.name), To: id(b.name), Line: doorBetween(sa, pa, sb, pb)})
			continue
		}
		in := g.insts[st.cshape[e]]
		sc, pc := in.shape, st.cpos[e]
		l.Rooms = append(l.Rooms, LayoutRoom{ID: id(ed.name), Template: g.spec.Templates[in.template].Name,
			Corridor: true, Outline: sc.Outline.Shift(pc)})
		l.Doors = append(l.Doors,
			LayoutDoor{From: id(a.name), To: id(ed.name), Line: doorBetween(sa, pa, sc, pc)},
			LayoutDoor{From: id(ed.name), To: id(b.name), Line: doorBetween(sc, pc, sb, pb)})
	}
	return l
}

// doorBetween returns a door segment shared by shapes a at pa and b at pb,
// which must be in a valid door position: the middle of the widest range
// of door positions the two walls have in common.
func doorBetween(a *geom.Shape, pa geom.Point, b *geom.Shape, pb geom.Point) [2]geom.Point {
	bestLen := -1
	var best [2]geom.Point
	for _, da := range a.Doors {
		for _, db := range b.Doors {
			if db.Dir != da.Dir.Opposite() || db.Length != da.Length || db.Socket != da.Socket {
				continue
			}
			line, offA, offB := da.Line+pa.Y, pa.X, pb.X
			if da.Dir.Horizontal() {
				if db.Line+pb.Y != line {
					continue
				}
			} else {
				line, offA, offB = da.Line+pa.X, pa.Y, pb.Y
				if db.Line+pb.X != line {
					continue
				}
			}
			lo, hi := max(da.From+offA, db.From+offB), min(da.To+offA, db.To+offB)
			if lo > hi || hi-lo <= bestLen {
				continue
			}
			bestLen = hi - lo
			abs := da
			abs.Line = line
			p, q := abs.Segment((lo + hi) / 2)
			best = [2]geom.Point{p, q}
		}
	}
	return best
}
