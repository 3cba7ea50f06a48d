package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/twenty48"
)

// tuneFlags are the settings of "ludus 2048 tune".
type tuneFlags struct {
	cfg                twenty48.TuneConfig
	from, terms, out   string
	validate, valDepth int
	valSeed            uint64
	checkpoint         string
}

func newTuneCmd() *cobra.Command {
	var f tuneFlags
	cmd := &cobra.Command{
		Use:   "tune",
		Short: "Search the heuristic's weights with an evolution strategy",
		Long: `tune searches the weights of the heuristic evaluation (the terms of
"ludus 2048 play --help") with an evolution strategy (a (mu/mu_w, lambda)-ES
with cumulative step-size adaptation, on the logarithms of the weights):
each candidate plays --games games at --depth, and the candidates of a
generation play the same games (common random numbers), new ones each
generation. It prints the best weights as an --eval value and saves them
to --out, then plays --validate games at --validate-depth on fixed seeds
with the starting weights and the best, and prints both means and their
paired difference with its 95% interval.`,
		Example: `  ludus 2048 tune --generations 20 --games 40 --depth 2 --workers 2 --out tuned.json
  ludus 2048 tune --from nneonneo --terms empty,merges --generations 5`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runTune(cmd, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.from, "from", "ludus", `weights to start from: "ludus", "nneonneo" or terms ("empty=1000,...")`)
	fl.StringVar(&f.terms, "terms", strings.Join(twenty48.DefaultTuneTerms, ","), "terms to tune (the others keep their values)")
	fl.IntVar(&f.cfg.Depth, "depth", 2, "search depth of the tuning games")
	fl.IntVar(&f.cfg.Games, "games", 40, "games per candidate")
	fl.Uint64Var(&f.cfg.Seed, "seed", 1, "seed of the strategy and of its games")
	fl.IntVar(&f.cfg.Generations, "generations", 20, "generations")
	fl.IntVar(&f.cfg.Lambda, "lambda", 8, "candidates per generation")
	fl.Float64Var(&f.cfg.Sigma, "sigma", 0.3, "initial step (relative: 0.3 changes a weight by about 30%)")
	fl.IntVar(&f.cfg.Workers, "workers", 1, "candidates evaluated at once")
	fl.StringVar(&f.out, "out", "", "save the best weights and the validation to `FILE` (JSON)")
	fl.StringVar(&f.checkpoint, "checkpoint", "", "resumable state of the search in `FILE`")
	fl.IntVar(&f.validate, "validate", 200, "games of the validation (0: none)")
	fl.IntVar(&f.valDepth, "validate-depth", 3, "search depth of the validation games")
	fl.Uint64Var(&f.valSeed, "validate-seed", 1001, "seed of the first validation game")
	rangeFlag(cmd, "depth", 1, 8)
	rangeFlag(cmd, "validate-depth", 1, 8)
	rangeFlag(cmd, "games", 1, 1e6)
	rangeFlag(cmd, "generations", 1, 1e5)
	rangeFlag(cmd, "lambda", 2, 1000)
	rangeFlag(cmd, "sigma", 0.001, 3)
	rangeFlag(cmd, "validate", 0, 1e6)
	return cmd
}

// tuneReport is what --out holds.
type tuneReport struct {
	Eval       string               `json:"eval"` // the best weights, as --eval takes them
	Mean       string               `json:"mean"` // the strategy's final mean
	Start      string               `json:"start"`
	Config     twenty48.TuneConfig  `json:"config"`
	Search     *twenty48.TuneResult `json:"search"`
	Validation *tuneValidation      `json:"validation,omitempty"`
}

// tuneValidation compares the starting and the best weights on fixed
// seeds.
type tuneValidation struct {
	Games     int     `json:"games"`
	Depth     int     `json:"depth"`
	Seed      uint64  `json:"seed"`
	StartMean float64 `json:"start_mean"`
	BestMean  float64 `json:"best_mean"`
	Diff      float64 `json:"diff"`     // mean paired difference, best minus start
	DiffHalf  float64 `json:"diff_95"`  // half-width of its 95% interval
	StartSE   float64 `json:"start_se"` // standard errors of the means
	BestSE    float64 `json:"best_se"`
}

func runTune(cmd *cobra.Command, f tuneFlags) error {
	start, err := twenty48.ParseWeights(f.from)
	if err != nil {
		return fmt.Errorf("--from: %w", err)
	}
	f.cfg.Start, f.cfg.Terms, f.cfg.Checkpoint = start, strings.Split(f.terms, ","), f.checkpoint
	out := cmd.OutOrStdout()
	bar := progress.New(int64(f.cfg.Generations), "tune")
	defer bar.Finish()
	res, err := twenty48.Tune(cmd.Context(), f.cfg, func(s *evolve.ESStatus, mean twenty48.LineWeights) {
		bar.Add(1)
		bar.Describe(fmt.Sprintf("tune: generation mean %.0f, best %.0f", s.GenMean, s.GenBest))
	})
	bar.Finish()
	if err != nil {
		return err
	}
	rep := tuneReport{Eval: res.Best.String(), Mean: res.Mean.String(), Start: start.String(), Config: f.cfg, Search: res}
	fmt.Fprintf(out, "generations    %d (%d candidates of %d games at depth %d)\n", res.Generations, res.Evaluations, f.cfg.Games, f.cfg.Depth)
	fmt.Fprintf(out, "best           %s\n               mean score %.0f on its generation's games\n", rep.Eval, res.BestScore)
	fmt.Fprintf(out, "final mean     %s\n", res.Mean)
	if f.validate > 0 {
		rep.Validation = validateTune(cmd, start, res.Best, f)
		printValidation(out, rep.Validation)
	}
	if f.out == "" {
		return nil
	}
	return atomicfile.Write(f.out, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	})
}

