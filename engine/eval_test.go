package engine_test

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// value returns the evaluator's value of the named piece type.
func value(t *testing.T, e *engine.Evaluator, g *engine.Game, name string) float64 {
	t.Helper()
	for i, pt := range g.Rules.Pieces {
		if pt.Name == name {
			return e.Values[i]
		}
	}
	t.Fatalf("no piece %s", name)
	return 0
}

// TestInferredValues checks that values inferred from mobility rank the
// pieces as players do.
func TestInferredValues(t *testing.T) {
	cases := []struct {
		file  string
		order []string // increasing worth; the first is 100
		zero  []string // not counted
	}{
		{"chess.zrf", []string{"Pawn", "Knight", "Bishop", "Rook", "Queen"}, []string{"King"}},
		{"checkers.zrf", []string{"Man", "King"}, nil},
		{"breakthrough.zrf", []string{"Pawn"}, nil},
		{"connect-four.zrf", nil, []string{"Disc"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			g := game(t, c.file, "")
			e := g.Evaluator()
			for i, name := range c.order {
				v := value(t, e, g, name)
				if i == 0 && v != 100 {
					t.Errorf("%s = %g, want 100", name, v)
				}
				if i > 0 && v <= value(t, e, g, c.order[i-1]) {
					t.Errorf("%s = %g, not above %s: %s", name, v, c.order[i-1], e)
				}
			}
			for _, name := range c.zero {
				if v := value(t, e, g, name); v != 0 {
					t.Errorf("%s = %g, want 0", name, v)
				}
			}
		})
	}
}

// TestEvaluatorSpecs checks values declared in the rules, set by a spec,
// and the errors of bad specs.
func TestEvaluatorSpecs(t *testing.T) {
	chess := game(t, "chess.zrf", "")
	valued := compile(t, filepath.Join("testdata", "games", "valued.zrf"), "")
	cases := []struct {
		g       *engine.Game
		spec    string
		want    string // the evaluator written back
		sources string
		mistake string // part of the error, when the spec is wrong
	}{
		{chess, "Pawn=1,Knight=3,Bishop=3,Rook=5,Queen=9,mobility=4",
			"Pawn=100,Knight=300,Bishop=300,Rook=500,Queen=900,King=0,mobility=4", "spec spec spec spec spec none", ""},
		{chess, "Queen=9 Rook=4.5", "Pawn=0,Knight=0,Bishop=0,Rook=100,Queen=200,King=0,mobility=10",
			"none none none spec spec none", ""},
		{chess, "mobility=0", "Pawn=100,Knight=273,Bishop=401,Rook=570,Queen=820,King=0,mobility=0",
			"inferred inferred inferred inferred inferred none", ""},
		{valued, "", "Scout=100,Rook=500,mobility=10", "rules rules", ""},
		{valued, "Rook=2", "Scout=100,Rook=200,mobility=10", "rules spec", ""},
		{chess, "Pawn", "", "", `want Name=number, got "Pawn"`},
		{chess, "Pawn=x", "", "", `Pawn: want a number 0 or more, got "x"`},
		{chess, "Pawn=-1", "", "", `want a number 0 or more, got "-1"`},
		{chess, "Frog=3", "", "", `unknown name "Frog" (pieces: Pawn, Knight, Bishop, Rook, Queen, King; or mobility, lines, scale)`},
		{chess, "mobility=0,scale=1200", "Pawn=100,Knight=273,Bishop=401,Rook=570,Queen=820,King=0,mobility=0,scale=1200",
			"inferred inferred inferred inferred inferred none", ""},
		{chess, "scale=0", "", "", `scale: want a number above 0, got "0"`},
	}
	for _, c := range cases {
		e, err := engine.NewEvaluator(c.g, c.spec)
		if c.mistake != "" {
			if err == nil || !strings.Contains(err.Error(), c.mistake) {
				t.Errorf("%q: error %v, want one saying %s", c.spec, err, c.mistake)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.spec, err)
			continue
		}
		if got := e.String(); got != c.want {
			t.Errorf("%q: %s, want %s", c.spec, got, c.want)
		}
		if got := strings.Join(e.Sources, " "); got != c.sources {
			t.Errorf("%q: sources %s, want %s", c.spec, got, c.sources)
		}
	}
}

