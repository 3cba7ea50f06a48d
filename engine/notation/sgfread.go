package notation

import (
	"fmt"
	"io"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// sgfNode is a node of an SGF game tree as read.
type sgfNode struct {
	props []sgfProperty
	kids  []*sgfNode
}

type sgfProperty struct {
	id   string
	vals []string
}

func (n *sgfNode) get(id string) (string, bool) {
	for _, p := range n.props {
		if p.id == id {
			return p.vals[0], true
		}
	}
	return "", false
}

// maxSGFDepth bounds the nesting of game trees, so that no text makes the
// reader recurse without end.
const maxSGFDepth = 1000

// sgfParser reads the SGF grammar: Collection = GameTree+, GameTree =
// "(" Node+ GameTree* ")", Node = ";" Property*, Property = Ident Value+.
type sgfParser struct {
	src  string
	pos  int
	line int
}

func (p *sgfParser) errorf(format string, args ...any) error {
	return fmt.Errorf("line %d: %s", p.line, fmt.Sprintf(format, args...))
}

func (p *sgfParser) skipSpace() {
	for p.pos < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.pos]) >= 0 {
		if p.src[p.pos] == '\n' {
			p.line++
		}
		p.pos++
	}
}

func (p *sgfParser) peek() byte {
	p.skipSpace()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// tree reads a game tree and returns its first node.
func (p *sgfParser) tree(depth int) (*sgfNode, error) {
	if depth > maxSGFDepth {
		return nil, p.errorf("game trees nested more than %d deep", maxSGFDepth)
	}
	if p.peek() != '(' {
		return nil, p.errorf("want '(' to start a game tree")
	}
	p.pos++
	var first, last *sgfNode
	for p.peek() == ';' {
		p.pos++
		n, err := p.node()
		if err != nil {
			return nil, err
		}
		if first == nil {
			first = n
		} else {
			last.kids = append(last.kids, n)
		}
		last = n
	}
	if first == nil {
		return nil, p.errorf("a game tree without a node")
	}
	for p.peek() == '(' {
		sub, err := p.tree(depth + 1)
		if err != nil {
			return nil, err
		}
		last.kids = append(last.kids, sub)
	}
	if p.peek() != ')' {
		return nil, p.errorf("want ')' to end a game tree")
	}
	p.pos++
	return first, nil
}

// node reads the properties of a node, after its ';'.
func (p *sgfParser) node() (*sgfNode, error) {
	n := &sgfNode{}
	for {
		c := p.peek()
		if c < 'A' || c > 'Z' && c < 'a' || c > 'z' {
			return n, nil
		}
		var id strings.Builder
		for p.pos < len(p.src) && (p.src[p.pos] >= 'A' && p.src[p.pos] <= 'Z' || p.src[p.pos] >= 'a' && p.src[p.pos] <= 'z') {
			// Old files spell identifiers with lower-case letters
			// between the capitals (AddBlack for AB); SGF ignores them.
			if c := p.src[p.pos]; c >= 'A' && c <= 'Z' {
				id.WriteByte(c)
			}
			p.pos++
		}
		prop := sgfProperty{id: id.String()}
		for p.peek() == '[' {
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			prop.vals = append(prop.vals, v)
		}
		if len(prop.vals) == 0 {
			return nil, p.errorf("property %s without a value", prop.id)
		}
		n.props = append(n.props, prop)
	}
}

// value reads a property value: '\' escapes the next character, and a
// '\' before a line break joins the lines.
func (p *sgfParser) value() (string, error) {
	start := p.line
	p.pos++
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		p.pos++
		switch c {
		case ']':
			return b.String(), nil
		case '\\':
			if p.pos < len(p.src) {
				c = p.src[p.pos]
				p.pos++
				if c == '\n' {
					p.line++
					continue
				}
				if c == '\r' {
					if p.pos < len(p.src) && p.src[p.pos] == '\n' {
						p.pos++
					}
					p.line++
					continue
				}
			}
		case '\n':
			p.line++
		}
		b.WriteByte(c)
	}
	return "", fmt.Errorf("line %d: a value without its ']'", start)
}

// readSGF reads the first game tree of r and returns its root.
func readSGF(r io.Reader) (*sgfNode, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	// Whatever comes before the first game tree (a byte order mark, a
	// mail header) is not SGF.
	i := strings.IndexByte(string(src), '(')
	if i < 0 {
		return nil, fmt.Errorf("no game tree: SGF starts with '('")
	}
	p := &sgfParser{src: string(src[i:]), line: 1 + strings.Count(string(src[:i]), "\n")}
	return p.tree(0)
}

func sgfTags(r io.Reader) ([][2]string, error) {
	root, err := readSGF(r)
	if err != nil {
		return nil, err
	}
	rec := &engine.Record{}
	(&sgfGame{black: -1}).tags(root, rec)
	return rec.Tags, nil
}

func decodeSGF(r io.Reader, start *engine.State) (*engine.Record, error) {
	root, err := readSGF(r)
	if err != nil {
		return nil, err
	}
	sg := sgfGameOf(start.Game())
	rec := &engine.Record{}
	sg.tags(root, rec)
	s := start.Clone()
	err = sg.readMoves(s, root, &rec.Root, 1)
	return rec, err
}

