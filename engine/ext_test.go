package engine_test

import (
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// The native dialect's state: variables, position attributes and integer
// piece attributes change with moves, are hashed, come back on undo and
// survive the position format.

const rowBoard = `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d/e" (1 0)))
  (directions (right 1 0) (left -1 0))))`

// play makes the move written text (in the universal notation).
func play(t *testing.T, s *engine.State, text string) {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatalf("%s: %v (moves: %v)", text, err, notations(t, s))
	}
	s.Play(&m)
	if !s.HashOK() {
		t.Fatalf("after %s: the hash is out of step", text)
	}
}

// roundTrip writes the position and reads it back: same cells, same
// hash.
func roundTrip(t *testing.T, s *engine.State) {
	t.Helper()
	text := s.FormatPosition()
	back, err := engine.ParsePosition(s.Game(), "written", []byte(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if !back.Equal(s) || back.Hash() != s.Hash() {
		t.Fatalf("the position changed when written and read back:\n%s\n%s", text, back.FormatPosition())
	}
}

func TestVariablesAndAttributes(t *testing.T) {
	g := compileSource(t, `(game (title "Counters") (players A B)
  (variable steps)
  (variable bonus 10)
  `+strings.Replace(rowBoard, "(left -1 0)))", "(left -1 0))) (attribute height 0)", 1)+`
  (piece (name Walker) (attribute strength 3) (attribute tired? false)
    (moves ((verify my?) right (verify empty?)
            (set-variable steps (+ steps 1))
            (set-position-attribute height (+ (height left) 1) left)
            (set-attribute strength (- (strength left) 1))
            (set-attribute tired? (< (strength left) 3))
            add)))
  (board-setup (position-attribute height 2 e) (A (Walker a)) (B (Walker c))))`)
	s := engine.NewState(g)
	if s.Variable(0) != 0 || s.Variable(1) != 10 || s.PositionAttr(0, 4) != 2 || s.PieceAttr(0, 0) != 3 {
		t.Fatalf("start: steps %d bonus %d height(e) %d strength(a) %d", s.Variable(0), s.Variable(1),
			s.PositionAttr(0, 4), s.PieceAttr(0, 0))
	}
	start := s.Clone()
	play(t, s, "a - b walker-1")
	play(t, s, "c - d walker-1")
	play(t, s, "b - c walker-1")
	roundTrip(t, s)
	// A moved twice: strength 1 on c; B once: strength 2 on d; the
	// heights count the moves from each position.
	if got := [...]int{s.Variable(0), s.PieceAttr(0, 2), s.PieceAttr(0, 3), s.PieceAttr(0, 1),
		s.PositionAttr(0, 0), s.PositionAttr(0, 1), s.PositionAttr(0, 2)}; got != [...]int{3, 1, 2, 0, 1, 1, 1} {
		t.Fatalf("steps, strength c d b, height a b c = %v", got)
	}
	if s.PieceAttr(1, 2) != 1 || s.PieceAttr(1, 3) != 0 {
		t.Fatalf("tired? on c %d, d %d: want 1 and 0 (set from the strength before the move)", s.PieceAttr(1, 2), s.PieceAttr(1, 3))
	}
	for s.Undo() {
	}
	if !s.Equal(start) || s.Hash() != start.Hash() {
		t.Fatal("undo does not restore variables and attributes")
	}
}

// A coalition: friend? holds for an ally's piece, my? only for one's own;
// a win of one ally is a win of both.
func TestCoalition(t *testing.T) {
	g := compileSource(t, `(game (title "Allies") (players A B C D) (coalition A C) (coalition B D)
  `+rowBoard+`
  (piece (name P)
    (moves ((verify my?) right (verify friend?) (verify not-my?) add)
           ((verify my?) right (verify enemy?) add)))
  (board-setup (A (P a)) (C (P b)) (B (P c)) (D (P e)))
  (win-condition (A C) (= (count (pieces enemy?)) 1)))`)
	s := engine.NewState(g)
	if got := notations(t, s); len(got) != 1 || got[0] != "a x b p-1" {
		t.Fatalf("A's moves: %v, want onto its ally only", got)
	}
	s.Play(new(engine.Move)) // A passes
	if got := notations(t, s); len(got) != 0 {
		t.Fatalf("B's moves %v: B's piece on c has D's ahead, no enemy", got)
	}
	s.Play(new(engine.Move))
	if got := notations(t, s); len(got) != 1 || got[0] != "b x c p-2" {
		t.Fatalf("C's moves: %v", got)
	}
	play(t, s, "b x c p-2")
	r, err := s.Result()
	if err != nil || !r.Over || r.Scores[0] != 1 || r.Scores[2] != 1 || r.Scores[1] != 0 {
		t.Fatalf("result %+v %v: A and C win together", r, err)
	}
}

// Several goals hold at once: the highest priority decides, whatever the
// file order and whoever moved.
func TestGoalPriorities(t *testing.T) {
	src := `(game (title "Priorities") (players A B) ` + rowBoard + `
  (piece (name P) (drops ((verify empty?) add)))
  (draw-condition (A B) (>= (count (pieces)) 1) (priority PD))
  (loss-condition (A) (>= (count (pieces my?)) 1) (priority PL))
  (win-condition (B) (>= (count (pieces)) 1) (priority PW)))`
	for _, tt := range []struct {
		d, l, w string
		want    string
	}{
		{"0", "0", "0", "draw-condition"},
		{"0", "1", "0", "loss-condition"},
		{"0", "0", "5", "win-condition"},
		{"-1", "2", "1", "loss-condition"},
	} {
		g := compileSource(t, strings.NewReplacer("PD", tt.d, "PL", tt.l, "PW", tt.w).Replace(src))
		s := engine.NewState(g)
		play(t, s, "a p-1 A P")
		r, err := s.Result()
		if err != nil || !r.Over || !strings.HasPrefix(r.Reason, tt.want) {
			t.Errorf("priorities draw %s loss %s win %s: %q %v, want %s", tt.d, tt.l, tt.w, r.Reason, err, tt.want)
		}
	}
}

// (count moves) and stalemated agree; a count-condition ranks by the
// score expression plus komi.
func TestCountMovesAndScore(t *testing.T) {
	g := compileSource(t, `(game (title "Score") (players A B) `+rowBoard+`
  (piece (name P) (drops ((verify empty?) add)))
  (count-condition (A B) (= (count moves) 0))
  (score (* 2 (count (pieces my?))))
  (komi B 3.5))`)
	s := engine.NewState(g)
	for _, m := range []string{"a p-1 A P", "b p-1 B P", "c p-1 A P", "d p-1 B P", "e p-1 A P"} {
		if r, _ := s.Result(); r.Over {
			t.Fatalf("over before %s", m)
		}
		play(t, s, m)
	}
	sc, err := s.Scores()
	if err != nil || sc[0] != 6 || sc[1] != 7.5 {
		t.Fatalf("scores %v %v, want 6 and 4+3.5", sc, err)
	}
	r, err := s.Result()
	if err != nil || !r.Over || r.Scores[1] != 1 || r.Scores[0] != 0 {
		t.Fatalf("result %+v %v: B wins on komi", r, err)
	}
}

// A counting expression that would visit too many positions stops with
// an error naming it, in a move program and in a goal.
func TestExpressionStepLimit(t *testing.T) {
	board := `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d/e/f/g/h/i/j/k/l" (1 0)) ("1/2/3/4/5/6/7/8/9/10/11/12" (0 1)))
  (directions (e 1 0))))`
	deep := "(> (count (positions (> (count (positions (> (count (positions)) 0))) 0))) 0)"
	g := compileSource(t, `(game (title "Deep") (players A B) `+board+`
  (piece (name P) (drops ((verify empty?) (verify `+deep+`) add))))`)
	var ml engine.MoveList
	_, err := engine.NewState(g).Moves(&ml)
	if err == nil || !strings.Contains(err.Error(), "loop.zrf:3:") || !strings.Contains(err.Error(), "did not finish") ||
		!strings.Contains(err.Error(), "piece P") {
		t.Fatalf("move program: error %v", err)
	}
	g = compileSource(t, `(game (title "Deep") (players A B) `+board+`
  (piece (name P) (drops ((verify empty?) add)))
  (win-condition (A) `+deep+`))`)
	_, err = engine.NewState(g).Result()
	if err == nil || !strings.Contains(err.Error(), "loop.zrf:4:") || !strings.Contains(err.Error(), "did not finish") {
		t.Fatalf("goal: error %v", err)
	}
	if _, err := engine.Perft(engine.NewState(g), 2); err == nil || !strings.Contains(err.Error(), "did not finish") {
		t.Fatalf("perft: error %v", err)
	}
	if _, _, err := engine.Playout(engine.NewState(g), nil, 10, new(engine.MoveList)); err == nil {
		t.Fatal("playout: no error")
	}
}

// Ko rules on a toy board where either player may move the one piece:
// simple ko forbids undoing the last move, situational superko any
// earlier position with the same player to move, positional superko any
// earlier position.
func TestKo(t *testing.T) {
	src := `(game (title "Shuttle") (players A B) (turn-order A (B A)) (option "ko" KO) (option "pass turn" true) ` + rowBoard + `
  (piece (name P) (moves (right (verify empty?) add) (left (verify empty?) add)))
  (board-setup (A (P b))))`
	for _, tt := range []struct {
		ko   string
		seq  []string
		want string
	}{
		{"false", []string{"b - c p-1"}, "c - d p-1,c - b p-2,pass"},
		{"true", []string{"b - c p-1"}, "c - d p-1,pass"},
		{"true", []string{"b - c p-1", "pass"}, "c - d p-1,c - b p-2,pass"},
		{"situational", []string{"b - c p-1", "c - d p-1"}, "d - e p-1,pass"},
		{"situational", []string{"b - c p-1", "pass"}, "c - d p-1,c - b p-2,pass"},
		{"positional", []string{"b - c p-1", "pass"}, "c - d p-1,pass"},
	} {
		s := engine.NewState(compileSource(t, strings.Replace(src, "KO", tt.ko, 1)))
		for _, m := range tt.seq {
			play(t, s, m)
		}
		if got := strings.Join(notations(t, s), ","); got != tt.want {
			t.Errorf("ko %s after %v: %s, want %s", tt.ko, tt.seq, got, tt.want)
		}
	}
}

// The seed's checkmate, written with counts: the player to move has no
// move and a king of its is attacked; with two kings one attacked king is
// not mate (Tamerlane's several royal pieces).
func TestSeedMate(t *testing.T) {
	src := `(game (title "Mate") (players A B) ` + rowBoard + `
  (piece (name King) (moves ((verify my?) right (verify empty?) add)))
  (piece (name Rook) (moves ((verify my?) left (while empty? add left) (verify enemy?) add)))
  (board-setup (A (King a KINGS)) (B (Rook b)))
  (loss-condition (A B) (and (= (count moves) 0) (= (count (pieces my? (is-piece? King))) 1)
    (> (count (pieces my? (is-piece? King) is-attacked?)) 0))))`
	for _, tt := range []struct {
		kings string
		over  bool
	}{{"", true}, {"d", false}} {
		s := engine.NewState(compileSource(t, strings.Replace(src, "KINGS", tt.kings, 1)))
		r, err := s.Result()
		if err != nil || r.Over != tt.over || (r.Over && r.Scores[1] != 1) {
			t.Errorf("kings a %s: result %+v %v, want over %v with B winning", tt.kings, r, err, tt.over)
		}
	}
}
