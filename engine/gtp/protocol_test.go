package gtp_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine/gtp"
)

func TestParseCommand(t *testing.T) {
	for _, tt := range []struct {
		line string
		want gtp.Command
		ok   bool
	}{
		{"genmove b", gtp.Command{Name: "genmove", Args: []string{"b"}}, true},
		{"12 play black E5", gtp.Command{ID: "12", Name: "play", Args: []string{"black", "E5"}}, true},
		{"  boardsize\t9  # the size", gtp.Command{Name: "boardsize", Args: []string{"9"}}, true},
		{"# a comment", gtp.Command{}, false},
		{"", gtp.Command{}, false},
		{"\x01quit\x7f", gtp.Command{Name: "quit", Args: []string{}}, true},
		{"7", gtp.Command{ID: "7"}, true},
	} {
		got, ok := gtp.ParseCommand(tt.line)
		if ok != tt.ok || got.ID != tt.want.ID || got.Name != tt.want.Name || len(got.Args) != len(tt.want.Args) ||
			len(got.Args) > 0 && !reflect.DeepEqual(got.Args, tt.want.Args) {
			t.Errorf("%q: %+v %v, want %+v %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

func TestResponses(t *testing.T) {
	for _, tt := range []struct {
		resp gtp.Response
		text string
	}{
		{gtp.Response{OK: true}, "=\n\n"},
		{gtp.Response{OK: true, ID: "3", Text: "E5"}, "=3 E5\n\n"},
		{gtp.Response{Text: "illegal move"}, "? illegal move\n\n"},
		{gtp.Response{OK: true, Text: "\n  A B\n2 . .\n\n1 . ."}, "= \n  A B\n2 . .\n \n1 . .\n\n"},
	} {
		var b bytes.Buffer
		if err := gtp.WriteResponse(&b, tt.resp); err != nil || b.String() != tt.text {
			t.Errorf("%+v written %q, want %q", tt.resp, b.String(), tt.text)
		}
		back, err := gtp.ReadResponse(bufio.NewReader(&b))
		want := tt.resp
		want.Text = strings.TrimLeft(want.Text, "\n")
		if err != nil || back != want {
			t.Errorf("%q read %+v (%v), want %+v", tt.text, back, err, want)
		}
	}
}

func TestReadResponseLenient(t *testing.T) {
	r := bufio.NewReader(strings.NewReader("GNU Go is ready\r\n= C3\r\n\r\n?5 not now\n\n= last"))
	for _, want := range []gtp.Response{{OK: true, Text: "C3"}, {ID: "5", Text: "not now"}, {OK: true, Text: "last"}} {
		got, err := gtp.ReadResponse(r)
		if err != nil || got != want {
			t.Errorf("read %+v (%v), want %+v", got, err, want)
		}
	}
	if _, err := gtp.ReadResponse(r); !errors.Is(err, io.EOF) {
		t.Errorf("after the last: %v, want EOF", err)
	}
	long := strings.Repeat("x", gtp.MaxLine+10) + "\n"
	if _, err := gtp.ReadResponse(bufio.NewReader(strings.NewReader(long))); !errors.Is(err, gtp.ErrLineTooLong) {
		t.Errorf("a long line: %v", err)
	}
	if _, err := gtp.ReadCommand(bufio.NewReader(strings.NewReader(long))); !errors.Is(err, gtp.ErrLineTooLong) {
		t.Errorf("a long command: %v", err)
	}
}

// FuzzReadCommand checks that any input reads as commands or fails
// cleanly, and that a command read writes back to one that reads the same.
func FuzzReadCommand(f *testing.F) {
	for _, s := range []string{"genmove b\n", "1 play w A1\n# c\n\nquit", "\x00\t\r\n", "99999999999999999999 x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r := bufio.NewReader(strings.NewReader(in))
		for range 100 {
			c, err := gtp.ReadCommand(r)
			if err != nil {
				return
			}
			if c.Name == "" {
				continue
			}
			again, ok := gtp.ParseCommand(c.String())
			if !ok || again.String() != c.String() {
				t.Fatalf("%q read back as %q", c, again)
			}
		}
	})
}

// FuzzReadResponse checks that any output of an engine reads as answers
// or fails cleanly, and that an answer written reads back the same.
func FuzzReadResponse(f *testing.F) {
	for _, s := range []string{"= E5\n\n", "?1 illegal move\n\n", "= \n A B\n1 . .\n\n", "noise\n=\n", "=12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r := bufio.NewReader(strings.NewReader(in))
		for range 100 {
			resp, err := gtp.ReadResponse(r)
			if err != nil {
				return
			}
			var b bytes.Buffer
			if err := gtp.WriteResponse(&b, resp); err != nil {
				t.Fatal(err)
			}
			again, err := gtp.ReadResponse(bufio.NewReader(&b))
			if err != nil || again.OK != resp.OK || again.ID != resp.ID {
				t.Fatalf("%+v written as %q read back as %+v (%v)", resp, b.String(), again, err)
			}
		}
	})
}
