package twenty48

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/ludus-games/ludus/evolve"
)

// TuneConfig describes a search for the heuristic's weights by an
// evolution strategy (evolve.ES) on the mean score of seeded games.
type TuneConfig struct {
	// Start are the weights the search starts from.
	Start LineWeights `json:"-"`
	// Terms names the terms tuned (EvalTerms); the others keep Start's
	// values. The search works on their logarithms: steps are relative,
	// and the terms stay positive.
	Terms []string `json:"terms"`
	// Depth is the depth of the tuning games' searches; Games the number
	// of games each candidate plays. The games of a generation have the
	// same seeds for every candidate (common random numbers), drawn from
	// Seed and the generation, so that the search does not fit one set of
	// games.
	Depth int    `json:"depth"`
	Games int    `json:"games"`
	Seed  uint64 `json:"seed"`
	// Generations, Lambda (candidates per generation) and Sigma (the
	// initial relative step) set the strategy.
	Generations int     `json:"generations"`
	Lambda      int     `json:"lambda"`
	Sigma       float64 `json:"sigma"`
	Workers     int     `json:"-"`
	// Checkpoint, when set, makes the search resumable from that file.
	Checkpoint string `json:"-"`
}

// DefaultTuneTerms are the terms tune searches by default: all but the
// base, which only shifts every evaluation.
var DefaultTuneTerms = []string{"empty", "merges", "monotonicity", "mono_power", "sum", "sum_power"}

// TuneResult is the outcome of a search: the best weights by the search's
// own scores, and the final mean of the strategy.
type TuneResult struct {
	Best        LineWeights `json:"-"`
	Mean        LineWeights `json:"-"`
	BestScore   float64     `json:"best_score"` // on the games of its generation
	Generations int         `json:"generations"`
	Evaluations int         `json:"evaluations"`
}

// Tune searches the weights. hook, when not nil, sees every generation.
func Tune(ctx context.Context, cfg TuneConfig, hook func(*evolve.ESStatus, LineWeights)) (*TuneResult, error) {
	terms := make([]EvalTerm, len(cfg.Terms))
	start := make([]float64, len(cfg.Terms))
	for i, name := range cfg.Terms {
		t, ok := termByName(name)
		if !ok {
			return nil, fmt.Errorf("unknown term %q (terms: %s)", name, TermNames())
		}
		v := t.Get(cfg.Start)
		if v <= 0 {
			return nil, fmt.Errorf("term %s starts at %g: tune searches positive weights", name, v)
		}
		terms[i], start[i] = t, math.Log(v)
	}
	if cfg.Depth < 1 || cfg.Games < 1 {
		return nil, fmt.Errorf("tune needs a depth and games per candidate")
	}
	weights := func(x []float64) LineWeights {
		w := cfg.Start
		for i, t := range terms {
			w = t.Set(w, min(max(math.Exp(x[i]), t.Lo), t.Hi))
		}
		return w
	}
	es := &evolve.ES{
		Goal: evolve.Maximize, Start: start, Sigma: cfg.Sigma, Lambda: cfg.Lambda,
		Generations: cfg.Generations, Workers: cfg.Workers, Seed: cfg.Seed, Checkpoint: cfg.Checkpoint,
		Evaluate: func(x []float64, r *rand.Rand) float64 {
			seeds := make([]uint64, cfg.Games)
			for i := range seeds {
				seeds[i] = r.Uint64() >> 1
			}
			return MeanScore(ctx, weights(x), cfg.Depth, seeds)
		},
	}
	if hook != nil {
		es.Hook = func(s *evolve.ESStatus) error {
			hook(s, weights(s.Mean))
			return nil
		}
	}
	st, err := es.Run(ctx)
	if st == nil {
		return nil, err
	}
	res := &TuneResult{Mean: weights(st.Mean), BestScore: st.BestFitness, Generations: st.Generation, Evaluations: st.Evaluations}
	res.Best = res.Mean
	if st.Best != nil {
		res.Best = weights(st.Best)
	}
	return res, err
}

// MeanScore plays the games of the given seeds with the heuristic of
// weights w at a fixed depth and returns their mean score (0 if ctx ends
// first).
func MeanScore(ctx context.Context, w LineWeights, depth int, seeds []uint64) float64 {
	scores := GameScores(ctx, w, depth, seeds)
	var sum float64
	for _, s := range scores {
		sum += float64(s)
	}
	return sum / float64(max(1, len(scores)))
}

// GameScores plays the games of the given seeds with the heuristic of
// weights w at a fixed depth and returns their scores.
func GameScores(ctx context.Context, w LineWeights, depth int, seeds []uint64) []int {
	x := &Expectimax{Eval: NewEval(w.String(), "", w.Line), Depth: depth, MinProb: DefaultMinProb}
	scores := make([]int, 0, len(seeds))
	for _, seed := range seeds {
		if ctx.Err() != nil {
			break
		}
		g := NewGame(seed)
		for !g.Over() {
			m, _, ok := ChooseOn(x, g, nil)
			if !ok {
				break
			}
			g.Play(m)
		}
		scores = append(scores, g.Score)
	}
	return scores
}
