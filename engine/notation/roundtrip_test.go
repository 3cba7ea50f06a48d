package notation_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/internal/testenv"
)

// Random games of every bundled game, with a variation, go through every
// format that writes them and come back with the same moves; what a
// format cannot write is refused with ErrUnsupported. Two games of each
// in the quick run, three with LUDUS_LONG=1.
func TestRandomRoundTrip(t *testing.T) {
	for _, name := range games.Names() {
		g := open(t, name, "")
		for seed := range uint64(testenv.Pick(2, 3)) {
			rec, _ := randomRecord(g, 120, seed)
			withVariation(g, rec)
			for _, f := range notation.Formats() {
				start := engine.NewState(g)
				var text bytes.Buffer
				err := f.Encode(&text, start, rec)
				if errors.Is(err, notation.ErrUnsupported) {
					continue
				}
				if err != nil {
					t.Errorf("%s %s seed %d: %v", name, f.Name, seed, err)
					continue
				}
				back, err := f.Decode(bytes.NewReader(text.Bytes()), start)
				if err != nil {
					t.Errorf("%s %s seed %d: reading back: %v\n%s", name, f.Name, seed, err, text.String())
					continue
				}
				if !reflect.DeepEqual(moves(&back.Root), moves(&rec.Root)) {
					t.Errorf("%s %s seed %d: moves changed:\n%s", name, f.Name, seed, text.String())
				}
				var again bytes.Buffer
				if err := f.Encode(&again, start, back); err != nil || again.String() != text.String() {
					t.Errorf("%s %s seed %d: written again differently (%v):\n%s", name, f.Name, seed, err, again.String())
				}
			}
		}
	}
}

// moves returns the tree of moves below n, without tags.
func moves(n *engine.RecordNode) []any {
	var out []any
	for _, c := range n.Children {
		out = append(out, c.Move, moves(c))
	}
	return out
}

// Writes says, for every bundled game and format, what encoding a random
// game of it finds: an ErrUnsupported error exactly when the format
// refuses the game.
func TestWrites(t *testing.T) {
	for _, name := range games.Names() {
		g := open(t, name, "")
		rec, _ := randomRecord(g, 40, 1)
		for _, f := range notation.Formats() {
			werr := f.Writes(g)
			var text bytes.Buffer
			eerr := f.Encode(&text, engine.NewState(g), rec)
			if werr != nil && !errors.Is(werr, notation.ErrUnsupported) {
				t.Errorf("%s %s: Writes: %v, not ErrUnsupported", name, f.Name, werr)
			}
			if (werr == nil) != !errors.Is(eerr, notation.ErrUnsupported) {
				t.Errorf("%s %s: Writes says %v, Encode %v", name, f.Name, werr, eerr)
			}
		}
	}
	if err := (notation.Format{}).Writes(open(t, "chess", "")); err == nil {
		t.Error("the zero Format writes chess")
	}
}
