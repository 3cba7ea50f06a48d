package twenty48

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"github.com/ludus-games/ludus/batch"
)

func scoreWeights(w LineWeights, games, depth int) float64 {
	e := NewEval("cand", "", w.Line)
	x := &Expectimax{Eval: e, Depth: depth}
	total := 0.0
	batch.Run(context.Background(), 2, batch.Seq(games), func(ctx context.Context, i int) (int, error) {
		r, _ := PlayGame(ctx, x, uint64(90001+i), PlayOptions{})
		return r.Score, nil
	}, func(i, s int) error { total += float64(s); return nil })
	return total / float64(games)
}

func TestTune(t *testing.T) {
	if os.Getenv("TUNE") == "" { t.Skip() }
	iters, _ := strconv.Atoi(os.Getenv("TUNE"))
	games, _ := strconv.Atoi(os.Getenv("GAMES"))
	depth, _ := strconv.Atoi(os.Getenv("DEPTH"))
	rng := rand.New(rand.NewPCG(5, 6))
	best := NneonneoWeights
	bestScore := scoreWeights(best, games, depth)
	t.Logf("start %.0f %+v", bestScore, best)
	sigma := 0.3
	for it := 0; it < iters; it++ {
		c := best
		p := []*float64{&c.Base, &c.Empty, &c.Merges, &c.Mono, &c.MonoPower, &c.Sum, &c.SumPower}
		for _, v := range p {
			if rng.Float64() < 0.5 {
				*v *= math.Exp(sigma * rng.NormFloat64())
			}
		}
		c.MonoPower = math.Min(c.MonoPower, 6)
		c.SumPower = math.Min(c.SumPower, 5)
		s := scoreWeights(c, games, depth)
		if s > bestScore {
			best, bestScore = c, s
			t.Logf("it %d: %.0f %+v", it, s, c)
		}
	}
	t.Logf("best %.0f %+v", bestScore, best)
}
