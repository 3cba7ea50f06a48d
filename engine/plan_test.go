package engine_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/testenv"
)

// TestPlansAgree plays random games of every game with and without the
// static plans of move programs (and the drop candidate sets) and checks
// at every ply that both generate the same moves in the same order, agree
// on attack tests and on the result.
func TestPlansAgree(t *testing.T) {
	games := testenv.Pick(3, 40)
	// Games whose plies list hundreds of moves (backgammon's throws) or
	// whose attack tests run every player's programs (Splut!'s four) stop
	// early in the quick run: a budget of work per game, counted as moves
	// compared plus 20 for each player's attack tests, keeps each to half
	// a second or so.
	budget := testenv.Pick(15000, 1<<62)
	forEachGame(t, func(t *testing.T, g *engine.Game) {
		ref := engine.WithoutPlans(g)
		k := engine.PlanKinds(g)
		t.Logf("plans by start position: run %d, never %d, guard %d, direct %d", k[0], k[1], k[2], k[3])
		rng := rand.New(rand.NewPCG(3, 4))
		compared := 0
		for i := 0; i < games && compared < budget; i++ {
			a, b := engine.NewState(g), engine.NewState(ref)
			for ply := 0; ply < 120; ply++ {
				ra, err := a.Result()
				if err != nil {
					t.Fatal(err)
				}
				rb, _ := b.Result()
				if !reflect.DeepEqual(ra, rb) {
					t.Fatalf("game %d ply %d: results differ: %v and %v", i, ply, ra, rb)
				}
				na, nb := notations(t, a), notations(t, b)
				if !reflect.DeepEqual(na, nb) {
					t.Fatalf("game %d ply %d: moves differ:\n%v\n%v", i, ply, na, nb)
				}
				checkAttacks(t, a, b, g, rng)
				compared += len(na) + 20*len(g.Rules.Players)
				if ra.Over || len(na) == 0 || compared >= budget {
					break
				}
				m, err := a.ParseMove(na[rng.IntN(len(na))])
				if err != nil {
					t.Fatal(err)
				}
				a.Play(&m)
				b.Play(&m)
			}
		}
	})
}

// checkAttacks compares attack tests on a few positions for every player.
func checkAttacks(t *testing.T, a, b *engine.State, g *engine.Game, rng *rand.Rand) {
	t.Helper()
	for range 6 {
		p := rng.IntN(len(g.Rules.Board.Positions))
		for side := range g.Rules.Players {
			if x, y := a.Attacked(p, side), b.Attacked(p, side); x != y {
				t.Fatalf("attacked(%s, %d): %v with plans, %v without", g.Rules.Board.Positions[p], side, x, y)
			}
		}
	}
}
