package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/render/plot"
)

type linjatBenchFlags struct {
	levels     string
	seeds      int
	iterations int64
	workers    int
	plot       string
	quick      bool
	part       string
}

var benchLinjatFlags linjatBenchFlags

// newBenchLinjatCmd returns "ludus bench linjat".
func newBenchLinjatCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "linjat",
		Short: "Linjat: correctness on the original levels, speed, and quality",
		Long: `linjat checks the solvers on a set of levels, times the rating solver and
the optimizer against the original generator's figures, and compares
generated puzzles (seeds 1-20 of each difficulty) with the set's levels
under the expert collection weights. The set is ludus's own level packs
(twenty of each difficulty, built in); --levels names another, such as the
original game's puzzles.json (its 396 levels, with the original solver's
classification, which the report then compares with). --quick makes a
short run.`,
		Example: `  ludus bench linjat --quick
  ludus bench linjat --levels ../shared/data/linjat/puzzles.json --plot quality.png`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := benchLinjatFlags
			if f.quick {
				f.seeds, f.iterations = min(f.seeds, 2), min(f.iterations, 500)
			}
			coll, name, err := benchLevels(f.levels)
			if err != nil {
				return err
			}
			b := &linjatBench{out: cmd.OutOrStdout(), coll: coll, set: name, flags: f}
			return b.run(cmd.Context())
		},
	}
	addBenchLinjatFlags(c)
	return c
}

// benchLevels reads the levels of --levels, or the built-in ones, and
// names them for the report.
func benchLevels(path string) (linjat.Collection, string, error) {
	if path == "" {
		c, err := linjat.BuiltinLevels()
		return c, "built-in levels", err
	}
	file, err := os.Open(path)
	if err != nil {
		return nil, "", fmt.Errorf("--levels: %w", err)
	}
	defer file.Close()
	c, err := linjat.ReadLevels(file, path)
	return c, "levels of " + filepath.Base(path), err
}

// addBenchLinjatFlags registers the flags of "ludus bench linjat" on c.
func addBenchLinjatFlags(c *cobra.Command) {
	f := c.Flags()
	f.StringVar(&benchLinjatFlags.levels, "levels", "", "levels to check: the original game's puzzles.json or a pack (default: the built-in levels)")
	f.IntVar(&benchLinjatFlags.seeds, "seeds", 20, "generated puzzles per difficulty for the quality comparison")
	f.Int64Var(&benchLinjatFlags.iterations, "iterations", 10000, "optimizer iterations per puzzle")
	f.IntVar(&benchLinjatFlags.workers, "workers", 2, "goroutines for the multi-core figures")
	f.StringVar(&benchLinjatFlags.plot, "plot", "", "draw the score distributions to this .svg or .png file")
	f.BoolVar(&benchLinjatFlags.quick, "quick", false, "short run: 2 seeds, 500 iterations, brief timings")
	f.StringVar(&benchLinjatFlags.part, "part", "all", "which part to run: all, correctness, speed or quality")
}

type linjatBench struct {
	out   io.Writer
	coll  linjat.Collection
	set   string // names coll in the report
	flags linjatBenchFlags
}

func (b *linjatBench) printf(format string, a ...any) { fmt.Fprintf(b.out, format, a...) }

func (b *linjatBench) puzzles(name string) []*linjat.Puzzle {
	var ps []*linjat.Puzzle
	for _, l := range b.coll[name] {
		if l.Puzzle != nil {
			ps = append(ps, l.Puzzle)
		}
	}
	return ps
}

func (b *linjatBench) run(ctx context.Context) error {
	b.printf("Machine: %d cores (GOMAXPROCS %d), %s. Iterations per puzzle: %d.\n\n",
		runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), b.flags.iterations)
	parts := []struct {
		name string
		run  func() error
	}{
		{"correctness", b.correctness},
		{"speed", func() error { return b.speed(ctx) }},
		{"quality", func() error { return b.quality(ctx) }},
	}
	known := b.flags.part == "all"
	for _, p := range parts {
		if b.flags.part == "all" || b.flags.part == p.name {
			known = true
			if err := p.run(); err != nil {
				return err
			}
		}
	}
	if !known {
		return fmt.Errorf("--part %q: want all, correctness, speed or quality", b.flags.part)
	}
	return nil
}

