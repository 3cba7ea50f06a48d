package main

import (
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/internal/cputime"
	"github.com/ludus-games/ludus/progress"
)

// newBenchMCTSCmd returns "ludus bench mcts".
func newBenchMCTSCmd() *cobra.Command {
	var seconds float64
	var dir string
	var files []string
	var threads []int
	var rounds int
	var seed uint64
	c := &cobra.Command{
		Use:   "mcts",
		Short: "Parallel MCTS: iterations per second on one thread and on more",
		Long: `mcts times MCTS decisions from the start of each game (chess, breakthrough
and connect four by default) on one thread and on more, root parallel
(independent trees) and tree parallel (one tree, virtual loss), and prints
a Markdown table: iterations per second of wall-clock time and per second
of processor time, with the speed-ups over one thread and the machine's
load before and after. Configurations are timed in turn, --rounds times,
and the medians reported, so that a change in load touches them alike.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var list []arena.SpeedGame
			for _, f := range files {
				e, err := games.Open(filepath.Join(dir, f), games.Options{})
				if err != nil {
					return err
				}
				list = append(list, arena.SpeedGame{Name: e.Name, File: f, Game: e})
			}
			b := arena.ParallelBench{Time: time.Duration(seconds * float64(time.Second)),
				Threads: threads, Rounds: rounds, Seed: seed, CPU: cputime.Process,
				Load: func() string { return loadAverage() + " (one-minute load average)" }}
			bar := progress.New(int64(rounds*len(list)*(1+2*(len(threads)))), "mcts")
			b.Progress = func() { bar.Add(1) }
			defer bar.Finish()
			return arena.WriteParallelReport(cmd.Context(), cmd.OutOrStdout(), list, b)
		},
	}
	c.Flags().Float64Var(&seconds, "seconds", 2, "time of each timed decision")
	c.Flags().StringVar(&dir, "games", "games", "folder of the rules files")
	c.Flags().StringSliceVar(&files, "files", []string{"chess.zrf", "breakthrough.zrf", "connect-four.zrf"}, "rules files measured, in --games")
	c.Flags().IntSliceVar(&threads, "threads", []int{2}, "thread counts measured beside 1")
	c.Flags().IntVar(&rounds, "rounds", 3, "times each configuration is timed (medians reported)")
	c.Flags().Uint64Var(&seed, "seed", 1, "seed of MCTS")
	return c
}
