package notation

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// WriteRecord writes a record in the universal notation's record format:
// tags as [Name "value"], then one move per line with its ply number, and
// each variation between lines "(" and ")" after the move it replaces.
func WriteRecord(w io.Writer, r *engine.Record) error {
	bw := bufio.NewWriter(w)
	for _, t := range r.Tags {
		fmt.Fprintf(bw, "[%s %s]\n", t[0], strconv.Quote(t[1]))
	}
	writeLine(bw, &r.Root, 1, "")
	return bw.Flush()
}

func writeLine(w *bufio.Writer, n *engine.RecordNode, ply int, indent string) {
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

// LoadRecord reads the record file at path in the universal notation's
// record format (see ReadRecord).
func LoadRecord(path string) (*engine.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadRecord(path, f)
}

// ReadRecord reads a record written by WriteRecord (blank lines and lines
// starting with ';' are skipped); name, the file's, begins the errors. The moves are
// read as text: Record.Replay or Universal.Decode checks them against the
// rules.
func ReadRecord(name string, rd io.Reader) (*engine.Record, error) {
	r := &engine.Record{}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	cur := &r.Root
	// parents is the path from the root to cur's parent; a variation
	// hangs its moves from cur's parent.
	var parents []*engine.RecordNode
	type saved struct {
		cur     *engine.RecordNode
		parents []*engine.RecordNode
	}
	var stack []saved
	at := func(line int) string {
		if name == "" {
			return fmt.Sprintf("line %d", line)
		}
		return fmt.Sprintf("%s:%d", name, line)
	}
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "" || strings.HasPrefix(t, ";"):
		case strings.HasPrefix(t, "["):
			k, v, err := parseTag(t)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", at(line), err)
			}
			r.Tags = append(r.Tags, [2]string{k, v})
		case t == "(":
			if len(parents) == 0 {
				return nil, fmt.Errorf("%s: a variation needs a move before it", at(line))
			}
			stack = append(stack, saved{cur, append([]*engine.RecordNode(nil), parents...)})
			cur = parents[len(parents)-1]
			parents = parents[:len(parents)-1]
		case t == ")":
			if len(stack) == 0 {
				return nil, fmt.Errorf("%s: ')' without '('", at(line))
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cur, parents = top.cur, top.parents
		default:
			if f := strings.Fields(t); strings.HasSuffix(f[0], ".") {
				t = strings.TrimSpace(strings.TrimPrefix(t, f[0]))
			}
			if t == "" {
				return nil, fmt.Errorf("%s: a move number without a move", at(line))
			}
			n := &engine.RecordNode{Move: t}
			cur.Children = append(cur.Children, n)
			parents = append(parents, cur)
			cur = n
		}
	}
	if name == "" {
		name = "record"
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

func encodeUniversal(w io.Writer, _ *engine.State, rec *engine.Record) error {
	return WriteRecord(w, rec)
}

// decodeUniversal reads a record and writes each of its moves, variations
// too, as the engine writes the legal move it names, so that "e4  x d5"
// reads as "e4 - d5 ..." would.
func decodeUniversal(r io.Reader, start *engine.State) (*engine.Record, error) {
	rec, err := ReadRecord("", r)
	if err != nil {
		return nil, err
	}
	s := start.Clone()
	err = walk(s, &rec.Root, 1, func(n *engine.RecordNode, m *engine.Move) error {
		n.Move = s.Notation(m)
		return nil
	})
	return rec, err
}

// walk visits every move below n, depth first, with s in the position
// the move is played in; visit may rewrite the node. s ends as it began.
func walk(s *engine.State, n *engine.RecordNode, ply int, visit func(*engine.RecordNode, *engine.Move) error) error {
	for _, c := range n.Children {
		m, err := s.ParseMove(c.Move)
		if err != nil {
			return fmt.Errorf("move %d: %w", ply, err)
		}
		if err := visit(c, &m); err != nil {
			return fmt.Errorf("move %d: %w", ply, err)
		}
		s.Play(&m)
		err = walk(s, c, ply+1, visit)
		s.Undo()
		if err != nil {
			return err
		}
	}
	return nil
}

func universalTags(r io.Reader) ([][2]string, error) {
	rec, err := ReadRecord("", r)
	if err != nil {
		return nil, err
	}
	return rec.Tags, nil
}
