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

// The files of testdata/lenient are rules files that load, though each
// has something Zillions reads and a stricter reader would not: their
// comments say, in the same way, what the reader warns about there
// (WARNING "rx": a line of `ludus rules` starting "warning:") and what it
// notes the game lacks (INCOMPLETE "rx": a line starting "incomplete:").
// The files of testdata/errors may have such comments too, for the games
// of theirs that build.
const lenientDir = "testdata/lenient"

// TestErrors checks every file of testdata/errors.
func TestErrors(t *testing.T) {
	checkDir(t, errorsDir)
}

// TestLenient checks every file of testdata/lenient: each game builds and
// compiles, with the warnings and notes its comments say.
func TestLenient(t *testing.T) {
	checkDir(t, lenientDir)
}

func checkDir(t *testing.T, dir string) {
	files, err := filepath.Glob(filepath.Join(dir, "*.zrf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no files in %s (%v)", dir, err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) { checkErrors(t, dir, filepath.Base(path)) })
	}
}

// posError is one reported error, warning or note: its kind, where, and
// what it says.
type posError struct {
	kind      string // ERROR, WARNING or INCOMPLETE
	file      string
	line, col int // col 0: the error names only a line
	msg       string
}

func (e posError) String() string {
	if e.col == 0 {
		return fmt.Sprintf("%s %s:%d: %s", e.kind, e.file, e.line, e.msg)
	}
	return fmt.Sprintf("%s %s:%d:%d: %s", e.kind, e.file, e.line, e.col, e.msg)
}

// expectation is one clause of a comment.
type expectation struct {
	kind      string
	file      string
	line, col int // col 0: any column of the line
	rx        *regexp.Regexp
}

func (x expectation) String() string {
	at := fmt.Sprintf("%s:%d", x.file, x.line)
	if x.col > 0 {
		at += fmt.Sprintf(":%d", x.col)
	}
	return fmt.Sprintf("%s %s: %q", x.kind, at, x.rx)
}

// checkErrors reads, builds and compiles the file name of dir and
// matches what goes wrong, what is warned about and what is noted as
// missing against the comments.
func checkErrors(t *testing.T, dir, name string) {
	src, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	fsys := &openedFS{FS: os.DirFS(dir), opened: []string{name}}
	got := reportedErrors(t, name, src, fsys)
	if dir == lenientDir {
		for _, e := range got {
			if e.kind == "ERROR" {
				t.Errorf("a lenient file fails: %s", e)
			}
		}
	}
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
			return x.kind == e.kind && x.file == e.file && x.line == e.line && (x.col == 0 || x.col == e.col) && x.rx.MatchString(e.msg)
		})
		if i < 0 {
			t.Errorf("unexpected %s", e)
			continue
		}
		want = slices.Delete(want, i, i+1)
	}
	for _, x := range want {
		t.Errorf("missing %s", x)
	}
}

// reportedErrors returns every error of reading, building and compiling
// the file, and the warnings and notes of the games that build, each
// once.
func reportedErrors(t *testing.T, name string, src []byte, fsys fs.FS) []posError {
	t.Helper()
	var out []posError
	add := func(es []posError) {
		for _, e := range es {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	collect := func(err error) { add(positioned(t, "ERROR", err)) }
	lines := func(kind string, ls []string) {
		if len(ls) > 0 {
			add(positioned(t, kind, errors.New(strings.Join(ls, "\n"))))
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
		lines("WARNING", g.Rules.Warnings)
		lines("INCOMPLETE", g.Rules.Notes)
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
func positioned(t *testing.T, kind string, err error) []posError {
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
			out = append(out, posError{kind, e.Pos.File, e.Pos.Line, e.Pos.Col, e.Msg})
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
		out = append(out, posError{kind, m[1], line, col, m[4]})
	}
	return out
}

// errorClause is one clause: ERROR, WARNING or INCOMPLETE, an optional
// column and a quoted regular expression.
var errorClause = regexp.MustCompile(`(ERROR|WARNING|INCOMPLETE)(?:\s+col\s+(\d+))?\s+`)

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
		x := expectation{kind: comment[loc[2]:loc[3]], file: file, line: line}
		if loc[4] >= 0 {
			x.col, _ = strconv.Atoi(comment[loc[4]:loc[5]])
		}
		comment = comment[loc[1]:]
		quoted, err := strconv.QuotedPrefix(comment)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %s wants a quoted regular expression", file, line, x.kind)
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
