package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/render"
)

func init() {
	var gf gameFlags
	var out string
	c := &cobra.Command{
		Use:   "render FILE -o PICTURE",
		Short: "Draw a game's start position (or --position) to SVG or PNG",
		Long: `render draws the board from its own geometry (square grids as checkered
squares, hexagonal grids as hexagons, boards of links as lines and points)
with the pieces of the start position, or of --position, to an SVG or PNG
file chosen by the extension of -o.`,
		Example: `  ludus render games/chess.zrf -o chess.png`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("-o PICTURE is required (a .svg or .png file)")
			}
			g, s, err := gf.open(args[0])
			if err != nil {
				return err
			}
			if err := render.Save(out, engine.Picture(s, g.View)); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", out)
			return nil
		},
	}
	gf.register(c, true)
	c.Flags().StringVarP(&out, "output", "o", "", "picture to write (.svg or .png)")
	rootCmd.AddCommand(c)
}