// correctness checks every level with both solvers and reports the mean
// scores by difficulty.
func (b *linjatBench) correctness() error {
	expert := linjat.Difficulties[3].Weights
	b.printf("### Solvers on the %s\n\n", b.set)
	b.printf("| set | levels | one solution | rating solver finishes with it | leak steps | mean score (own weights) | mean score (expert collection) |\n|---|---|---|---|---|---|---|\n")
	var v linjat.Solver
	var notes []string
	for _, name := range b.coll.Names() {
		own := expert
		if d, err := linjat.DifficultyByName(name); err == nil {
			own = d.Weights
		}
		ps := b.puzzles(name)
		unique, finished, leaks := 0, 0, 0
		var sumOwn, sumColl float64
		for i, p := range ps {
			sols, err := v.Solve(p, 2)
			if err != nil {
				return fmt.Errorf("%s level %d: %w", name, i+1, err)
			}
			res, err := v.Rate(p, own)
			if err != nil {
				return err
			}
			if len(sols) == 1 {
				unique++
				if res.Solved && res.Solution.Check(p) == nil && fmt.Sprint(res.Solution) == fmt.Sprint(sols[0]) {
					finished++
				}
			} else {
				notes = append(notes, fmt.Sprintf("%s level %d: %d solutions (counted up to 2); the rating solver reports solved=%v",
					name, i+1, len(sols), res.Solved))
			}
			leaks += res.Steps[linjat.Uncontested] + res.Steps[linjat.SingleSolution]
			sumOwn += res.Score
			sumColl += res.Rating.Score(expert.Collection())
		}
		n := float64(len(ps))
		b.printf("| %s | %d | %d | %d | %d | %.1f | %.1f |\n", name, len(ps), unique, finished, leaks, sumOwn/n, sumColl/n)
	}
	b.printf("\n")
	for _, note := range notes {
		b.printf("- %s\n", note)
	}
	b.printf("\n")
	b.agreement()
	return nil
}

// agreement compares the rating with the original solver's classification,
// when the levels carry it.
func (b *linjatBench) agreement() {
	classified := false
	for _, ls := range b.coll {
		for _, l := range ls {
			classified = classified || l.Classification != nil
		}
	}
	if !classified {
		return
	}
	ref := map[linjat.Rule]string{linjat.Cover: "cover", linjat.CantFit: "cant_fit", linjat.Square: "square",
		linjat.Dependency: "dep", linjat.OneOf: "one_of"}
	rules := []linjat.Rule{linjat.Cover, linjat.CantFit, linjat.Square, linjat.Dependency, linjat.OneOf}
	b.printf("Mean layers per level by rule, ours / original solver's classification:\n\n| set |")
	for _, r := range rules {
		b.printf(" %s |", r)
	}
	b.printf(" widest |\n|---|---|---|---|---|---|---|\n")
	var v linjat.Solver
	for _, d := range linjat.Difficulties {
		var ours, theirs [linjat.NumRules]float64
		var ow, tw, n float64
		for _, l := range b.coll[d.Name] {
			if l.Puzzle == nil || l.Classification == nil {
				continue
			}
			res, err := v.Rating(l.Puzzle, d.Weights)
			if err != nil {
				continue
			}
			n++
			for _, r := range rules {
				ours[r] += float64(res.Steps[r])
				theirs[r] += float64(l.Classification[ref[r]].Steps)
			}
			ow += float64(res.Width)
			tw += float64(l.Classification["all"].Width)
		}
		b.printf("| %s |", d.Name)
		for _, r := range rules {
			b.printf(" %.1f / %.1f |", ours[r]/n, theirs[r]/n)
		}
		b.printf(" %.2f / %.2f |\n", ow/n, tw/n)
	}
	b.printf("\n")
}

