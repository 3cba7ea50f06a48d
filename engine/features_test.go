package engine_test

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// line5 is a board of five positions a..e in a row, for small rule tests.
const line5 = `(board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e" (10 0)))
  (directions (r 1 0) (l -1 0))) (symmetry B (r l) (l r)))`

// featureCase is a tiny game, a position in it, and the moves the rules
// must give there.
type featureCase struct {
	name  string
	rules string // the game's sections after players and board
	pos   string
	moves []string
}

var featureCases = []featureCase{
	{"add continues the program", `(piece (name R) (moves (r (while empty? add r))))`,
		`(A (R a)) (B (R d))`, []string{"a - b r-1", "a - c r-1"}},
	{"promotion choices", `(piece (name P) (moves (r (verify empty?) (add Q N)))) (piece (name Q)) (piece (name N))`,
		`(A (P d))`, []string{"d - e p-1 = Q", "d - e p-1 = N"}},
	{"capture by replacement and explicit capture", `(piece (name S) (moves (r (verify enemy?) add) (r capture l add)))`,
		`(A (S a)) (B (S b))`, []string{"a x b s-1", "a x a s-2"}},
	{"cascade moves two pieces", `(piece (name K) (moves (r (verify friend?) cascade r (verify empty?) add)))`,
		`(A (K a b))`, []string{"a - b k-1"}},
	{"drops obey reserves", `(piece (name M) (drops ((verify empty?) add))) (board-setup (A (M off 2)))`,
		`(A (M c off 1))`, []string{"a m-1 A M", "b m-1 A M", "d m-1 A M", "e m-1 A M"}},
	{"an empty reserve allows no drop", `(piece (name M) (drops ((verify empty?) add))) (board-setup (A (M off 0)))`,
		`(A (M off 0))`, nil},
	{"add-copy leaves the piece", `(piece (name C) (moves (r (verify empty?) add-copy)))`,
		`(A (C a))`, []string{"a - b c-1"}},
	{"flags live for one run", `(piece (name F) (moves ((set-flag seen true) r (verify (flag? seen)) add) (r (verify (flag? seen)) add)))`,
		`(A (F a))`, []string{"a - b f-1"}},
	{"attributes", `(piece (name T) (attribute fresh? true) (moves ((verify fresh?) r (set-attribute fresh? false) add)))`,
		`(A (T a c)) (attribute fresh? false c)`, []string{"a - b t-1"}},
	{"mark, back and to", `(piece (name J) (moves (mark r r (verify empty?) to back add)))`,
		`(A (J a))`, []string{"a - c j-1"}},
	{"partial moves chain", `(piece (name H) (moves (r (verify enemy?) capture r (verify empty?) (add-partial))))`,
		`(A (H a)) (B (H b d))`, []string{"+ a x c h-1 + c x e h-1 +"}},
	{"move priorities", `(move-priorities take) (piece (name P) (moves (move-type take) (r (verify enemy?) add) (move-type walk) (l (verify empty?) add)))`,
		`(A (P b)) (B (P c))`, []string{"b x c p-1"}},
	{"pass turn", `(option "pass turn" true) (piece (name P) (moves (r (verify empty?) add)))`,
		`(A (P e))`, []string{"pass"}},
	{"flip and change-owner", `(piece (name P) (moves (r flip l add) ((r change-owner) l add)))`,
		`(A (P a)) (B (P b))`, []string{"a - a p-1", "a - a p-2"}},
	{"create and change-type", `(piece (name P) (moves (r (verify empty?) (create Q) (change-type Q l) add))) (piece (name Q))`,
		`(A (P a))`, []string{"a - b p-1"}},
	{"defended?", `(piece (name G) (moves (r (verify empty?) (verify defended?) add)))
	  (piece (name D) (moves (l (verify enemy?) add)))`,
		`(A (G a) (D c))`, []string{"a - b g-1"}},
	{"attacked?", `(piece (name G) (moves (r (verify empty?) (verify not-attacked?) add)))
	  (piece (name D) (moves (r (verify enemy?) add)))`,
		`(A (G a)) (B (D c))`, []string{}},
}

