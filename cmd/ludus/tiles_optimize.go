package main

import (
	"fmt"
	"math"
	"runtime"
	"slices"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/internal/cputime"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/tiles"
)

func newTilesOptimizeCmd() *cobra.Command {
	var bf boardFlags
	var opt tiles.Options
	var files tiles.RunFiles
	var start string
	var cf constraintFlags
	var isf islandFlags
	cmd := &cobra.Command{
		Use:   "optimize",
		Short: "Optimise a tile set with the genetic algorithm",
		Long: `optimize runs the genetic algorithm on the board until --generations or
--time is reached, whichever comes first. Into --out it writes stats.csv
(updated every --stats-every generations), and at the end best.txt (the best
set in the tile-set format), score.json (its score on --final-boards fresh
boards), tiles.svg/png, board.svg/png (a random board of the best set) and
curve.svg/png (objective against time). The run checkpoints itself in --out
and resumes when started again with the same directory and seed; Ctrl-C
stops it with everything saved. --constraint holds a scoring term within a
limit (repeat it for several), e.g. --constraint "bridges<=11" --constraint
"dup<=72"; --max-bridges and --max-dup are short for the first two.

--islands K evolves K populations side by side, each with a seed of its
own; every --epoch generations each sends its --migrants best sets to the
next island of a ring, where they replace the worst. At the end the best
sets of all islands are scored on the same --final-boards boards and the
best is the run's. --workers islands run at once, and each island's state
is kept in the store after every epoch (--db), so a stopped run resumes
from its last epoch. With --db postgres://... --queue the epochs are jobs
for "ludus worker"s on any machines, passing migrants through the
database; the run's sets are those of the same run here. See
docs/batch.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sc, err := bf.scorer()
			if err != nil {
				return err
			}
			if start != "" {
				if opt.Start, err = tiles.LoadSet(start); err != nil {
					return err
				}
			}
			if opt.Constraints, opt.ConstraintHandling, err = cf.parse(); err != nil {
				return err
			}
			if opt.CPU > 0 {
				if !cputime.Measured() {
					return fmt.Errorf("--cpu: processor time is not measured on this system; use --time")
				}
				opt.CPUTime = cputime.Process
			}
			total := int64(-1)
			if opt.Generations > 0 && opt.Time == 0 {
				total = int64(opt.Generations)
			}
			bar := progress.New(total, "optimize")
			last := 0
			opt.Progress = func(s tiles.Stats) error {
				bar.Add(s.Generation - last)
				last = s.Generation
				bar.Describe(fmt.Sprintf("best %.3f", s.BestScore.Objective.Mean))
				return nil
			}
			run, err := runs.NewTilesRun(sc, opt, isf.islands, files.FinalBoards)
			if err != nil {
				return err
			}
			env := runEnv(cmd, isf.db)
			var rep *tiles.RunReport
			switch {
			case isf.queue:
				bar.Finish()
				return runs.QueueTiles(cmd.Context(), env, run)
			case isf.islands.Islands > 0:
				bar.Finish()
				rep, err = runs.RunIslands(cmd.Context(), env, run, opt.Workers, files.Dir)
			default:
				var kept *runs.Tiles
				if kept, err = runs.KeepTiles(cmd.Context(), env, run); err != nil {
					return err
				}
				defer kept.Close()
				rep, err = tiles.OptimizeRun(cmd.Context(), sc, opt, files)
				bar.Finish()
				if err == nil {
					kept.Done(rep)
				}
				err = kept.End(err)
			}
			if rep != nil {
				r := rep.Result
				if werr := runs.WriteTilesReport(cmd.OutOrStdout(), r.Generations, r.Boards, r.Elapsed, rep.Final, files.Dir); werr != nil && err == nil {
					err = werr
				}
			}
			return err
		},
	}
	bf.add(cmd)
	fl := cmd.Flags()
	fl.Uint64Var(&opt.Seed, "seed", 1, "random seed")
	fl.IntVar(&opt.Generations, "generations", 0, "stop after this many generations (0: no limit)")
	fl.DurationVar(&opt.Time, "time", 0, "stop after this long, e.g. 10m (0: no limit)")
	fl.DurationVar(&opt.CPU, "cpu", 0, "stop after this much processor time, e.g. 20m for 10 minutes on 2 cores (0: no limit)")
	fl.Float64Var(&opt.PolishFraction, "polish", 0, "fraction of the --time or --cpu budget given to a final local search of the best set (see ludus tiles polish)")
	fl.IntVar(&opt.Tiles, "tiles", 0, "tiles in a set (default: one per slot of the board; more: each board draws as many as it has slots)")
	fl.IntVar(&opt.Workers, "workers", runtime.NumCPU(), "evaluating goroutines (results depend on it only through --time)")
	fl.IntVar(&opt.PopSize, "pop", 24, "population size")
	fl.IntVar(&opt.Elite, "elite", 6, "best genomes kept unchanged each generation")
	fl.IntVar(&opt.Tournament, "tournament", 3, "tournament size of selection")
	fl.IntVar(&opt.Boards, "boards", 4000, "random boards per evaluation")
	fl.IntVar(&opt.MaxBoards, "max-boards", 0, "let the boards per evaluation double, up to this many, when the best set stalls (0: --boards throughout)")
	fl.IntVar(&opt.GrowAfter, "grow-after", 10, "validations without a new best set before the boards per evaluation double")
	fl.IntVar(&opt.ValidateBoards, "validate", 10000, "fresh boards to re-score each generation's best on")
	fl.IntVar(&opt.ConfirmBoards, "confirm", 20000, "fresh boards a challenger and the best set so far are compared on")
	fl.IntVar(&opt.StatsEvery, "stats-every", 10, "generations between validations and statistics rows")
	fl.BoolVar(&opt.PostGA, "post-ga", false, "run the post's GA (one-point crossover, single bit flips, tournaments of 2, no common boards); with --pop 20 --elite 5 --boards 500 its exact setup")
	fl.StringVar(&start, "start", "", "tile-set file to seed the population with (default: random)")
	cf.add(cmd)
	isf.add(cmd)
	fl.StringVar(&files.Dir, "out", "tiles-run", "directory for the results and the checkpoint")
	fl.IntVar(&files.FinalBoards, "final-boards", 100000, "fresh boards to score the best set on at the end")
	// The optimiser reads 0 as its default: the flags, which show the
	// defaults, take only values it honours.
	rangeFlag(cmd, "pop", 2, 100000)
	rangeFlag(cmd, "elite", 1, 100000)
	rangeFlag(cmd, "tournament", 1, 1000)
	rangeFlag(cmd, "boards", 1, 1e7)
	rangeFlag(cmd, "validate", 1, 1e9)
	rangeFlag(cmd, "confirm", 1, 1e9)
	rangeFlag(cmd, "stats-every", 1, 1e6)
	rangeFlag(cmd, "final-boards", 1, 1e9)
	return cmd
}

// islandFlags are the flags of a run on islands.
type islandFlags struct {
	islands tiles.Islands
	db      string
	queue   bool
}

func (f *islandFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.IntVar(&f.islands.Islands, "islands", 0, "populations evolving side by side, passing their best sets around a ring every --epoch generations (0: one population)")
	fl.IntVar(&f.islands.Epoch, "epoch", 50, "generations between migrations of islands, a multiple of --stats-every")
	fl.IntVar(&f.islands.Migrants, "migrants", 2, "best sets an island sends the next at each migration")
	dbFlag(cmd, &f.db)
	fl.BoolVar(&f.queue, "queue", false, `put the islands' epochs on the queue in --db (PostgreSQL) for "ludus worker"s instead of running them (one island without --islands)`)
	rangeFlag(cmd, "islands", 0, 1024)
	rangeFlag(cmd, "epoch", 1, 1e6)
}

// constraintFlags are the flags that constrain a tile search.
type constraintFlags struct {
	list               []string
	handling           string
	maxBridges, maxDup int
}

func (f *constraintFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringArrayVar(&f.list, "constraint", nil, `hard limit on a scoring term, TERM<=X, TERM>=X or TERM=X over bridges, dup, fully, extra, path, pairs, boards, objective (repeatable), e.g. "bridges<=11"`)
	fl.StringVar(&f.handling, "constraint-handling", "tournament", "how sets breaking a constraint rank: tournament (feasible first, then by violation) or death (all infeasible sets last, alike)")
	fl.IntVar(&f.maxBridges, "max-bridges", -1, `most bridged sides allowed, short for --constraint "bridges<=N" (-1: no limit)`)
	fl.IntVar(&f.maxDup, "max-dup", -1, `highest DupScore allowed, short for --constraint "dup<=N" (-1: no limit)`)
	rangeFlag(cmd, "max-bridges", -1, math.NaN())
	rangeFlag(cmd, "max-dup", -1, math.NaN())
}

func (f *constraintFlags) parse() ([]tiles.Constraint, evolve.ConstraintHandling, error) {
	list := slices.Clone(f.list)
	if f.maxBridges >= 0 {
		list = append(list, fmt.Sprintf("bridges<=%d", f.maxBridges))
	}
	if f.maxDup >= 0 {
		list = append(list, fmt.Sprintf("dup<=%d", f.maxDup))
	}
	cs, err := tiles.ParseConstraints(list)
	if err != nil {
		return nil, 0, fmt.Errorf("--constraint: %w", err)
	}
	switch f.handling {
	case "tournament":
		return cs, evolve.ConstrainedTournament, nil
	case "death":
		return cs, evolve.DeathPenalty, nil
	}
	return nil, 0, fmt.Errorf("--constraint-handling %q: want tournament or death", f.handling)
}
