package bottest_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
	"github.com/ludus-games/ludus/search/bottest"
)

// fake is a bot that takes the first legal move, or breaks one promise
// of the suite when bug says so.
type fake struct {
	bug    string
	budget search.Budget
	calls  *atomic.Int64
}

// sleep waits for d, or until ctx is done unless the bug is to ignore it.
func (f fake) sleep(ctx context.Context, d time.Duration) error {
	if f.bug == "ignores-context" {
		time.Sleep(min(d, 300*time.Millisecond))
		return nil
	}
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (f fake) Choose(ctx context.Context, pos *testgames.Pig) (search.Decision[int], error) {
	moves := pos.Moves(nil)
	if len(moves) == 0 && f.bug != "no-error" {
		return search.Decision[int]{}, search.ErrNoMove
	}
	d := search.Decision[int]{Nodes: f.budget.Nodes}
	if len(moves) > 0 {
		d.Move = moves[0]
	}
	if f.budget.Time > 0 {
		wait := f.budget.Time / 2
		if f.bug == "overtime" {
			wait = f.budget.Time + 200*time.Millisecond
		}
		if err := f.sleep(ctx, wait); err != nil {
			if f.bug == "own-error" {
				err = errors.New("stopped")
			}
			return search.Decision[int]{}, err
		}
	}
	switch f.bug {
	case "moves-on":
		pos.Play(d.Move)
	case "illegal":
		d.Move = 99
	case "over-budget":
		d.Nodes *= 10
	case "whims":
		d.Move = moves[f.calls.Add(1)%int64(len(moves))]
	}
	return d, nil
}

// TestCheckFindsBugs checks that the suite passes a bot that keeps its
// promises and finds each bug of the fake.
func TestCheckFindsBugs(t *testing.T) {
	o := bottest.Options[int]{Time: 5 * time.Millisecond, TimeSlack: 100 * time.Millisecond, Deterministic: true}
	for _, tt := range []struct {
		bug, want string
	}{
		{"", ""},
		{"moves-on", "the position changed"},
		{"illegal", "not one of the"},
		{"over-budget", "nodes on a budget"},
		{"no-error", "want search.ErrNoMove"},
		{"overtime", "time budget"},
		{"ignores-context", "cancelled"},
		{"own-error", "want the context's"},
		{"whims", "alone"},
	} {
		t.Run(tt.bug, func(t *testing.T) {
			calls := new(atomic.Int64)
			make := func(b search.Budget) (search.Bot[int, *testgames.Pig], error) {
				return fake{tt.bug, b, calls}, nil
			}
			err := bottest.Check(func() *testgames.Pig { return testgames.NewPig(20) }, make, o)
			switch {
			case tt.want == "" && err != nil:
				t.Fatal(err)
			case tt.want != "" && err == nil:
				t.Fatalf("no error, want one saying %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("error %q does not say %q", err, tt.want)
			}
		})
	}
}

// TestFromSpec checks that the budget replaces the spec's own and goes
// where each kind takes it.
func TestFromSpec(t *testing.T) {
	type P = *testgames.Pig
	reg := search.NewRegistry(search.Hooks[int, P]{})
	for _, tt := range []struct {
		spec   string
		budget search.Budget
		check  func(b search.Bot[int, P]) bool
	}{
		{"alphabeta:depth=3,nodes=9", search.Budget{Nodes: 50}, func(b search.Bot[int, P]) bool {
			a, ok := b.(*search.AlphaBeta[int, P])
			return ok && a.Budget == search.Budget{Depth: 3, Nodes: 50}
		}},
		{"maxn", search.Budget{Time: time.Second}, func(b search.Bot[int, P]) bool {
			m, ok := b.(*search.MaxN[int, P])
			return ok && m.Budget == search.Budget{Time: time.Second}
		}},
		{"mcts:iterations=5,nodes=64", search.Budget{Nodes: 50}, func(b search.Bot[int, P]) bool {
			m, ok := b.(*search.MCTS[int, P])
			return ok && m.Iterations == 50 && m.Time == 0 && m.MaxNodes == 64
		}},
		{"mcts:time=1s", search.Budget{Time: 5 * time.Millisecond}, func(b search.Bot[int, P]) bool {
			m, ok := b.(*search.MCTS[int, P])
			return ok && m.Iterations == 0 && m.Time == 5*time.Millisecond
		}},
		{"random:seed=4", search.Budget{Nodes: 50}, func(b search.Bot[int, P]) bool {
			return b == search.Random[int, P]{Seed: 4}
		}},
	} {
		b, err := bottest.FromSpec(reg, tt.spec)(tt.budget)
		if err != nil || !tt.check(b) {
			t.Errorf("%s with %+v: %#v %v", tt.spec, tt.budget, b, err)
		}
	}
	if _, err := bottest.FromSpec(reg, "oracle")(search.Budget{Nodes: 1}); err == nil || !strings.Contains(err.Error(), "unknown bot") {
		t.Errorf("unknown kind: %v", err)
	}
}
