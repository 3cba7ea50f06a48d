package evolve

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"
	"time"
)

// ES is a (mu/mu_w, lambda) evolution strategy on real vectors: each
// generation samples Lambda points around a mean, x = mean + sigma*scale*z
// with z standard normal, moves the mean to the weighted mean of the best
// Mu, and adapts the step size sigma by the cumulative path length of the
// mean's steps (CSA, as in CMA-ES without the covariance matrix): steps
// that keep pointing the same way lengthen it, steps that cancel shorten
// it. It suits noisy objectives of a few to a few dozen parameters, such
// as the weights of an evaluation scored by games.
//
// Every evaluation of a generation gets a generator of the same seed
// (common random numbers), so the candidates of a generation are compared
// on the same samples, and a run is deterministic for a given Seed
// whatever Workers is.
type ES struct {
	// Goal says whether Evaluate is maximised or minimised.
	Goal Goal
	// Evaluate scores a point; it is called concurrently with more than
	// one worker. Required.
	Evaluate func(x []float64, r *rand.Rand) float64
	// Start is the first mean; Scale the step of each coordinate at
	// sigma 1 (nil: all 1). Required: Start.
	Start, Scale []float64
	// Sigma is the initial step size (default 0.3).
	Sigma float64
	// Bounds clip the sampled points.
	Bounds Bounds
	// Lambda is the number of points per generation (default
	// 4+3ln(n)); Mu the number the mean recombines (default Lambda/2).
	Lambda, Mu int
	// Generations bounds the run (required); TimeLimit too, if positive.
	Generations int
	TimeLimit   time.Duration
	Workers     int
	Seed        uint64
	// Checkpoint, when set, is a file the run saves itself to after every
	// generation and resumes from when it exists.
	Checkpoint string
	// Hook is called after every generation; its error stops the run.
	Hook func(s *ESStatus) error
}

// ESStatus is the state of an ES run after a generation.
type ESStatus struct {
	Generation  int       `json:"generation"`
	Evaluations int       `json:"evaluations"`
	Mean        []float64 `json:"mean"`
	Sigma       float64   `json:"sigma"`
	Path        []float64 `json:"path"` // the evolution path of sigma
	// Best is the best point evaluated so far and BestFitness its score
	// (on the samples of its generation).
	Best        []float64 `json:"best"`
	BestFitness float64   `json:"best_fitness"`
	// GenBest and GenMean summarise the last generation's scores.
	GenBest float64       `json:"gen_best"`
	GenMean float64       `json:"gen_mean"`
	Elapsed time.Duration `json:"elapsed"`
}

func (es *ES) defaults() (lambda, mu int, weights []float64, err error) {
	n := len(es.Start)
	if n == 0 || es.Evaluate == nil || es.Generations < 1 {
		return 0, 0, nil, fmt.Errorf("evolve: an ES needs Start, Evaluate and Generations")
	}
	if es.Scale != nil && len(es.Scale) != n {
		return 0, 0, nil, fmt.Errorf("evolve: Scale has %d values for %d coordinates", len(es.Scale), n)
	}
	lambda = es.Lambda
	if lambda <= 0 {
		lambda = 4 + int(3*math.Log(float64(n)))
	}
	mu = es.Mu
	if mu <= 0 || mu > lambda {
		mu = max(1, lambda/2)
	}
	weights = make([]float64, mu)
	var sum float64
	for i := range weights {
		weights[i] = math.Log(float64(mu)+0.5) - math.Log(float64(i+1))
		sum += weights[i]
	}
	for i := range weights {
		weights[i] /= sum
	}
	return lambda, mu, weights, nil
}

