package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/progress"
)

// maxPerftDepth bounds --depth: the deepest published perft tables stop
// near 15 plies, and a move tree 64 plies deep is never counted.
const maxPerftDepth = 64

// newPerftCmd returns "ludus perft".
func newPerftCmd() *cobra.Command {
	var gf gameFlags
	var depth int
	var divide, asJSON, ended bool
	c := &cobra.Command{
		Use:   "perft FILE",
		Short: "Count the leaves of a game's move tree (move generator check)",
		Long: `perft counts the positions reached after exactly DEPTH moves from the start
(or from --position), a composite move such as a capture chain counting as
one. Compare with published tables to check a rules file and the engine.
A game that ends before DEPTH moves adds nothing (the convention of chess
tables); --count-ended counts a finished game as a leaf at any depth (the
convention of Aart Bik's Othello table). --divide prints the count under
each first move in the universal notation; --json prints
{"depth":N,"nodes":COUNT,"seconds":S}.`,
		Example: `  ludus perft games/chess.zrf --depth 4
  ludus perft games/checkers.zrf --depth 6 --divide
  ludus perft games/reversi.zrf --depth 10 --count-ended`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, s, err := gf.open(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			start := time.Now()
			var nodes int64
			switch {
			case ended && divide:
				return fmt.Errorf("--count-ended and --divide do not go together")
			case ended:
				if nodes, err = engine.PerftEndedContext(cmd.Context(), s, depth); err != nil {
					return err
				}
			case divide:
				entries, err := engine.Divide(cmd.Context(), s, depth)
				if err != nil {
					return err
				}
				for _, e := range entries {
					if !asJSON {
						fmt.Fprintf(out, "%s: %d\n", e.Move, e.Nodes)
					}
					nodes += e.Nodes
				}
			default:
				var bar *progress.Bar
				nodes, err = engine.PerftProgress(cmd.Context(), s, depth,
					func(n int) { bar = progress.New(int64(n), fmt.Sprintf("perft %d", depth)) },
					func() { bar.Add(1) })
				if bar != nil {
					bar.Finish()
				}
				if err != nil {
					return err
				}
			}
			secs := time.Since(start).Seconds()
			if asJSON {
				return json.NewEncoder(out).Encode(struct {
					Depth   int     `json:"depth"`
					Nodes   int64   `json:"nodes"`
					Seconds float64 `json:"seconds"`
				}{depth, nodes, secs})
			}
			fmt.Fprintf(out, "perft(%d) = %d  (%.3f s, %.0f leaves/s)\n", depth, nodes, secs, float64(nodes)/max(secs, 1e-9))
			return nil
		},
	}
	gf.register(c, true)
	c.Flags().IntVar(&depth, "depth", 0, "number of moves (required)")
	rangeFlag(c, "depth", 1, maxPerftDepth)
	c.MarkFlagRequired("depth")
	c.Flags().BoolVar(&divide, "divide", false, "count under each first move")
	c.Flags().BoolVar(&ended, "count-ended", false, "count a game that ends early as a leaf (Othello tables)")
	c.Flags().BoolVar(&asJSON, "json", false, `print {"depth":N,"nodes":COUNT,"seconds":S}`)
	return c
}
