package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/runs"
)

var packFlags struct {
	db, out, plot string
	count         int
	weights       weightFlags
}

// newLinjatPackCmd returns "ludus linjat pack".
func newLinjatPackCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "pack",
		Short: "Build a level pack with a smooth difficulty curve from the store",
		Long: `pack chooses --count levels of one difficulty from the puzzles in --db: each
is rated under the difficulty's collection weights (the uniqueness leaks
weigh heavily), those failing the difficulty's filters are dropped, the best
are kept with a few easier ones to start, and the levels are ordered by
score so that the difficulty rises steadily. It writes the pack as JSON,
prints the difficulty curve and, with --plot, draws it (SVG or PNG).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if packFlags.out == "" {
				return fmt.Errorf("pack needs -o")
			}
			if packFlags.db == runs.NoStore {
				return fmt.Errorf("--db none: pack chooses its levels from the puzzles of a store")
			}
			d, err := packFlags.weights.resolve()
			if err != nil {
				return err
			}
			st, where, err := runs.OpenStore(cmd.Context(), packFlags.db, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer st.Close()
			cands, err := runs.LinjatCandidates(cmd.Context(), st, d.Name)
			if err != nil {
				return err
			}
			pack, err := linjat.MakePack(cands, d, packFlags.count)
			if err != nil {
				return err
			}
			if len(pack.Levels) == 0 {
				return fmt.Errorf("%s: no usable %s puzzles", where, d.Name)
			}
			if len(pack.Levels) < packFlags.count {
				fmt.Fprintf(cmd.ErrOrStderr(), "only %d usable %s puzzles in %s\n", len(pack.Levels), d.Name, where)
			}
			if err := atomicfile.Write(packFlags.out, pack.WriteJSON); err != nil {
				return err
			}
			if err := runs.KeepPack(cmd.Context(), runEnv(cmd, packFlags.db), pack, packFlags.count); err != nil {
				return err
			}
			fmt.Fprint(cmd.OutOrStdout(), pack.CurveText())
			if packFlags.plot != "" {
				return savePicture(cmd.OutOrStdout(), packFlags.plot, pack.CurveChart().Drawing(720, 360))
			}
			return nil
		},
	}
	addLinjatPackFlags(c)
	return c
}

// addLinjatPackFlags registers the flags of "ludus linjat pack" on c.
func addLinjatPackFlags(c *cobra.Command) {
	f := c.Flags()
	f.StringVar(&packFlags.db, "db", "", "store of generated puzzles, where the pack is kept too: a SQLite file or a postgres:// URL (default: ludus.db in the user's data directory)")
	inputFlag(c, "db", runs.NoStore) // read, never made
	f.StringVarP(&packFlags.out, "output", "o", "", "pack file to write (JSON)")
	f.StringVar(&packFlags.plot, "plot", "", "draw the difficulty curve to this .svg or .png file")
	f.IntVar(&packFlags.count, "count", 99, "levels in the pack")
	packFlags.weights.register(c, "expert")
}
