package tiles

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/render/plot"
)

// The optimised set of the seed, as the post reports it: these are the
// targets of the quality benchmark.
const (
	PostObjective       = 10.97
	PostBridges         = 11
	PostDupScore        = 72
	PostExtraEdges      = 8.4
	PostPathProbability = 0.92
)

// TargetObjective is the objective a ten-minute run on two cores should
// reach from a random start, every seed within 0.03 of the others.
const TargetObjective = 10.62

// BenchConfig sets up Bench.
type BenchConfig struct {
	Seed uint64
	// Seeds is the number of optimisation runs, seeded Seed, Seed+1, ...
	// (default 1).
	Seeds int
	// SpeedBoards is the number of boards of the speed figure (0: skip).
	SpeedBoards int
	// Time and CPU bound each optimisation run (0: skip the runs unless
	// the other is set), on Workers goroutines; CPU is processor time read
	// by CPUTime, the measure that stays fair on a shared machine. The
	// best set of each run is re-scored on FinalBoards fresh boards.
	Time        time.Duration
	CPU         time.Duration
	CPUTime     func() time.Duration
	Workers     int
	FinalBoards int
	// Bound prints the upper bound on the objective (UpperBound) and the
	// gap to the best set found.
	Bound bool
	// Out keeps each run's files (curve, pictures, best set) in
	// Out/seed-N; empty means a temporary directory.
	Out string
	// Options are the GA settings and constraints of the runs (zero:
	// defaults); Seed, Time, CPU and Workers above override theirs.
	Options Options
}

// Bench measures the scoring speed on one core and the quality that
// optimisations from random starts reach on the built-in board, and prints
// both as Markdown beside the figures of the post.
func Bench(ctx context.Context, w io.Writer, cfg BenchConfig) error {
	sc, err := NewScorer(SeedBoard(), DefaultWeights())
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Machine: %d cores, %s %s/%s, %s.\n\n", runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		time.Now().Format("2006-01-02"))
	if cfg.SpeedBoards > 0 {
		if err := benchSpeed(w, sc, cfg); err != nil {
			return err
		}
	}
	var best *benchRun
	if cfg.Time > 0 || cfg.CPU > 0 {
		if best, err = benchQuality(ctx, w, sc, cfg); err != nil {
			return err
		}
	}
	if cfg.Bound {
		writeBound(w, sc, best)
	}
	return nil
}
func benchSpeed(w io.Writer, sc *Scorer, cfg BenchConfig) error {
	set := RandomSet(rand.New(rand.NewPCG(cfg.Seed, 1)), len(sc.board.Slots))
	r := rand.New(rand.NewPCG(cfg.Seed, 2))
	const chunk = 1000
	start := time.Now()
	n := 0
	for n < cfg.SpeedBoards {
		if _, err := sc.Objective(set, r, chunk); err != nil {
			return err
		}
		n += chunk
	}
	el := time.Since(start)
	fmt.Fprintln(w, "### Scoring speed (one goroutine)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| boards | seconds | boards per second | µs per board |")
	fmt.Fprintln(w, "| ---: | ---: | ---: | ---: |")
	fmt.Fprintf(w, "| %d | %.2f | %.0f | %.3f |\n\n", n, el.Seconds(), float64(n)/el.Seconds(), el.Seconds()*1e6/float64(n))
	return nil
}

// benchRun is one optimisation run of the quality benchmark.
type benchRun struct {
	seed uint64
	rep  *RunReport
	cpu  time.Duration
}

