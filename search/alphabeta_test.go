package search_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

// notated is a position that writes its moves.
type notated[M any] interface {
	game.Position[M]
	Notation(M) string
}

// againstEveryone plays bot in seat against every possible sequence of
// the other side's moves from pos and calls leaf with each finished game's
// result.
func againstEveryone[M any, P notated[M]](t *testing.T, pos P, bot search.Bot[M, P], seat game.Player, leaf func(r game.Result, moves string)) {
	t.Helper()
	var walk func(moves string)
	walk = func(moves string) {
		if r, over := pos.Result(); over {
			leaf(r, moves)
			return
		}
		if pos.ToMove() == seat {
			d, err := bot.Choose(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			pos.Play(d.Move)
			walk(moves + pos.Notation(d.Move) + "; ")
			pos.Undo()
			return
		}
		for _, m := range pos.Moves(nil) {
			pos.Play(m)
			walk(moves + pos.Notation(m) + "; ")
			pos.Undo()
		}
	}
	walk("")
}

func TestAlphaBetaNeverLosesTicTacToe(t *testing.T) {
	for _, tt := range []struct {
		name  string
		bot   *search.AlphaBeta[int, *testgames.TicTacToe]
		first bool
	}{
		{"depth 9 second", &search.AlphaBeta[int, *testgames.TicTacToe]{Budget: search.Budget{Depth: 9}, MoveKey: intKey}, false},
		{"depth 9 first", &search.AlphaBeta[int, *testgames.TicTacToe]{Budget: search.Budget{Depth: 9}, MoveKey: intKey}, true},
		{"expect rule, no move keys", &search.AlphaBeta[int, *testgames.TicTacToe]{Budget: search.Budget{Depth: 9}, Chance: search.Expect}, false},
		{"node budget", &search.AlphaBeta[int, *testgames.TicTacToe]{Budget: search.Budget{Nodes: 400000}}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			neverLosesTicTacToe(t, testgames.NewTicTacToe(), tt.bot, tt.first)
		})
	}
}

// neverLosesTicTacToe plays bot against every possible opponent in
// tic-tac-toe, as the first player or as the second (then after each of
// the 9 first moves), and fails on any loss.
func neverLosesTicTacToe[M any, P notated[M]](t *testing.T, pos P, bot search.Bot[M, P], first bool) {
	t.Helper()
	seat := game.Player(1)
	if first {
		seat = 0
	}
	games, draws := 0, 0
	firstMoves := map[string]bool{}
	againstEveryone(t, pos, bot, seat, func(r game.Result, moves string) {
		games++
		firstMoves[strings.Fields(moves)[0]] = true
		switch r[seat] {
		case 0:
			t.Errorf("lost: %s", moves)
		case 0.5:
			draws++
		}
	})
	if !first && len(firstMoves) != 9 {
		t.Errorf("saw %d first moves, want all 9", len(firstMoves))
	}
	t.Logf("%d games, %d draws, no loss", games, draws)
}

func TestAlphaBetaDrawsItself(t *testing.T) {
	ab := &search.AlphaBeta[int, *testgames.TicTacToe]{Budget: search.Budget{Depth: 9}, MoveKey: intKey}
	r, moves := playGame(t, testgames.NewTicTacToe(), []search.Bot[int, *testgames.TicTacToe]{ab, ab}, 1)
	if r[0] != 0.5 || len(moves) != 9 {
		t.Errorf("result %v after %v, want a draw on a full board", r, moves)
	}
	d, err := ab.Choose(context.Background(), testgames.NewTicTacToe())
	if err != nil || d.Value != 0.5 || d.Depth != 9 {
		t.Errorf("value of the empty board %v at depth %d (err %v), want 0.5 at 9", d.Value, d.Depth, err)
	}
}

