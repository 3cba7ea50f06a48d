package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/internal/atomicfile"
)

func newConvertCmd() *cobra.Command {
	var gf gameFlags
	var game, out, format string
	c := &cobra.Command{
		Use:   "convert RECORD... [-o OUT]",
		Short: "Convert game records between the universal notation, PGN, SGF and PDN",
		Long: `convert reads game records and writes them in another notation: the
universal notation's record format (what play --record and the games of a
match's --out write), PGN with standard algebraic moves (chess-like games),
SGF (any game; drops on a grid as points) or PDN (draughts, numbered
squares). Each record is read in the notation of its extension (.pgn,
.sgf, .pdn, any other the universal format) with the rules file --game
names, or else the one its File tag names; the moves are checked against
the rules. -o picks the output's notation by its extension, --format by
name; without -o the records go to the standard output. Several records
make one file of several games, which PGN, SGF and PDN hold.`,
		Example: `  ludus convert game.txt -o game.pgn
  ludus convert run/games/*.txt -o match.sgf
  ludus convert game.sgf --game go --format ludus`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			to, err := outputFormat(out, format)
			if err != nil {
				return err
			}
			if len(args) > 1 && to.Name == notation.Universal.Name {
				return fmt.Errorf("the universal record format holds one game: convert one record, or write .pgn, .sgf or .pdn")
			}
			var all bytes.Buffer
			for i, path := range args {
				if i > 0 && to.Name != notation.SGF.Name {
					all.WriteString("\n")
				}
				if err := convertRecord(&all, path, game, &gf, to); err != nil {
					return err
				}
			}
			if out == "" {
				_, err := cmd.OutOrStdout().Write(all.Bytes())
				return err
			}
			if err := atomicfile.WriteFile(out, all.Bytes()); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d record(s) written to %s (%s)\n", len(args), out, to.Name)
			return nil
		},
	}
	gf.register(c, true)
	c.Flags().StringVar(&game, "game", "", "rules file of the records (default: each record's File tag)")
	c.Flags().StringVarP(&out, "output", "o", "", "file to write (default: the standard output)")
	c.Flags().StringVar(&format, "format", "", "notation to write: "+notation.Names()+" (default: by the extension of -o, else ludus)")
	return c
}

// outputFormat is the notation convert writes: --format, or else the one
// of the output's extension.
func outputFormat(out, name string) (notation.Format, error) {
	if name != "" {
		return notation.ByName(name)
	}
	return notation.ByPath(out), nil
}

// convertRecord reads the record at path with its game and writes it to w
// in format to.
func convertRecord(w io.Writer, path, game string, gf *gameFlags, to notation.Format) error {
	var args []string
	if game != "" {
		args = []string{game}
	}
	tags, err := recordTags(path)
	if err != nil {
		return err
	}
	file, err := rulesFile(args, tags, path)
	if err != nil {
		return err
	}
	flags := *gf
	if flags.variant == "" {
		// ludus play writes the variant a record was played in.
		flags.variant = tags.Tag("Variant")
	}
	_, start, err := flags.open(file)
	if err != nil {
		return err
	}
	rec, err := loadGameRecord(path, start)
	if err != nil {
		return err
	}
	if start, err = fromRecord(rec, start); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := rec.Replay(start.Clone()); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := to.Encode(w, start, rec); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
