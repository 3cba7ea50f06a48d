package engine

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// normalize folds the spacing and the capture mark of a move's text so
// that "e4  x d5 pawn-capture nw" matches "e4 - d5 pawn-capture nw".
func normalize(s string) string {
	f := strings.Fields(s)
	for i, w := range f {
		if w == "x" {
			f[i] = "-"
		}
	}
	return strings.Join(f, " ")
}

// ParseMove finds the legal move written text in the universal notation.
// A move number ("12.") in front is ignored.
func (s *State) ParseMove(text string) (Move, error) {
	t := strings.TrimSpace(text)
	if f := strings.Fields(t); len(f) > 0 && strings.HasSuffix(f[0], ".") {
		if _, err := strconv.Atoi(strings.TrimSuffix(f[0], ".")); err == nil {
			t = strings.TrimSpace(strings.TrimPrefix(t, f[0]))
		}
	}
	want := normalize(t)
	var ml MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		return Move{}, err
	}
	var found []int
	for i := range ms {
		if normalize(s.Notation(&ms[i])) == want {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 0:
		if m, ok, err := s.sameAsListed(want, ms); err != nil || ok {
			return m, err
		}
		return Move{}, fmt.Errorf("%q is not a legal move here", text)
	case 1:
		return ms[found[0]].Clone(), nil
	}
	// Two moves that write the same are the same to the player (two
	// capture paths over the same pieces); the first stands for both.
	return ms[found[0]].Clone(), nil
}

// sameAsListed finds, under "unique moves", the move of ms that leads to
// the same position as the move written want, which the option left out
// of the list (a Pentago quadrant without marbles turned the other way).
func (s *State) sameAsListed(want string, ms []Move) (Move, bool, error) {
	if !s.g.Rules.Options.UniqueMoves {
		return Move{}, false, nil
	}
	gn := s.generator()
	var all MoveList
	gn.allMoves = true
	every, err := s.Moves(&all)
	gn.allMoves = false
	if err != nil {
		return Move{}, false, err
	}
	for i := range every {
		if normalize(s.Notation(&every[i])) != want {
			continue
		}
		k := s.g.changeKey(s.cells, every[i].Changes)
		for j := range ms {
			if s.g.changeKey(s.cells, ms[j].Changes) == k {
				return ms[j].Clone(), true, nil
			}
		}
	}
	return Move{}, false, nil
}

// Record is a game record: tags and a tree of moves in the universal
// notation, whose first child continues the main line and whose other
// children are variations.
type Record struct {
	Tags [][2]string
	Root RecordNode
}

// RecordNode is a move of a record and what follows it.
type RecordNode struct {
	Move     string
	Children []*RecordNode
}

// Tag returns the value of a tag, or "".
func (r *Record) Tag(name string) string {
	for _, t := range r.Tags {
		if t[0] == name {
			return t[1]
		}
	}
	return ""
}

// SetTag sets a tag, replacing an earlier value.
func (r *Record) SetTag(name, value string) {
	for i, t := range r.Tags {
		if t[0] == name {
			r.Tags[i][1] = value
			return
		}
	}
	r.Tags = append(r.Tags, [2]string{name, value})
}

// MainLine returns the moves of the main line.
func (r *Record) MainLine() []string {
	var out []string
	for n := &r.Root; len(n.Children) > 0; n = n.Children[0] {
		out = append(out, n.Children[0].Move)
	}
	return out
}

// Append adds a move at the end of the main line.
func (r *Record) Append(move string) {
	n := &r.Root
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	n.Children = append(n.Children, &RecordNode{Move: move})
}

// Write writes the record: tags as [Name "value"], then one move per line
// with its ply number, and each variation between lines "(" and ")" after
// the move it replaces.
func (r *Record) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, t := range r.Tags {
		fmt.Fprintf(bw, "[%s %s]\n", t[0], strconv.Quote(t[1]))
	}
	writeLine(bw, &r.Root, 1, "")
	return bw.Flush()
}

