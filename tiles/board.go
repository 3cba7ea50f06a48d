package tiles

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Slot is a place for one tile on the board, at axial hex coordinates
// (Q, R): Q counts columns to the right, R cells down the column; the cell
// to the N of (q, r) is (q, r-1), to the SE (q+1, r), to the NE (q+1, r-1).
// Positions serve only to draw the board.
type Slot struct {
	Name string
	Q, R int
}

// Landmark is a named place printed on the board that players must reach
// (the well, the exit...). Its position is the hex cell it is drawn in.
type Landmark struct {
	Name string
	Q, R int
}

// Edge is one edge of the tile lying in a slot.
type Edge struct {
	Slot int // index into Board.Slots
	Dir  Dir
}

// Conn joins two tile edges: a trail leaving one continues on the other.
// Most join neighbouring tiles; some are paths printed on the board's rim
// between edges that are not adjacent.
type Conn struct{ A, B Edge }

// Touch says that a landmark is reached through a tile edge.
type Touch struct {
	Landmark int // index into Board.Landmarks
	Edge     Edge
}

// Board is a maze board: slots for tiles, the connections between their
// edges, the landmarks and the tile edges that touch them, the edges that
// face the outer wall, and the landmark pairs the score counts.
type Board struct {
	Slots     []Slot
	Landmarks []Landmark
	Conns     []Conn
	Touches   []Touch
	Walls     []Edge
	Pairs     [][2]int // landmark indices
}

// edgeUse records which declaration claimed a tile edge.
type edgeUse map[Edge]string

func (u edgeUse) claim(e Edge, what string, b *Board) error {
	if prev, ok := u[e]; ok {
		return fmt.Errorf("edge %s of slot %s already used by %s", e.Dir, b.Slots[e.Slot].Name, prev)
	}
	u[e] = what
	return nil
}

// Validate checks the board's consistency: indices in range, unique names
// and positions, every tile edge used at most once, every landmark touching
// a tile, pairs of distinct landmarks listed once.
func (b *Board) Validate() error {
	if len(b.Slots) == 0 {
		return errors.New("board has no slots")
	}
	if err := b.checkNames(); err != nil {
		return err
	}
	use := edgeUse{}
	for i, c := range b.Conns {
		if err := b.checkConn(c); err != nil {
			return fmt.Errorf("connection %d: %w", i+1, err)
		}
		what := fmt.Sprintf("connection %d", i+1)
		if err := use.claim(c.A, what, b); err != nil {
			return err
		}
		if err := use.claim(c.B, what, b); err != nil {
			return err
		}
	}
	touched := make([]bool, len(b.Landmarks))
	for _, t := range b.Touches {
		if t.Landmark < 0 || t.Landmark >= len(b.Landmarks) || !b.validEdge(t.Edge) {
			return fmt.Errorf("touch %+v out of range", t)
		}
		touched[t.Landmark] = true
		if err := use.claim(t.Edge, "landmark "+b.Landmarks[t.Landmark].Name, b); err != nil {
			return err
		}
	}
	for _, w := range b.Walls {
		if !b.validEdge(w) {
			return fmt.Errorf("wall %+v out of range", w)
		}
		if err := use.claim(w, "a wall", b); err != nil {
			return err
		}
	}
	for i, ok := range touched {
		if !ok {
			return fmt.Errorf("landmark %s touches no tile edge", b.Landmarks[i].Name)
		}
	}
	return b.checkPairs()
}

func (b *Board) validEdge(e Edge) bool {
	return e.Slot >= 0 && e.Slot < len(b.Slots) && e.Dir < NumDirs
}

func (b *Board) checkConn(c Conn) error {
	if !b.validEdge(c.A) || !b.validEdge(c.B) {
		return fmt.Errorf("edge out of range")
	}
	if c.A.Slot == c.B.Slot {
		return fmt.Errorf("slot %s is connected to itself", b.Slots[c.A.Slot].Name)
	}
	return nil
}

