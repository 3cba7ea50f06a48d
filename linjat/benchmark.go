package linjat

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/ludus-games/ludus/render/plot"
)

// Reference holds the figures of the original generator (one core of the
// same kind of machine) that the benchmark compares against.
type Reference struct {
	RateMicros  [2]float64 // time to rate one puzzle, range
	ItersPerSec float64    // optimizer iterations per second
	Finished    time.Duration
}

// References are the original generator's figures by difficulty.
var References = map[string]Reference{
	"easy":   {[2]float64{18, 21}, 16192, 620 * time.Millisecond},
	"medium": {[2]float64{40, 45}, 7339, 1460 * time.Millisecond},
	"hard":   {[2]float64{67, 75}, 4114, 2760 * time.Millisecond},
	"expert": {[2]float64{111, 126}, 2531, 4030 * time.Millisecond},
}

// TimeRating rates every puzzle of ps (without a trace) over and over for at
// least minDur of processor time and returns the mean processor time per
// puzzle. With unique, the puzzles are known to have one solution and the
// uniqueness check of the leaks is skipped (as the original solver never
// makes it).
func TimeRating(ps []*Puzzle, w Weights, unique bool, minDur time.Duration) (time.Duration, error) {
	if len(ps) == 0 {
		return 0, fmt.Errorf("no puzzles to rate")
	}
	var v Solver
	rate := v.Rating
	if unique {
		rate = v.RatingUnique
	}
	n := 0
	start := CPUTime()
	for CPUTime()-start < minDur || n == 0 {
		for _, p := range ps {
			if _, err := rate(p, w); err != nil {
				return 0, err
			}
		}
		n += len(ps)
	}
	return (CPUTime() - start) / time.Duration(n), nil
}

// QualitySettings are the settings of puzzle seed (1, 2, ...) of a quality
// run: the difficulty's size, its number counts in turn, seed as the seed.
func QualitySettings(d Difficulty, seed uint64, iterations int64, workers int) Settings {
	span := uint64(d.MaxNumbers - d.MinNumbers + 1)
	return Settings{Rows: d.Rows, Cols: d.Cols, Numbers: d.MinNumbers + int((seed-1)%span),
		Difficulty: d, Iterations: iterations, Workers: workers, Seed: seed}
}

// Summary describes a sample of scores.
type Summary struct {
	N                        int
	Mean                     float64
	Min, Q1, Median, Q3, Max float64
	sorted                   []float64
}

// Summarize returns the summary of xs.
func Summarize(xs []float64) Summary {
	s := Summary{N: len(xs), sorted: append([]float64(nil), xs...)}
	if len(xs) == 0 {
		return s
	}
	sort.Float64s(s.sorted)
	for _, x := range xs {
		s.Mean += x
	}
	s.Mean /= float64(len(xs))
	q := func(f float64) float64 {
		pos := f * float64(len(s.sorted)-1)
		lo := int(math.Floor(pos))
		hi := min(lo+1, len(s.sorted)-1)
		return s.sorted[lo] + (pos-float64(lo))*(s.sorted[hi]-s.sorted[lo])
	}
	s.Min, s.Q1, s.Median, s.Q3, s.Max = s.sorted[0], q(0.25), q(0.5), q(0.75), s.sorted[len(s.sorted)-1]
	return s
}

// quantileSeries draws a sample as its sorted values against their
// quantile, so that samples of different sizes share one chart.
func (s Summary) quantileSeries(name string) plot.Series {
	xs := make([]float64, len(s.sorted))
	for i := range xs {
		xs[i] = (float64(i) + 0.5) / float64(len(xs))
	}
	return plot.Series{Name: name, X: xs, Y: s.sorted, Points: true}
}

// DistributionChart compares two score samples of one difficulty, each
// drawn as its sorted values against their quantile, with a line at each
// mean.
func DistributionChart(title, ylabel string, shipped, generated Summary) *plot.Chart {
	return &plot.Chart{
		Title: title, XLabel: "quantile", YLabel: ylabel,
		Series: []plot.Series{shipped.quantileSeries("shipped"), generated.quantileSeries("generated")},
		HLines: []float64{shipped.Mean, generated.Mean},
	}
}

// QualityRun generates the puzzles of seeds 1..n for difficulty d and calls
// done after each.
func QualityRun(ctx context.Context, d Difficulty, n int, iterations int64, workers int,
	done func(*Generated)) ([]*Generated, error) {
	var out []*Generated
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g, err := Optimize(ctx, QualitySettings(d, seed, iterations, workers))
		if err != nil {
			return out, fmt.Errorf("%s seed %d: %w", d.Name, seed, err)
		}
		out = append(out, g)
		if done != nil {
			done(g)
		}
	}
	return out, nil
}