func benchQuality(ctx context.Context, w io.Writer, sc *Scorer, cfg BenchConfig) (*benchRun, error) {
	dir := cfg.Out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "ludus-bench-tiles-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	var runs []benchRun
	for k := range max(cfg.Seeds, 1) {
		opt := cfg.Options
		opt.Seed, opt.Time, opt.CPU, opt.CPUTime = cfg.Seed+uint64(k), cfg.Time, cfg.CPU, cfg.CPUTime
		opt.Workers, opt.Generations = cfg.Workers, 0
		var cpu0 time.Duration
		if cfg.CPUTime != nil {
			cpu0 = cfg.CPUTime()
		}
		rep, err := OptimizeRun(ctx, sc, opt, RunFiles{Dir: filepath.Join(dir, fmt.Sprintf("seed-%d", opt.Seed)),
			FinalBoards: cfg.FinalBoards, Refs: []float64{PostObjective}})
		if err != nil {
			return nil, err
		}
		run := benchRun{seed: opt.Seed, rep: rep}
		if cfg.CPUTime != nil {
			run.cpu = cfg.CPUTime() - cpu0
		}
		runs = append(runs, run)
	}
	budget := fmt.Sprintf("%s on %d workers", cfg.Time, cfg.Workers)
	if cfg.CPU > 0 {
		budget = fmt.Sprintf("%s of processor time on %d workers", cfg.CPU, cfg.Workers)
	}
	fmt.Fprintf(w, "### Quality from random starts (%s, %d seeds)\n\n", budget, len(runs))
	fmt.Fprintln(w, "| seed | generations | boards scored | seconds | CPU seconds | polish moves | objective (95% CI) | bridged | DupScore | extra edges | path probability |")
	fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	best := &runs[0]
	var vals []float64
	for i := range runs {
		r := &runs[i]
		res, f := r.rep.Result, r.rep.Final
		moves := "-"
		if res.Polish != nil {
			moves = fmt.Sprint(res.Polish.Accepted)
		}
		lo, hi := f.Objective.CI95()
		fmt.Fprintf(w, "| %d | %d | %d | %.0f | %.0f | %s | %.4f (%.4f .. %.4f) | %d | %d | %.3f | %.2f%% |\n", r.seed, res.Generations,
			res.Boards, res.Elapsed.Seconds(), r.cpu.Seconds(), moves, f.Objective.Mean, lo, hi, f.Bridges, f.DupScore,
			f.ExtraEdges.Mean, 100*f.PathProb.Mean)
		vals = append(vals, f.Objective.Mean)
		if f.Objective.Mean > best.rep.Final.Objective.Mean {
			best = r
		}
	}
	fmt.Fprintln(w)
	if len(vals) > 1 {
		mean, sd := meanSD(vals)
		lo, hi := slices.Min(vals), slices.Max(vals)
		fmt.Fprintf(w, "Objective over %d seeds: mean %.4f, standard deviation %.4f, lowest %.4f, highest %.4f, spread %.4f.\n\n",
			len(vals), mean, sd, lo, hi, hi-lo)
		if cfg.Out != "" {
			var seeds []uint64
			var objs []Estimate
			for _, r := range runs {
				seeds, objs = append(seeds, r.seed), append(objs, r.rep.Final.Objective)
			}
			title := "The best set of each seed (" + budget + ")"
			if _, err := SavePictures(cfg.Out, map[string]*render.Drawing{"seeds": DrawSeeds(seeds, objs, title)}); err != nil {
				return nil, err
			}
		}
	}
	return best, writeBestRun(w, cfg, best)
}

