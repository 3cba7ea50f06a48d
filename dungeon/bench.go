package dungeon

import (
	"context"
	"errors"
	"slices"
	"time"
)

// BenchResult summarises repeated generation from one spec, in the form of
// the reference's published benchmarks.
type BenchResult struct {
	Runs, Successes int
	// Times are per run and include preparing the spec (NewGenerator),
	// as a program that generates one level would pay it.
	MeanTime, MedianTime time.Duration
	// Init is the mean time of NewGenerator alone.
	Init                             time.Duration
	MeanIterations, MedianIterations float64
}

// Bench generates runs layouts from spec with seeds seed, seed+1, ...,
// each with its own Generator, and times them. done, when set, is called
// after every run with the layout (nil on failure).
func Bench(ctx context.Context, spec *Spec, runs int, seed uint64, limit time.Duration, done func(run int, l *Layout, err error)) (BenchResult, error) {
	res := BenchResult{Runs: runs}
	var times []time.Duration
	var iters []float64
	var init time.Duration
	for i := range runs {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		began := time.Now()
		g, err := NewGenerator(spec)
		if err != nil {
			return res, err
		}
		init += time.Since(began)
		l, st, err := g.Generate(ctx, Options{Seed: seed + uint64(i), TimeLimit: limit})
		times = append(times, time.Since(began))
		iters = append(iters, float64(st.Iterations))
		switch {
		case err == nil:
			res.Successes++
		case !errors.Is(err, ErrTimeLimit):
			return res, err
		}
		if done != nil {
			done(i, l, err)
		}
	}
	if runs == 0 {
		return res, nil
	}
	var sum time.Duration
	sumIt := 0.0
	for i := range times {
		sum += times[i]
		sumIt += iters[i]
	}
	res.MeanTime = sum / time.Duration(runs)
	res.MeanIterations = sumIt / float64(runs)
	res.Init = init / time.Duration(runs)
	slices.Sort(times)
	slices.Sort(iters)
	res.MedianTime = times[runs/2]
	res.MedianIterations = iters[runs/2]
	if runs%2 == 0 {
		res.MedianTime = (times[runs/2-1] + times[runs/2]) / 2
		res.MedianIterations = (iters[runs/2-1] + iters[runs/2]) / 2
	}
	return res, nil
}
