package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/tiles"
)

// newTilesCmd returns "ludus tiles", which groups the hex maze tile tools.
func newTilesCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "tiles",
		Short: "Design two-sided hex maze tiles with a genetic algorithm",
		Long: `tiles designs sets of two-sided hexagonal maze tiles that are shuffled,
turned and flipped onto a board, so that random mazes are solvable but not
trivial. It scores a tile set over random boards (landmark pairs joined by a
path, cycles, bridges, repeated designs), draws sets and boards, and
optimises sets with a genetic algorithm. The board defaults to the hex maze
board built in (see "ludus tiles board"); --board reads another.`,
	}
	c.AddCommand(newTilesScoreCmd(), newTilesRandomCmd(), newTilesDrawCmd(),
		newTilesBoardCmd(), newTilesOptimizeCmd(), newTilesPolishCmd(), newTilesPrintCmd(), newTilesFrontCmd())
	return c
}

// boardFlags are the flags shared by the tiles subcommands.
type boardFlags struct {
	board   string
	pairs   string
	weights string
}

func (f *boardFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.board, "board", "", "board file, or a shape: hex:R, rect:WxH, post (default: the built-in hex maze board)")
	inputFlag(cmd, "board", "hex:", "rect:", "post", "seed")
	cmd.Flags().StringVar(&f.pairs, "pairs", "", `landmark pairs to count instead of the board's, "A-B,C-D,..." or "all"`)
	cmd.Flags().StringVar(&f.weights, "weights", "", `objective weights as NAME=VALUE,... over bridges, dup, fully, extra, pair (default "bridges=-0.05,dup=-0.02,fully=-1,extra=-0.1,pair=1")`)
}

// loadBoard reads a board file, or builds a board from a shape name
// (hex:3) when no file has that name.
func loadBoard(name, pairs string) (*tiles.Board, error) {
	b := tiles.SeedBoard()
	if name != "" {
		var err error
		if _, serr := os.Stat(name); serr != nil && (strings.Contains(name, ":") || name == "post") {
			b, err = tiles.NewBoard(name)
		} else {
			b, err = tiles.LoadBoard(name)
		}
		if err != nil {
			return nil, err
		}
	}
	if pairs != "" {
		if err := b.SetPairs(pairs); err != nil {
			return nil, fmt.Errorf("--pairs: %w", err)
		}
	}
	return b, nil
}

func (f *boardFlags) scorer() (*tiles.Scorer, error) {
	b, err := loadBoard(f.board, f.pairs)
	if err != nil {
		return nil, err
	}
	w, err := tiles.ParseWeights(f.weights)
	if err != nil {
		return nil, err
	}
	return tiles.NewScorer(b, w)
}

// load builds the scorer and reads a tile set.
func (f *boardFlags) load(path string) (*tiles.Scorer, tiles.Set, error) {
	sc, err := f.scorer()
	if err != nil {
		return nil, nil, err
	}
	set, err := tiles.LoadSet(path)
	return sc, set, err
}

func newTilesScoreCmd() *cobra.Command {
	var bf boardFlags
	var samples int
	var seed uint64
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "score TILESET",
		Short: "Score a tile set over random boards, each term with a confidence interval",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			sc, set, err := bf.load(args[0])
			if err != nil {
				return err
			}
			s, err := sc.ScoreContext(cmd.Context(), set, rand.New(rand.NewPCG(seed, 0)), samples)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(s)
			}
			return tiles.WriteScore(cmd.OutOrStdout(), s)
		},
	}
	bf.add(cmd)
	cmd.Flags().IntVar(&samples, "samples", 10000, "random boards to score on")
	rangeFlag(cmd, "samples", 2, 1e10)
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the random boards")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the score as JSON")
	return cmd
}

func newTilesRandomCmd() *cobra.Command {
	var bf boardFlags
	var seed uint64
	var n int
	cmd := &cobra.Command{
		Use:   "random",
		Short: "Print a random tile set (random genome, one tile per slot)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sc, err := bf.scorer()
			if err != nil {
				return err
			}
			if n == 0 {
				n = len(sc.Board().Slots)
			}
			if n < len(sc.Board().Slots) {
				return fmt.Errorf("--tiles %d: the board has %d slots, want at least as many tiles", n, len(sc.Board().Slots))
			}
			set := tiles.RandomSet(rand.New(rand.NewPCG(seed, 0)), n)
			fmt.Fprintf(cmd.OutOrStdout(), "# random tile set, seed %d\n", seed)
			return set.Write(cmd.OutOrStdout())
		},
	}
	bf.add(cmd)
	cmd.Flags().Uint64Var(&seed, "seed", 1, "random seed")
	cmd.Flags().IntVar(&n, "tiles", 0, "number of tiles (default: one per slot of the board)")
	return cmd
}

func newTilesDrawCmd() *cobra.Command {
	var bf boardFlags
	var seed uint64
	var out string
	cmd := &cobra.Command{
		Use:   "draw TILESET",
		Short: "Draw a tile set (both sides of every tile) and a random board of it, as SVG and PNG",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			sc, set, err := bf.load(args[0])
			if err != nil {
				return err
			}
			pics, err := tiles.Pictures(sc, set, rand.New(rand.NewPCG(seed, 0)))
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			written, err := tiles.SavePictures(out, pics)
			for _, p := range written {
				fmt.Fprintln(cmd.OutOrStdout(), "wrote", p)
			}
			return err
		},
	}
	bf.add(cmd)
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the board layout")
	cmd.Flags().StringVar(&out, "out", ".", "directory for the pictures")
	return cmd
}

func newTilesBoardCmd() *cobra.Command {
	var board, shape, pairs, out string
	cmd := &cobra.Command{
		Use:   "board",
		Short: "Print the built-in board, a new board of a given shape (--new hex:3), or check and reprint --board",
		Long: `board prints a board in the board file format: the built-in board of the
post, the board read from --board (checked), or with --new a new board to
edit: hex:R (a hexagon of radius R around a central well, six gates outside
its sides; hex:2 has 18 slots, hex:3 has 36), rect:WxH (W columns of H
cells, four gates) or post. Every neighbouring pair of slots is connected,
landmarks touch the slot edges around them, other outer edges are walls,
and every pair of landmarks is counted unless --pairs says which.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if shape != "" && board != "" {
				return fmt.Errorf("--new and --board: give one")
			}
			name := board
			if shape != "" {
				if _, err := tiles.NewBoard(shape); err != nil {
					return fmt.Errorf("--new: %w", err)
				}
				name = shape
			}
			b, err := loadBoard(name, pairs)
			if err != nil {
				return err
			}
			if out == "" {
				return b.Write(cmd.OutOrStdout())
			}
			if err := atomicfile.Write(out, b.Write); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: %d slots, %d landmarks, %d pairs\n", out, len(b.Slots), len(b.Landmarks), len(b.Pairs))
			return nil
		},
	}
	cmd.Flags().StringVar(&board, "board", "", "board file to check and reprint")
	cmd.Flags().StringVar(&shape, "new", "", "a new board of this shape: hex:R, rect:WxH or post")
	cmd.Flags().StringVar(&pairs, "pairs", "", `landmark pairs to count, "A-B,C-D,..." or "all"`)
	cmd.Flags().StringVarP(&out, "output", "o", "", "file to write the board to (default: standard output)")
	outputFlag(cmd, "output")
	return cmd
}