// TestAlphaBetaFindsWins checks positions with a forced result: the
// quickest win is chosen and reported as a win.
func TestAlphaBetaFindsWins(t *testing.T) {
	for _, tt := range []struct {
		name  string
		moves []int
		want  int
		value float64
	}{
		{"win at once", []int{0, 3, 1, 4}, 2, 1}, // X: a3 b3, O: a2 b2: X takes c3
		{"block", []int{0, 4, 8, 2}, 6, 1},       // O threatens c3-a1 diagonal: X blocks at a1, making a fork
		{"lost", []int{0, 3, 4, 8, 1}, -1, 0},    // X forks: O can only stop one line
		{"fork", []int{4, 1, 0}, 8, 0},           // O must stop the diagonal
		{"centre reply", []int{0}, 4, 0.5},       // the only drawing reply to a corner
		{"edge play", []int{1, 4, 7, 3}, 5, 0},   // X must block b1, and O forks at a3
	} {
		t.Run(tt.name, func(t *testing.T) {
			pos := testgames.NewTicTacToe()
			for _, m := range tt.moves {
				pos.Play(m)
			}
			ab := &search.AlphaBeta[int, *testgames.TicTacToe]{Budget: search.Budget{Depth: 9}, MoveKey: intKey}
			d, err := ab.Choose(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want >= 0 && d.Move != tt.want {
				t.Errorf("move %s, want %s", pos.Notation(d.Move), pos.Notation(tt.want))
			}
			if math.Abs(d.Value-tt.value) > 1e-4 {
				t.Errorf("value %v, want %v", d.Value, tt.value)
			}
		})
	}
}

func TestAlphaBetaBudgets(t *testing.T) {
	ctx := context.Background()
	ab := &search.AlphaBeta[int, *testgames.ConnectFour]{Eval: c4Eval, MoveKey: intKey}
	if _, err := ab.Choose(ctx, testgames.NewConnectFour()); err == nil {
		t.Error("a search with no budget ran")
	}
	ab.Budget = search.Budget{Nodes: 20000}
	d, err := ab.Choose(ctx, testgames.NewConnectFour())
	if err != nil || d.Depth < 3 || d.Nodes > 20001+1024 {
		t.Errorf("node budget: depth %d, %d nodes, err %v", d.Depth, d.Nodes, err)
	}
	ab.Budget = search.Budget{Time: 30 * time.Millisecond}
	start := time.Now()
	d, err = ab.Choose(ctx, testgames.NewConnectFour())
	if err != nil || d.Depth < 2 || time.Since(start) > time.Second {
		t.Errorf("time budget: depth %d after %v, err %v", d.Depth, time.Since(start), err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	ab.Budget = search.Budget{Depth: 12}
	if _, err := ab.Choose(cancelled, testgames.NewConnectFour()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: err %v, want context.Canceled", err)
	}
}

// TestAlphaBetaConnectFour checks that a shallow search with the window
// evaluation beats random play, and that a session (which keeps its table
// between moves) plays the same moves as fresh searches.
func TestAlphaBetaConnectFour(t *testing.T) {
	ab := &search.AlphaBeta[int, *testgames.ConnectFour]{Eval: c4Eval, MoveKey: intKey, Budget: search.Budget{Depth: 4}}
	random := search.Random[int, *testgames.ConnectFour]{}
	points, _ := score(t, testgames.NewConnectFour, ab, random, 10, 1)
	if points < 9.5 {
		t.Errorf("depth 4 scored %v of 10 against random", points)
	}
	pos := testgames.NewConnectFour()
	sess := ab.Session(0)
	defer sess.Close()
	for pos.Ply() < 12 {
		a, err := sess.Choose(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ab.Choose(context.Background(), pos)
		if a.Move != b.Move || math.Abs(a.Value-b.Value) > 1e-9 {
			t.Fatalf("ply %d: session %d (%v), fresh %d (%v)", pos.Ply(), a.Move, a.Value, b.Move, b.Value)
		}
		pos.Play(a.Move)
	}
}

// TestAlphaBetaPig plays the dice race: expectimax search with an
// evaluation must beat random play clearly, with either chance rule.
func TestAlphaBetaPig(t *testing.T) {
	for _, rule := range []search.ChanceRule{search.Star1, search.Expect} {
		ab := &search.AlphaBeta[int, *testgames.Pig]{Eval: pigEval, Budget: search.Budget{Depth: 4}, Chance: rule}
		points, _ := score(t, func() *testgames.Pig { return testgames.NewPig(30) }, ab, search.Random[int, *testgames.Pig]{}, 40, 5)
		if points < 30 {
			t.Errorf("rule %d: %v points of 40 against random", rule, points)
		}
	}
}

// Example chooses a move in tic-tac-toe after X took a corner: only the
// centre holds the draw.
func ExampleAlphaBeta() {
	pos := testgames.NewTicTacToe()
	pos.Play(0) // X in the top left corner
	bot := &search.AlphaBeta[int, *testgames.TicTacToe]{Budget: search.Budget{Depth: 9}}
	d, _ := bot.Choose(context.Background(), pos)
	fmt.Printf("O plays %s, expecting %.1f\n", pos.Notation(d.Move), d.Value)
	// Output: O plays b2, expecting 0.5
}
