package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// newEngineRenderCmd returns "ludus render".
func newEngineRenderCmd() *cobra.Command {
	var gf gameFlags
	var out, record string
	var move int
	var letters bool
	c := &cobra.Command{
		Use:   "render [FILE] -o PICTURE",
		Short: "Draw a game's start position (or --position, or a record's move N) to SVG or PNG",
		Long: `render draws the board from its own geometry (square grids as checkered
squares, hexagonal grids as hexagons, boards of links as lines and points)
with the pieces of the start position, or of --position, to an SVG or PNG
file chosen by the extension of -o. --record draws the position of a game
record (from ludus play or a match's --out) after --move N of its main line
(0: the start; default: the last move); FILE may then be left out when the
record names its rules file (the File tag that ludus play and the games of
match, tournament and balance write). A record in .pgn, .sgf or .pdn is
read in that notation. Xiangqi and shogi are drawn with their pieces'
characters (a PNG, whose fonts have none, with their letters), or with
--letters with the letters of their notation.`,
		Example: `  ludus render games/chess.zrf -o chess.png
  ludus render --record game.txt --move 5 -o move5.svg
  ludus render --record run/games/000001.txt --move 10 -o move10.png`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("-o PICTURE is required (a .svg or .png file)")
			}
			var tags *engine.Record
			if record != "" {
				var err error
				if tags, err = recordTags(record); err != nil {
					return err
				}
			}
			file, err := rulesFile(args, tags, record)
			if err != nil {
				return err
			}
			g, s, err := gf.open(file)
			if err != nil {
				return err
			}
			if record != "" {
				rec, err := loadGameRecord(record, s)
				if err != nil {
					return err
				}
				if s, err = fromRecord(rec, s); err != nil {
					return fmt.Errorf("%s: %w", record, err)
				}
				n := -1
				if cmd.Flags().Changed("move") {
					n = move
				}
				if err := replayTo(s, rec, n); err != nil {
					return fmt.Errorf("%s: %w", record, err)
				}
			}
			return savePicture(cmd.OutOrStdout(), out, engine.PictureWith(s, g.View, engine.DrawOptions{Letters: letters}))
		},
	}
	gf.register(c, true)
	c.Flags().StringVarP(&out, "output", "o", "", "picture to write (.svg or .png)")
	outputFlag(c, "output", ".svg", ".png")
	c.Flags().StringVar(&record, "record", "", "draw a position of this game record")
	inputFlag(c, "record")
	c.Flags().IntVar(&move, "move", 0, "with --record, the number of moves played (0: the start; default: all)")
	c.Flags().BoolVar(&letters, "letters", false, "draw xiangqi's and shogi's pieces with letters rather than their characters")
	return c
}

// rulesFile is the rules file to open: the argument, or else the record's
// File tag, found as written, beside the record, or among the bundled
// games.
func rulesFile(args []string, rec *engine.Record, recPath string) (string, error) {
	if len(args) == 1 {
		return args[0], nil
	}
	if rec == nil {
		return "", fmt.Errorf("name a rules file (or a --record that names one)")
	}
	f := rec.Tag("File")
	if f == "" {
		return "", fmt.Errorf("%s names no rules file (no File tag): give the rules file too", recPath)
	}
	if _, err := os.Stat(f); err == nil || filepath.IsAbs(f) {
		return f, nil
	}
	if beside := filepath.Join(filepath.Dir(recPath), f); fileExists(beside) {
		return beside, nil
	}
	if _, ok := games.Bundled(f); ok {
		return f, nil
	}
	return "", fmt.Errorf("%s: rules file %s not found: give it as the first argument", recPath, f)
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// replayTo plays the record's main line (its variations checked too) and
// takes back moves to leave n played; n < 0 keeps them all.
func replayTo(s *engine.State, rec *engine.Record, n int) error {
	total := len(rec.MainLine())
	if n > total {
		return fmt.Errorf("--move %d: the record has %d moves", n, total)
	}
	if err := rec.Replay(s); err != nil {
		return err
	}
	if n < 0 {
		return nil
	}
	for range total - n {
		s.Undo()
	}
	return nil
}
