package zrf_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/sexp"
	"github.com/ludus-games/ludus/engine/zrf"
)

// The files of testdata/errors are rules files that must fail, in the
// manner of go/parser's error tests. A comment on a line says which
// errors the reader reports there:
//
//	(piece (name P) (moves ((verify (> 1)) add))) ; ERROR col 33 "> compares two numbers"
//
// The string (Go syntax, quoted or back-quoted) is a regular expression
// the error's message must match; "col N", when given, pins the column
// too. One comment may hold several ERROR clauses. Every error reported
// must be expected on its line, and every expected error must be
// reported. A file is read (with the files it includes from the same
// folder, whose comments count as well), each of its games and variants
// built, and each game that builds compiled: the errors of every stage
// count, once each.
const errorsDir = "testdata/errors"

// TestErrors checks every file of testdata/errors.
func TestErrors(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(errorsDir, "*.zrf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no error files in %s (%v)", errorsDir, err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) { checkErrors(t, filepath.Base(path)) })
	}
}

// posError is one reported error: where, and what it says.
type posError struct {
	file      string
	line, col int // col 0: the error names only a line
	msg       string
}

func (e posError) String() string {
	if e.col == 0 {
		return fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.file, e.line, e.col, e.msg)
}

// expectation is one ERROR clause of a comment.
type expectation struct {
	file      string
	line, col int // col 0: any column of the line
	rx        *regexp.Regexp
}

func (x expectation) String() string {
	at := fmt.Sprintf("%s:%d", x.file, x.line)
	if x.col > 0 {
		at += fmt.Sprintf(":%d", x.col)
	}
	return fmt.Sprintf("%s: %q", at, x.rx)
}

// checkErrors reads, builds and compiles the file name of errorsDir and
// matches what goes wrong against the comments.
func checkErrors(t *testing.T, name string) {
	src, err := os.ReadFile(filepath.Join(errorsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	fsys := &openedFS{FS: os.DirFS(errorsDir), opened: []string{name}}
	got := reportedErrors(t, name, src, fsys)
	var want []expectation
	for _, f := range fsys.opened {
		text := src
		if f != name {
			if text, err = fs.ReadFile(fsys.FS, f); err != nil {
				t.Fatal(err)
			}
		}
		xs, err := expectations(f, text)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, xs...)
	}
	for _, e := range got {
		i := slices.IndexFunc(want, func(x expectation) bool {
			return x.file == e.file && x.line == e.line && (x.col == 0 || x.col == e.col) && x.rx.MatchString(e.msg)
		})
		if i < 0 {
			t.Errorf("unexpected error %s", e)
			continue
		}
		want = slices.Delete(want, i, i+1)
	}
	for _, x := range want {
		t.Errorf("missing error %s", x)
	}
}

// reportedErrors returns every error of reading, building and compiling
// the file, each once.
func reportedErrors(t *testing.T, name string, src []byte, fsys fs.FS) []posError {
	t.Helper()
	var out []posError
	collect := func(err error) {
		for _, e := range positioned(t, err) {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	f, err := zrf.Read(name, src, fsys)
	if err != nil {
		collect(err)
		return out
	}
	for _, e := range f.Games {
		g, err := f.Build(e)
		if err != nil {
			collect(err)
			continue
		}
		_, err = engine.Compile(g.Rules)
		collect(err)
	}
	return out
}

// cmpPos orders places as sexp.Pos.Before does.
func cmpPos(a, b sexp.Pos) int {
	switch {
	case a.Before(b):
		return -1
	case b.Before(a):
		return 1
	}
	return 0
}

// errorLine is one line of an error that is not a list: file:line:col: or
// file:line: and the message.
var errorLine = regexp.MustCompile(`^([^:\s]+):(\d+)(?::(\d+))?: (.*)$`)

// positioned splits err into its errors with their places; an error that
// names no place fails the test.
func positioned(t *testing.T, err error) []posError {
	t.Helper()
	if err == nil {
		return nil
	}
	var list sexp.ErrorList
	if errors.As(err, &list) {
		if !slices.IsSortedFunc(list, func(a, b *sexp.Error) int { return cmpPos(a.Pos, b.Pos) }) {
			t.Errorf("errors not sorted by place:\n%v", err)
		}
		out := make([]posError, 0, len(list))
		for _, e := range list {
			if !e.Pos.IsValid() {
				t.Errorf("error without a place: %s", e.Msg)
				continue
			}
			out = append(out, posError{e.Pos.File, e.Pos.Line, e.Pos.Col, e.Msg})
		}
		return out
	}
	var out []posError
	for _, l := range strings.Split(err.Error(), "\n") {
		m := errorLine.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("error without a place: %s", l)
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		out = append(out, posError{m[1], line, col, m[4]})
	}
	return out
}

// errorClause is one ERROR clause: an optional column and a quoted
// regular expression.
var errorClause = regexp.MustCompile(`ERROR(?:\s+col\s+(\d+))?\s+`)

// expectations returns the ERROR clauses of the comments of src. A
// comment starts at a ';' outside a string and runs to the end of the
// line, as the reader has it.
func expectations(file string, src []byte) ([]expectation, error) {
	var out []expectation
	line, inString := 1, false
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n':
			line++
		case c == '"':
			inString = !inString
		case c == ';' && !inString:
			end := i + strings.IndexByte(string(src[i:])+"\n", '\n')
			xs, err := clauses(file, line, string(src[i+1:end]))
			if err != nil {
				return nil, err
			}
			out = append(out, xs...)
			i = end - 1
		}
	}
	return out, nil
}

// clauses reads the ERROR clauses of one comment.
func clauses(file string, line int, comment string) ([]expectation, error) {
	var out []expectation
	for {
		loc := errorClause.FindStringSubmatchIndex(comment)
		if loc == nil {
			return out, nil
		}
		x := expectation{file: file, line: line}
		if loc[2] >= 0 {
			x.col, _ = strconv.Atoi(comment[loc[2]:loc[3]])
		}
		comment = comment[loc[1]:]
		quoted, err := strconv.QuotedPrefix(comment)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: ERROR wants a quoted regular expression", file, line)
		}
		text, _ := strconv.Unquote(quoted)
		if x.rx, err = regexp.Compile(text); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, line, err)
		}
		out = append(out, x)
		comment = comment[len(quoted):]
	}
}

// openedFS is a file system that records the files opened through it
// (the files a rules file includes), each once.
type openedFS struct {
	fs.FS
	opened []string
}

func (o *openedFS) Open(name string) (fs.File, error) {
	f, err := o.FS.Open(name)
	if err == nil && !slices.Contains(o.opened, name) {
		o.opened = append(o.opened, name)
	}
	return f, err
}
