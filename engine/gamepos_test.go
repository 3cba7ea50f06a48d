package engine_test

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ludus-games/ludus/engine"
	gm "github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/internal/testenv"
)

// stateResult is the engine's own result mapped to game players the way
// Position documents it, computed independently: winners share 1, a draw
// gives every choosing player the same.
func stateResult(t *testing.T, s *engine.State) (gm.Result, bool) {
	t.Helper()
	r, err := s.Result()
	if err != nil {
		t.Fatal(err)
	}
	if !r.Over {
		return nil, false
	}
	var scores []float64
	for i, pl := range s.Game().Rules.Players {
		if !pl.Random {
			scores = append(scores, r.Scores[i])
		}
	}
	winners := 0.0
	for _, v := range scores {
		if v == 1 {
			winners++
		}
	}
	out := make(gm.Result, len(scores))
	for i, v := range scores {
		switch {
		case winners == 0 || winners == float64(len(scores)):
			out[i] = 1 / float64(len(scores))
		case v == 1:
			out[i] = 1 / winners
		}
	}
	return out, true
}

// TestPositionFollowsState plays random games of every game through the
// game.Position interface and the same moves through the engine's own
// API, and checks at every ply that both agree on the moves (as written),
// whose turn it is, the key and the result; then that Undo walks back
// through the same keys.
func TestPositionFollowsState(t *testing.T) {
	forEachGame(t, func(t *testing.T, g *engine.Game) {
		rng := rand.New(rand.NewPCG(5, 6))
		pos := engine.NewPosition(engine.NewState(g), nil)
		s := engine.NewState(g)
		var ml engine.MoveList
		var keys []uint64
		played := 0
		var moves []engine.Ply
		var outs []gm.Outcome[engine.Ply]
		for ply := 0; ply < 150; ply++ {
			keys = append(keys, pos.Key())
			if pos.Key() != s.Hash() {
				t.Fatalf("ply %d: key %x, state hash %x", ply, pos.Key(), s.Hash())
			}
			want, wantOver := stateResult(t, s)
			got, over := pos.Result()
			if over != wantOver || !sameResult(got, want) {
				t.Fatalf("ply %d: result %v %v, state says %v %v", ply, got, over, want, wantOver)
			}
			ms, err := s.Moves(&ml)
			if err != nil {
				t.Fatal(err)
			}
			moves, outs = pos.Moves(moves[:0]), pos.Outcomes(outs[:0])
			if over {
				if len(moves)+len(outs) != 0 {
					t.Fatalf("ply %d: %d moves after the end", ply, len(moves)+len(outs))
				}
				break
			}
			wantWho := gm.Chance
			if !s.Chance() {
				wantWho = pos.Seat(s.ToMove())
			}
			if pos.ToMove() != wantWho {
				t.Fatalf("ply %d: to move %v, want %v", ply, pos.ToMove(), wantWho)
			}
			if s.Chance() {
				moves = moves[:0]
				sum := 0.0
				for _, o := range outs {
					moves = append(moves, o.Move)
					sum += o.Prob
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("ply %d: outcome probabilities add up to %g", ply, sum)
				}
			}
			if len(moves) != len(ms) {
				t.Fatalf("ply %d: %d moves, state has %d", ply, len(moves), len(ms))
			}
			for i := range ms {
				if a, b := pos.Notation(moves[i]), s.Notation(&ms[i]); a != b {
					t.Fatalf("ply %d move %d: %q, state writes %q", ply, i, a, b)
				}
			}
			k := rng.IntN(len(ms))
			pos.Play(moves[k])
			s.Play(&ms[k])
			played++
		}
		for i := played; i > 0; i-- {
			pos.Undo()
			if pos.Key() != keys[i-1] {
				t.Fatalf("undo to ply %d: key %x, was %x", i-1, pos.Key(), keys[i-1])
			}
		}
		if err := pos.Err(); err != nil {
			t.Fatal(err)
		}
	})
}

func sameResult(a, b gm.Result) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-12 {
			return false
		}
	}
	return true
}