func TestFeatures(t *testing.T) {
	for _, c := range featureCases {
		t.Run(c.name, func(t *testing.T) {
			g := compileSource(t, `(game (title "F") (players A B) `+line5+` `+c.rules+`)`)
			s, err := engine.ParsePosition(g, c.name, []byte(c.pos))
			if err != nil {
				t.Fatal(err)
			}
			got := notations(t, s)
			want := append([]string(nil), c.moves...)
			sort.Strings(got)
			sort.Strings(want)
			if len(got) == 0 && len(want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("moves %q, want %q", got, want)
			}
		})
	}
}

// TestEffects plays moves and checks the board they leave.
func TestEffects(t *testing.T) {
	tests := []struct {
		name, rules, pos, move, want string
	}{
		{"cascade", `(piece (name K) (moves (r (verify friend?) cascade r (verify empty?) add)))`,
			`(A (K a b))`, "a - b k-1", "(A (K b c))"},
		{"add-copy", `(piece (name C) (moves (r (verify empty?) add-copy)))`, `(A (C a))`, "a - b c-1", "(A (C a b))"},
		{"flip", `(piece (name P) (moves (r flip l add)))`, `(A (P a)) (B (P b))`, "a - a p-1", "(A (P a b))"},
		{"create and change-type", `(piece (name P) (moves (r (verify empty?) (create Q) (change-type Q l) add))) (piece (name Q))`,
			`(A (P a))`, "a - b p-1", "(A (Q b))"},
		{"recycle captures", `(option "recycle captures" true) (piece (name P) (moves (r (verify enemy?) add)))`,
			`(A (P a)) (B (P b))`, "a x b p-1", "(A (P b off 1))"},
		{"deferred captures end with the move", `(option "deferred captures" true)
		  (piece (name H) (moves (r (verify enemy?) capture r (verify empty?) (add-partial))))`,
			`(A (H a)) (B (H b d))`, "+ a x c h-1 + c x e h-1 +", "(A (H e))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := compileSource(t, `(game (title "F") (players A B) `+line5+` `+tt.rules+`)`)
			s, err := engine.ParsePosition(g, tt.name, []byte(tt.pos))
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			s.Play(&m)
			if got := s.FormatPosition(); !strings.Contains(strings.Join(strings.Fields(got), " "), tt.want) {
				t.Fatalf("after %s:\n%s\nwant %s", tt.move, got, tt.want)
			}
		})
	}
}

func TestMaximalCaptures(t *testing.T) {
	src := `(game (title "M") (players A B) ` + line5 + ` (option "maximal captures" true)
	  (piece (name H) (moves (r (verify enemy?) capture r (verify empty?) (add-partial))
	                         (l (verify enemy?) capture l (verify empty?) add))))`
	g := compileSource(t, src)
	// From c: west takes one (b), east takes d and would go on; with a
	// second enemy only the two-capture chain is legal.
	s, err := engine.ParsePosition(g, "m", []byte(`(A (H c)) (B (H b d))`))
	if err != nil {
		t.Fatal(err)
	}
	if got := notations(t, s); len(got) != 2 {
		t.Fatalf("one capture each way: %q", got)
	}
	g2 := compileSource(t, `(game (title "M") (players A B) (board (grid (start-rectangle 0 0 10 10)
	  (dimensions ("a/b/c/d/e/f/g" (10 0))) (directions (r 1 0) (l -1 0)))) (option "maximal captures" true)
	  (piece (name H) (moves (r (verify enemy?) capture r (verify empty?) (add-partial))
	                         (l (verify enemy?) capture l (verify empty?) add))))`)
	s2, err := engine.ParsePosition(g2, "m", []byte(`(A (H c)) (B (H b d f))`))
	if err != nil {
		t.Fatal(err)
	}
	if got := notations(t, s2); !reflect.DeepEqual(got, []string{"+ c x e h-1 + e x g h-1 +"}) {
		t.Fatalf("maximal captures: %q", got)
	}
}