// validateTune plays the validation games with the starting and the best
// weights, on the same seeds.
func validateTune(cmd *cobra.Command, start, best twenty48.LineWeights, f tuneFlags) *tuneValidation {
	seeds := make([]uint64, f.validate)
	for i := range seeds {
		seeds[i] = f.valSeed + uint64(i)
	}
	bar := progress.New(2, "validate")
	a := playSplit(cmd, start, f.valDepth, seeds, f.cfg.Workers)
	bar.Add(1)
	b := playSplit(cmd, best, f.valDepth, seeds, f.cfg.Workers)
	bar.Finish()
	v := &tuneValidation{Games: len(seeds), Depth: f.valDepth, Seed: f.valSeed}
	v.StartMean, v.StartSE = meanSE(a)
	v.BestMean, v.BestSE = meanSE(b)
	diff := make([]int, len(a))
	for i := range a {
		diff[i] = b[i] - a[i]
	}
	var se float64
	v.Diff, se = meanSE(diff)
	v.DiffHalf = 1.96 * se
	return v
}

// playSplit plays the games of seeds on workers goroutines, in order.
func playSplit(cmd *cobra.Command, w twenty48.LineWeights, depth int, seeds []uint64, workers int) []int {
	workers = max(1, workers)
	parts := make([][]int, workers)
	done := make(chan struct{})
	for k := 0; k < workers; k++ {
		go func() {
			var mine []uint64
			for i := k; i < len(seeds); i += workers {
				mine = append(mine, seeds[i])
			}
			parts[k] = twenty48.GameScores(cmd.Context(), w, depth, mine)
			done <- struct{}{}
		}()
	}
	for k := 0; k < workers; k++ {
		<-done
	}
	scores := make([]int, len(seeds))
	for k, p := range parts {
		for j, s := range p {
			scores[k+j*workers] = s
		}
	}
	return scores
}

func meanSE(xs []int) (mean, se float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += float64(x) / n
	}
	var ss float64
	for _, x := range xs {
		ss += (float64(x) - mean) * (float64(x) - mean)
	}
	if n > 1 {
		se = math.Sqrt(ss / (n - 1) / n)
	}
	return mean, se
}

func printValidation(w io.Writer, v *tuneValidation) {
	fmt.Fprintf(w, "validation     %d games at depth %d, seeds %d-%d\n", v.Games, v.Depth, v.Seed, v.Seed+uint64(v.Games)-1)
	fmt.Fprintf(w, "  start        mean %.0f (± %.0f)\n", v.StartMean, 1.96*v.StartSE)
	fmt.Fprintf(w, "  best         mean %.0f (± %.0f)\n", v.BestMean, 1.96*v.BestSE)
	fmt.Fprintf(w, "  difference   %+.0f (95%% interval %+.0f to %+.0f, paired by seed)\n", v.Diff, v.Diff-v.DiffHalf, v.Diff+v.DiffHalf)
}
