package arena_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/search"
)

// faulty forfeits its third decision, as an external engine that answers
// a move the rules do not allow.
type faulty struct{}

func (faulty) Choose(ctx context.Context, pos ttt) (search.Decision[int], error) {
	if len(pos.Moves(nil)) <= 5 {
		return search.Decision[int]{}, &search.Forfeit{Reason: "illegal move", Detail: `answered "z9"`}
	}
	return search.Random[int, ttt]{}.Choose(ctx, pos)
}

// A bot's forfeit loses it the game, with the engine's words in the
// record, and the run goes on; the record reads back with them.
func TestForfeitLosesTheGame(t *testing.T) {
	dir := t.TempDir()
	bots := append(tttBots(t, "random"), arena.Entrant[int, ttt]{Name: "faulty", Bot: faulty{}})
	g := ticTacToe
	g.Players = []string{"X", "O"}
	m, err := arena.Match(context.Background(), g, bots, arena.Options{Games: 6, Seed: 1, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	recs, err := arena.LoadRecords(dir)
	if err != nil {
		t.Fatal(err)
	}
	forfeits := 0
	for _, r := range recs {
		if !strings.Contains(r.Reason, "forfeits") {
			continue
		}
		forfeits++
		seat := 1
		if r.Seats[0] == "faulty" {
			seat = 0
		}
		if r.Scores[seat] != 0 || r.Scores[1-seat] != 1 {
			t.Errorf("game %d: scores %v, the faulty seat %d", r.Index+1, r.Scores, seat)
		}
		if want := []string{"X", "O"}[seat] + " forfeits: illegal move"; r.Reason != want {
			t.Errorf("game %d: reason %q, want %q", r.Index+1, r.Reason, want)
		}
		if r.Fault != `answered "z9"` {
			t.Errorf("game %d: fault %q", r.Index+1, r.Fault)
		}
	}
	if forfeits == 0 || m.Losses[1] < forfeits {
		t.Errorf("%d forfeits, faulty lost %d games", forfeits, m.Losses[1])
	}
}

// A forfeit under a cancelled context is the cancellation: the run stops.
func TestForfeitAfterCancelStopsTheRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	bots := []arena.Entrant[int, ttt]{{Name: "a", Bot: faulty{}}, {Name: "b", Bot: faulty{}}}
	if _, err := arena.Match(ctx, ticTacToe, bots, arena.Options{Games: 2, Seed: 1}); err == nil {
		t.Error("a cancelled run ended without an error")
	}
}
