package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/store"
)

var genFlags struct {
	rows, cols, numbers int
	iterations          int64
	time                time.Duration
	seed                uint64
	count, workers      int
	db, checkpoint      string
	json                bool
	weights             weightFlags
}

var linjatGenerateCmd = &cobra.Command{
	Use:   "generate",
	Short: "Generate and optimise puzzles",
	Long: `generate makes puzzles: a pool of 10 random puzzles, completed with dots until
the rating solver can finish them, is improved by mutating the numbers for
--iterations iterations (or --time), keeping the best under the difficulty's
weights. Every puzzle is checked to have exactly one solution.

Puzzle i of --count uses seed --seed+i; the result depends only on the flags
(not on --workers) unless --time is given. Without --rows, --cols and
--numbers the difficulty's original size is used. With --db each finished
puzzle is committed to the database at once (a SQLite file, or a
postgres:// URL), and a run started again skips the puzzles already there.`,
	Args: cobra.NoArgs,
	RunE: func(cmd *cobra.Command, args []string) error {
		d, err := genFlags.weights.resolve()
		if err != nil {
			return err
		}
		set := linjat.Settings{Rows: genFlags.rows, Cols: genFlags.cols, Numbers: genFlags.numbers,
			Difficulty: d, Iterations: genFlags.iterations, Time: genFlags.time, Workers: genFlags.workers,
			Seed: genFlags.seed, Checkpoint: genFlags.checkpoint}
		if set.Rows == 0 && set.Cols == 0 {
			set.Rows, set.Cols = d.Rows, d.Cols
		}
		if set.Numbers == 0 {
			set.Numbers = (d.MinNumbers + d.MaxNumbers) / 2
		}
		if set.Time > 0 && !cmd.Flags().Changed("iterations") {
			set.Iterations = 0
		}
		if genFlags.count < 1 {
			return fmt.Errorf("--count %d: want at least 1", genFlags.count)
		}
		b := &linjat.Batch{Settings: set, Count: genFlags.count}
		if genFlags.db != "" {
			st, err := store.Open(cmd.Context(), genFlags.db)
			if err != nil {
				return err
			}
			defer st.Close()
			b.Store = st
		}
		total := set.Iterations * int64(genFlags.count)
		if set.Iterations == 0 {
			total = -1
		}
		bar := progress.New(total, "linjat "+d.Name)
		defer bar.Finish()
		b.Progress = func(n int64) { bar.Add(int(n)) }
		out := cmd.OutOrStdout()
		b.Skip = func(seed uint64) {
			fmt.Fprintf(cmd.ErrOrStderr(), "seed %d: already in %s\n", seed, store.Redact(genFlags.db))
		}
		b.Emit = func(g *linjat.Generated, id int64) error {
			if genFlags.json {
				return json.NewEncoder(out).Encode(g.JSON(d.Name, d.Weights))
			}
			r := g.Result
			fmt.Fprintf(out, "# seed %d, %s, score %g, depth %d, widest step %d, %d iterations in %.3fs",
				g.Seed, d.Name, r.Score, r.Depth, r.Width, g.Iterations, g.Elapsed.Seconds())
			if id != 0 {
				fmt.Fprintf(out, ", stored as %d", id)
			}
			fmt.Fprintf(out, "\n# %s\n%s\n", r.Summary(), g.Puzzle)
			return nil
		}
		return b.Run(cmd.Context())
	},
}

func init() {
	f := linjatGenerateCmd.Flags()
	f.IntVar(&genFlags.rows, "rows", 0, "grid rows (default: the difficulty's)")
	f.IntVar(&genFlags.cols, "cols", 0, "grid columns (default: the difficulty's)")
	f.IntVar(&genFlags.numbers, "numbers", 0, "numbers in the puzzle (default: the middle of the difficulty's range)")
	f.Int64Var(&genFlags.iterations, "iterations", 10000, "optimizer iterations per puzzle")
	f.DurationVar(&genFlags.time, "time", 0, "optimizer time per puzzle (e.g. 2s), instead of or as well as --iterations")
	f.Uint64Var(&genFlags.seed, "seed", 1, "seed of the first puzzle")
	f.IntVar(&genFlags.count, "count", 1, "puzzles to generate")
	seedSpanFlag(linjatGenerateCmd, "count")
	rangeFlag(linjatGenerateCmd, "rows", 0, 256)
	rangeFlag(linjatGenerateCmd, "cols", 0, 256)
	rangeFlag(linjatGenerateCmd, "numbers", 0, linjat.MaxCells)
	f.IntVar(&genFlags.workers, "workers", 0, "goroutines per puzzle (default: all cores)")
	f.StringVar(&genFlags.db, "db", "", "store puzzles in this SQLite file or postgres:// database")
	f.StringVar(&genFlags.checkpoint, "checkpoint", "", "checkpoint file prefix, to resume an interrupted optimisation")
	f.BoolVar(&genFlags.json, "json", false, "print one JSON object per puzzle")
	genFlags.weights.register(linjatGenerateCmd, "expert")
	linjatCmd.AddCommand(linjatGenerateCmd)
}
