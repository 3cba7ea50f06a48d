package zrf

import (
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
)

// Invariants and accumulators are read in file order, with the
// expressions that describe a move.
func TestInvariantForms(t *testing.T) {
	src := `(game (title "I") (players A B) ` + board + `
  (piece (name P) (moves (n (verify enemy?) capture n add)))
  (piece (name K) (moves (n add)))
  (accumulator most (captured))
  (invariant (= (captured) most))
  (accumulator earliest min (first-capture K))
  (invariant (= (first-capture K) earliest) (>= (moving K) 0)))`
	r := build(t, src, nil).Rules
	if len(r.Invariants) != 4 || len(r.Accumulators) != 2 || r.Accumulators[1] != "earliest" {
		t.Fatalf("invariants %+v, accumulators %q", r.Invariants, r.Accumulators)
	}
	acc, inv := r.Invariants[2], r.Invariants[3]
	if acc.Acc != 1 || !acc.Min || acc.X.Kind != rules.EFirstCapture || len(acc.X.Types) != 1 {
		t.Errorf("accumulator %+v", acc)
	}
	if inv.Acc != -1 || inv.Cond.Kind != rules.CAnd || len(inv.Cond.Args) != 2 ||
		inv.Cond.Args[0].Y.Kind != rules.EAccum || inv.Cond.Args[0].Y.A != 1 {
		t.Errorf("invariant %+v", inv)
	}
	if _, err := engine.Compile(r); err != nil {
		t.Fatal(err)
	}
}

// The forms of columns read into the model and compile.
func TestStackForms(t *testing.T) {
	game := func(s string) string {
		return `(game (title "E") (players A B) ` + board + "\n" + s + ")"
	}
	src := game("(stacks 3) (piece (name P) (moves (n (verify not-taken?) (take-top) (capture-top s) (verify (< stack-size 3)) add)))")
	r := build(t, src, nil).Rules
	if r.StackHeight != 3 || len(r.Pieces[0].Moves[0].Body) != 6 {
		t.Fatalf("stacks %d, program %+v", r.StackHeight, r.Pieces[0].Moves[0].Body)
	}
	if _, err := engine.Compile(r); err != nil {
		t.Fatal(err)
	}
}

// A variant that restates an invariant or an accumulator replaces all of
// the game's.
func TestInvariantVariants(t *testing.T) {
	src := `(game (title "G") (players A B) ` + board + `
  (piece (name P) (moves (n (verify enemy?) capture n add)))
  (accumulator most (captured))
  (invariant (= (captured) most)))
(variant (title "V") (invariant (< (captured) 2)))
(variant (title "W") (option "unique moves" true))`
	f, err := read(t, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{2, 1, 2} {
		g, err := f.Build(f.Games[i])
		if err != nil {
			t.Fatal(err)
		}
		if got := len(g.Rules.Invariants); got != want {
			t.Errorf("%s: %d entries, want %d", f.Games[i].Title, got, want)
		}
		if unique := g.Rules.Options.UniqueMoves; unique != (i == 2) {
			t.Errorf("%s: unique moves %v", f.Games[i].Title, unique)
		}
	}
}

// Under Dagaz's columns hook a capture takes the top of the column, and a
// column is jumped once a move; the stacks hold every piece of the setup.
func TestColumnsHook(t *testing.T) {
	src := `(game (title "L") (players A B) (option "columns-checkers-extension" true) ` + board + `
  (piece (name P) (moves (n (verify enemy?) capture n (verify empty?) add) ((capture (pieces enemy?)) add)))
  (board-setup (A (P a1 b1 c1)) (B (P a2 b2)))
  (loss-condition (A B) stalemated))`
	r := build(t, src, nil).Rules
	body := r.Pieces[0].Moves[0].Body
	if r.StackHeight != 5 || len(body) != 7 || body[2].Kind != rules.SVerify || body[3].Kind != rules.STakeTop {
		t.Fatalf("stacks %d, program %+v", r.StackHeight, body)
	}
	if set := r.Pieces[0].Moves[1].Body[0]; set.Kind != rules.SCapture || set.Set == nil {
		t.Errorf("a capture of a set is still a capture: %+v", set)
	}
	if len(r.Shims) != 1 || len(r.Notes) != 0 {
		t.Errorf("shims %q, notes %q", r.Shims, r.Notes)
	}
}
