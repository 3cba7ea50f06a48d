package sexp

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	src := "; a comment\n(game (title \"Two\nlines\") x)\n  atom"
	nodes, errs := Parse("f.zrf", []byte(src))
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if len(nodes) != 2 {
		t.Fatalf("got %d nodes", len(nodes))
	}
	g := nodes[0]
	tests := []struct {
		n    *Node
		kind Kind
		text string
		pos  string
	}{
		{g, List, "", "f.zrf:2:1"},
		{g.List[0], Atom, "game", "f.zrf:2:2"},
		{g.List[1].List[1], String, "Two\nlines", "f.zrf:2:14"},
		{g.List[2], Atom, "x", "f.zrf:3:9"},
		{nodes[1], Atom, "atom", "f.zrf:4:3"},
	}
	for _, tt := range tests {
		if tt.n.Kind != tt.kind || tt.n.Text != tt.text || tt.n.Pos.String() != tt.pos {
			t.Errorf("got %v %q at %s, want %v %q at %s", tt.n.Kind, tt.n.Text, tt.n.Pos, tt.kind, tt.text, tt.pos)
		}
	}
	if g.Head() != "game" || len(g.Args()) != 2 {
		t.Errorf("Head/Args wrong: %q %d", g.Head(), len(g.Args()))
	}
}

func TestBackslashIsLiteral(t *testing.T) {
	nodes, errs := Parse("f", []byte(`("images\Chess\w.bmp" a\b)`))
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if got := nodes[0].List[0].Text; got != `images\Chess\w.bmp` {
		t.Errorf("string %q", got)
	}
}

func TestErrorsAllSorted(t *testing.T) {
	src := "(a (b\n) ) )\n(c \"open"
	_, errs := Parse("e.zrf", []byte(src))
	want := []string{
		"e.zrf:2:5: unexpected ')'",
		"e.zrf:3:1: '(' not closed",
		"e.zrf:3:4: string not terminated",
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors: %v", len(errs), errs)
	}
	for i, w := range want {
		if errs[i].Error() != w {
			t.Errorf("error %d: %q, want %q", i, errs[i].Error(), w)
		}
	}
	if !strings.Contains(errs.Error(), "\n") {
		t.Error("Error() should list every error")
	}
}

func TestDeepNestingIsAnError(t *testing.T) {
	src := strings.Repeat("(", maxDepth+10) + strings.Repeat(")", maxDepth+10)
	_, errs := Parse("d", []byte(src))
	if len(errs) == 0 || !strings.Contains(errs[0].Msg, "nested") {
		t.Fatalf("errors: %v", errs)
	}
}

// same compares trees, ignoring positions.
func same(a, b []*Node) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Kind != b[i].Kind || a[i].Text != b[i].Text || !same(a[i].List, b[i].List) {
			return false
		}
	}
	return true
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"(a b (c \"d\"))", "; x\n(", ")(", "\"", "(define x ($1 $2))", "(a\n\t(b)) c"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		nodes, errs := Parse("fuzz", src)
		for _, e := range errs {
			if !e.Pos.IsValid() {
				t.Fatalf("error without position: %v", e)
			}
		}
		if len(errs) > 0 {
			return
		}
		var b strings.Builder
		for _, n := range nodes {
			b.WriteString(n.String())
			b.WriteByte('\n')
		}
		again, errs := Parse("again", []byte(b.String()))
		if len(errs) > 0 || !same(nodes, again) {
			t.Fatalf("printing and reading back changed the tree: %q", b.String())
		}
	})
}
