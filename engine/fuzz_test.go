package engine_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// FuzzParsePosition reads arbitrary position text for chess: an error or
// a state that writes itself back to text that reads to the same state.
func FuzzParsePosition(f *testing.F) {
	f.Add([]byte(`(position (turn Black) (last-move e2 e4) (White (King e1) (Pawn e4)) (Black (King e8)))`))
	f.Add([]byte(`(turn 1) (attribute never-moved? false h1) (White (Rook h1))`))
	f.Add([]byte(`(White (Frog z9 off 3)`))
	g := game(f, "chess.zrf", "")
	f.Fuzz(func(t *testing.T, src []byte) { positionRoundTrip(t, g, src) })
}

// positionRoundTrip reads a position: an error naming the file, or a
// state that writes itself back to text that reads to the same state.
func positionRoundTrip(t *testing.T, g *engine.Game, src []byte) {
	s, err := engine.ParsePosition(g, "fuzz", src)
	if err != nil {
		if !strings.Contains(err.Error(), "fuzz") {
			t.Fatalf("error without the file name: %v", err)
		}
		return
	}
	again, err := engine.ParsePosition(g, "again", []byte(s.FormatPosition()))
	if err != nil {
		t.Fatalf("written position does not read back: %v\n%s", err, s.FormatPosition())
	}
	if !again.Equal(s) || again.Hash() != s.Hash() {
		t.Fatalf("position changed on the way back:\n%s", s.FormatPosition())
	}
}

// FuzzParsePositionDialect is FuzzParsePosition for a game of the native
// dialect (variables, position attributes, integer attributes) and for
// Go (passes).
func FuzzParsePositionDialect(f *testing.F) {
	f.Add([]byte(`(turn East) (North (Builder c3)) (variable builds 7) (position-attribute height 2 a1 b2) (attribute energy 1 c3)`), false)
	f.Add([]byte(`(variable builds x) (position-attribute height 1 z9) (attribute energy true c3)`), false)
	f.Add([]byte(`(turn White) (passes 1) (Black (Stone a1 b2)) (White (Stone c3))`), true)
	f.Add([]byte(`(passes -2) (passes)`), true)
	builders := compile(f, filepath.Join("testdata", "games", "builders.zrf"), "")
	goGame := game(f, "go.zrf", "")
	f.Fuzz(func(t *testing.T, src []byte, isGo bool) {
		if isGo {
			positionRoundTrip(t, goGame, src)
		} else {
			positionRoundTrip(t, builders, src)
		}
	})
}

// FuzzParseMove reads arbitrary move text in a checkers position: an
// error or a legal move that writes back to an equivalent text.
func FuzzParseMove(f *testing.F) {
	f.Add("c3 - d4 man-step ne")
	f.Add("1. + c3 x e5 man-jump ne + e5 x g7 man-jump ne +")
	f.Add("pass")
	g := game(f, "checkers.zrf", "")
	s, err := engine.ParsePosition(g, "chain", []byte(`(turn Black) (Black (Man c3 a3)) (White (Man d4 f6 h8))`))
	if err != nil {
		f.Fatal(err)
	}
	fuzzMoveText(f, engine.NewPosition(s, nil))
}

// fuzzMoveText reads arbitrary move text in pos: an error, or a legal
// move whose notation reads back as the same move.
func fuzzMoveText(f *testing.F, pos *engine.Position) {
	f.Fuzz(func(t *testing.T, text string) {
		m, err := pos.ParseMove(text)
		if err != nil {
			return
		}
		back, err := pos.ParseMove(pos.Notation(m))
		if err != nil || back.Key() != m.Key() {
			t.Fatalf("%q reads as %q, which reads back as another move (%v)", text, pos.Notation(m), err)
		}
	})
}

// FuzzEvaluatorSpec reads arbitrary evaluation specs for chess: an error,
// or an evaluator whose written spec makes the same evaluator.
func FuzzEvaluatorSpec(f *testing.F) {
	f.Add("Pawn=1,Knight=3,Bishop=3,Rook=5,Queen=9,mobility=4")
	f.Add("Queen=9 Rook=4.5")
	f.Add("mobility=0,,Pawn=1e300")
	f.Add("King=NaN")
	g := game(f, "chess.zrf", "")
	f.Fuzz(func(t *testing.T, spec string) {
		e, err := engine.NewEvaluator(g, spec)
		if err != nil {
			return
		}
		again, err := engine.NewEvaluator(g, e.String())
		if err != nil {
			t.Fatalf("%q: written as %q, which is refused: %v", spec, e.String(), err)
		}
		if again.String() != e.String() {
			t.Fatalf("%q: %q becomes %q", spec, e.String(), again.String())
		}
	})
}
