package engine_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	gm "github.com/ludus-games/ludus/game"
)

// position reads a position of g written in the position format.
func position(t *testing.T, g *engine.Game, text string) *engine.State {
	t.Helper()
	s, err := engine.ParsePosition(g, "test", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// moveNames lists the moves of s in the notation, sorted.
func moveNames(t *testing.T, s *engine.State) []string {
	t.Helper()
	out := notations(t, s)
	slices.Sort(out)
	return out
}

// perftCounts checks perft of s at each depth given (depth -> count).
func perftCounts(t *testing.T, s *engine.State, want map[int]int64) {
	t.Helper()
	for d, n := range want {
		got, err := engine.Perft(s.Clone(), d)
		if err != nil {
			t.Fatal(err)
		}
		if got != n {
			t.Errorf("perft(%d) = %d, want %d", d, got, n)
		}
	}
}

// TestUrPerft: the start of Ur counted by hand. Each throw of a die is
// a chance move with two outcomes, four make a throw (16 sequences); the
// first player's only moves are an entry (or a pass on a throw of 0).
// After a throw of 4 White enters on the rosette a1 and throws again:
// of those 16 second throws, 0 passes (1 move), 1-3 enter or run from
// a1 (2 moves each: 14 throws), 4 only runs (the entry square is taken),
// so depth 10 has 15*16 + 1 + 28 + 1 = 270 leaves.
func TestUrPerft(t *testing.T) {
	g := game(t, "ur.zrf", "")
	perftCounts(t, engine.NewState(g), map[int]int64{1: 2, 4: 16, 5: 16, 6: 32, 9: 256, 10: 270})
}

// TestUrMoves checks captures, the safe rosette, exact bearing off and
// the extra throw on a rosette on small positions.
func TestUrMoves(t *testing.T) {
	g := game(t, "ur.zrf", "")
	const base = `(position (turn 4) (White (Stone c2 d1 off 5)) (Black (Stone e2 d2 off 5)) (variable roll %d)
	  (position-attribute sq 1 d3 d1) (position-attribute sq 2 c3 c1) (position-attribute sq 3 b3 b1) (position-attribute sq 4 a3 a1))`
	for _, tt := range []struct {
		roll string
		want []string
	}{
		// c2 takes e2; d1 runs to b1; a piece enters on c1.
		{"2", []string{"c1 enter White Stone", "c2 x e2 run", "d1 - b1 run"}},
		// d2 is the safe rosette (Black's piece stays); d1 is taken by
		// White's own piece, so no entry.
		{"1", []string{"d1 - c1 run"}},
		{"0", []string{"pass"}},
	} {
		s := position(t, g, strings.Replace(base, "%d", tt.roll, 1))
		if got := moveNames(t, s); !slices.Equal(got, tt.want) {
			t.Errorf("throw %s: moves %q, want %q", tt.roll, got, tt.want)
		}
	}
	// The capture sends Black's piece back to its reserve.
	s := position(t, g, strings.Replace(base, "%d", "2", 1))
	play(t, s, "c2 x e2 run")
	if n, _ := s.Reserve(1, 0); n != 6 {
		t.Errorf("after the capture Black holds %d pieces off the board, want 6", n)
	}
	// Bearing off needs the exact throw and fills the first free home
	// square.
	home := `(position (turn 4) (White (Stone g1 wh1 off 5)) (Black (Stone off 7)) (variable roll %d))`
	if got := moveNames(t, position(t, g, strings.Replace(home, "%d", "1", 1))); !slices.Contains(got, "g1 - wh2 run") {
		t.Errorf("throw 1 from g1: %q, want g1 - wh2 run", got)
	}
	if got := moveNames(t, position(t, g, strings.Replace(home, "%d", "2", 1))); slices.ContainsFunc(got, func(m string) bool { return strings.HasPrefix(m, "g1") }) {
		t.Errorf("throw 2 from g1 bears off: %q", got)
	}
	// A rosette gives another throw: the turn goes back to White's dice.
	s = position(t, g, `(position (turn 4) (White (Stone b1 off 6)) (Black (Stone off 7)) (variable roll 1)
	  (position-attribute sq 1 d3 d1) (position-attribute sq 2 c3 c1) (position-attribute sq 3 b3 b1) (position-attribute sq 4 a3 a1))`)
	play(t, s, "b1 - a1 run")
	if s.Turn() != 0 || !s.Chance() {
		t.Errorf("after landing on a rosette: turn entry %d, want 0 (White's throw)", s.Turn())
	}
	// The throws are chance moves: two outcomes, each of probability 1/2.
	pos := engine.NewPosition(s.Clone(), nil)
	if out := pos.Outcomes(nil); pos.ToMove() != gm.Chance || len(out) != 2 || out[0].Prob != 0.5 {
		t.Errorf("a throw: to move %v, outcomes %v; want chance with two of 1/2", pos.ToMove(), out)
	}
	s.Undo()
	play(t, s, "d1 enter White Stone")
	if s.Turn() != 5 {
		t.Errorf("after an ordinary move: turn entry %d, want 5 (Black's throw)", s.Turn())
	}
}

// TestFanorona counts Fanorona's moves by hand. At the start only e3 is
// empty: d3 takes f3 by approach or c3 by withdrawal, e2 takes e4-e5,
// d2 takes f4-g5 and f2 d4-c5; no chain can go on (the next capture
// would repeat a direction or a point).
func TestFanorona(t *testing.T) {
	g := game(t, "fanorona.zrf", "")
	perftCounts(t, engine.NewState(g), map[int]int64{1: 5})

	// A chain: a1 takes c1 by approach (to b1), and may go on taking b3
	// (to b2; then nothing), or takes c3 (to b2) and may go on taking b3
	// by withdrawal (to b1) or c1 by withdrawal (to a3). Going on is
	// optional, so each prefix is a move: 2 + 3.
	s := position(t, g, `(position (turn White) (White (Stone a1)) (Black (Stone c1 c3 b3)))`)
	want := []string{"+ a1 x b1 approach e +", "+ a1 x b1 approach e + b1 x b2 approach-more n s +",
		"+ a1 x b2 approach ne +", "+ a1 x b2 approach ne + b2 x a3 withdraw-more nw se +",
		"+ a1 x b2 approach ne + b2 x b1 withdraw-more s n +"}
	if got := moveNames(t, s); !slices.Equal(got, want) {
		t.Errorf("chain moves:\n%q\nwant\n%q", got, want)
	}
	perftCounts(t, s, map[int]int64{1: 5})

	// The choice: c2 to d2 takes e2 by approach or b2 by withdrawal.
	s = position(t, g, `(position (turn White) (White (Stone c2)) (Black (Stone b2 e2)))`)
	if got := moveNames(t, s); !slices.Equal(got, []string{"+ c2 x d2 approach e +", "+ c2 x d2 withdraw e w +"}) {
		t.Errorf("approach or withdrawal: %q", got)
	}
	// Without a capture, a paika; forty quiet moves draw.
	s = position(t, g, `(position (turn White) (White (Stone a1)) (Black (Stone i5)) (variable quiet 39))`)
	play(t, s, "a1 - a2 paika n")
	if r, err := s.Result(); err != nil || !r.Over || r.Scores[0] != 0.5 {
		t.Errorf("after forty quiet moves: %+v, %v; want a draw", r, err)
	}
}

// TestTwoKings counts kings' moves by hand under both royal rules.
func TestTwoKings(t *testing.T) {
	royal := game(t, "two-kings.zrf", "Two Kings")
	last := game(t, "two-kings.zrf", "Two Kings, last king royal")
	// The rook on b6 holds the b file: kings on a1 and c1 may not step
	// onto it while every king is royal (a2; c2, d1, d2: 4 moves); with
	// both kings only the last one is royal, so all 8 steps are moves.
	const two = `(position (turn White) (White (King a1 c1)) (Black (Rook b6) (King e6 f6)))`
	perftCounts(t, position(t, royal, two), map[int]int64{1: 4})
	perftCounts(t, position(t, last, two), map[int]int64{1: 8})
	// One king left: it is royal under both rules.
	const one = `(position (turn White) (White (King a1)) (Black (Rook b6) (King e6 f6)))`
	perftCounts(t, position(t, royal, one), map[int]int64{1: 1})
	perftCounts(t, position(t, last, one), map[int]int64{1: 1})
	// Rooks on a6 and b6 mate the king on a1 where every king is royal
	// (the king on f1 cannot help); with the last-king rule the other
	// king moves (3) and a1 may step into check (3).
	const mate = `(position (turn White) (White (King a1 f1)) (Black (Rook a6 b6) (King e6 f6)))`
	s := position(t, royal, mate)
	if r, err := s.Result(); err != nil || !r.Over || r.Scores[0] != 0 {
		t.Errorf("mate of one king: %+v, %v; want a loss for White", r, err)
	}
	s = position(t, last, mate)
	perftCounts(t, s, map[int]int64{1: 6})
	if r, _ := s.Result(); r.Over {
		t.Errorf("with two kings and the last-king rule the game is over: %+v", r)
	}
	// Black takes the king on a1: White has one king left, now royal,
	// and it may not step to e1 (the rook on a1 holds the rank): e2, f2.
	s = position(t, last, `(position (turn Black) (White (King a1 f1)) (Black (Rook a6 b6) (King e6 f6)))`)
	play(t, s, "a6 x a1 slide n")
	perftCounts(t, s, map[int]int64{1: 2})
}