// evaluate sets up a chess position and returns White's and Black's
// estimates with evaluator spec.
func evaluate(t *testing.T, setup, spec string) (white, black float64) {
	t.Helper()
	g := game(t, "chess.zrf", "")
	s, err := engine.ParsePosition(g, "test", []byte(setup))
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.NewEvaluator(g, spec)
	if err != nil {
		t.Fatal(err)
	}
	pos := engine.NewPosition(s, e)
	return pos.Evaluate(0), pos.Evaluate(1)
}

// TestEvaluateRanksPositions checks the evaluation on positions whose
// better side is obvious: a queen up, a knight in the centre against one
// in the corner.
func TestEvaluateRanksPositions(t *testing.T) {
	const pawns = `(White (Pawn a2 b2 c2 d2 e2 f2 g2 h2)) (Black (Pawn a7 b7 c7 d7 e7 f7 g7 h7))`
	cases := []struct {
		name, setup, spec string
		better            int // 0 White, 1 Black, -1 even
	}{
		{"a queen up", `(White (King e1) (Queen d1)) (Black (King e8)) ` + pawns, "", 0},
		{"a queen down", `(White (King e1)) (Black (King e8) (Queen d8)) ` + pawns, "", 1},
		{"the same pieces", `(White (King e1) (Rook a1)) (Black (King e8) (Rook a8)) ` + pawns, "", -1},
		{"a central knight", `(White (King a1) (Knight d4)) (Black (King h8) (Knight a8))`, "", 0},
		{"a cornered knight", `(White (King a1) (Knight h1)) (Black (King h8) (Knight e5))`, "", 1},
		{"mobility off", `(White (King a1) (Knight d4)) (Black (King h8) (Knight a8))`, "mobility=0", -1},
	}
	for _, c := range cases {
		w, b := evaluate(t, c.setup, c.spec)
		if math.Abs(w+b-1) > 1e-12 {
			t.Errorf("%s: estimates %g and %g do not add up to 1", c.name, w, b)
		}
		switch c.better {
		case 0:
			if w <= 0.5 {
				t.Errorf("%s: White %g, want more than 1/2", c.name, w)
			}
		case 1:
			if b <= 0.5 {
				t.Errorf("%s: Black %g, want more than 1/2", c.name, b)
			}
		default:
			if w != 0.5 {
				t.Errorf("%s: White %g, want 1/2", c.name, w)
			}
		}
	}
	queenUp, _ := evaluate(t, cases[0].setup, "")
	knight, _ := evaluate(t, cases[3].setup, "")
	if queenUp <= knight {
		t.Errorf("a queen up (%g) is not better than a better knight (%g)", queenUp, knight)
	}
}

// TestEvaluateInParallel evaluates copies of positions on several
// goroutines (the default evaluator is made on first use, once): each
// gives what it gives alone, and two players' estimates add up to 1.
func TestEvaluateInParallel(t *testing.T) {
	for _, file := range []string{"checkers.zrf", "breakthrough.zrf", "chess.zrf"} {
		g := game(t, file, "")
		const n = 3
		var wg sync.WaitGroup
		sums := make([]float64, n)
		for i := 0; i < n; i++ {
			wg.Go(func() {
				pos := engine.NewPosition(engine.NewState(g), nil)
				rng := rand.New(rand.NewPCG(uint64(i), 2))
				for ply := 0; ply < 60; ply++ {
					if _, over := pos.Result(); over {
						break
					}
					w, b := pos.Evaluate(0), pos.Evaluate(1)
					if math.Abs(w+b-1) > 1e-12 {
						t.Errorf("%s ply %d: %g + %g", file, ply, w, b)
					}
					sums[i] += w
					moves := pos.Moves(nil)
					pos.Play(moves[rng.IntN(len(moves))])
				}
			})
		}
		wg.Wait()
		for i := 0; i < n; i++ {
			pos := engine.NewPosition(engine.NewState(g), nil)
			rng := rand.New(rand.NewPCG(uint64(i), 2))
			sum := 0.0
			for ply := 0; ply < 60; ply++ {
				if _, over := pos.Result(); over {
					break
				}
				sum += pos.Evaluate(0)
				moves := pos.Moves(nil)
				pos.Play(moves[rng.IntN(len(moves))])
			}
			if sum != sums[i] {
				t.Errorf("%s game %d: %g in parallel, %g alone", file, i, sums[i], sum)
			}
		}
	}
}

