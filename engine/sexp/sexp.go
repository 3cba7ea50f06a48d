// Package sexp reads S-expressions in the manner of go/scanner: every node
// knows the file, line and column it came from, and a malformed text yields
// every error found, sorted, instead of the first one only.
//
// The syntax is the one of Zillions of Games rule files: lists in
// parentheses, double-quoted strings that may span lines and have no escape
// sequences (a backslash is an ordinary character), atoms made of any other
// run of characters, and comments from ';' to the end of the line.
package sexp

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a place in a source file. Line and Col count from 1; Col counts
// bytes.
type Pos struct {
	File string
	Line int
	Col  int
}

// IsValid reports whether the position names a place.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats the position as file:line:col.
func (p Pos) String() string {
	if !p.IsValid() {
		if p.File != "" {
			return p.File
		}
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Before orders positions by file, then line, then column.
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Kind is the kind of a node.
type Kind uint8

// Node kinds.
const (
	Atom Kind = iota
	String
	List
)

// Node is an atom, a string or a list. Via is the macro call a node was
// produced by (nil for text written directly), so that an error can say
// both where the offending token is and which use brought it there.
type Node struct {
	Kind Kind
	Text string // atom text or string contents
	List []*Node
	Pos  Pos
	Via  *Node
	// Call is set on the nodes a macro call was replaced by (the top level
	// of the macro's body): it is that call.
	Call *Node
}

// IsAtom reports whether n is the atom s.
func (n *Node) IsAtom(s string) bool { return n != nil && n.Kind == Atom && n.Text == s }

// Head returns the text of the first element of a list whose first element
// is an atom, or "".
func (n *Node) Head() string {
	if n == nil || n.Kind != List || len(n.List) == 0 || n.List[0].Kind != Atom {
		return ""
	}
	return n.List[0].Text
}

// Args returns the elements of a list after its head.
func (n *Node) Args() []*Node {
	if n == nil || n.Kind != List || len(n.List) == 0 {
		return nil
	}
	return n.List[1:]
}

// Value returns the text of an atom or a string, and false for a list.
func (n *Node) Value() (string, bool) {
	if n == nil || n.Kind == List {
		return "", false
	}
	return n.Text, true
}

// String prints the node back as an S-expression on one line.
func (n *Node) String() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *Node) write(b *strings.Builder) {
	switch n.Kind {
	case Atom:
		b.WriteString(n.Text)
	case String:
		b.WriteByte('"')
		b.WriteString(n.Text)
		b.WriteByte('"')
	case List:
		b.WriteByte('(')
		for i, c := range n.List {
			if i > 0 {
				b.WriteByte(' ')
			}
			c.write(b)
		}
		b.WriteByte(')')
	}
}

// Origin returns the position of the outermost macro call that produced n,
// or n's own position for text written directly.
func (n *Node) Origin() Pos {
	for n.Via != nil {
		n = n.Via
	}
	return n.Pos
}

// Error is one problem at one place.
type Error struct {
	Pos Pos
	Msg string
}

// Error returns "file:line:col: message".
func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is a list of errors, sorted by position by Sort.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, &Error{pos, fmt.Sprintf(format, args...)})
}

// Addf appends an error at node n. A node produced by a macro also names the
// call site that brought it there.
func (l *ErrorList) Addf(n *Node, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if n == nil {
		*l = append(*l, &Error{Msg: msg})
		return
	}
	if n.Via != nil {
		msg += fmt.Sprintf(" (from macro %s at %s)", n.Via.Head(), n.Via.Pos)
	}
	*l = append(*l, &Error{n.Pos, msg})
}

// Sort sorts the list by position and removes exact duplicates (a macro used
// many times repeats the same mistake).
func (l *ErrorList) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		if s[i].Pos != s[j].Pos {
			return s[i].Pos.Before(s[j].Pos)
		}
		return s[i].Msg < s[j].Msg
	})
	out := s[:0]
	for i, e := range s {
		if i > 0 && e.Pos == s[i-1].Pos && e.Msg == s[i-1].Msg {
			continue
		}
		out = append(out, e)
	}
	*l = out
}

// maxListed bounds how many errors Error prints, so that a binary file fed
// by mistake does not flood the terminal.
const maxListed = 40

// Error prints every error on its own line (at most maxListed of them).
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i == maxListed {
			fmt.Fprintf(&b, "\n(and %d more errors)", len(l)-maxListed)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns the list as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