func TestGoals(t *testing.T) {
	tests := []struct {
		name, goals, pos string
		over             bool
		scores           []float64
	}{
		{"pieces-remaining", `(loss-condition (A B) (pieces-remaining 0))`, `(turn A) (A (P a))`, true, []float64{1, 0}},
		{"total-piece-count", `(draw-condition (A B) (total-piece-count 1))`, `(A (P a))`, true, []float64{0.5, 0.5}},
		{"captured", `(win-condition (A B) (captured Q))`, `(A (Q a)) (B (P e))`, true, []float64{0, 1}},
		{"absolute-config", `(win-condition (A B) (absolute-config P (e)))`, `(A (P e)) (B (P a))`, true, []float64{1, 0}},
		{"not", `(win-condition (A) (not (absolute-config P (e))))`, `(A (P d))`, true, []float64{1, 0}},
		{"relative-config", `(win-condition (A B) (relative-config P r P r P))`, `(A (P b c d))`, true, []float64{1, 0}},
		{"count-condition", `(count-condition (A B) stalemated)`, `(turn A) (A (P e)) (B (P a b))`, true, []float64{0, 1}},
		{"stalemated", `(loss-condition (A B) stalemated)`, `(turn B) (A (P e)) (B (P a))`, true, []float64{1, 0}},
		{"going on", `(loss-condition (A B) stalemated)`, `(turn A) (A (P a)) (B (P e))`, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := compileSource(t, `(game (title "G") (players A B) `+line5+`
			  (piece (name P) (moves (r (verify empty?) add))) (piece (name Q)) `+tt.goals+`)`)
			s, err := engine.ParsePosition(g, tt.name, []byte(tt.pos))
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.Result()
			if err != nil {
				t.Fatal(err)
			}
			if r.Over != tt.over || (tt.over && !reflect.DeepEqual(r.Scores, tt.scores)) {
				t.Fatalf("result %+v, want over=%v scores %v", r, tt.over, tt.scores)
			}
		})
	}
}

// Turn order: entries before repeat run once; (P Q type) moves Q's pieces;
// a random player is a chance node.
func TestTurnOrder(t *testing.T) {
	g := compileSource(t, `(game (title "T") (players A B ?Die) `+line5+`
	  (turn-order A repeat (?Die A) B)
	  (piece (name P) (moves (r (verify empty?) add))))`)
	s, err := engine.ParsePosition(g, "t", []byte(`(A (P a)) (B (P e))`))
	if err != nil {
		t.Fatal(err)
	}
	var ml engine.MoveList
	want := []struct {
		player string
		chance bool
	}{{"A", false}, {"?Die", true}, {"B", false}, {"?Die", true}}
	for i, w := range want {
		if name := g.Rules.Players[s.ToMove()].Name; name != w.player || s.Chance() != w.chance {
			t.Fatalf("turn %d: %s (chance %v), want %s", i, name, s.Chance(), w.player)
		}
		if i == len(want)-1 {
			break
		}
		ms, err := s.Moves(&ml)
		if err != nil || len(ms) == 0 {
			t.Fatalf("turn %d: no moves (%v)", i, err)
		}
		if w.player == "?Die" && ms[0].From() != s.Game().Rules.Board.PositionIndex("a") &&
			ms[0].From() != s.Game().Rules.Board.PositionIndex("b") {
			t.Fatalf("the die must move A's piece, moved from %d", ms[0].From())
		}
		m := ms[0].Clone()
		s.Play(&m)
	}
}

// Goals under not and and are checked in full after a move, not only where
// the move changed the board.
func TestGoalsAfterMoves(t *testing.T) {
	g := compileSource(t, `(game (title "G") (players A B) `+line5+`
	  (piece (name P) (moves (r (verify empty?) add)))
	  (win-condition (A) (not (absolute-config P (e))))
	  (win-condition (B) (and (absolute-config P (a)) (absolute-config P (c)))))`)
	s, err := engine.ParsePosition(g, "g", []byte(`(turn B) (A (P e)) (B (P a d))`))
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := s.Result(); r.Over {
		t.Fatalf("over at the start: %+v", r)
	}
	m, err := s.ParseMove("d - c p-1")
	if err != nil {
		t.Fatal(err)
	}
	s.Play(&m)
	r, err := s.Result()
	if err != nil {
		t.Fatal(err)
	}
	if !r.Over || r.Scores[1] != 1 {
		t.Fatalf("B has pieces on a and c: %+v", r)
	}
}
