package search_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

func TestMCTSNeverLosesTicTacToeToRandom(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 20
	}
	mcts := &search.MCTS[int, *testgames.TicTacToe]{Iterations: 2000}
	random := search.Random[int, *testgames.TicTacToe]{}
	points, losses := score(t, testgames.NewTicTacToe, mcts, random, games, 1)
	if losses > 0 {
		t.Errorf("lost %d of %d games to random", losses, games)
	}
	t.Logf("%v points of %d", points, games)
}

func TestMCTSBeatsRandom(t *testing.T) {
	t.Run("connect four", func(t *testing.T) {
		mcts := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 500}
		points, _ := score(t, testgames.NewConnectFour, mcts, search.Random[int, *testgames.ConnectFour]{}, 10, 2)
		if points < 9 {
			t.Errorf("%v points of 10 against random", points)
		}
	})
	t.Run("pig", func(t *testing.T) {
		newPig := func() *testgames.Pig { return testgames.NewPig(30) }
		mcts := &search.MCTS[int, *testgames.Pig]{Iterations: 300}
		points, _ := score(t, newPig, mcts, search.Random[int, *testgames.Pig]{}, 40, 3)
		if points < 30 {
			t.Errorf("%v points of 40 against random", points)
		}
	})
	t.Run("three players", func(t *testing.T) {
		// Even seats would win a third of the games each.
		wins := 0
		for g := 0; g < 30; g++ {
			seats := []search.Bot[int, *testgames.Take3]{
				&search.MCTS[int, *testgames.Take3]{Iterations: 300},
				search.Random[int, *testgames.Take3]{Seed: 1},
				search.Random[int, *testgames.Take3]{Seed: 2},
			}
			r, _ := playGame(t, testgames.NewTake3(10+g%7), seats, uint64(g))
			if r[0] == 1 {
				wins++
			}
		}
		if wins < 18 {
			t.Errorf("won %d of 30 against two random players", wins)
		}
	})
}

// TestMCTSIsDeterministic checks that a seed fixes every decision, with
// one worker or several, and that another seed changes some.
func TestMCTSIsDeterministic(t *testing.T) {
	for _, workers := range []int{1, 3} {
		m := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 600, Threads: workers, Seed: 9}
		other := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 600, Threads: workers, Seed: 10}
		differ := 0
		pos := testgames.NewConnectFour()
		for pos.Ply() < 10 {
			a, err := m.Choose(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := m.Choose(context.Background(), pos)
			if a.Move != b.Move || a.Value != b.Value || a.Nodes != 600 {
				t.Fatalf("workers %d ply %d: %+v then %+v", workers, pos.Ply(), a, b)
			}
			if c, _ := other.Choose(context.Background(), pos); c.Value != a.Value {
				differ++
			}
			pos.Play(a.Move)
		}
		if differ == 0 {
			t.Errorf("workers %d: seeds 9 and 10 gave the same values at every ply", workers)
		}
	}
}

// TestMCTSSessionsAreDeterministic replays a game between two sessions
// twice: tree reuse must not make the moves depend on anything but the
// seeds.
func TestMCTSSessionsAreDeterministic(t *testing.T) {
	m := &search.MCTS[int, *testgames.ConnectFour]{Iterations: 300, Threads: 2}
	seats := []search.Bot[int, *testgames.ConnectFour]{m, m}
	_, first := playGame(t, testgames.NewConnectFour(), seats, 4)
	_, again := playGame(t, testgames.NewConnectFour(), seats, 4)
	if fmt.Sprint(first) != fmt.Sprint(again) {
		t.Errorf("same seed, different games:\n%v\n%v", first, again)
	}
	_, other := playGame(t, testgames.NewConnectFour(), seats, 5)
	if fmt.Sprint(first) == fmt.Sprint(other) {
		t.Errorf("seeds 4 and 5 played the same game %v", first)
	}
}

func TestMCTSBudgets(t *testing.T) {
	ctx := context.Background()
	m := &search.MCTS[int, *testgames.ConnectFour]{}
	if _, err := m.Choose(ctx, testgames.NewConnectFour()); err == nil {
		t.Error("a search with no budget ran")
	}
	m.Time = 30 * time.Millisecond
	start := time.Now()
	d, err := m.Choose(ctx, testgames.NewConnectFour())
	if err != nil || d.Nodes < 10 || time.Since(start) > time.Second {
		t.Errorf("time budget: %d iterations in %v, err %v", d.Nodes, time.Since(start), err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	m.Time, m.Iterations = 0, 1000000
	if _, err := m.Choose(cancelled, testgames.NewConnectFour()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: err %v, want context.Canceled", err)
	}
}

// ExampleMCTS lets MCTS find the winning reply in tic-tac-toe: X threatens
// to complete the top row, and O, to move, can win first on the middle
// row.
func ExampleMCTS() {
	pos := testgames.NewTicTacToe()
	for _, m := range []int{0, 3, 1, 4, 8} { // X a3 b3, O a2 b2, X c1
		pos.Play(m)
	}
	bot := &search.MCTS[int, *testgames.TicTacToe]{Iterations: 2000, Seed: 1}
	d, _ := bot.Choose(context.Background(), pos)
	fmt.Println("O plays", pos.Notation(d.Move))
	// Output: O plays c2
}

func TestPlayouter(t *testing.T) {
	pos := testgames.NewConnectFour()
	pl := search.Playouter[int, *testgames.ConnectFour]{Rand: rand.New(rand.NewPCG(1, 1))}
	wins := [2]int{}
	for i := 0; i < 200; i++ {
		r, n := pl.Play(pos)
		if r == nil || n < 7 || n > 42 || pos.Ply() != 0 {
			t.Fatalf("playout %d: result %v after %d plies, position left at ply %d", i, r, n, pos.Ply())
		}
		if r[0] == 1 {
			wins[0]++
		} else if r[1] == 1 {
			wins[1]++
		}
	}
	if wins[0] < 80 || wins[1] < 50 {
		t.Errorf("random games won %v times by each side, of 200", wins)
	}
	pl.MaxPlies = 5
	if r, n := pl.Play(pos); r != nil || n != 5 || pos.Ply() != 5 {
		t.Fatalf("cut playout: %v after %d plies, position at ply %d", r, n, pos.Ply())
	}
	pl.Undo(pos)
	if pos.Ply() != 0 {
		t.Fatalf("undo left ply %d", pos.Ply())
	}
	rate, plies, err := search.PlayoutRate[int](context.Background(), testgames.NewTicTacToe(), 5*time.Millisecond, 1)
	if err != nil {
		t.Fatal(err)
	}
	if rate <= 0 || plies < 5 || plies > 9 {
		t.Errorf("%v playouts/s of %v plies", rate, plies)
	}
}
