package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/arena"
)

// newTournamentCmd returns "ludus tournament".
func newTournamentCmd() *cobra.Command {
	var f runFlags
	var bots string
	c := &cobra.Command{
		Use:   "tournament FILE --bots SPEC,SPEC,...",
		Short: "Play a round robin between bots: cross table and Elo ratings",
		Long: `tournament plays --games games between every pair of bots on the rules file,
alternating who starts, and prints the cross table (points of each bot
against each other), each bot's score with its 95% interval and the Elo
ratings fitted to the whole table (averaging 0). --out, --resume and --plot
work as for match; the plot shows the ratings and the game lengths.

Bot specs are separated by commas; a comma followed by name=value
continues the previous spec ("mcts:iterations=500,c=1.0,random" is two
bots); separate specs with ";" to be explicit.

` + botHelp(),
		Example: `  ludus tournament games/breakthrough.zrf --bots "random;alphabeta:depth=2;mcts:iterations=1000" --games 10
  ludus tournament games/checkers.zrf --bots random,alphabeta:depth=2,alphabeta:depth=4 --games 20 --out draughts`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := f.open(args[0])
			if err != nil {
				return err
			}
			entrants, err := arena.Entrants(e.Bots, splitSpecs(bots)...)
			if err != nil {
				return err
			}
			if f.queue {
				return f.enqueue(cmd, "tournament", args[0], e, splitSpecs(bots)...)
			}
			rec, err := f.recorder(cmd, "tournament", args[0], e, splitSpecs(bots)...)
			if err != nil {
				return err
			}
			defer rec.Close()
			o := f.options(e)
			rec.Attach(&o)
			rep, err := arena.Tournament(cmd.Context(), arena.BoardGame(e), entrants, o)
			if err != nil {
				return rec.End(err)
			}
			return rec.Finish(f.finish(cmd.OutOrStdout(), rep, "tournament"), f.plotPath("tournament"))
		},
	}
	f.register(c, 10, "games between every pair of bots")
	c.Flags().StringVar(&bots, "bots", "", "bot specs, separated by commas or semicolons (required)")
	c.MarkFlagRequired("bots")
	return c
}

// splitSpecs splits a list of bot specs. Specs have commas of their own
// (mcts:iterations=500,c=1.0), so a part holding "=" but no ":" continues
// the spec before it; ";" always separates.
func splitSpecs(list string) []string {
	var specs []string
	for _, group := range strings.Split(list, ";") {
		first := len(specs)
		for _, part := range strings.Split(group, ",") {
			part = strings.TrimSpace(part)
			switch {
			case part == "":
			case len(specs) > first && strings.Contains(part, "=") && !strings.Contains(part, ":"):
				specs[len(specs)-1] += "," + part
			default:
				specs = append(specs, part)
			}
		}
	}
	return specs
}
