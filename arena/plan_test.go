package arena_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/ludus-games/ludus/arena"
)

// A tournament's games played one by one from its plan, in any order, make
// the same report as the tournament run on one machine.
func TestPlanEqualsRun(t *testing.T) {
	bots := tttBots(t, "random", "alphabeta:depth=2", "mcts:iterations=50")
	o := arena.Options{Games: 4, Seed: 9, Workers: 2, Openings: 1}
	want, err := arena.Tournament(context.Background(), ticTacToe, bots, o)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := arena.TournamentPlan(ticTacToe, bots, o)
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]*arena.Record, plan.Games())
	for i := plan.Games() - 1; i >= 0; i-- {
		if recs[i], err = plan.Play(context.Background(), i); err != nil {
			t.Fatal(err)
		}
	}
	// The same games: moves, seats and scores (times differ).
	for i, w := range want.Records() {
		g := recs[i]
		if fmt.Sprint(w.Moves, w.Seats, w.Scores, w.Seed) != fmt.Sprint(g.Moves, g.Seats, g.Scores, g.Seed) {
			t.Fatalf("game %d from the plan: %v %v %v\nfrom the run: %v %v %v", i, g.Seats, g.Scores, g.Moves, w.Seats, w.Scores, w.Moves)
		}
	}
	if _, err := arena.MatchPlan(ticTacToe, bots[:2], arena.Options{}); err == nil {
		t.Error("a match plan of no games")
	}
}
