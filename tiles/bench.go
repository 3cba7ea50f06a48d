package tiles

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"time"
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

// BenchConfig sets up Bench.
type BenchConfig struct {
	Seed uint64
	// SpeedBoards is the number of boards of the speed figure (0: skip).
	SpeedBoards int
	// Time is the length of the optimisation run (0: skip), on Workers
	// goroutines; the best set is re-scored on FinalBoards fresh boards.
	Time        time.Duration
	Workers     int
	FinalBoards int
	// Out keeps the run's files (curve, pictures, best set); empty means a
	// temporary directory.
	Out string
	// Options are the GA settings and constraints of the run (zero:
	// defaults); Seed, Time and Workers above override theirs.
	Options Options
}

// Bench measures the scoring speed on one core and the quality an
// optimisation from a random start reaches on the built-in board, and
// prints both as Markdown beside the figures of the post.
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
	if cfg.Time > 0 {
		return benchQuality(ctx, w, sc, cfg)
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

func benchQuality(ctx context.Context, w io.Writer, sc *Scorer, cfg BenchConfig) error {
	dir := cfg.Out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "ludus-bench-tiles-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	opt := cfg.Options
	opt.Seed, opt.Time, opt.Workers, opt.Generations = cfg.Seed, cfg.Time, cfg.Workers, 0
	rep, err := OptimizeRun(ctx, sc, opt, RunFiles{Dir: dir, FinalBoards: cfg.FinalBoards, Refs: []float64{PostObjective}})
	if err != nil {
		return err
	}
	res, f := rep.Result, rep.Final
	fmt.Fprintf(w, "### Quality from a random start (%s on %d workers, seed %d)\n\n", cfg.Time, opt.Workers, cfg.Seed)
	fmt.Fprintf(w, "%d generations, %d boards scored; best set re-scored on %d fresh boards.\n\n", res.Generations, res.Boards, f.Boards)
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
	next := 0.0
	for i, s := range res.History {
		if t := s.Elapsed.Seconds(); t >= next || i == len(res.History)-1 {
			fmt.Fprintf(w, "| %.0f | %d | %.4f |\n", t, s.Generation, s.BestScore.Objective.Mean)
			next = t + cfg.Time.Seconds()/10
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
	return nil
}
