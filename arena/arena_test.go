package arena_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

type ttt = *testgames.TicTacToe

var ticTacToe = arena.Game[int, ttt]{Name: "tic-tac-toe", New: testgames.NewTicTacToe}

func tttBots(t testing.TB, specs ...string) []arena.Entrant[int, ttt] {
	t.Helper()
	r := search.NewRegistry(search.Hooks[int, ttt]{MoveKey: func(m int) uint64 { return uint64(m) }})
	es, err := arena.Entrants(r, specs...)
	if err != nil {
		t.Fatal(err)
	}
	return es
}

// withoutTimes returns the records with the thinking times cleared: all
// else must be the same from run to run.
func withoutTimes(recs []*arena.Record) string {
	var b strings.Builder
	for _, r := range recs {
		c := *r
		c.Time = nil
		fmt.Fprintf(&b, "%+v\n", c)
	}
	return b.String()
}

func TestMatchTicTacToe(t *testing.T) {
	ctx := context.Background()
	bots := tttBots(t, "alphabeta:depth=9", "random")
	m, err := arena.Match(ctx, ticTacToe, bots, arena.Options{Games: 40, Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if m.Games != 40 || m.Losses[0] != 0 || m.Wins[0] < 30 || m.Wins[0]+m.Draws+m.Losses[0] != 40 {
		t.Errorf("alpha-beta against random: wins %v draws %d losses %v", m.Wins, m.Draws, m.Losses)
	}
	if m.BySeat[0][0].Games != 20 || m.BySeat[0][1].Games != 20 {
		t.Errorf("seats did not alternate: %+v", m.BySeat[0])
	}
	if m.Elo < 200 || m.EloCI[0] > m.Elo || m.EloCI[1] < m.Elo {
		t.Errorf("Elo %v in %v", m.Elo, m.EloCI)
	}
	for i, r := range m.Records() {
		first := "alphabeta:depth=9"
		if i%2 == 1 {
			first = "random"
		}
		if r.Index != i || r.Seats[0] != first || r.Plies() < 5 || r.Plies() > 9 || len(r.Branching) != r.Plies() {
			t.Fatalf("game %d: %+v", i, r)
		}
		if r.Branching[0] != 9 || r.Decisions[0]+r.Decisions[1] != r.Plies() {
			t.Fatalf("game %d: branching %v, decisions %v", i, r.Branching, r.Decisions)
		}
	}
	if m.Endings[0].Reason != "three in a row" || m.TimePerMove[0] <= 0 || m.NodesPerMove[0] <= 0 || m.NodesPerMove[1] != 0 {
		t.Errorf("endings %v, time %v, nodes %v", m.Endings, m.TimePerMove, m.NodesPerMove)
	}
	// Same seed, another number of workers: the same games.
	again, err := arena.Match(ctx, ticTacToe, bots, arena.Options{Games: 40, Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if withoutTimes(again.Records()) != withoutTimes(m.Records()) {
		t.Error("one worker and two played different games")
	}
	other, _ := arena.Match(ctx, ticTacToe, bots, arena.Options{Games: 40, Seed: 2, Workers: 2})
	if withoutTimes(other.Records()) == withoutTimes(m.Records()) {
		t.Error("seeds 1 and 2 played the same games")
	}
}

// TestMatchOpenings checks that random openings vary the games of
// deterministic bots.
func TestMatchOpenings(t *testing.T) {
	bots := tttBots(t, "alphabeta:depth=9", "alphabeta:depth=9")
	if bots[1].Name != "alphabeta:depth=9#2" {
		t.Errorf("second name %q", bots[1].Name)
	}
	games := map[string]bool{}
	m, err := arena.Match(context.Background(), ticTacToe, bots, arena.Options{Games: 12, Seed: 3, Openings: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Records() {
		games[strings.Join(r.Moves, " ")] = true
		if r.Opening != 2 || r.Decisions[0]+r.Decisions[1] != r.Plies()-2 {
			t.Errorf("opening %d, decisions %v of %d plies", r.Opening, r.Decisions, r.Plies())
		}
	}
	if len(games) < 6 || m.Draws != 12 && m.Wins[0]+m.Wins[1] == 0 {
		t.Errorf("%d different games of 12, draws %d", len(games), m.Draws)
	}
}

// TestMatchResumes stops a match half-way, resumes it, and compares with
// a match played in one go.
func TestMatchResumes(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	bots := tttBots(t, "mcts:iterations=200", "random")
	stop := errors.New("stop")
	cctx, cancel := context.WithCancelCause(ctx)
	played := 0
	o := arena.Options{Games: 20, Seed: 5, Workers: 2, Dir: dir, OnGame: func(*arena.Record) {
		if played++; played == 8 {
			cancel(stop)
		}
	}}
	if _, err := arena.Match(cctx, ticTacToe, bots, o); err == nil {
		t.Fatal("an interrupted match reported no error")
	}
	saved, err := arena.LoadRecords(dir)
	if err != nil || len(saved) < 8 || len(saved) >= 20 {
		t.Fatalf("%d records saved after the interruption (%v)", len(saved), err)
	}
	if _, err := os.Stat(filepath.Join(dir, "results.json")); err != nil {
		t.Errorf("no results file: %v", err)
	}
	o.OnGame = nil
	if _, err := arena.Match(ctx, ticTacToe, bots, o); err == nil || !strings.Contains(err.Error(), "already holds") {
		t.Errorf("restart over saved games: %v", err)
	}
	o.Resume = true
	resumed, err := arena.Match(ctx, ticTacToe, bots, o)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := arena.Match(ctx, ticTacToe, bots, arena.Options{Games: 20, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if withoutTimes(resumed.Records()) != withoutTimes(whole.Records()) {
		t.Errorf("resumed match differs:\n%s\nfrom\n%s", withoutTimes(resumed.Records()), withoutTimes(whole.Records()))
	}
	if all, _ := arena.LoadRecords(dir); len(all) != 20 {
		t.Errorf("%d records after resuming", len(all))
	}
	// The same directory with other settings is another run.
	o.Seed = 6
	if _, err := arena.Match(ctx, ticTacToe, bots, o); err == nil || !strings.Contains(err.Error(), "belongs to another run") {
		t.Errorf("resume with another seed: %v", err)
	}
	o.Seed, o.Settings = 5, "eval=Mark=2"
	if _, err := arena.Match(ctx, ticTacToe, bots, o); err == nil || !strings.Contains(err.Error(), `settings "", not "eval=Mark=2"`) {
		t.Errorf("resume with other settings: %v", err)
	}
}

func TestMatchErrors(t *testing.T) {
	ctx := context.Background()
	bots := tttBots(t, "random", "random", "random")
	if _, err := arena.Match(ctx, ticTacToe, bots, arena.Options{Games: 3}); err == nil || !strings.Contains(err.Error(), "2 players, but 3 bots") {
		t.Errorf("three bots at tic-tac-toe: %v", err)
	}
	if _, err := arena.Match(ctx, ticTacToe, bots[:2], arena.Options{}); err == nil {
		t.Error("a match of no games ran")
	}
	if _, err := arena.Match(ctx, arena.Game[int, ttt]{Name: "x"}, bots[:2], arena.Options{Games: 1}); err == nil {
		t.Error("a game without New ran")
	}
	r := search.NewRegistry(search.Hooks[int, ttt]{})
	if _, err := arena.Entrants(r, "random", "mcts:iters=3"); err == nil || !strings.Contains(err.Error(), "iterations") {
		t.Errorf("bad spec: %v", err)
	}
}

// TestMatchThreePlayers seats three bots in a three-player game: seats
// rotate, and each bot has its own wins.
func TestMatchThreePlayers(t *testing.T) {
	r := search.NewRegistry(search.Hooks[int, *testgames.Take3]{})
	bots, err := arena.Entrants(r, "maxn:depth=12", "random", "random")
	if err != nil {
		t.Fatal(err)
	}
	g := arena.Game[int, *testgames.Take3]{Name: "take3", New: func() *testgames.Take3 { return testgames.NewTake3(12) }}
	m, err := arena.Match(context.Background(), g, bots, arena.Options{Games: 30, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Wins) != 3 || m.Wins[0]+m.Wins[1]+m.Wins[2] != 30 || m.Wins[0] < 14 || m.Elo != 0 {
		t.Errorf("wins %v, Elo %v", m.Wins, m.Elo)
	}
	if len(m.BySeat[0]) != 3 || m.BySeat[0][2].Games != 10 {
		t.Errorf("by seat %+v", m.BySeat[0])
	}
}

// TestMatchWithDice plays pig: chance moves are recorded, and the match is
// reproducible.
func TestMatchWithDice(t *testing.T) {
	eval := func(p *testgames.Pig, pl game.Player) float64 { return p.Eval(pl) }
	r := search.NewRegistry(search.Hooks[int, *testgames.Pig]{Eval: eval})
	bots, err := arena.Entrants(r, "alphabeta:depth=3", "random")
	if err != nil {
		t.Fatal(err)
	}
	g := arena.Game[int, *testgames.Pig]{Name: "pig", New: func() *testgames.Pig { return testgames.NewPig(30) }}
	o := arena.Options{Games: 20, Seed: 4, Workers: 2}
	m, err := arena.Match(context.Background(), g, bots, o)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := arena.Match(context.Background(), g, bots, o)
	if withoutTimes(m.Records()) != withoutTimes(again.Records()) {
		t.Error("two runs with one seed differ")
	}
	if m.Wins[0] < 14 {
		t.Errorf("alpha-beta won %d of 20 against random", m.Wins[0])
	}
	rec := m.Records()[0]
	if !slices.Contains(rec.Moves, "roll") || rec.Plies() <= len(rec.Branching) {
		t.Errorf("record without dice: %v", rec.Moves)
	}
}
