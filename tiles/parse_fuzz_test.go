package tiles

import (
	"strings"
	"testing"
)

// FuzzParseConstraint: any text either reads as a constraint that writes
// back to itself and gives a finite, non-negative violation, or fails
// with an error naming the text.
func FuzzParseConstraint(f *testing.F) {
	for _, s := range []string{"bridges<=11", "dup <= 72", "path>=0.9", "extra=8", "x<=1", "bridges<11", "=", "<=>=3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseConstraint(s)
		if err != nil {
			if !strings.Contains(err.Error(), "constraint") {
				t.Fatalf("error %q does not say what it is about", err)
			}
			return
		}
		back, err := ParseConstraint(c.String())
		if err != nil || back != c {
			t.Fatalf("%q reads as %+v, writes as %q, reads back as %+v (%v)", s, c, c.String(), back, err)
		}
		v := c.Violation(Terms{Bridges: 12, DupScore: 80, ExtraEdges: 9, PathProb: 0.9, Objective: 10})
		if v < 0 || v != v || v > 1e308 {
			t.Fatalf("%q: violation %v", s, v)
		}
	})
}

// FuzzNewBoard: any shape either builds a board that validates, or fails
// with an error; nothing panics, and sizes stay bounded.
func FuzzNewBoard(f *testing.F) {
	for _, s := range []string{"hex:2", "hex:3", "rect:5x4", "post", "hex:0", "rect:1x9", "rect:20x20", "hex:-1", "rect:5x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		b, err := NewBoard(spec)
		if err != nil {
			return
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("%q: %v", spec, err)
		}
		if len(b.Slots) > 500 {
			t.Fatalf("%q: %d slots", spec, len(b.Slots))
		}
	})
}

// FuzzSetPairs: any list either sets pairs of distinct landmarks that
// validate, or fails and leaves the board as it was.
func FuzzSetPairs(f *testing.F) {
	for _, s := range []string{"all", "Well-Gate1", "Well-Gate1,Gate2-Gate3", "Well-Well", "Well", "Well-Moon", ",", "Well-Gate1,Gate1-Well"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		b, _ := NewBoard("hex:2")
		before := len(b.Pairs)
		if err := b.SetPairs(spec); err != nil {
			if len(b.Pairs) != before {
				t.Fatalf("%q failed but changed the pairs", spec)
			}
			return
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("%q: %v", spec, err)
		}
	})
}
