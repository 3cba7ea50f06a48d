package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/games"
)

// newGamesCmd returns "ludus games".
func newGamesCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "games",
		Short: "List the rules files bundled with ludus",
		Long: `games lists the rules files built into ludus with their titles, players and
boards. Every command that reads a rules file takes a bundled one by name
("chess", "chess.zrf" or "games/chess.zrf") from any directory, when no file
of that name is on disk.`,
		Example: `  ludus games
  ludus perft chess --depth 4
  ludus match tic-tac-toe --p1 mcts --p2 random --games 20`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "name\ttitle\tplayers\tboard")
			for _, name := range games.Names() {
				g, err := games.Open(name, games.Options{})
				if err != nil {
					return err
				}
				var players []string
				for i, p := range g.Rules.Players {
					if g.Rules.Chooses(i) || p.Random {
						players = append(players, p.Name)
					}
				}
				board := fmt.Sprintf("%d positions", len(g.Rules.Board.Positions))
				for _, gr := range g.Rules.Board.Grids {
					var dims []string
					for _, d := range gr.Dims {
						dims = append(dims, fmt.Sprint(len(d)))
					}
					board = strings.Join(dims, "x") + " grid"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", strings.TrimSuffix(name, ".zrf"), g.Rules.Title, strings.Join(players, ", "), board)
			}
			return tw.Flush()
		},
	}
	return c
}
