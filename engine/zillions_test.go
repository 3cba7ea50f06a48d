package engine_test

import (
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/game/gametest"
)

// Forms Zillions reads that a stricter reader would refuse: (go place),
// an attribute named not-X? read as X?, on-board? alone, (not T) in
// configuration goals, and a player outside the turn order.

// TestGoPlaces: a hunter goes where the last move went and takes the
// piece there, ending there ((go from) does not move it back).
func TestGoPlaces(t *testing.T) {
	g := compileSource(t, `(game (title "Go") (players A B) (turn-order B A) `+rowBoard+`
  (piece (name Hunter) (moves ((go last-to) (verify enemy?) to (go from) right add)))
  (piece (name Walker) (moves (left (verify empty?) add)))
  (board-setup (A (Hunter a)) (B (Walker e))))`)
	s := engine.NewState(g)
	play(t, s, "e - d walker-1")
	if got := notations(t, s); !slices.Equal(got, []string{"a x d hunter-1"}) {
		t.Fatalf("hunter's moves after the walker's: %v", got)
	}
	play(t, s, "a x d hunter-1")
	if v := s.At(3); v == 0 || g.Rules.Pieces[v.Type()].Name != "Hunter" {
		t.Fatalf("d holds %v, not the hunter", v)
	}
}

// TestNegatedAttribute: a piece whose attribute is not-moved? steps left
// while not-moved?, then, once moved? (the attribute's negation), right
// while on-board? alone (the current position) holds.
func TestNegatedAttribute(t *testing.T) {
	g := compileSource(t, `(game (title "Moved") (players A) `+rowBoard+`
  (piece (name Walker) (attribute not-moved? true)
    (moves ((verify not-moved?) left (verify empty?) (set-attribute not-moved? false) add)
           ((verify moved?) (if on-board? right (verify empty?) add))))
  (board-setup (A (Walker c))))`)
	s := engine.NewState(g)
	if got := notations(t, s); !slices.Equal(got, []string{"c - b walker-1"}) {
		t.Fatalf("first moves %v", got)
	}
	play(t, s, "c - b walker-1")
	if got := notations(t, s); !slices.Equal(got, []string{"b - c walker-2"}) {
		t.Fatalf("moves once moved %v", got)
	}
}

// TestNotSpecs: (not T) in an absolute-config holds when none of its
// positions holds a T of the player (A loses its last king); in a
// relative-config a position matches when it does not hold one (exactly
// two stones in a row win, three do not).
func TestNotSpecs(t *testing.T) {
	kings := compileSource(t, `(game (title "Kings") (players A B) `+rowBoard+`
  (piece (name King)) (piece (name Pawn) (moves (left (verify empty?) add)))
  (piece (name Hunter) (moves (left add)))
  (board-setup (A (King a) (Pawn e)) (B (Hunter b)))
  (loss-condition (A) (absolute-config (not King) (a b c d e))))`)
	s := engine.NewState(kings)
	play(t, s, "e - d pawn-1")
	if r, err := s.Result(); err != nil || r.Over {
		t.Fatalf("A still has its king: %+v %v", r, err)
	}
	play(t, s, "b x a hunter-1")
	if r, err := s.Result(); err != nil || !r.Over || r.Scores[0] != 0 || r.Scores[1] != 1 {
		t.Fatalf("A has no king left: %+v %v", r, err)
	}
	pairs := compileSource(t, `(game (title "Pairs") (players A B) `+rowBoard+`
  (piece (name Stone) (drops ((verify empty?) add)))
  (board-setup (A (Stone off 9)) (B (Stone off 9)))
  (win-condition (A B) (relative-config (not Stone) right Stone right Stone right (not Stone))))`)
	tests := []struct {
		drops []string
		won   bool // A wins
	}{
		{[]string{"b stone-1 A Stone", "e stone-1 B Stone", "c stone-1 A Stone"}, true},
		{[]string{"a stone-1 A Stone", "e stone-1 B Stone", "c stone-1 A Stone", "d stone-1 B Stone", "b stone-1 A Stone"}, false},
	}
	for _, tt := range tests {
		s := engine.NewState(pairs)
		for _, d := range tt.drops {
			play(t, s, d)
		}
		r, err := s.Result()
		if won := r.Over && r.Scores[0] == 1; err != nil || won != tt.won {
			t.Errorf("%v: %+v, want A winning: %v (%v)", tt.drops, r, tt.won, err)
		}
	}
}

// TestNeutralPlayer: a player outside the turn order owns pieces but
// takes no seat; the game plays as a game of two.
func TestNeutralPlayer(t *testing.T) {
	g := compileSource(t, `(game (title "Neutral") (players A B Neutral) (turn-order A B) `+rowBoard+`
  (piece (name Rock))
  (piece (name Walker) (moves (right (verify empty?) add) (left (verify empty?) add)))
  (board-setup (A (Walker a)) (B (Walker e)) (Neutral (Rock c)))
  (loss-condition (A B) stalemated))`)
	pos := engine.NewPosition(engine.NewState(g), nil)
	if pos.Players() != 2 || pos.Seat(2) != engine.Unseated || pos.Seat(1) != 1 {
		t.Fatalf("players %d, seats %v %v", pos.Players(), pos.Seat(1), pos.Seat(2))
	}
	if g.Rules.Chooses(2) || !g.Rules.Chooses(1) {
		t.Error("Chooses: the neutral player chooses, or B does not")
	}
	gametest.Run(t, "neutral", func() *engine.Position { return engine.NewPosition(engine.NewState(g), nil) },
		gametest.Options[engine.Ply]{Seed: 1, Games: 2, Plies: 30})
}