// TestPositionNotationReadsBack writes moves of positions along random
// games in the universal notation and reads them back to the same move.
// (That Undo restores the position is checked by TestContract.)
func TestPositionNotationReadsBack(t *testing.T) {
	forEachGame(t, func(t *testing.T, g *engine.Game) {
		rng := rand.New(rand.NewPCG(7, 8))
		pos := engine.NewPosition(engine.NewState(g), nil)
		for ply := 0; ply < 40; ply++ {
			moves := allMoves(pos)
			if len(moves) == 0 {
				break
			}
			stride := 8 * max(1, len(moves)/64) // reading generates every move: a sample
			for i := 0; i < len(moves); i += stride {
				m := moves[i]
				text := pos.Notation(m)
				back, err := pos.ParseMove(text)
				if err != nil || back.Key() != m.Key() || pos.Notation(back) != text {
					t.Fatalf("ply %d: %q reads back as %q (%v)", ply, text, pos.Notation(back), err)
				}
			}
			pos.Play(moves[rng.IntN(len(moves))])
		}
	})
}

// allMoves returns the choices or the chance outcomes of pos.
func allMoves(pos *engine.Position) []engine.Ply {
	if pos.ToMove() != gm.Chance {
		return pos.Moves(nil)
	}
	var out []engine.Ply
	for _, o := range pos.Outcomes(nil) {
		out = append(out, o.Move)
	}
	return out
}

// randomGame plays pos to the end with rng (at most limit plies) and
// returns the result, or nil when the game was cut.
func randomGame(pos *engine.Position, rng *rand.Rand, limit int) gm.Result {
	for ply := 0; ply < limit; ply++ {
		if r, over := pos.Result(); over {
			return r
		}
		moves := allMoves(pos)
		if len(moves) == 0 {
			return nil
		}
		pos.Play(moves[rng.IntN(len(moves))])
	}
	return nil
}

// TestPositionResultsAddUp plays random games to the end: every result
// gives each player a share in [0, 1] and the shares add up to 1, and
// says how the game ended.
func TestPositionResultsAddUp(t *testing.T) {
	forEachGame(t, func(t *testing.T, g *engine.Game) {
		rng := rand.New(rand.NewPCG(9, 10))
		finished, games := 0, testenv.Pick(5, 10)
		for i := 0; i < games; i++ {
			pos := engine.NewPosition(engine.NewState(g), nil)
			if why := pos.EndReason(); why != "" {
				t.Fatalf("start position ended: %q", why)
			}
			r := randomGame(pos, rng, 400)
			if r == nil {
				continue
			}
			finished++
			if pos.EndReason() == "" {
				t.Fatalf("game over (%v) without a reason", r)
			}
			if len(r) != pos.Players() {
				t.Fatalf("result %v for %d players", r, pos.Players())
			}
			sum := 0.0
			for _, v := range r {
				if v < 0 || v > 1 {
					t.Fatalf("share %g out of [0, 1] in %v", v, r)
				}
				sum += v
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("result %v adds up to %g", r, sum)
			}
		}
		t.Logf("%d of %d random games finished", finished, games)
	})
}

// TestPositionCopiesInParallel plays random games on copies of one
// position on several goroutines: each copy plays the same game as the
// same seed does alone, and the original is untouched.
func TestPositionCopiesInParallel(t *testing.T) {
	g := game(t, "checkers.zrf", "")
	pos := engine.NewPosition(engine.NewState(g), nil)
	pos.Play(pos.Moves(nil)[2])
	key := pos.Key()
	const n = 4
	alone := make([]uint64, n)
	for i := range alone {
		c := pos.Copy()
		randomGame(c, rand.New(rand.NewPCG(uint64(i), 1)), 300)
		alone[i] = c.Key()
	}
	together := make([]uint64, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		c := pos.Copy()
		wg.Go(func() {
			randomGame(c, rand.New(rand.NewPCG(uint64(i), 1)), 300)
			together[i] = c.Key()
		})
	}
	wg.Wait()
	for i := range alone {
		if alone[i] != together[i] {
			t.Errorf("game %d: key %x in parallel, %x alone", i, together[i], alone[i])
		}
	}
	if pos.Key() != key {
		t.Error("the original changed")
	}
}