// Run runs the strategy and returns its final status: the mean, its
// best point and their scores.
func (es *ES) Run(ctx context.Context) (*ESStatus, error) {
	lambda, mu, weights, err := es.defaults()
	if err != nil {
		return nil, err
	}
	n := len(es.Start)
	var effInv float64
	for _, w := range weights {
		effInv += w * w
	}
	muEff := 1 / effInv
	cs := (muEff + 2) / (float64(n) + muEff + 5)
	ds := 1 + 2*max(0, math.Sqrt((muEff-1)/float64(n+1))-1) + cs
	chiN := math.Sqrt(float64(n)) * (1 - 1/(4*float64(n)) + 1/(21*float64(n*n)))

	st := &ESStatus{Mean: slices.Clone(es.Start), Sigma: es.Sigma, Path: make([]float64, n)}
	if st.Sigma <= 0 {
		st.Sigma = 0.3
	}
	if es.Checkpoint != "" {
		if _, err := LoadCheckpoint(es.Checkpoint, st); err != nil {
			return nil, err
		}
		if len(st.Mean) != n || len(st.Path) != n {
			return nil, fmt.Errorf("%s: checkpoint of %d coordinates, not %d", es.Checkpoint, len(st.Mean), n)
		}
	}
	start := time.Now().Add(-st.Elapsed)
	for st.Generation < es.Generations {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		if es.TimeLimit > 0 && time.Since(start) >= es.TimeLimit {
			break
		}
		es.generation(st, lambda, mu, weights, cs, ds, muEff, chiN)
		st.Elapsed = time.Since(start)
		if es.Checkpoint != "" {
			if err := SaveCheckpoint(es.Checkpoint, st); err != nil {
				return st, err
			}
		}
		if es.Hook != nil {
			if err := es.Hook(st); err != nil {
				return st, err
			}
		}
	}
	return st, nil
}

// generation samples, scores and recombines one generation.
func (es *ES) generation(st *ESStatus, lambda, mu int, weights []float64, cs, ds, muEff, chiN float64) {
	n := len(st.Mean)
	r := WorkerRand(es.Seed, st.Generation)
	zs := make([][]float64, lambda)
	xs := make([][]float64, lambda)
	for k := range zs {
		zs[k] = make([]float64, n)
		xs[k] = make([]float64, n)
		for i := range zs[k] {
			zs[k][i] = r.NormFloat64()
			xs[k][i] = es.clip(i, st.Mean[i]+st.Sigma*es.scale(i)*zs[k][i])
		}
	}
	fit := es.evaluate(xs, uint64(st.Generation))
	st.Evaluations += lambda
	order := make([]int, lambda)
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return es.Goal.Better(fit[order[a]], fit[order[b]]) })
	best := order[0]
	if st.Best == nil || es.Goal.Better(fit[best], st.BestFitness) {
		st.Best, st.BestFitness = slices.Clone(xs[best]), fit[best]
	}
	st.GenBest = fit[best]
	st.GenMean = 0
	for _, f := range fit {
		st.GenMean += f / float64(lambda)
	}
	step := make([]float64, n) // weighted mean of the best z
	for j := 0; j < mu; j++ {
		for i := range step {
			step[i] += weights[j] * zs[order[j]][i]
		}
	}
	var norm float64
	c := math.Sqrt(cs * (2 - cs) * muEff)
	for i := range step {
		st.Mean[i] = es.clip(i, st.Mean[i]+st.Sigma*es.scale(i)*step[i])
		st.Path[i] = (1-cs)*st.Path[i] + c*step[i]
		norm += st.Path[i] * st.Path[i]
	}
	st.Sigma *= math.Exp(cs / ds * (math.Sqrt(norm)/chiN - 1))
	st.Generation++
}

func (es *ES) scale(i int) float64 {
	if es.Scale == nil {
		return 1
	}
	return es.Scale[i]
}

func (es *ES) clip(i int, v float64) float64 {
	if es.Bounds.Lo != nil {
		v = max(v, es.Bounds.Lo[i])
	}
	if es.Bounds.Hi != nil {
		v = min(v, es.Bounds.Hi[i])
	}
	return v
}

// evaluate scores points on Workers goroutines, each evaluation with a
// generator of the generation's seed.
func (es *ES) evaluate(xs [][]float64, gen uint64) []float64 {
	fit := make([]float64, len(xs))
	workers := max(1, min(es.Workers, len(xs)))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				fit[k] = es.Evaluate(xs[k], rand.New(rand.NewPCG(es.Seed, gen)))
			}
		}()
	}
	for k := range xs {
		next <- k
	}
	close(next)
	wg.Wait()
	return fit
}
