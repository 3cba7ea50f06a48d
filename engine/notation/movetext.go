package notation

import (
	"fmt"
	"io"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// PGN and PDN share their syntax: tag pairs, then movetext of numbered
// moves with variations in parentheses, comments in braces or after ';',
// and a result that ends the game. This file reads and writes that
// syntax; pgn.go and pdn.go say what a move is.

// movetext is a game of PGN or PDN as read: its tags, its moves as
// written (in a tree like a record's), and the result that ended it.
type movetext struct {
	tags   [][2]string
	root   engine.RecordNode
	result string
}

// isResult reports whether a token is a game termination marker (PDN
// writes 2-0, 0-2 and 1-1 for the results of international draughts).
func isResult(t string) bool {
	switch t {
	case "1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1":
		return true
	}
	return false
}

type lexer struct {
	src  string
	pos  int
	line int
}

type token struct {
	kind      byte // 't' tag, '(' , ')', 'm' move, 'r' result, 0 end
	text, val string
	line      int
}

func (l *lexer) errorf(format string, args ...any) error {
	return fmt.Errorf("line %d: %s", l.line, fmt.Sprintf(format, args...))
}

// next returns the next token, skipping spaces, comments, escape lines,
// move numbers and numeric annotation glyphs ($1).
func (l *lexer) next() (token, error) {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			l.line++
			l.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '.':
			l.pos++
		case c == '%' && (l.pos == 0 || l.src[l.pos-1] == '\n'), c == ';':
			l.skipTo('\n')
		case c == '{':
			start := l.line
			if !l.skipTo('}') {
				return token{}, fmt.Errorf("line %d: a comment without its '}'", start)
			}
			l.pos++
		case c == '[':
			return l.tag()
		case c == '(' || c == ')':
			l.pos++
			return token{kind: c, line: l.line}, nil
		case c == '$':
			l.pos++
			for l.pos < len(l.src) && l.src[l.pos] >= '0' && l.src[l.pos] <= '9' {
				l.pos++
			}
		default:
			if t, ok := l.symbol(); ok {
				return t, nil
			}
		}
	}
	return token{line: l.line}, nil
}

// skipTo moves to the next c (counting lines), reporting whether there
// is one.
func (l *lexer) skipTo(c byte) bool {
	for l.pos < len(l.src) && l.src[l.pos] != c {
		if l.src[l.pos] == '\n' {
			l.line++
		}
		l.pos++
	}
	return l.pos < len(l.src)
}

// symbol reads a move or a result; a move number before a move ("12.",
// "12...", glued or not) is dropped, and reports false for a lone number.
func (l *lexer) symbol() (token, bool) {
	start := l.pos
	for l.pos < len(l.src) && strings.IndexByte(" \t\r\n(){}[];$\"", l.src[l.pos]) < 0 {
		l.pos++
	}
	s := l.src[start:l.pos]
	if s == "" {
		// A quote outside a tag: not PGN, skipped.
		l.pos++
		return token{}, false
	}
	if isResult(s) {
		return token{kind: 'r', text: s, line: l.line}, true
	}
	digits := strings.TrimLeft(s, "0123456789")
	if digits != s && strings.HasPrefix(digits, ".") {
		s = strings.TrimLeft(digits, ".")
	}
	if s == "" {
		return token{}, false
	}
	return token{kind: 'm', text: s, line: l.line}, true
}

// tag reads [Name "value"]; the value escapes '"' and '\' with '\'.
func (l *lexer) tag() (token, error) {
	line := l.line
	l.pos++
	end := strings.IndexAny(l.src[l.pos:], " \t\"]\n")
	if end <= 0 {
		return token{}, l.errorf("a tag without a name")
	}
	name := l.src[l.pos : l.pos+end]
	l.pos += end
	for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
		l.pos++
	}
	if l.pos >= len(l.src) || l.src[l.pos] != '"' {
		return token{}, l.errorf("tag %s: the value must be a quoted string", name)
	}
	l.pos++
	var v strings.Builder
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			return token{}, l.errorf("tag %s: the value has no closing quote", name)
		}
		c := l.src[l.pos]
		l.pos++
		if c == '"' {
			break
		}
		if c == '\\' && l.pos < len(l.src) && (l.src[l.pos] == '"' || l.src[l.pos] == '\\') {
			c = l.src[l.pos]
			l.pos++
		}
		v.WriteByte(c)
	}
	for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
		l.pos++
	}
	if l.pos >= len(l.src) || l.src[l.pos] != ']' {
		return token{}, l.errorf("tag %s does not end with ]", name)
	}
	l.pos++
	return token{kind: 't', text: name, val: v.String(), line: line}, nil
}

