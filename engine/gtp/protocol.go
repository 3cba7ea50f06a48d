// Package gtp speaks the Go Text Protocol (GTP version 2) both ways, for
// the games of the engine that it can describe: two players dropping
// stones on the points of a square grid, and passing (Go, and the other
// games GoGui's conventions allow).
//
// The Board is how GTP sees a game: points named A1 to T19 (GTP skips the
// letter I), black and white, moves as points or "pass". A Client talks
// to a program that speaks GTP (GNU Go, KataGo) over its standard input
// and output; an Engine serves GTP on a reader and a writer, so that
// front-ends (Sabaki, GoGui) play against the bots of package search.
package gtp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxLine bounds a line of the protocol read from the other side: a
// longer one is an error, not memory spent.
const MaxLine = 64 << 10

// maxResponse bounds the lines of one response (a board shown, a list of
// commands).
const maxResponse = 4096

// Command is one command: an optional numeric id, a name, arguments.
type Command struct {
	ID   string // "" when the command has none
	Name string
	Args []string
}

// String writes the command as it is sent.
func (c Command) String() string {
	parts := append([]string{c.Name}, c.Args...)
	if c.ID != "" {
		parts = append([]string{c.ID}, parts...)
	}
	return strings.Join(parts, " ")
}

// Response is the answer to a command: success ("=") or failure ("?"),
// the id of the command, and the text, lines joined by "\n".
type Response struct {
	OK   bool
	ID   string
	Text string
}

// ErrLineTooLong is returned for a line over MaxLine bytes.
var ErrLineTooLong = errors.New("gtp: line too long")

// clean applies the protocol's preprocessing to a command line: control
// characters other than tab are removed, tabs become spaces, and a
// comment (from #) is cut off.
func clean(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return controls(line)
}

// controls removes control characters other than tab, and makes tabs
// spaces.
func controls(line string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
}

// ParseCommand reads a command from one line; ok is false for a line
// holding none (empty, or a comment).
func ParseCommand(line string) (c Command, ok bool) {
	f := strings.Fields(clean(line))
	if len(f) == 0 {
		return Command{}, false
	}
	if isID(f[0]) {
		c.ID, f = f[0], f[1:]
		if len(f) == 0 {
			return Command{ID: c.ID}, true // an id alone: an empty command name
		}
	}
	c.Name, c.Args = f[0], f[1:]
	return c, true
}

func isID(s string) bool {
	if s == "" || len(s) > 18 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// readLine reads a line without its end (\n or \r\n), at most MaxLine
// bytes; io.EOF only when nothing was left.
func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(b)+len(chunk) > MaxLine+2 {
			return "", ErrLineTooLong
		}
		b = append(b, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(b) > 0:
			err = nil
		}
		if err != nil {
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

// ReadCommand reads the next command, skipping lines that hold none.
func ReadCommand(r *bufio.Reader) (Command, error) {
	for {
		line, err := readLine(r)
		if err != nil {
			return Command{}, err
		}
		if c, ok := ParseCommand(line); ok {
			return c, nil
		}
	}
}

// WriteResponse writes a response: "=id text" or "?id text", then the
// empty line that ends it. Empty lines inside text, which would end the
// response early, are written as a lone space.
func WriteResponse(w io.Writer, r Response) error {
	mark := "?"
	if r.OK {
		mark = "="
	}
	text := strings.TrimRight(r.Text, "\n")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if i > 0 && strings.TrimSpace(l) == "" {
			lines[i] = " "
		}
	}
	head := mark + r.ID
	if text != "" {
		head += " "
	}
	_, err := io.WriteString(w, head+strings.Join(lines, "\n")+"\n\n")
	return err
}

// ReadResponse reads a response: a line starting with = or ?, the lines
// that follow it, up to an empty line. Lines before the first that
// starts a response (noise some programs print) are skipped.
func ReadResponse(r *bufio.Reader) (Response, error) {
	var first string
	for {
		line, err := readLine(r)
		if err != nil {
			return Response{}, err
		}
		line = controls(line)
		if strings.HasPrefix(line, "=") || strings.HasPrefix(line, "?") {
			first = line
			break
		}
	}
	resp := Response{OK: first[0] == '='}
	rest := first[1:]
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	resp.ID = rest[:i]
	lines := []string{strings.TrimSpace(rest[i:])}
	for {
		line, err := readLine(r)
		if errors.Is(err, io.EOF) {
			break // the program ended after its answer
		}
		if err != nil {
			return Response{}, err
		}
		line = controls(line)
		if line == "" {
			break
		}
		if len(lines) >= maxResponse {
			return Response{}, fmt.Errorf("gtp: response of more than %d lines", maxResponse)
		}
		lines = append(lines, strings.TrimRight(line, " "))
	}
	resp.Text = strings.TrimRight(strings.TrimLeft(strings.Join(lines, "\n"), "\n"), " \n")
	return resp, nil
}
