package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// benchGames are the games of the headline engine figures, with the
// reference figures of the engine facts (random playouts per second) and
// the target: the top of the rbg2cpp range.
var benchGames = []struct {
	name, file string
	depth      int
	rbg, dagaz string
	target     float64
}{
	{"chess", "chess.zrf", 5, "450-490", "0.7", 490},
	{"breakthrough", "breakthrough.zrf", 5, "15,400-18,900", "41", 18900},
	{"English draughts", "checkers.zrf", 9, "29,800-31,500", "34", 31500},
	{"connect four", "connect-four.zrf", 7, "333,000-354,000", "-", 354000},
	{"international draughts", "international-draughts.zrf", 6, "2,455", "-", 2455},
	{"reversi", "reversi.zrf", 7, "9,350-9,630", "-", 9630},
	{"Go 9x9", "go.zrf", 3, "-", "-", 0},
	{"Hex 11x11", "hex.zrf", 3, "9,100-9,700", "-", 9700},
}

// moreBenchGames are measured when --only names them: games with no
// reference figures.
var moreBenchGames = []struct {
	name, file string
	depth      int
	rbg, dagaz string
	target     float64
}{
	{"Surakarta", "surakarta.zrf", 4, "-", "-", 0},
	{"Kalah", "kalah.zrf", 7, "-", "-", 0},
	{"Backgammon", "backgammon.zrf", 5, "-", "-", 0},
	{"Splut!", "splut.zrf", 6, "-", "-", 0},
}

// newBenchEngineCmd returns "ludus bench engine".
func newBenchEngineCmd() *cobra.Command {
	var seconds float64
	var dir string
	var maxPlies int
	var seed uint64
	var only []string
	c := &cobra.Command{
		Use:   "engine",
		Short: "Random playouts and perft speed of the game engine",
		Long: `engine measures, on one core, random playouts per second and perft leaves
per second for chess, breakthrough, English draughts, connect four,
international draughts, reversi, Go 9x9 and Hex 11x11 (the bundled rules
files) and prints them in
Markdown beside the figures of compiled Regular Boardgames (rbg2cpp) and
Dagaz. --only measures some of them, or Surakarta, Kalah, Backgammon and
Splut!, which have no reference figures; --games measures files of the
same names in another folder instead.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			all := append(benchGames[:len(benchGames):len(benchGames)], moreBenchGames...)
			for _, name := range only {
				known := false
				for _, b := range all {
					known = known || b.name == name || b.file == name
				}
				if !known {
					return fmt.Errorf("--only %s: no such game (games: %s)", name, benchNames())
				}
			}
			if len(only) == 0 {
				all = benchGames
			}
			var list []engine.BenchGame
			for _, b := range all {
				if len(only) > 0 && !slices.Contains(only, b.name) && !slices.Contains(only, b.file) {
					continue
				}
				g, err := games.Open(filepath.Join(dir, b.file), games.Options{})
				if err != nil {
					return err
				}
				list = append(list, engine.BenchGame{Name: b.name, File: b.file, Game: g.Compiled,
					PerftDepth: b.depth, RBG: b.rbg, Dagaz: b.dagaz, Target: b.target})
			}
			d := time.Duration(seconds * float64(time.Second))
			return engine.WriteBenchReport(cmd.Context(), cmd.OutOrStdout(), list, d, maxPlies, seed)
		},
	}
	c.Flags().Float64Var(&seconds, "seconds", 5, "playout time per game")
	c.Flags().StringVar(&dir, "games", "", "folder of the rules files to measure (default: the bundled ones)")
	c.Flags().IntVar(&maxPlies, "max-plies", 1000, "stop a playout after this many moves")
	c.Flags().Uint64Var(&seed, "seed", 1, "seed of the random playouts")
	c.Flags().StringSliceVar(&only, "only", nil, "measure only these games, by name or file (\"chess,reversi.zrf\")")
	return c
}

// benchNames lists the games of the engine benchmark.
func benchNames() string {
	var names []string
	for _, b := range append(benchGames[:len(benchGames):len(benchGames)], moreBenchGames...) {
		names = append(names, b.name)
	}
	return strings.Join(names, ", ")
}
