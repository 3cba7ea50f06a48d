package main

import (
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/games"
)

// newBenchArenaCmd returns "ludus bench arena".
func newBenchArenaCmd() *cobra.Command {
	var seconds float64
	var dir string
	var iterations int
	var seed uint64
	c := &cobra.Command{
		Use:   "arena",
		Short: "MCTS iterations per second against the engine's raw playout speed",
		Long: `arena measures, for tic-tac-toe, connect four, breakthrough and English
draughts (the bundled rules files), the engine's random playouts per
second, the same playouts through the game.Position adapter as MCTS plays
them, and the iterations per second of an MCTS decision from the start on
one and on two trees: the cost of the search tree over bare playouts. It
prints a Markdown table.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var list []arena.SpeedGame
			for _, g := range []struct{ name, file string }{
				{"tic-tac-toe", "tic-tac-toe.zrf"},
				{"connect four", "connect-four.zrf"},
				{"breakthrough", "breakthrough.zrf"},
				{"English draughts", "checkers.zrf"},
			} {
				e, err := games.Open(filepath.Join(dir, g.file), games.Options{})
				if err != nil {
					return err
				}
				list = append(list, arena.SpeedGame{Name: g.name, File: g.file, Game: e})
			}
			d := time.Duration(seconds * float64(time.Second))
			return arena.WriteSpeedReport(cmd.Context(), cmd.OutOrStdout(), list, d, iterations, seed)
		},
	}
	c.Flags().Float64Var(&seconds, "seconds", 3, "playout time per game and way")
	c.Flags().StringVar(&dir, "games", "", "folder of the rules files to measure (default: the bundled ones)")
	c.Flags().IntVar(&iterations, "iterations", 10000, "MCTS iterations of the timed decision")
	c.Flags().Uint64Var(&seed, "seed", 1, "seed of the playouts and of MCTS")
	return c
}