func writeLine(w *bufio.Writer, n *RecordNode, ply int, indent string) {
	for len(n.Children) > 0 {
		main := n.Children[0]
		fmt.Fprintf(w, "%s%d. %s\n", indent, ply, main.Move)
		for _, v := range n.Children[1:] {
			fmt.Fprintf(w, "%s(\n", indent)
			fmt.Fprintf(w, "%s  %d. %s\n", indent, ply, v.Move)
			writeLine(w, v, ply+1, indent+"  ")
			fmt.Fprintf(w, "%s)\n", indent)
		}
		n = main
		ply++
	}
}

// LoadRecord reads the record file at path (see ReadRecord).
func LoadRecord(path string) (*Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadRecord(path, f)
}

// ReadRecord reads a record written by Write (blank lines and lines
// starting with ';' are skipped).
func ReadRecord(name string, rd io.Reader) (*Record, error) {
	r := &Record{}
	sc := bufio.NewScanner(rd)
	cur := &r.Root
	// parents is the path from the root to cur's parent; a variation
	// hangs its moves from cur's parent.
	var parents []*RecordNode
	type saved struct {
		cur     *RecordNode
		parents []*RecordNode
	}
	var stack []saved
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "" || strings.HasPrefix(t, ";"):
		case strings.HasPrefix(t, "["):
			k, v, err := parseTag(t)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			r.Tags = append(r.Tags, [2]string{k, v})
		case t == "(":
			if len(parents) == 0 {
				return nil, fmt.Errorf("%s:%d: a variation needs a move before it", name, line)
			}
			stack = append(stack, saved{cur, append([]*RecordNode(nil), parents...)})
			cur = parents[len(parents)-1]
			parents = parents[:len(parents)-1]
		case t == ")":
			if len(stack) == 0 {
				return nil, fmt.Errorf("%s:%d: ')' without '('", name, line)
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cur, parents = top.cur, top.parents
		default:
			if f := strings.Fields(t); strings.HasSuffix(f[0], ".") {
				t = strings.TrimSpace(strings.TrimPrefix(t, f[0]))
			}
			if t == "" {
				return nil, fmt.Errorf("%s:%d: a move number without a move", name, line)
			}
			n := &RecordNode{Move: t}
			cur.Children = append(cur.Children, n)
			parents = append(parents, cur)
			cur = n
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("%s: %d variation(s) not closed", name, len(stack))
	}
	return r, nil
}

func parseTag(t string) (string, string, error) {
	if !strings.HasSuffix(t, "]") {
		return "", "", fmt.Errorf("tag %q does not end with ]", t)
	}
	body := strings.TrimSpace(t[1 : len(t)-1])
	i := strings.IndexByte(body, ' ')
	if i < 0 {
		return "", "", fmt.Errorf("tag %q has no value", t)
	}
	v, err := strconv.Unquote(strings.TrimSpace(body[i+1:]))
	if err != nil {
		return "", "", fmt.Errorf("tag %q: the value must be a quoted string", t)
	}
	return body[:i], v, nil
}

// Replay plays the record's main line from s and checks every variation
// against the rules; s ends after the main line.
func (r *Record) Replay(s *State) error {
	if err := replayVariations(s, &r.Root, 1); err != nil {
		return err
	}
	for i, mv := range r.MainLine() {
		m, err := s.ParseMove(mv)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		s.Play(&m)
	}
	return nil
}

func replayVariations(s *State, n *RecordNode, ply int) error {
	for _, c := range n.Children {
		m, err := s.ParseMove(c.Move)
		if err != nil {
			return fmt.Errorf("move %d: %w", ply, err)
		}
		s.Play(&m)
		err = replayVariations(s, c, ply+1)
		s.Undo()
		if err != nil {
			return err
		}
	}
	return nil
}
