package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/runs"
)

var genFlags struct {
	rows, cols, numbers int
	iterations          int64
	time                time.Duration
	seed                uint64
	count, workers      int
	db, checkpoint      string
	json, queue         bool
	weights             weightFlags
}

// newLinjatGenerateCmd returns "ludus linjat generate".
func newLinjatGenerateCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "generate",
		Short: "Generate and optimise puzzles",
		Long: `generate makes puzzles: a pool of 10 random puzzles, completed with dots until
the rating solver can finish them, is improved by mutating the numbers for
--iterations iterations (or --time), keeping the best under the difficulty's
weights. Every puzzle is checked to have exactly one solution.

Puzzle i of --count uses seed --seed+i; the result depends only on the flags
(not on --workers) unless --time is given. --rows, --cols and --numbers
left out are the difficulty's. Each finished puzzle is
committed to the store at once (--db: a SQLite file, or a postgres:// URL;
by default ludus.db in the user's data directory), and a run started again
skips the puzzles already there. With --queue the puzzles are put on the
queue in PostgreSQL as jobs for "ludus worker"s on any machines; "ludus
runs show" prints them when they are made.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := genFlags.weights.resolve()
			if err != nil {
				return err
			}
			set := linjat.Settings{Rows: genFlags.rows, Cols: genFlags.cols, Numbers: genFlags.numbers,
				Difficulty: d, Iterations: genFlags.iterations, Time: genFlags.time, Workers: genFlags.workers,
				Seed: genFlags.seed, Checkpoint: genFlags.checkpoint}
			if set.Rows == 0 {
				set.Rows = d.Rows
			}
			if set.Cols == 0 {
				set.Cols = d.Cols
			}
			if set.Numbers == 0 {
				set.Numbers = (d.MinNumbers + d.MaxNumbers) / 2
			}
			if err := set.CheckSize(); err != nil {
				if !cmd.Flags().Changed("numbers") {
					err = fmt.Errorf("%w: the %s difficulty's number; --numbers sets another", err, d.Name)
				}
				return err
			}
			if set.Time > 0 && !cmd.Flags().Changed("iterations") {
				set.Iterations = 0
			}
			if genFlags.count < 1 {
				return fmt.Errorf("--count %d: want at least 1", genFlags.count)
			}
			b := &linjat.Batch{Settings: set, Count: genFlags.count}
			if genFlags.queue {
				return runs.QueueLinjat(cmd.Context(), runEnv(cmd, genFlags.db), set, genFlags.count)
			}
			out := cmd.OutOrStdout()
			kept, err := runs.KeepPuzzles(cmd.Context(), runEnv(cmd, genFlags.db), b,
				func(g linjat.GeneratedJSON, elapsed time.Duration, id int64) error {
					if genFlags.json {
						return json.NewEncoder(out).Encode(g)
					}
					return g.WriteText(out, elapsed, id)
				})
			if err != nil {
				return err
			}
			defer kept.Close()
			total := set.Iterations * int64(genFlags.count)
			if set.Iterations == 0 {
				total = -1
			}
			bar := progress.New(total, "linjat "+d.Name)
			defer bar.Finish()
			b.Progress = func(n int64) { bar.Add(int(n)) }
			return kept.End(b.Run(cmd.Context()))
		},
	}
	addLinjatGenerateFlags(c)
	return c
}

// addLinjatGenerateFlags registers the flags of "ludus linjat generate" on
// c.
func addLinjatGenerateFlags(c *cobra.Command) {
	f := c.Flags()
	f.IntVar(&genFlags.rows, "rows", 0, "grid rows (default: the difficulty's)")
	f.IntVar(&genFlags.cols, "cols", 0, "grid columns (default: the difficulty's)")
	f.IntVar(&genFlags.numbers, "numbers", 0, "numbers in the puzzle (default: the middle of the difficulty's range)")
	f.Int64Var(&genFlags.iterations, "iterations", 10000, "optimizer iterations per puzzle")
	f.DurationVar(&genFlags.time, "time", 0, "optimizer time per puzzle (e.g. 2s), instead of or as well as --iterations")
	f.Uint64Var(&genFlags.seed, "seed", 1, "seed of the first puzzle")
	f.IntVar(&genFlags.count, "count", 1, "puzzles to generate")
	seedSpanFlag(c, "count")
	rangeFlag(c, "rows", 0, 256)
	rangeFlag(c, "cols", 0, 256)
	rangeFlag(c, "numbers", 0, linjat.MaxCells)
	f.IntVar(&genFlags.workers, "workers", 0, "goroutines per puzzle (default: all cores)")
	dbFlag(c, &genFlags.db)
	f.BoolVar(&genFlags.queue, "queue", false, `put the puzzles on the queue in --db (PostgreSQL) for "ludus worker"s instead of making them`)
	f.StringVar(&genFlags.checkpoint, "checkpoint", "", "checkpoint file prefix, to resume an interrupted optimisation")
	f.BoolVar(&genFlags.json, "json", false, "print one JSON object per puzzle")
	genFlags.weights.register(c, "expert")
}
