package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/summary"
	"github.com/ludus-games/ludus/games"
)

// newRulesCmd returns "ludus rules".
func newRulesCmd() *cobra.Command {
	var gf gameFlags
	var evalSpec string
	var strict bool
	c := &cobra.Command{
		Use:   "rules FILE",
		Short: "Summarise the rules read from a ZRF file",
		Long: `rules reads a rules file and prints what the engine understood: the games
and variants in the file, players and turn order, the board, each piece's
move programs by move type, options and goals, anything the file asks
for that the engine does not apply ("incomplete:" lines) and what was read
but should be checked ("warning:" lines: a piece defined twice keeps its
first definition); then the position and how the
evaluation of the search players sees it (--eval sets piece values and the
mobility weight: "Pawn=1,Knight=3,mobility=5"). Errors name file:line:col.

With --strict every "incomplete:" line is an error: the command prints the
report, then fails, listing what the game lacks (for scripts that must
play only complete rules).`,
		Example: `  ludus rules games/checkers.zrf
  ludus rules dagaz_chess.zrf --variant "Horde Chess"
  ludus rules games/chess.zrf --position kiwipete.txt --eval "Pawn=1,Knight=3,Bishop=3,Rook=5,Queen=9"
  ludus rules dagaz_reversi.zrf --strict`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := games.ReadFile(args[0])
			if err != nil {
				return rulesNotFound(err)
			}
			g, s, err := gf.open(args[0])
			if err != nil {
				return err
			}
			e, err := engine.NewEvaluator(g.Compiled, evalSpec)
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
			summary.Write(out, g.Compiled)
			fmt.Fprintln(out)
			fmt.Fprint(out, s.TextBoard(g.View))
			if evalSpec != "" {
				fmt.Fprintf(out, "evaluation with --eval: %s\n", e)
			}
			pos := engine.NewPosition(s, e)
			summary := pos.EvalSummary()
			if err := pos.Err(); err != nil {
				return fmt.Errorf("position evaluation: %w", err)
			}
			fmt.Fprintf(out, "position evaluation: %s\n", summary)
			if strict {
				return incomplete(g)
			}
			return nil
		},
	}
	gf.register(c, true)
	c.Flags().BoolVar(&strict, "strict", false, `fail when the rules are incomplete ("incomplete:" lines become errors)`)
	c.Flags().StringVar(&evalSpec, "eval", "", "piece values and mobility weight of the evaluation (Name=number,...)")
	return c
}

// incomplete is the error of --strict: what the game lacks, one line
// each, or nil when it lacks nothing.
func incomplete(g *games.Game) error {
	notes := g.Rules.Notes
	if len(notes) == 0 {
		return nil
	}
	return fmt.Errorf("%s: the rules are incomplete (%d):\n  incomplete: %s", g.Path, len(notes),
		strings.Join(notes, "\n  incomplete: "))
}
