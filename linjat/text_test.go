package linjat

import (
	"strings"
	"testing"
)

func TestReadValid(t *testing.T) {
	tests := []struct {
		name, text string
		rows, cols int
		cells      []int
	}{
		{"plain", "o.2\n3..\n", 2, 3, []int{Dot, Empty, 2, 3, Empty, Empty}},
		{"comments and blanks", "# a puzzle\n\no2\n\n..  \n", 2, 2, []int{Dot, 2, Empty, Empty}},
		{"escape", "[12]...........\n", 1, 12, append([]int{12}, make([]int, 11)...)},
		{"escaped small value", "[3]..\n", 1, 3, []int{3, Empty, Empty}},
		{"crlf", "2.\r\n.o\r\n", 2, 2, []int{2, Empty, Empty, Dot}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Read(strings.NewReader(tt.text), "x.txt")
			if err != nil {
				t.Fatal(err)
			}
			if p.Rows != tt.rows || p.Cols != tt.cols || !equalInts(p.Cells, tt.cells) {
				t.Fatalf("got %dx%d %v, want %dx%d %v", p.Rows, p.Cols, p.Cells, tt.rows, tt.cols, tt.cells)
			}
			q, err := Parse(p.String())
			if err != nil || !equalInts(q.Cells, p.Cells) || q.Cols != p.Cols {
				t.Fatalf("round trip of %q: %v, %v", p.String(), q, err)
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestReadErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"ragged", "2..\n..\n", "x.txt:2: row has 2 cells, want 3 as on line 1"},
		{"unknown character", "2..\n.x.\n", "x.txt:2:2: unexpected 'x'"},
		{"no numbers", "o..\n...\n", "x.txt: puzzle has no numbers"},
		{"empty", "# nothing\n", "x.txt: no grid rows"},
		{"unclosed bracket", "[12..\n", "x.txt:1:1: unclosed '['"},
		{"bad bracket", "2[x]\n", "x.txt:1:2: bad number \"[x]\""},
		{"zero in brackets", "[0].\n", "x.txt:1:1: bad number"},
		{"value does not fit", "..\n.5\n", "x.txt:2:2: number 5 does not fit a 2x2 grid"},
		{"value in brackets does not fit", "# a comment\n\n.[12]\n..\n", "x.txt:3:2: number 12 does not fit a 2x2 grid"},
		{"zero", "0.\n", "x.txt:1:1: unexpected '0'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.text), "x.txt")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestFromOriginalRows(t *testing.T) {
	p, err := FromOriginalRows([]string{" 3  ", "    ", ". 3 ", "    "})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.String(), ".3..\n....\no.3.\n....\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if _, err := FromOriginalRows([]string{"3 ", "x "}); err == nil || !strings.Contains(err.Error(), "row 2, column 1") {
		t.Fatalf("bad row: err = %v", err)
	}
	if _, err := FromOriginalRows([]string{"3 ", "   "}); err == nil || !strings.Contains(err.Error(), "row 2 has 3 cells") {
		t.Fatalf("ragged: err = %v", err)
	}
}

func TestReadCollection(t *testing.T) {
	const data = `{"easy": [{"puzzle": ["2 .", "   "], "score": "4.5",
	  "classification": {"cover": {"depth": "2", "max_width": 1}}},
	  {"puzzle": null, "message": "done"}]}`
	c, err := ReadCollection(strings.NewReader(data), "levels.json")
	if err != nil {
		t.Fatal(err)
	}
	ls := c["easy"]
	if len(ls) != 2 || ls[0].Puzzle == nil || ls[0].Score != 4.5 || ls[1].Puzzle != nil || ls[1].Message != "done" {
		t.Fatalf("levels = %+v", ls)
	}
	if u := ls[0].Classification["cover"]; u.Steps != 2 || u.Width != 1 {
		t.Fatalf("classification = %+v", ls[0].Classification)
	}
	if _, err := ReadCollection(strings.NewReader(`{"easy": [{"puzzle": ["2", "x"]}]}`), "bad.json"); err == nil ||
		!strings.Contains(err.Error(), "bad.json: easy level 1") {
		t.Fatalf("bad level: err = %v", err)
	}
}

// FuzzRead checks that the reader never panics, and that whatever it
// accepts is valid and survives a round trip through the writer.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"o.2\n3..\n", "[12]..\n", "# c\n2\n", "2..\n..\n", "[", "o\n", "9........\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("accepted an invalid puzzle: %v", err)
		}
		q, err := Parse(p.String())
		if err != nil || q.String() != p.String() {
			t.Fatalf("round trip: %q -> %q (%v)", p.String(), q, err)
		}
	})
}

// FuzzReadCollection checks that the reader of the original game's JSON
// never panics and returns only valid puzzles.
func FuzzReadCollection(f *testing.F) {
	f.Add(`{"easy": [{"puzzle": ["2 .", "   "], "score": "4"}, {"puzzle": null}]}`)
	f.Add(`{"x": [{"puzzle": ["9"]}]}`)
	f.Add(`{"x": [{"puzzle": [], "classification": {"cover": {"depth": 1}}}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ReadCollection(strings.NewReader(s), "f.json")
		if err == nil {
			checkValid(t, c)
		}
	})
}

// checkValid fails the test on an invalid puzzle of a collection read.
func checkValid(t *testing.T, c Collection) {
	t.Helper()
	for _, ls := range c {
		for _, l := range ls {
			if l.Puzzle != nil && l.Puzzle.Validate() != nil {
				t.Fatalf("invalid puzzle accepted: %v", l.Puzzle.Validate())
			}
		}
	}
}

// FuzzParseWeights checks the weights parser never panics and that what
// it accepts prints back to the same weights.
func FuzzParseWeights(f *testing.F) {
	f.Add("cover=1,cant_fit=3,width=-2")
	f.Add("one_of=1e3, square = 7")
	f.Add("=,")
	f.Fuzz(func(t *testing.T, s string) {
		w, err := ParseWeights(s, Weights{})
		if err != nil {
			return
		}
		back, err := ParseWeights(w.String(), Weights{})
		if err != nil || back != w {
			t.Fatalf("%q -> %v -> %v (%v)", s, w, back, err)
		}
	})
}