// tags sets the record's tags from the root node's properties.
func (sg *sgfGame) tags(root *sgfNode, rec *engine.Record) {
	set := func(id, tag string) {
		if v, ok := root.get(id); ok && v != "" {
			rec.SetTag(tag, v)
		}
	}
	set("GN", "Game")
	set("EV", "Event")
	set("RO", "Round")
	set("PC", "Site")
	if v, ok := root.get("DT"); ok && v != "" {
		rec.SetTag("Date", pgnDate(v))
	}
	if sg.black >= 0 {
		set("PB", sg.g.Rules.Players[sg.black].Name)
		set("PW", sg.g.Rules.Players[sg.white].Name)
		set("RE", "Result")
	}
}

// pgnDate writes an SGF date in PGN's form (2006-01-02 as 2006.01.02,
// 2006 as 2006.??.??); other dates are kept as they are.
func pgnDate(d string) string {
	parts := strings.Split(d, "-")
	if len(parts) > 3 || len(parts[0]) != 4 {
		return d
	}
	for _, p := range parts {
		if strings.Trim(p, "0123456789") != "" {
			return d
		}
	}
	for len(parts) < 3 {
		parts = append(parts, "??")
	}
	return strings.Join(parts, ".")
}

// readMoves adds the moves of n and the nodes below it under parent; a
// node without a move (a comment) passes its children on. s ends as it
// began.
func (sg *sgfGame) readMoves(s *engine.State, n *sgfNode, parent *engine.RecordNode, ply int) error {
	played := 0
	defer func() {
		for ; played > 0; played-- {
			s.Undo()
		}
	}()
	for {
		m, ok, err := sg.move(s, n)
		if err != nil {
			return fmt.Errorf("move %d: %w", ply, err)
		}
		if ok {
			c := &engine.RecordNode{Move: s.Notation(&m)}
			parent.Children = append(parent.Children, c)
			s.Play(&m)
			played++
			ply++
			parent = c
		}
		if len(n.kids) != 1 {
			break
		}
		n = n.kids[0]
	}
	for _, k := range n.kids {
		if err := sg.readMoves(s, k, parent, ply); err != nil {
			return err
		}
	}
	return nil
}

// move reads the move of a node, if it has one.
func (sg *sgfGame) move(s *engine.State, n *sgfNode) (engine.Move, bool, error) {
	for _, id := range []string{"AB", "AW", "AE"} {
		if _, ok := n.get(id); ok {
			return engine.Move{}, false, unsupportedf("setup property %s: records start from the game's position", id)
		}
	}
	var found []string
	for _, id := range []string{"B", "W", "MV"} {
		if _, ok := n.get(id); ok {
			found = append(found, id)
		}
	}
	switch len(found) {
	case 0:
		return engine.Move{}, false, nil
	case 1:
	default:
		return engine.Move{}, false, fmt.Errorf("a node with two moves (%s)", strings.Join(found, ", "))
	}
	if want := sg.color(s); found[0] != want {
		return engine.Move{}, false, fmt.Errorf("%s moves, but %s is to move", found[0], want)
	}
	v, _ := n.get(found[0])
	m, err := sg.parseValue(s, strings.TrimSpace(v))
	return m, err == nil, err
}

// parseValue finds the legal move an SGF value names: a point, nothing
// (or tt on boards up to 19 by 19, as older files write it) for a pass,
// or the universal notation.
func (sg *sgfGame) parseValue(s *engine.State, v string) (engine.Move, error) {
	if xy, ok := sg.pointOf(v); ok {
		if to, on := sg.grid.at[xy]; on {
			ds := sg.dropsOn(s, to)
			if len(ds) == 0 {
				return engine.Move{}, fmt.Errorf("no legal drop on %s (%s)", v, sg.grid.names[to])
			}
			return ds[0], nil
		}
	}
	if v == "" || v == "tt" && sg.grid != nil && sg.grid.w <= 19 && sg.grid.h <= 19 {
		var ml engine.MoveList
		ms, err := s.Moves(&ml)
		if err != nil {
			return engine.Move{}, err
		}
		for i := range ms {
			if ms[i].Pass {
				return ms[i].Clone(), nil
			}
		}
		return engine.Move{}, fmt.Errorf("no pass is legal here")
	}
	return s.ParseMove(v)
}

// pointOf reads an SGF point of the grid.
func (sg *sgfGame) pointOf(v string) ([2]int, bool) {
	if sg.grid == nil || len(v) != 2 {
		return [2]int{}, false
	}
	var xy [2]int
	for i := range 2 {
		switch c := v[i]; {
		case c >= 'a' && c <= 'z':
			xy[i] = int(c - 'a')
		case c >= 'A' && c <= 'Z':
			xy[i] = int(c-'A') + 26
		default:
			return [2]int{}, false
		}
	}
	return xy, xy[0] < sg.grid.w && xy[1] < sg.grid.h
}
