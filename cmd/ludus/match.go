package main

import (
	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/arena"
)

// newMatchCmd returns "ludus match".
func newMatchCmd() *cobra.Command {
	var f runFlags
	var p1, p2 string
	c := &cobra.Command{
		Use:   "match FILE --p1 SPEC --p2 SPEC",
		Short: "Play two bots against each other and report the statistics",
		Long: `match plays --games games of the rules file between two bots, alternating
who starts, and reports wins, draws and losses with 95% confidence
intervals, the Elo difference with its interval, the first player's
advantage, game lengths, how games ended and time per move per bot.

With --out every game is saved as it finishes, as a record in the universal
notation (DIR/games/000001.txt, ...) with tags naming the bots, the seed and
the result, and DIR/results.json holds the summary so far; an interrupted
match continues with --resume. The plot (DIR/match.svg, or --plot) shows the
first bot's running score with its interval and the game lengths.

In a game of more than two players the second bot takes every seat but
the first bot's, and the seats rotate from game to game.

` + botHelp(),
		Example: `  ludus match games/tic-tac-toe.zrf --p1 mcts:iterations=2000 --p2 random --games 200
  ludus match games/breakthrough.zrf --p1 alphabeta:depth=4 --p2 mcts:iterations=1000 --games 50 --out bt-match
  ludus match games/breakthrough.zrf --p1 alphabeta:depth=4 --p2 mcts:iterations=1000 --games 50 --out bt-match --resume
  ludus match games/connect-four.zrf --p1 mcts --p2 random --games 20 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := f.open(args[0])
			if err != nil {
				return err
			}
			specs := []string{p1, p2}
			for len(specs) < len(e.Players()) {
				specs = append(specs, p2)
			}
			bots, err := arena.Entrants(e.Bots, specs...)
			if err != nil {
				return err
			}
			if f.queue {
				return f.enqueue(cmd, "match", args[0], e, specs...)
			}
			rec, err := f.recorder(cmd, "match", args[0], e, specs...)
			if err != nil {
				return err
			}
			defer rec.Close()
			o := f.options(e)
			rec.Attach(&o)
			rep, err := arena.Match(cmd.Context(), arena.BoardGame(e), bots, o)
			if err != nil {
				return rec.End(err)
			}
			return rec.Finish(f.finish(cmd.OutOrStdout(), rep, "match"), f.plotPath("match"))
		},
	}
	f.register(c, 100, "games to play")
	c.Flags().StringVar(&p1, "p1", "", "spec of the first bot, who starts games 1, 3, 5, ... (required)")
	c.Flags().StringVar(&p2, "p2", "", "spec of the second bot, who starts games 2, 4, 6, ... and takes the other seats of a game of more players (required)")
	c.MarkFlagRequired("p1")
	c.MarkFlagRequired("p2")
	return c
}
