package engine_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
)

// dropMate is a game of drops where A may not drop a stone that leaves B
// without a move (as shogi forbids mate by a dropped pawn), unless the
// stone is a Rock: (count moves) in an invariant counts the replies.
const dropMate = `(game (title "Drop mate") (players A B) ` + rowBoard + `
  (piece (name Stone) (drops ((verify empty?) add)))
  (piece (name Rock) (drops ((verify empty?) add)))
  (piece (name Walker) (moves (left (verify empty?) add)))
  (board-setup (A (Stone off 9) (Rock off 1)) (B (Walker e) (Stone off 0) (Rock off 0)))
  (invariant (or (not-piece? Stone) (> (count moves) 0))))`

// TestCountMovesInvariant: the drops of a Stone on d, which would leave
// B's walker no move, are refused; a Rock may go there; the replies
// counted are filtered by the invariants too.
func TestCountMovesInvariant(t *testing.T) {
	g := compileSource(t, dropMate)
	s := engine.NewState(g)
	got := notations(t, s)
	want := []string{"a stone-1 A Stone", "b stone-1 A Stone", "c stone-1 A Stone",
		"a rock-1 A Rock", "b rock-1 A Rock", "c rock-1 A Rock", "d rock-1 A Rock"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("A's drops %q, want %q", got, want)
	}
	// perft: every count is that of the list, nothing fails.
	for d, want := range []int64{7, 6} {
		n, err := engine.Perft(engine.NewState(g), d+1)
		if err != nil || n != want {
			t.Errorf("perft(%d) = %d, %v; want %d", d+1, n, err, want)
		}
	}
}

// An invariant that counts the replies to every move counts, for each
// reply, the replies to it, and so on: past four levels that is an
// error naming the expression, not an endless search.
func TestCountMovesDepth(t *testing.T) {
	g := compileSource(t, `(game (title "Deep") (players A B) `+rowBoard+`
  (piece (name Stone) (drops ((verify empty?) add)))
  (board-setup (A (Stone off 9)) (B (Stone off 9)))
  (invariant (> (count moves) 0)))`)
	var ml engine.MoveList
	_, err := engine.NewState(g).Moves(&ml)
	if err == nil || !strings.Contains(err.Error(), "more than 4 deep") || !strings.Contains(err.Error(), "loop.zrf:5:14") {
		t.Fatalf("error %v", err)
	}
}

// BenchmarkCountMovesInvariant measures what (count moves) in an
// invariant costs: perft(2) of a game of drops against a king on 8x8,
// without the invariant, and with it counting the king's replies after
// every drop.
func BenchmarkCountMovesInvariant(b *testing.B) {
	const game = `(game (title "Cage") (players A B)
  (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d/e/f/g/h" (1 0)) ("8/7/6/5/4/3/2/1" (0 1)))
    (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
  (piece (name Stone) (drops ((verify empty?) add)))
  (piece (name King) (moves (n (verify empty?) add) (e (verify empty?) add) (s (verify empty?) add) (w (verify empty?) add)
    (ne (verify empty?) add) (nw (verify empty?) add) (se (verify empty?) add) (sw (verify empty?) add)))
  (board-setup (A (Stone off 64)) (B (King e4) (Stone off 0)))`
	for _, c := range []struct{ name, inv string }{
		{"none", ""},
		{"count-moves", `(invariant (or (not-piece? Stone) (> (count moves) 0)))`},
	} {
		b.Run(c.name, func(b *testing.B) {
			f, err := zrf.Read("cage.zrf", []byte(game+c.inv+")"), fstest.MapFS{})
			if err != nil {
				b.Fatal(err)
			}
			e, _ := f.Select("")
			zg, err := f.Build(e)
			if err != nil {
				b.Fatal(err)
			}
			g, err := engine.Compile(zg.Rules)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := engine.Perft(engine.NewState(g), 2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
