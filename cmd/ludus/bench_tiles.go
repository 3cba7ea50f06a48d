package main

import (
	"time"

	"github.com/spf13/cobra"

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
docs/bench-tiles.md uses --time 10m --workers 2.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if cfg.Options.Constraints, cfg.Options.ConstraintHandling, err = cf.parse(); err != nil {
				return err
			}
			return tiles.Bench(cmd.Context(), cmd.OutOrStdout(), cfg)
		},
	}
	fl := cmd.Flags()
	fl.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "random seed")
	fl.IntVar(&cfg.SpeedBoards, "speed-boards", cfg.SpeedBoards, "boards of the speed figure (0: skip)")
	fl.DurationVar(&cfg.Time, "time", cfg.Time, "length of the optimisation run (0: skip)")
	fl.IntVar(&cfg.Workers, "workers", cfg.Workers, "goroutines of the optimisation run")
	fl.IntVar(&cfg.FinalBoards, "final-boards", cfg.FinalBoards, "fresh boards the best set is re-scored on")
	cf.add(cmd)
	fl.IntVar(&cfg.Options.Boards, "boards", 0, "boards per evaluation (0: the optimiser's default)")
	fl.IntVar(&cfg.Options.PopSize, "pop", 0, "population size (0: the optimiser's default)")
	fl.IntVar(&cfg.Options.Elite, "elite", 0, "elite size (0: the optimiser's default)")
	fl.BoolVar(&cfg.Options.PostGA, "post-ga", false, "run the post's GA (see ludus tiles optimize)")
	fl.StringVar(&cfg.Out, "out", "", "directory to keep the run's files in (curve, pictures, best set)")
	return cmd
}

func init() { benchCmd.AddCommand(newBenchTilesCmd()) }
