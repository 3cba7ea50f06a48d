package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/tiles"
)

var tilesCmd = &cobra.Command{
	Use:   "tiles",
	Short: "Design two-sided hex maze tiles with a genetic algorithm",
	Long: `tiles designs sets of two-sided hexagonal maze tiles that are shuffled,
turned and flipped onto a board, so that random mazes are solvable but not
trivial. It scores a tile set over random boards (landmark pairs joined by a
path, cycles, bridges, repeated designs), draws sets and boards, and
optimises sets with a genetic algorithm. The board defaults to the hex maze
board built in (see "ludus tiles board"); --board reads another.`,
}

// boardFlags are the flags shared by the tiles subcommands.
type boardFlags struct {
	board   string
	weights string
}

func (f *boardFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.board, "board", "", "board file (default: the built-in hex maze board)")
	cmd.Flags().StringVar(&f.weights, "weights", "", `objective weights as NAME=VALUE,... over bridges, dup, fully, extra, pair (default "bridges=-0.05,dup=-0.02,fully=-1,extra=-0.1,pair=1")`)
}

func (f *boardFlags) scorer() (*tiles.Scorer, error) {
	b := tiles.SeedBoard()
	if f.board != "" {
		var err error
		if b, err = tiles.LoadBoard(f.board); err != nil {
			return nil, err
		}
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
	cmd := &cobra.Command{
		Use:   "random",
		Short: "Print a random tile set (random genome, one tile per slot)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sc, err := bf.scorer()
			if err != nil {
				return err
			}
			set := tiles.RandomSet(rand.New(rand.NewPCG(seed, 0)), len(sc.Board().Slots))
			fmt.Fprintf(cmd.OutOrStdout(), "# random tile set, seed %d\n", seed)
			return set.Write(cmd.OutOrStdout())
		},
	}
	bf.add(cmd)
	cmd.Flags().Uint64Var(&seed, "seed", 1, "random seed")
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
	var board string
	cmd := &cobra.Command{
		Use:   "board",
		Short: "Print the built-in board (or check and reprint --board) in the board file format",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b := tiles.SeedBoard()
			if board != "" {
				var err error
				if b, err = tiles.LoadBoard(board); err != nil {
					return err
				}
			}
			return b.Write(cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&board, "board", "", "board file to check and reprint")
	return cmd
}

func init() {
	tilesCmd.AddCommand(newTilesScoreCmd(), newTilesRandomCmd(), newTilesDrawCmd(),
		newTilesBoardCmd(), newTilesOptimizeCmd())
	rootCmd.AddCommand(tilesCmd)
}