// writeBestRun prints the best run's terms beside the post's, its curve
// and its set.
func writeBestRun(w io.Writer, cfg BenchConfig, run *benchRun) error {
	res, f := run.rep.Result, run.rep.Final
	fmt.Fprintf(w, "Best run (seed %d): %d generations, %d boards scored; best set re-scored on %d fresh boards.\n\n",
		run.seed, res.Generations, res.Boards, f.Boards)
	fmt.Fprintln(w, "| term | post's optimised set | ludus | at least as good |")
	fmt.Fprintln(w, "| --- | ---: | ---: | :---: |")
	lo, hi := f.Objective.CI95()
	mark := func(ok bool) string {
		if ok {
			return "yes"
		}
		return "no"
	}
	fmt.Fprintf(w, "| objective | %.2f | %.4f (%.4f .. %.4f) | %s |\n", PostObjective, f.Objective.Mean, lo, hi, mark(f.Objective.Mean >= PostObjective))
	fmt.Fprintf(w, "| bridged sides | %d | %d | %s |\n", PostBridges, f.Bridges, mark(f.Bridges <= PostBridges))
	fmt.Fprintf(w, "| DupScore | %d | %d | %s |\n", PostDupScore, f.DupScore, mark(f.DupScore <= PostDupScore))
	fmt.Fprintf(w, "| extra edges | %.1f | %.3f | %s |\n", PostExtraEdges, f.ExtraEdges.Mean, mark(f.ExtraEdges.Mean <= PostExtraEdges))
	fmt.Fprintf(w, "| path probability | %.0f%% | %.2f%% | %s |\n\n", 100*PostPathProbability, 100*f.PathProb.Mean, mark(f.PathProb.Mean >= PostPathProbability))
	fmt.Fprintln(w, "Objective against time (best set so far, scored on fresh boards):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| seconds | generation | best objective |")
	fmt.Fprintln(w, "| ---: | ---: | ---: |")
	span := max(cfg.Time, res.Elapsed).Seconds()
	next := 0.0
	for i, s := range res.History {
		if t := s.Elapsed.Seconds(); t >= next || i == len(res.History)-1 {
			fmt.Fprintf(w, "| %.0f | %d | %.4f |\n", t, s.Generation, s.BestScore.Objective.Mean)
			next = t + span/10
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Best set:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "```")
	if err := res.Best.Write(w); err != nil {
		return err
	}
	fmt.Fprintln(w, "```")
	fmt.Fprintln(w)
	return nil
}

// writeBound prints the upper bound on the objective and the gap to the
// best set found.
func writeBound(w io.Writer, sc *Scorer, best *benchRun) {
	b := sc.UpperBound(len(sc.board.Slots))
	fmt.Fprintln(w, "### Upper bound")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "| part | bound |\n| --- | ---: |\n| static terms (exact over the counts of side layouts) | %.4f |\n| one board (every pair joined, no extra edge) | %.4f |\n| objective | %.4f |\n",
		b.Static, b.Boards, b.Total)
	if best != nil {
		f := best.rep.Final.Objective.Mean
		fmt.Fprintf(w, "| best set found | %.4f |\n| gap | %.4f |\n", f, b.Total-f)
	}
	fmt.Fprintln(w)
}

func meanSD(v []float64) (float64, float64) {
	m := 0.0
	for _, x := range v {
		m += x
	}
	m /= float64(len(v))
	ss := 0.0
	for _, x := range v {
		ss += (x - m) * (x - m)
	}
	return m, math.Sqrt(ss / float64(max(len(v)-1, 1)))
}

// DrawSeeds plots the objective of each seed's best set with its 95%
// interval, and the target. The values are drawn above 10.5 (or a tenth
// below the lowest), so that the close range keeps readable ticks.
func DrawSeeds(seeds []uint64, objs []Estimate, title string) *render.Drawing {
	base := 10.5
	for _, o := range objs {
		base = min(base, math.Floor(10*o.Mean)/10-0.1)
	}
	c := &plot.Chart{
		Title: title, XLabel: "seed", YLabel: fmt.Sprintf("objective − %g", base),
		HLines: []float64{TargetObjective - base},
	}
	var xs, ys []float64
	for i, o := range objs {
		lo, hi := o.CI95()
		x := float64(seeds[i])
		c.Series = append(c.Series, plot.Series{X: []float64{x, x}, Y: []float64{lo - base, hi - base}, Color: render.Hex("#9ecae1")})
		xs, ys = append(xs, x), append(ys, o.Mean-base)
	}
	if len(xs) > 0 { // room beside the first and last seeds
		lo, hi := slices.Min(xs), slices.Max(xs)
		c.Series = append(c.Series, plot.Series{X: []float64{lo - 0.5, hi + 0.5}, Y: []float64{ys[0], ys[0]}, Color: render.RGB(255, 255, 255).WithAlpha(1)})
	}
	c.Series = append(c.Series, plot.Series{Name: fmt.Sprintf("objective, 95%% interval; dashed: the target %g", TargetObjective),
		X: xs, Y: ys, Points: true, Color: render.Hex("#1f77b4")})
	d := c.Drawing(680, 400)
	d.Scale = 2
	return d
}