// A game's own (evaluation ...) adds each player's expression, in points,
// to its material; the mobility term is then off unless a spec asks for
// it. (sum set expr) adds up over a set, each position current in turn,
// with sets of its own inside.
func TestRulesEvaluation(t *testing.T) {
	g := compileSource(t, `(game (title "Sum") (players A B)
  (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d/e" (1 0))) (directions (right 1 0)))
    (attribute w 0))
  (piece (name P) (value 1) (moves ((right (verify empty?) add))))
  (board-setup (A (P b d)) (B (P a)) (position-attribute w 3 b) (position-attribute w 5 d e))
  (evaluation (A) (sum (pieces my?) w))
  (evaluation (B) (sum (pieces my?) (* 10 (count (pieces enemy?))))))`)
	s := engine.NewState(g)
	for side, want := range []float64{3 + 5, 10 * 2} {
		if got, err := g.Evaluator().RulesPoints(s, side); err != nil || got != want {
			t.Errorf("player %d: the rules' evaluation %v (%v), want %v", side, got, err, want)
		}
	}
	if m := g.Evaluator().Mobility; m != 0 {
		t.Errorf("mobility %v with the rules' evaluation, want 0", m)
	}
	// A: two pieces (200) and 8; B: one piece (100) and 20.
	pos := engine.NewPosition(s, nil)
	if got := pos.Points(0); got != 88 {
		t.Errorf("A's points %v, want 88", got)
	}
	if got := pos.Points(1); got != -88 {
		t.Errorf("B's points %v, want -88", got)
	}
	// mobility=5: A has two moves (b-c, d-e), B none.
	ev, err := engine.NewEvaluator(g, "P=1,mobility=5")
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.NewPosition(s, ev).Points(0); got != 98 {
		t.Errorf("A's points with mobility=5: %v, want 98", got)
	}
	// Without an evaluation for a player, it has its material alone.
	g = compileSource(t, `(game (title "Sum") (players A B) `+rowBoard+`
  (piece (name P) (value 1) (moves ((right (verify empty?) add))))
  (board-setup (A (P b d)) (B (P a)))
  (evaluation (B) (- 0 (sum (positions) 1))))`)
	if got := engine.NewPosition(engine.NewState(g), nil).Points(0); got != 100+5 {
		t.Errorf("A's points %v, want 105: 100 more material, and B's -5 (its five positions counted against it)", got)
	}
}

// An evaluation that would visit too many positions makes the position's
// error, naming the expression, instead of a value.
func TestRulesEvaluationStepLimit(t *testing.T) {
	board := `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d/e/f/g/h/i/j/k/l" (1 0)) ("1/2/3/4/5/6/7/8/9/10/11/12" (0 1)))
  (directions (e 1 0))))`
	g := compileSource(t, `(game (title "Deep") (players A B) `+board+`
  (piece (name P) (drops ((verify empty?) add)))
  (evaluation (A) (sum (positions) (sum (positions) (count (positions))))))`)
	pos := engine.NewPosition(engine.NewState(g), nil)
	pos.Points(0)
	if err := pos.Err(); err == nil || !strings.Contains(err.Error(), "loop.zrf:4:") || !strings.Contains(err.Error(), "did not finish") {
		t.Fatalf("error %v", err)
	}
}

// TestEvaluatorScale: the lead that makes ten-to-one odds is 400 points
// by default, what the rules' (evaluation-scale N) says (shogi's 3000),
// and what a spec says over both.
func TestEvaluatorScale(t *testing.T) {
	chess := game(t, "chess.zrf", "")
	shogi := game(t, "shogi.zrf", "")
	for _, c := range []struct {
		g     *engine.Game
		spec  string
		scale float64
	}{
		{chess, "", 400},
		{chess, "scale=1000", 1000},
		{shogi, "", 3000},
		{shogi, "scale=500", 500},
	} {
		e, err := engine.NewEvaluator(c.g, c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if e.Scale != c.scale {
			t.Errorf("%s %q: scale %v, want %v", c.g.Rules.Title, c.spec, e.Scale, c.scale)
		}
		for _, x := range []struct{ points, want float64 }{{0, 0.5}, {c.scale, 10.0 / 11}, {-2 * c.scale, 1.0 / 101}} {
			if got := e.WinChance(x.points); math.Abs(got-x.want) > 1e-12 {
				t.Errorf("%s %q: %v points read as %v, want %v", c.g.Rules.Title, c.spec, x.points, got, x.want)
			}
		}
	}
}
