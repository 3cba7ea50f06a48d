package tiles

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// field is one word of a board file line and its 1-based column.
type field struct {
	text string
	col  int
}

type boardLine struct {
	num    int
	fields []field
}

// boardParser reads the board file format. Declarations (slot, landmark)
// are read first, so the other lines may refer to names declared below them.
type boardParser struct {
	name  string
	b     *Board
	used  map[Edge]int // line that claimed each tile edge
	pairs map[[2]int]int
}

func (p *boardParser) errf(line int, f *field, format string, args ...any) error {
	if f != nil {
		return fmt.Errorf("%s:%d:%d: %s", p.name, line, f.col, fmt.Sprintf(format, args...))
	}
	return fmt.Errorf("%s:%d: %s", p.name, line, fmt.Sprintf(format, args...))
}

// arity of each keyword, counting the keyword.
var boardKeywords = map[string]int{
	"slot": 4, "landmark": 4, "connect": 5, "touch": 4, "wall": 3, "pair": 3,
}

// ReadBoard reads a board file. Each line is a keyword and its fields,
// separated by spaces; "#" starts a comment:
//
//	slot NAME Q R              a place for a tile, at axial hex coordinates
//	landmark NAME Q R          a place players must reach, drawn in cell Q R
//	connect SLOT DIR SLOT DIR  a trail crosses from one tile edge to the other
//	touch LANDMARK SLOT DIR    the landmark is reached through that edge
//	wall SLOT DIR              the edge faces the outer wall (optional)
//	pair LANDMARK LANDMARK     the score counts a path between the two
//
// Each tile edge may be used by one connect, touch or wall line; edges not
// mentioned are walls. Errors name the file, line and column.
func ReadBoard(r io.Reader, name string) (*Board, error) {
	lines, err := splitBoardLines(r, name)
	if err != nil {
		return nil, err
	}
	p := &boardParser{name: name, b: &Board{}, used: map[Edge]int{}, pairs: map[[2]int]int{}}
	for _, l := range lines {
		if err := p.declare(l); err != nil {
			return nil, err
		}
	}
	if len(p.b.Slots) == 0 {
		return nil, fmt.Errorf("%s: no slot lines: a board needs at least one slot", name)
	}
	for _, l := range lines {
		if err := p.refer(l); err != nil {
			return nil, err
		}
	}
	if err := p.b.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return p.b, nil
}

// LoadBoard reads a board file from disk.
func LoadBoard(path string) (*Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadBoard(f, path)
}

func splitBoardLines(r io.Reader, name string) ([]boardLine, error) {
	var lines []boardLine
	sc := bufio.NewScanner(r)
	for num := 1; sc.Scan(); num++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		var fs []field
		for i := 0; i < len(text); {
			if text[i] == ' ' || text[i] == '\t' || text[i] == '\r' {
				i++
				continue
			}
			j := i
			for j < len(text) && text[j] != ' ' && text[j] != '\t' && text[j] != '\r' {
				j++
			}
			fs = append(fs, field{text[i:j], i + 1})
			i = j
		}
		if len(fs) == 0 {
			continue
		}
		want, ok := boardKeywords[fs[0].text]
		if !ok {
			return nil, fmt.Errorf("%s:%d:%d: unknown keyword %q (want slot, landmark, connect, touch, wall or pair)", name, num, fs[0].col, fs[0].text)
		}
		if len(fs) != want {
			return nil, fmt.Errorf("%s:%d: %s takes %d fields, got %d", name, num, fs[0].text, want-1, len(fs)-1)
		}
		lines = append(lines, boardLine{num, fs})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return lines, nil
}

func (p *boardParser) declare(l boardLine) error {
	kw := l.fields[0].text
	if kw != "slot" && kw != "landmark" {
		return nil
	}
	f := l.fields
	q, err := strconv.Atoi(f[2].text)
	if err != nil {
		return p.errf(l.num, &f[2], "bad coordinate %q", f[2].text)
	}
	r, err := strconv.Atoi(f[3].text)
	if err != nil {
		return p.errf(l.num, &f[3], "bad coordinate %q", f[3].text)
	}
	if p.b.SlotIndex(f[1].text) >= 0 || p.b.LandmarkIndex(f[1].text) >= 0 {
		return p.errf(l.num, &f[1], "name %s declared twice", f[1].text)
	}
	for _, s := range p.b.Slots {
		if s.Q == q && s.R == r {
			return p.errf(l.num, &f[2], "position %d %d already taken by slot %s", q, r, s.Name)
		}
	}
	for _, m := range p.b.Landmarks {
		if m.Q == q && m.R == r {
			return p.errf(l.num, &f[2], "position %d %d already taken by landmark %s", q, r, m.Name)
		}
	}
	if kw == "slot" {
		p.b.Slots = append(p.b.Slots, Slot{f[1].text, q, r})
	} else {
		p.b.Landmarks = append(p.b.Landmarks, Landmark{f[1].text, q, r})
	}
	return nil
}

func (p *boardParser) refer(l boardLine) error {
	f := l.fields
	switch f[0].text {
	case "connect":
		a, err := p.edge(l.num, f[1:3])
		if err != nil {
			return err
		}
		b, err := p.edge(l.num, f[3:5])
		if err != nil {
			return err
		}
		if a.Slot == b.Slot {
			return p.errf(l.num, &f[3], "slot %s is connected to itself", f[1].text)
		}
		p.b.Conns = append(p.b.Conns, Conn{a, b})
	case "touch":
		m, err := p.landmark(l.num, &f[1])
		if err != nil {
			return err
		}
		e, err := p.edge(l.num, f[2:4])
		if err != nil {
			return err
		}
		p.b.Touches = append(p.b.Touches, Touch{m, e})
	case "wall":
		e, err := p.edge(l.num, f[1:3])
		if err != nil {
			return err
		}
		p.b.Walls = append(p.b.Walls, e)
	case "pair":
		return p.pair(l)
	}
	return nil
}

func (p *boardParser) pair(l boardLine) error {
	f := l.fields
	a, err := p.landmark(l.num, &f[1])
	if err != nil {
		return err
	}
	b, err := p.landmark(l.num, &f[2])
	if err != nil {
		return err
	}
	if a == b {
		return p.errf(l.num, &f[2], "pair of landmark %s with itself", f[1].text)
	}
	key := [2]int{min(a, b), max(a, b)}
	if prev, ok := p.pairs[key]; ok {
		return p.errf(l.num, &f[1], "pair %s %s already listed on line %d", f[1].text, f[2].text, prev)
	}
	p.pairs[key] = l.num
	p.b.Pairs = append(p.b.Pairs, [2]int{a, b})
	return nil
}

// edge reads SLOT DIR and claims the edge for this line.
func (p *boardParser) edge(line int, f []field) (Edge, error) {
	s := p.b.SlotIndex(f[0].text)
	if s < 0 {
		return Edge{}, p.errf(line, &f[0], "unknown slot %q", f[0].text)
	}
	d, err := ParseDir(f[1].text)
	if err != nil {
		return Edge{}, p.errf(line, &f[1], "%v", err)
	}
	e := Edge{s, d}
	if prev, ok := p.used[e]; ok {
		return Edge{}, p.errf(line, &f[0], "edge %s %s already used on line %d", f[0].text, d, prev)
	}
	p.used[e] = line
	return e, nil
}

func (p *boardParser) landmark(line int, f *field) (int, error) {
	m := p.b.LandmarkIndex(f.text)
	if m < 0 {
		return 0, p.errf(line, f, "unknown landmark %q", f.text)
	}
	return m, nil
}
