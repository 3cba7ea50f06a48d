package tiles

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Tile is a two-sided hex tile. When a board is laid out, each tile shows
// one side, chosen by a coin flip, turned by a random sixth of a turn.
type Tile struct {
	Top, Bottom Side
}

// Flip returns the tile turned over.
func (t Tile) Flip() Tile { return Tile{t.Bottom, t.Top} }

// Normalize returns the tile with both sides normalised.
func (t Tile) Normalize() Tile { return Tile{t.Top.Normalize(), t.Bottom.Normalize()} }

// String writes the tile as one line of the tile-set format: "TOP / BOTTOM".
func (t Tile) String() string { return t.Top.String() + " / " + t.Bottom.String() }

// ParseTile reads one tile written as by String.
func ParseTile(text string) (Tile, error) {
	top, bottom, ok := strings.Cut(text, "/")
	if !ok {
		return Tile{}, fmt.Errorf("tile %q: want TOP / BOTTOM", strings.TrimSpace(text))
	}
	if strings.Contains(bottom, "/") {
		return Tile{}, fmt.Errorf("tile %q: more than two sides", strings.TrimSpace(text))
	}
	var t Tile
	var err error
	if t.Top, err = ParseSide(top); err != nil {
		return Tile{}, fmt.Errorf("top side: %w", err)
	}
	if t.Bottom, err = ParseSide(bottom); err != nil {
		return Tile{}, fmt.Errorf("bottom side: %w", err)
	}
	return t, nil
}

// Set is a tile set: one tile for every slot of a board.
type Set []Tile

// Sides returns the normalised sides of every tile, tops then bottoms.
func (s Set) Sides() []Side {
	out := make([]Side, 0, 2*len(s))
	for _, t := range s {
		out = append(out, t.Top.Normalize())
	}
	for _, t := range s {
		out = append(out, t.Bottom.Normalize())
	}
	return out
}

// Bridges counts the sides, both faces of every tile, whose trails cross.
func (s Set) Bridges() int {
	n := 0
	for _, t := range s {
		for _, side := range [2]Side{t.Top, t.Bottom} {
			if side.NeedsBridge() {
				n++
			}
		}
	}
	return n
}

// DupScore is the sum, over the distinct side layouts of the set, of the
// square of the number of sides with that layout; 40 distinct sides score
// 40, and every repeat costs more than the last.
func (s Set) DupScore() int {
	count := map[Side]int{}
	for _, side := range s.Sides() {
		count[side]++
	}
	n := 0
	for _, c := range count {
		n += c * c
	}
	return n
}

// FullyConnected counts the tiles with a side that is one single trail.
func (s Set) FullyConnected() int {
	n := 0
	for _, t := range s {
		if t.Top.FullyConnected() || t.Bottom.FullyConnected() {
			n++
		}
	}
	return n
}

// Normalize returns the set with every side normalised and the tiles
// sorted, so that equal sets print the same way.
func (s Set) Normalize() Set {
	out := make(Set, len(s))
	for i, t := range s {
		out[i] = t.Normalize()
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Write writes the set in the tile-set format, one tile per line.
func (s Set) Write(w io.Writer) error {
	for _, t := range s {
		if _, err := fmt.Fprintln(w, t); err != nil {
			return err
		}
	}
	return nil
}

// String returns the set in the tile-set format.
func (s Set) String() string {
	var b strings.Builder
	s.Write(&b)
	return b.String()
}

// ReadSet reads a tile set: one tile per line, "TOP / BOTTOM", where a side
// lists its trails separated by "|" and each trail its exits separated by
// ","; "#" starts a comment and blank lines are skipped. Errors name the
// line; name labels them (a file name, or "-" for standard input).
func ReadSet(r io.Reader, name string) (Set, error) {
	var set Set
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		t, err := ParseTile(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		set = append(set, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("%s: no tiles", name)
	}
	return set, nil
}

// LoadSet reads a tile-set file.
func LoadSet(path string) (Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadSet(f, path)
}