func (b *linjatBench) speed(ctx context.Context) error {
	minDur := time.Second
	if b.flags.quick {
		minDur = 50 * time.Millisecond
	}
	b.printf("### Speed, one core (processor time)\n\n")
	b.printf("| difficulty | rate one puzzle | with uniqueness check | original | speed-up | optimizer it/s | original | speed-up | finished puzzle | original |\n")
	b.printf("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, d := range linjat.Difficulties {
		ps := b.puzzles(d.Name)
		per, err := linjat.TimeRating(ps, d.Weights, true, minDur)
		if err != nil {
			return err
		}
		guarded, err := linjat.TimeRating(ps, d.Weights, false, minDur)
		if err != nil {
			return err
		}
		cpu := linjat.CPUTime()
		if _, err := linjat.Optimize(ctx, linjat.QualitySettings(d, 1, b.flags.iterations, 1)); err != nil {
			return err
		}
		el := linjat.CPUTime() - cpu
		ref := linjat.References[d.Name]
		us, gus := float64(per.Nanoseconds())/1e3, float64(guarded.Nanoseconds())/1e3
		its := float64(b.flags.iterations) / el.Seconds()
		b.printf("| %s %dx%d | %.1f us | %.1f us | %g-%g us | %.1fx | %.0f | %.0f | %.1fx | %.2f s | %.2f s |\n",
			d.Name, d.Rows, d.Cols, us, gus, ref.RateMicros[0], ref.RateMicros[1], ref.RateMicros[0]/us,
			its, ref.ItersPerSec, its/ref.ItersPerSec, el.Seconds(), ref.Finished.Seconds())
	}
	b.printf("\nRating: the %s of the difficulty (the original's figures are on its own levels), no trace; \"with uniqueness check\" adds the exact\n"+
		"search that guards the leak rules on puzzles not known to be unique. Optimizer: seed 1, one worker,\n"+
		"including filling the initial pool. Speed-ups use the faster end of the original's range.\n\n", b.set)
	expert := linjat.Difficulties[3]
	var times []float64
	for seed := uint64(1); seed <= 5; seed++ {
		start := time.Now()
		if _, err := linjat.Optimize(ctx, linjat.QualitySettings(expert, seed, b.flags.iterations, b.flags.workers)); err != nil {
			return err
		}
		times = append(times, time.Since(start).Seconds())
	}
	sort.Float64s(times)
	b.printf("Finished expert puzzle, %d iterations, %d workers, seeds 1-5, wall-clock: median %.2f s, slowest %.2f s "+
		"(original, one core: %.2f s). Load average at the end: %s.\n\n",
		b.flags.iterations, b.flags.workers, times[2], times[4], linjat.References["expert"].Finished.Seconds(), loadAverage())
	return nil
}

// loadAverage returns the one-minute load average, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil || len(data) == 0 {
		return "unknown"
	}
	f := strings.Fields(string(data))
	return f[0]
}

func (b *linjatBench) quality(ctx context.Context) error {
	w := linjat.Difficulties[3].Weights.Collection()
	noLeaks := w
	noLeaks.Rule[linjat.Uncontested], noLeaks.Rule[linjat.SingleSolution] = 0, 0
	b.printf("### Quality: generated (seeds 1-%d) vs the %s (\"set\"), expert collection weights\n\n", b.flags.seeds, b.set)
	b.printf("| difficulty | set mean | generated mean | set min / median / max | generated min / median / max | generated unique | target met | without leak terms: set / generated mean |\n|---|---|---|---|---|---|---|---|\n")
	bar := progress.New(int64(b.flags.seeds*len(linjat.Difficulties)), "linjat quality")
	defer bar.Finish()
	var charts, soundCharts []*plot.Chart
	var v linjat.Solver
	for _, d := range linjat.Difficulties {
		gs, err := linjat.QualityRun(ctx, d, b.flags.seeds, b.flags.iterations, b.flags.workers,
			func(*linjat.Generated) { bar.Add(1) })
		if err != nil {
			return err
		}
		var made []*linjat.Puzzle
		unique := 0
		for _, g := range gs {
			made = append(made, g.Puzzle)
			if n, err := v.Count(g.Puzzle, 2); err == nil && n == 1 {
				unique++
			}
		}
		shipped, shippedSound, err := scores(&v, b.puzzles(d.Name), w, noLeaks)
		if err != nil {
			return err
		}
		generated, generatedSound, err := scores(&v, made, w, noLeaks)
		if err != nil {
			return err
		}
		s, g := linjat.Summarize(shipped), linjat.Summarize(generated)
		ss, gs2 := linjat.Summarize(shippedSound), linjat.Summarize(generatedSound)
		met := "yes"
		if g.Mean < s.Mean {
			met = "NO"
		}
		b.printf("| %s | %.1f | %.1f | %g / %g / %g | %g / %g / %g | %d/%d | %s | %.1f / %.1f |\n", d.Name, s.Mean, g.Mean,
			s.Min, s.Median, s.Max, g.Min, g.Median, g.Max, unique, len(gs), met, ss.Mean, gs2.Mean)
		charts = append(charts, linjat.DistributionChart(d.Name+": expert collection weights", "score", s, g))
		soundCharts = append(soundCharts, linjat.DistributionChart(d.Name+": without leak terms", "score", ss, gs2))
	}
	b.printf("\n")
	if b.flags.plot != "" {
		return render.Save(b.flags.plot, plot.Grid(append(charts, soundCharts...), 4, 420, 300))
	}
	return nil
}

// scores rates every puzzle and returns its scores under two weight sets.
func scores(v *linjat.Solver, ps []*linjat.Puzzle, w1, w2 linjat.Weights) ([]float64, []float64, error) {
	var a, b []float64
	for _, p := range ps {
		res, err := v.Rating(p, w1)
		if err != nil {
			return nil, nil, err
		}
		a = append(a, res.Score)
		b = append(b, res.Rating.Score(w2))
	}
	return a, b, nil
}
