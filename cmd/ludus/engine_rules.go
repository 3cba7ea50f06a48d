package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine/zrf"
)

func init() {
	var gf gameFlags
	c := &cobra.Command{
		Use:   "rules FILE",
		Short: "Summarise the rules read from a ZRF file",
		Long: `rules reads a rules file and prints what the engine understood: the games
and variants in the file, players and turn order, the board, each piece's
move programs by move type, options and goals, and anything the file asks
for that the engine does not apply. Errors name file:line:col.`,
		Example: `  ludus rules games/checkers.zrf
  ludus rules dagaz_chess.zrf --variant "Horde Chess"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := zrf.ReadFile(args[0])
			if err != nil {
				return err
			}
			g, s, err := gf.open(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if len(f.Games) > 1 {
				fmt.Fprintln(out, "games in the file:")
				for _, e := range f.Games {
					mark := " "
					if e.Title == g.Entry.Title && e.Index == g.Entry.Index {
						mark = "*"
					}
					fmt.Fprintf(out, " %s %d. %s\n", mark, e.Index, e.Title)
				}
				fmt.Fprintln(out)
			}
			g.Compiled.WriteSummary(out)
			fmt.Fprintln(out)
			fmt.Fprint(out, s.TextBoard(g.View))
			return nil
		},
	}
	gf.register(c, false)
	rootCmd.AddCommand(c)
}
