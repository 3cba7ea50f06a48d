package engine_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/internal/hostilerules"
)

// A budget of steps stops move generation that would go over it, with an
// error that wraps ErrBudget and names the program; without a budget the
// same generation ends, and a budget above its cost changes nothing.
func TestBudgetSteps(t *testing.T) {
	g := compileText(t, "walker.zrf", hostilerules.Walker(24), "")
	var ml engine.MoveList
	s := engine.NewState(g)
	s.SetBudget(engine.Budget{Steps: 1 << 40})
	ms, err := s.Moves(&ml)
	if err != nil || len(ms) != 24*24 {
		t.Fatalf("unbounded: %d moves, %v", len(ms), err)
	}
	cost := s.StepsTaken()
	if cost < 24*24*24 {
		t.Fatalf("counted %d steps", cost)
	}
	for _, tt := range []struct {
		steps int64
		fail  bool
	}{{cost, false}, {cost - 1, true}, {100, true}} {
		s := engine.NewState(g)
		s.SetBudget(engine.Budget{Steps: tt.steps})
		_, err := s.Moves(&ml)
		if got := errors.Is(err, engine.ErrBudget); got != tt.fail {
			t.Errorf("budget %d of %d: error %v", tt.steps, cost, err)
		}
		if tt.fail && !strings.Contains(err.Error(), "walker.zrf:4:") {
			t.Errorf("the error does not name the program: %v", err)
		}
		// A clone takes the budget as it stands: spent, it stays spent.
		if _, err := s.Clone().Moves(&ml); !errors.Is(err, engine.ErrBudget) {
			t.Errorf("budget %d, clone: error %v", tt.steps, err)
		}
	}
	// Setting the budget again starts it afresh; a zero budget has no bound.
	s.SetBudget(engine.Budget{})
	if _, err := s.Moves(&ml); err != nil {
		t.Fatal(err)
	}
}

// A closed Stop ends generation within a few thousand steps, with an
// error that wraps ErrStopped; a position keeps it as its error.
func TestBudgetStop(t *testing.T) {
	g, err := games.Read("walker.zrf", []byte(hostilerules.Walker(40)), games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	close(stop)
	pos := g.New()
	pos.SetBudget(engine.Budget{Stop: stop})
	begin := time.Now()
	if ms := pos.Moves(nil); len(ms) != 0 || !errors.Is(pos.Err(), engine.ErrStopped) {
		t.Fatalf("%d moves, error %v", len(ms), pos.Err())
	}
	if d := time.Since(begin); d > 100*time.Millisecond {
		t.Errorf("stopping took %v", d)
	}
	// The picture's look at the drops is under the budget too.
	begin = time.Now()
	engine.Picture(pos.State(), g.View)
	if d := time.Since(begin); d > time.Second {
		t.Errorf("a picture under a stopped budget took %v", d)
	}
}

// The positions an expression visits count against the budget.
func TestBudgetExpression(t *testing.T) {
	grid := `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d/e/f/g/h" (1 0)) ("8/7/6/5/4/3/2/1" (0 1)))
  (directions (n 0 -1) (s 0 1))))`
	g := compileSource(t, `(game (title "Count") (players A B) `+grid+`
  (piece (name P) (moves (n (verify empty?) add)))
  (board-setup (A (P a1)))
  (invariant (> (count (positions (> (count (positions)) 0))) 0)))`)
	var ml engine.MoveList
	s := engine.NewState(g)
	s.SetBudget(engine.Budget{Steps: 1000})
	if _, err := s.Moves(&ml); !errors.Is(err, engine.ErrBudget) {
		t.Fatalf("error %v", err)
	}
}

// A board over the positions allowed is refused before it is made, with
// an error that wraps zrf.ErrTooLarge and names the place.
func TestBuildWithinPositions(t *testing.T) {
	src := hostilerules.Walker(30)
	f, err := zrf.Read("big.zrf", []byte(src), fstest.MapFS{})
	if err != nil {
		t.Fatal(err)
	}
	e, _ := f.Select("")
	for _, tt := range []struct {
		max  int
		fail bool
	}{{0, false}, {900, false}, {899, true}, {10, true}} {
		_, err := f.BuildWithin(e, zrf.Limits{Positions: tt.max})
		if errors.Is(err, zrf.ErrTooLarge) != tt.fail {
			t.Errorf("at most %d positions: error %v", tt.max, err)
		}
		if tt.fail && !strings.Contains(err.Error(), "big.zrf:2:") {
			t.Errorf("the error does not say where: %v", err)
		}
	}
	if _, err := games.Read("big.zrf", []byte(src), games.Options{MaxPositions: 100}); !errors.Is(err, zrf.ErrTooLarge) {
		t.Errorf("games.Read: %v", err)
	}
}
