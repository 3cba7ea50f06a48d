package zrf

import (
	"reflect"
	"testing"

	"github.com/ludus-games/ludus/engine/rules"
)

// addGame is a game whose piece P has the one move program prog; pieces
// K and Q exist to be changed into, and K has move programs of type
// jump-type.
func addGame(prog string) string {
	return `(game (title "A") (players A B) ` + board + `
  (piece (name P) (moves (move-type walk) (n ` + prog + `)))
  (piece (name K) (moves (move-type jump-type) (n add)))
  (piece (name Q)))`
}

// TestAddForms reads every argument form of the four emitting statements:
// piece types to change into (one move each, in the order written) and,
// for the partial forms, one move type to go on with, in any order.
func TestAddForms(t *testing.T) {
	const P, K, Q = 0, 1, 2
	tests := []struct {
		prog  string
		kind  rules.AddKind
		types []int
		next  string // "" for the block's own move type
	}{
		{"add", rules.AddMove, nil, ""},
		{"(add)", rules.AddMove, nil, ""},
		{"(add K)", rules.AddMove, []int{K}, ""},
		{"(add Q K P)", rules.AddMove, []int{Q, K, P}, ""},
		{"add-copy", rules.AddCopy, nil, ""},
		{"(add-copy Q K)", rules.AddCopy, []int{Q, K}, ""},
		{"add-partial", rules.AddPartial, nil, ""},
		{"(add-partial jump-type)", rules.AddPartial, nil, "jump-type"},
		{"(add-partial K)", rules.AddPartial, []int{K}, ""},
		{"(add-partial K jump-type)", rules.AddPartial, []int{K}, "jump-type"},
		{"(add-partial jump-type K)", rules.AddPartial, []int{K}, "jump-type"},
		{"(add-partial K jump-type Q)", rules.AddPartial, []int{K, Q}, "jump-type"},
		{"add-copy-partial", rules.AddCopyPartial, nil, ""},
		{"(add-copy-partial jump-type)", rules.AddCopyPartial, nil, "jump-type"},
		{"(add-copy-partial Q K jump-type)", rules.AddCopyPartial, []int{Q, K}, "jump-type"},
	}
	for _, tt := range tests {
		t.Run(tt.prog, func(t *testing.T) {
			g, err := build1(addGame(tt.prog))
			if err != nil {
				t.Fatal(err)
			}
			body := g.Rules.Pieces[P].Moves[0].Body
			s := body[len(body)-1]
			if s.Kind != rules.SAdd {
				t.Fatalf("last statement %v, want an add", s.Kind)
			}
			next := ""
			if s.Add.Next >= 0 {
				next = g.Rules.MoveTypes[s.Add.Next]
			}
			if s.Add.Kind != tt.kind || !reflect.DeepEqual(s.Add.Types, tt.types) || next != tt.next {
				t.Errorf("read as %+v (next %q), want kind %v types %v next %q", s.Add, next, tt.kind, tt.types, tt.next)
			}
			if len(g.Rules.Warnings) != 0 {
				t.Errorf("warnings %q", g.Rules.Warnings)
			}
		})
	}
}

// TestAddWarnings: forms that load but that the author should check.
func TestAddWarnings(t *testing.T) {
	tests := []struct{ prog, want string }{
		{"(add K K)", "main.zrf:4:53: add names piece K twice: it makes one move for it"},
		{"(add-partial Kng)", "main.zrf:4:59: no piece has move programs of type Kng, which this partial move goes on with: " +
			"the move ends here (is Kng a piece type left undefined?)"},
	}
	for _, tt := range tests {
		g, err := build1(addGame(tt.prog))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(g.Rules.Warnings, []string{tt.want}) {
			t.Errorf("%s: warnings %q, want %q", tt.prog, g.Rules.Warnings, tt.want)
		}
	}
}

// TestPieceDefinedTwice: the first definition of a name is used, the later
// one ignored with a warning naming both places; attributes of either are
// declared.
func TestPieceDefinedTwice(t *testing.T) {
	src := `(define T (piece (name $1$2) (attribute $1? true) (moves (s add))))
(game (title "D") (players A B) ` + board + `
  (piece (name T16) (attribute first? true) (moves (n add)))
  (T T 16)
  (piece (name U) (moves (n (verify T?) add))))`
	g, err := build1(src)
	if err != nil {
		t.Fatal(err)
	}
	r := g.Rules
	if len(r.Pieces) != 2 || r.Pieces[0].Name != "T16" || r.Pieces[1].Name != "U" {
		t.Fatalf("pieces %+v", r.Pieces)
	}
	if blk := r.Pieces[0].Moves; len(blk) != 1 || blk[0].Body[0].Kind != rules.SNav || blk[0].Body[0].A != 0 {
		t.Errorf("T16 does not keep its first definition (a step n): %+v", blk)
	}
	if len(r.Attrs) != 2 || !r.Pieces[0].Defaults[0].Bool || r.Pieces[0].Defaults[1].Bool {
		t.Errorf("attributes %+v, defaults %+v", r.Attrs, r.Pieces[0].Defaults)
	}
	want := "main.zrf:1:24: piece T16 is defined again: the first definition (main.zrf:5:16) is used " +
		"and this one is ignored (from macro T at main.zrf:6:3)"
	if !reflect.DeepEqual(r.Warnings, []string{want}) {
		t.Errorf("warnings %q, want %q", r.Warnings, want)
	}
}