func (b *Board) checkNames() error {
	names := map[string]string{}
	cells := map[[2]int]string{}
	add := func(kind, name string, q, r int) error {
		if name == "" || strings.ContainsAny(name, " \t#") {
			return fmt.Errorf("%s name %q: want a word without spaces or #", kind, name)
		}
		if prev, ok := names[name]; ok {
			return fmt.Errorf("%s %s: name already used by a %s", kind, name, prev)
		}
		names[name] = kind
		if prev, ok := cells[[2]int{q, r}]; ok {
			return fmt.Errorf("%s %s: position %d %d already taken by %s", kind, name, q, r, prev)
		}
		cells[[2]int{q, r}] = name
		return nil
	}
	for _, s := range b.Slots {
		if err := add("slot", s.Name, s.Q, s.R); err != nil {
			return err
		}
	}
	for _, l := range b.Landmarks {
		if err := add("landmark", l.Name, l.Q, l.R); err != nil {
			return err
		}
	}
	return nil
}

func (b *Board) checkPairs() error {
	seen := map[[2]int]bool{}
	for _, p := range b.Pairs {
		if p[0] < 0 || p[1] < 0 || p[0] >= len(b.Landmarks) || p[1] >= len(b.Landmarks) {
			return fmt.Errorf("pair %v out of range", p)
		}
		if p[0] == p[1] {
			return fmt.Errorf("pair of landmark %s with itself", b.Landmarks[p[0]].Name)
		}
		key := [2]int{min(p[0], p[1]), max(p[0], p[1])}
		if seen[key] {
			return fmt.Errorf("pair %s %s listed twice", b.Landmarks[p[0]].Name, b.Landmarks[p[1]].Name)
		}
		seen[key] = true
	}
	return nil
}

// Write writes the board in the board file format (see ReadBoard).
func (b *Board) Write(w io.Writer) error {
	var sb strings.Builder
	edge := func(e Edge) string { return b.Slots[e.Slot].Name + " " + e.Dir.String() }
	sb.WriteString("# slot NAME Q R: a place for a tile at axial hex coordinates\n")
	for _, s := range b.Slots {
		fmt.Fprintf(&sb, "slot %s %d %d\n", s.Name, s.Q, s.R)
	}
	sb.WriteString("\n# landmark NAME Q R: a place players must reach\n")
	for _, l := range b.Landmarks {
		fmt.Fprintf(&sb, "landmark %s %d %d\n", l.Name, l.Q, l.R)
	}
	sb.WriteString("\n# connect SLOT DIR SLOT DIR: a trail crosses from one tile edge to the other\n")
	for _, c := range b.Conns {
		fmt.Fprintf(&sb, "connect %s %s\n", edge(c.A), edge(c.B))
	}
	sb.WriteString("\n# touch LANDMARK SLOT DIR: the landmark is reached through that tile edge\n")
	for _, t := range b.Touches {
		fmt.Fprintf(&sb, "touch %s %s\n", b.Landmarks[t.Landmark].Name, edge(t.Edge))
	}
	if len(b.Walls) > 0 {
		sb.WriteString("\n# wall SLOT DIR: the tile edge faces the outer wall\n")
		for _, e := range b.Walls {
			fmt.Fprintf(&sb, "wall %s\n", edge(e))
		}
	}
	sb.WriteString("\n# pair LANDMARK LANDMARK: the score counts a path between the two\n")
	for _, p := range b.Pairs {
		fmt.Fprintf(&sb, "pair %s %s\n", b.Landmarks[p[0]].Name, b.Landmarks[p[1]].Name)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// SlotIndex returns the index of the slot with that name, or -1.
func (b *Board) SlotIndex(name string) int {
	for i, s := range b.Slots {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// LandmarkIndex returns the index of the landmark with that name, or -1.
func (b *Board) LandmarkIndex(name string) int {
	for i, l := range b.Landmarks {
		if l.Name == name {
			return i
		}
	}
	return -1
}
