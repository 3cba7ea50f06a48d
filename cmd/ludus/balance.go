package main

import (
	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/arena"
)

// newBalanceCmd returns "ludus balance".
func newBalanceCmd() *cobra.Command {
	var f runFlags
	var bot string
	c := &cobra.Command{
		Use:   "balance FILE [--bot SPEC]",
		Short: "Measure a game's balance by self-play",
		Long: `balance plays --games games of the rules file in which one bot plays every
side, and reports what a designer asks of a game: how often the first
player wins (with its 95% interval), how often games are drawn, how long
they last, the branching factor (legal moves at each decision) over the
game and move by move, and how games end (which goal). --out, --resume and
--plot work as for match; the plot shows the first player's running score,
the branching factor by move and the game lengths.

The default bot plays random moves, which is fast but says how the game
behaves under random play; a search bot (--bot mcts:iterations=1000) says
more about play between people who try to win.

` + botHelp(),
		Example: `  ludus balance games/tic-tac-toe.zrf --games 1000
  ludus balance games/breakthrough.zrf --bot mcts:iterations=500 --games 100 --out bt-balance`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := f.open(args[0])
			if err != nil {
				return err
			}
			entrants, err := arena.Entrants(e.Bots, bot)
			if err != nil {
				return err
			}
			if f.queue {
				return f.enqueue(cmd, "balance", args[0], e, bot)
			}
			rec, err := f.recorder(cmd, "balance", args[0], e, bot)
			if err != nil {
				return err
			}
			defer rec.Close()
			o := f.options(e)
			rec.Attach(&o)
			rep, err := arena.Balance(cmd.Context(), arena.BoardGame(e), entrants[0], o)
			if err != nil {
				return rec.End(err)
			}
			return rec.Finish(f.finish(cmd.OutOrStdout(), rep, "balance"), f.plotPath("balance"))
		},
	}
	f.register(c, 200, "self-play games")
	c.Flags().StringVar(&bot, "bot", "random", "bot spec of the player of every side")
	return c
}
