package search_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

// slowFour is connect four whose moves take a while to make, as in games
// whose move generation or evaluation is costly.
type slowFour struct{ *testgames.ConnectFour }

// Play spins rather than sleeps: a sleep lasts as long as the scheduler
// likes, a spin as long as it says.
func (s slowFour) Play(m int) {
	for start := time.Now(); time.Since(start) < 200*time.Microsecond; {
	}
	s.ConnectFour.Play(m)
}

func (s slowFour) Copy() slowFour { return slowFour{s.ConnectFour.Copy()} }

// TestSearchesStopPromptly checks that a search whose context is
// cancelled, before it starts or while it runs, stops within a few
// milliseconds even where nodes are slow, and that a node budget is kept
// to the node: no search goes on visiting the siblings of the node where
// its budget ran out.
func TestSearchesStopPromptly(t *testing.T) {
	reg := search.NewRegistry(search.Hooks[int, slowFour]{})
	fast := search.NewRegistry(search.Hooks[int, *testgames.TicTacToe]{})
	for _, kind := range []string{"alphabeta", "expectimax", "maxn"} {
		t.Run(kind, func(t *testing.T) {
			bot, err := reg.Bot(kind + ":time=1m")
			if err != nil {
				t.Fatal(err)
			}
			for _, after := range []time.Duration{0, 20 * time.Millisecond} {
				ctx, cancel := context.WithCancel(context.Background())
				if after == 0 {
					cancel()
				} else {
					time.AfterFunc(after, cancel)
				}
				start := time.Now()
				_, err := bot.Choose(ctx, slowFour{testgames.NewConnectFour()})
				cancel()
				if took := time.Since(start); !errors.Is(err, context.Canceled) && err != nil || took > after+150*time.Millisecond {
					t.Errorf("cancelled after %v: %v after %v", after, err, took)
				}
			}
			counted, err := fast.Bot(kind + ":nodes=100")
			if err != nil {
				t.Fatal(err)
			}
			for first := range 9 {
				pos := testgames.NewTicTacToe()
				pos.Play(first)
				d, err := counted.Choose(context.Background(), pos)
				if err != nil || d.Nodes > 101 {
					t.Errorf("after %d: %d nodes on a budget of 100 (%v)", first, d.Nodes, err)
				}
			}
		})
	}
}
