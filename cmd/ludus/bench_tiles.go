package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/cputime"
	"github.com/ludus-games/ludus/tiles"
)

func newBenchTilesCmd() *cobra.Command {
	cfg := tiles.BenchConfig{Seed: 1, SpeedBoards: 2000000, Time: time.Minute, Workers: 2, FinalBoards: 100000}
	var cf constraintFlags
	cmd := &cobra.Command{
		Use:   "tiles",
		Short: "Scoring speed and optimisation quality of the hex maze tile sets",
		Long: `bench tiles measures how many random boards one goroutine scores per second,
then optimises a tile set from a random start on the built-in board for --time
on --workers goroutines, re-scores the best set on --final-boards fresh boards
and compares every term with the post's optimised set (objective 10.97,
11 bridged sides, DupScore 72, 8.4 extra edges, 92% path probability).
--seeds runs several seeds and reports the spread of their objectives;
--cpu bounds each run by processor time instead of wall time (20m is ten
minutes on two cores), which buys the same work on a busy machine as on a
quiet one; --polish gives the end of each run to a local search of its
best set; --bound prints the upper bound on the objective and the gap.
docs/bench-tiles.md has the commands behind its figures.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if cfg.Options.Constraints, cfg.Options.ConstraintHandling, err = cf.parse(); err != nil {
				return err
			}
			if cfg.CPU > 0 {
				if !cputime.Measured() {
					return fmt.Errorf("--cpu: processor time is not measured on this system; use --time")
				}
				cfg.CPUTime = cputime.Process
				if cfg.Time == time.Minute && !cmd.Flags().Changed("time") {
					cfg.Time = 0 // the processor-time budget alone
				}
			}
			return tiles.Bench(cmd.Context(), cmd.OutOrStdout(), cfg)
		},
	}
	fl := cmd.Flags()
	fl.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "random seed")
	fl.IntVar(&cfg.SpeedBoards, "speed-boards", cfg.SpeedBoards, "boards of the speed figure (0: skip)")
	fl.DurationVar(&cfg.Time, "time", cfg.Time, "length of each optimisation run (0: skip, unless --cpu is set)")
	fl.DurationVar(&cfg.CPU, "cpu", 0, "processor time of each optimisation run, e.g. 20m for 10 minutes on 2 cores; fair on a shared machine (0: none)")
	fl.IntVar(&cfg.Seeds, "seeds", 1, "optimisation runs, seeded --seed, --seed+1, ...")
	fl.Float64Var(&cfg.Options.PolishFraction, "polish", 0, "fraction of each run's budget given to a final local search of the best set")
	fl.BoolVar(&cfg.Bound, "bound", false, "print the upper bound on the objective and the gap to the best set found")
	fl.IntVar(&cfg.Workers, "workers", cfg.Workers, "goroutines of the optimisation run")
	fl.IntVar(&cfg.FinalBoards, "final-boards", cfg.FinalBoards, "fresh boards the best set is re-scored on")
	cf.add(cmd)
	fl.IntVar(&cfg.Options.Boards, "boards", 0, "boards per evaluation (0: the optimiser's default)")
	fl.IntVar(&cfg.Options.MaxBoards, "max-boards", 0, "let the boards per evaluation double up to this many when the best set stalls (0: no growth)")
	fl.IntVar(&cfg.Options.PopSize, "pop", 0, "population size (0: the optimiser's default)")
	fl.IntVar(&cfg.Options.Elite, "elite", 0, "elite size (0: the optimiser's default)")
	fl.BoolVar(&cfg.Options.PostGA, "post-ga", false, "run the post's GA (see ludus tiles optimize)")
	fl.StringVar(&cfg.Out, "out", "", "directory to keep the run's files in (curve, pictures, best set)")
	return cmd
}
