package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/linjat"
)

var renderFlags struct {
	out, level string
	solution   bool
	step       int
	weights    weightFlags
}

// newLinjatRenderCmd returns "ludus linjat render".
func newLinjatRenderCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "render FILE",
		Short: "Draw a puzzle, its solution, or a step of its solving",
		Long: `render draws a puzzle as SVG or PNG (by the extension of -o). --solution draws
the solution; --step K draws the state after step K of the rating solver
(0 is the start) with the cells decided in that step highlighted and the
cells its reasoning looked at outlined.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if renderFlags.out == "" {
				return fmt.Errorf("render needs -o FILE.svg or FILE.png")
			}
			p, err := readPuzzle(args[0], renderFlags.level)
			if err != nil {
				return err
			}
			var opt linjat.DrawOptions
			switch {
			case renderFlags.solution && cmd.Flags().Changed("step"):
				return fmt.Errorf("choose --solution or --step, not both")
			case renderFlags.solution:
				sols, err := linjat.Solve(p, 2)
				if err != nil {
					return fmt.Errorf("%s: %w", args[0], err)
				}
				if len(sols) != 1 {
					return fmt.Errorf("%s: %d solutions (counted up to 2): no single solution to draw", args[0], len(sols))
				}
				opt.Solution = sols[0]
			case cmd.Flags().Changed("step"):
				d, err := renderFlags.weights.resolve()
				if err != nil {
					return err
				}
				res, err := linjat.Rate(p, d.Weights)
				if err != nil {
					return fmt.Errorf("%s: %w", args[0], err)
				}
				opt.Trace, opt.Step = res.Trace, renderFlags.step
			}
			d, err := linjat.Draw(p, opt)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			return savePicture(cmd.OutOrStdout(), renderFlags.out, d)
		},
	}
	addLinjatRenderFlags(c)
	return c
}

// addLinjatRenderFlags registers the flags of "ludus linjat render" on c.
func addLinjatRenderFlags(c *cobra.Command) {
	f := c.Flags()
	f.StringVarP(&renderFlags.out, "output", "o", "", "picture to write (.svg or .png)")
	outputFlag(c, "output", ".svg", ".png")
	f.StringVar(&renderFlags.level, "level", "", "level DIFFICULTY/N of a .json collection")
	f.BoolVar(&renderFlags.solution, "solution", false, "draw the solution")
	f.IntVar(&renderFlags.step, "step", 0, "draw the state after this step of the rating solver")
	renderFlags.weights.register(c, "expert")
}