// readMovetext reads the first game of r.
func readMovetext(r io.Reader) (*movetext, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	l := &lexer{src: string(src), line: 1}
	g := &movetext{}
	cur := &g.root
	var parents []*engine.RecordNode // from the root to cur's parent
	type saved struct {
		cur     *engine.RecordNode
		parents []*engine.RecordNode
	}
	var stack []saved
	moves := false
	for {
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		switch t.kind {
		case 0:
			if len(stack) > 0 {
				return nil, fmt.Errorf("line %d: %d variation(s) not closed", t.line, len(stack))
			}
			return g, nil
		case 't':
			if moves {
				// The tags of the next game: this one had no result.
				return g, nil
			}
			if !unknownTag(t.text, t.val) {
				g.tags = append(g.tags, [2]string{t.text, t.val})
			}
		case '(':
			if len(parents) == 0 {
				return nil, fmt.Errorf("line %d: a variation needs a move before it", t.line)
			}
			stack = append(stack, saved{cur, append([]*engine.RecordNode(nil), parents...)})
			cur, parents = parents[len(parents)-1], parents[:len(parents)-1]
		case ')':
			if len(stack) == 0 {
				return nil, fmt.Errorf("line %d: ')' without '('", t.line)
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cur, parents = top.cur, top.parents
		case 'r':
			if len(stack) > 0 {
				return nil, fmt.Errorf("line %d: the result %s inside a variation", t.line, t.text)
			}
			g.result = t.text
			return g, nil
		case 'm':
			moves = true
			n := &engine.RecordNode{Move: t.text}
			cur.Children = append(cur.Children, n)
			parents = append(parents, cur)
			cur = n
		}
	}
}

func movetextTags(r io.Reader) ([][2]string, error) {
	mt, err := readMovetext(r)
	if err != nil {
		return nil, err
	}
	return mt.tags, nil
}

// resolve turns the moves of a movetext tree, as written, into the
// universal notation: parse finds the legal move a text names in s. s
// ends as it began.
func resolve(s *engine.State, n *engine.RecordNode, ply int, parse func(*engine.State, string) (engine.Move, error)) error {
	for _, c := range n.Children {
		m, err := parse(s, c.Move)
		if err != nil {
			return fmt.Errorf("move %d (%s): %w", ply, c.Move, err)
		}
		c.Move = s.Notation(&m)
		s.Play(&m)
		err = resolve(s, c, ply+1, parse)
		s.Undo()
		if err != nil {
			return err
		}
	}
	return nil
}

// moveWriter writes a legal move of s in a notation.
type moveWriter func(s *engine.State, m *engine.Move) (string, error)

// numbered writes a record's moves as movetext tokens: each move of the
// first player after its number ("1."), a move of the second after a
// variation or at the start after "1..."; each variation in parentheses
// after the move it replaces. ply counts from 0, the first player's
// first move. s ends as it began.
func numbered(s *engine.State, n *engine.RecordNode, ply int, number bool, write moveWriter, out *[]string) error {
	if len(n.Children) == 0 {
		return nil
	}
	main := n.Children[0]
	m, err := numberedMove(s, main, ply, number, write, out)
	if err != nil {
		return err
	}
	for _, c := range n.Children[1:] {
		var v []string
		vm, err := numberedMove(s, c, ply, true, write, &v)
		if err != nil {
			return err
		}
		s.Play(&vm)
		err = numbered(s, c, ply+1, false, write, &v)
		s.Undo()
		if err != nil {
			return err
		}
		v[0] = "(" + v[0]
		v[len(v)-1] += ")"
		*out = append(*out, v...)
	}
	s.Play(&m)
	err = numbered(s, main, ply+1, len(n.Children) > 1, write, out)
	s.Undo()
	return err
}

// numberedMove appends n's number (when due) and its move, written in
// the position s, and returns the move.
func numberedMove(s *engine.State, n *engine.RecordNode, ply int, number bool, write moveWriter, out *[]string) (engine.Move, error) {
	m, err := s.ParseMove(n.Move)
	if err != nil {
		return m, fmt.Errorf("move %q: %w", n.Move, err)
	}
	text, err := write(s, &m)
	if err != nil {
		return m, fmt.Errorf("move %q: %w", n.Move, err)
	}
	switch {
	case ply%2 == 0:
		*out = append(*out, fmt.Sprintf("%d.", ply/2+1))
	case number:
		*out = append(*out, fmt.Sprintf("%d...", ply/2+1))
	}
	*out = append(*out, text)
	return m, nil
}

// writeMovetext writes tags, an empty line and the tokens, in lines of at
// most 79 characters.
func writeMovetext(w io.Writer, tags [][2]string, tokens []string) error {
	var b strings.Builder
	// PGN has no escape for a line break in a tag: it reads as a space.
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ")
	for _, t := range tags {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t[0], esc.Replace(t[1]))
	}
	b.WriteString("\n")
	n := 0
	for _, t := range tokens {
		if n > 0 && n+1+len(t) > 79 {
			b.WriteString("\n")
			n = 0
		} else if n > 0 {
			b.WriteString(" ")
			n++
		}
		b.WriteString(t)
		n += len(t)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// unknownTag reports a tag of the seven tag roster that says its value is
// not known: a record leaves such tags out, and the encoder writes them
// back.
func unknownTag(name, value string) bool {
	switch name {
	case "Event", "Site", "Round", "White", "Black":
		return value == "?"
	case "Date":
		return value == "????.??.??"
	}
	return false
}

// roster returns the tags PGN and PDN write first, in their order (the
// seven tag roster, "?" for what is not known), then the record's other
// tags but those in skip.
func roster(rec *engine.Record, white, black, result string, skip ...string) [][2]string {
	or := func(v, unknown string) string {
		if v == "" {
			return unknown
		}
		return v
	}
	tags := [][2]string{
		{"Event", or(rec.Tag("Event"), "?")},
		{"Site", or(rec.Tag("Site"), "?")},
		{"Date", or(rec.Tag("Date"), "????.??.??")},
		{"Round", or(rec.Tag("Round"), "?")},
		{"White", or(white, "?")},
		{"Black", or(black, "?")},
		{"Result", result},
	}
	skip = append(skip, "Event", "Site", "Date", "Round", "White", "Black", "Result")
	for _, t := range rec.Tags {
		if !contains(skip, t[0]) {
			tags = append(tags, t)
		}
	}
	return tags
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
