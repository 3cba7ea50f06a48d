package search_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

// maxn is the max^n value vector of a take-away position searched to the
// end: the player to move takes the first child best for itself.
func maxn(pos *testgames.Take3) []float64 {
	if r, over := pos.Result(); over {
		return r
	}
	var best []float64
	who := pos.ToMove()
	for _, m := range pos.Moves(nil) {
		pos.Play(m)
		v := maxn(pos)
		pos.Undo()
		if best == nil || v[who] > best[who] {
			best = v
		}
	}
	return best
}

func TestMaxNIsExact(t *testing.T) {
	x := &search.MaxN[int, *testgames.Take3]{Budget: search.Budget{Depth: 20}}
	for heap := 1; heap <= 14; heap++ {
		for mover := 0; mover < 3; mover++ {
			pos := testgames.NewTake3(heap + mover)
			for i := 0; i < mover; i++ {
				pos.Play(1)
			}
			want := maxn(pos)
			d, err := x.Choose(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			me := pos.ToMove()
			pos.Play(d.Move)
			got := maxn(pos)
			pos.Undo()
			if d.Value != want[me] || got[me] != want[me] {
				t.Errorf("heap %d, %v to move: value %v, the move's %v, want %v", heap, me, d.Value, got[me], want[me])
			}
		}
	}
}

// TestMaxNDepthAndChance checks a depth-limited search and a chance game:
// with two players max^n is expectimax, so on pig it must agree with
// alpha-beta's plain expectation rule.
func TestMaxNDepthAndChance(t *testing.T) {
	ctx := context.Background()
	for depth := 1; depth <= 4; depth++ {
		x := &search.MaxN[int, *testgames.Pig]{Eval: pigEval, Budget: search.Budget{Depth: depth}}
		ab := &search.AlphaBeta[int, *testgames.Pig]{Eval: pigEval, Budget: search.Budget{Depth: depth}, Chance: search.Expect}
		pos := testgames.NewPig(20)
		for _, m := range []int{testgames.Roll, testgames.FaceBase + 4, testgames.Hold, testgames.Roll, testgames.FaceBase + 6} {
			pos.Play(m)
		}
		a, err := x.Choose(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ab.Choose(ctx, pos)
		if a.Move != b.Move {
			t.Errorf("depth %d: max^n %d (%v), alpha-beta %d (%v)", depth, a.Move, a.Value, b.Move, b.Value)
		}
	}
	x := &search.MaxN[int, *testgames.Take3]{}
	if _, err := x.Choose(ctx, testgames.NewTake3(5)); err == nil {
		t.Error("a search with no budget ran")
	}
	x.Budget.Depth = 3
	if _, err := x.Choose(ctx, testgames.NewTake3(0)); !errors.Is(err, search.ErrNoMove) {
		t.Errorf("finished game: %v", err)
	}
}
