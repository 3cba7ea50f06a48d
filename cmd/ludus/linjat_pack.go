package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/store"
)

var packFlags struct {
	db, out, plot string
	count         int
	weights       weightFlags
}

var linjatPackCmd = &cobra.Command{
	Use:   "pack",
	Short: "Build a level pack with a smooth difficulty curve from a database",
	Long: `pack chooses --count levels of one difficulty from the puzzles in --db: each
is rated under the difficulty's collection weights (the uniqueness leaks
weigh heavily), those failing the difficulty's filters are dropped, the best
are kept with a few easier ones to start, and the levels are ordered by
score so that the difficulty rises steadily. It writes the pack as JSON,
prints the difficulty curve and, with --plot, draws it (SVG or PNG).`,
	Args: cobra.NoArgs,
	RunE: func(cmd *cobra.Command, args []string) error {
		if packFlags.db == "" || packFlags.out == "" {
			return fmt.Errorf("pack needs --db and -o")
		}
		d, err := packFlags.weights.resolve()
		if err != nil {
			return err
		}
		st, err := store.Open(cmd.Context(), packFlags.db)
		if err != nil {
			return err
		}
		defer st.Close()
		cands, err := linjat.StoredCandidates(cmd.Context(), st, d.Name)
		if err != nil {
			return err
		}
		pack, err := linjat.MakePack(cands, d, packFlags.count)
		if err != nil {
			return err
		}
		if len(pack.Levels) == 0 {
			return fmt.Errorf("%s: no usable %s puzzles", store.Redact(packFlags.db), d.Name)
		}
		if len(pack.Levels) < packFlags.count {
			fmt.Fprintf(cmd.ErrOrStderr(), "only %d usable %s puzzles in %s\n", len(pack.Levels), d.Name, store.Redact(packFlags.db))
		}
		err = atomicfile.Write(packFlags.out, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", " ")
			return enc.Encode(pack)
		})
		if err != nil {
			return err
		}
		fmt.Fprint(cmd.OutOrStdout(), pack.CurveText())
		if packFlags.plot != "" {
			return savePicture(cmd.OutOrStdout(), packFlags.plot, pack.CurveChart().Drawing(720, 360))
		}
		return nil
	},
}

func init() {
	f := linjatPackCmd.Flags()
	f.StringVar(&packFlags.db, "db", "", "database of generated puzzles (SQLite file or postgres:// URL)")
	inputFlag(linjatPackCmd, "db") // read, never made
	f.StringVarP(&packFlags.out, "output", "o", "", "pack file to write (JSON)")
	f.StringVar(&packFlags.plot, "plot", "", "draw the difficulty curve to this .svg or .png file")
	f.IntVar(&packFlags.count, "count", 99, "levels in the pack")
	packFlags.weights.register(linjatPackCmd, "expert")
	linjatCmd.AddCommand(linjatPackCmd)
}
