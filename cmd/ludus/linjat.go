package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/linjat"
)

// newLinjatCmd returns "ludus linjat", which groups the Linjat puzzle tools.
func newLinjatCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "linjat",
		Short: "Solve, rate, generate, pack and draw Linjat puzzles",
		Long: `Linjat is a line-drawing logic puzzle: every number gets a straight line of
that many cells through it, lines never share cells, and every dot is covered.
These tools solve and rate puzzles the way a person would, generate and
optimise new ones, build level packs from a database and draw puzzles.

Puzzle files are text, one row a line: '.' empty, 'o' dot, 1-9 a number,
[12] a number above 9. A .json file of levels is read too, a pack that
ludus linjat pack wrote or a collection in the original game's format, with
--level DIFFICULTY/N choosing the level (1-based; N alone in a pack).`,
	}
	c.AddCommand(newLinjatSolveCmd(), newLinjatGenerateCmd(), newLinjatPackCmd(), newLinjatRenderCmd())
	return c
}

// weightFlags are the flags that choose a difficulty and its weights.
type weightFlags struct {
	difficulty string
	weights    string
	file       string
}

func (f *weightFlags) register(cmd *cobra.Command, def string) {
	cmd.Flags().StringVar(&f.difficulty, "difficulty", def, "difficulty preset: easy, medium, hard or expert")
	cmd.Flags().StringVar(&f.weights, "weights", "", `custom weights over the preset, e.g. "cover=1,cant_fit=3,width=-2"`)
	cmd.Flags().StringVar(&f.file, "weights-file", "", "JSON file of weights, e.g. {\"cover\":1,\"width\":-2}")
}

// resolve returns the preset with the custom weights applied.
func (f *weightFlags) resolve() (linjat.Difficulty, error) {
	d, err := linjat.DifficultyByName(f.difficulty)
	if err != nil {
		return d, err
	}
	if f.file != "" {
		data, err := os.ReadFile(f.file)
		if err != nil {
			return d, err
		}
		if err := json.Unmarshal(data, &d.Weights); err != nil {
			return d, fmt.Errorf("%s: %w", f.file, err)
		}
	}
	if f.weights != "" {
		if d.Weights, err = linjat.ParseWeights(f.weights, d.Weights); err != nil {
			return d, err
		}
	}
	return d, nil
}

// readPuzzle reads a text puzzle file, or level "DIFFICULTY/N" of a JSON
// collection in the original game's format.
func readPuzzle(path, level string) (*linjat.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !strings.EqualFold(filepath.Ext(path), ".json") {
		if level != "" {
			return nil, fmt.Errorf("--level applies to a .json level collection, not %s", path)
		}
		return linjat.Read(f, path)
	}
	c, err := linjat.ReadLevels(f, path)
	if err != nil {
		return nil, err
	}
	name, num, ok := strings.Cut(level, "/")
	if names := c.Names(); !ok && len(names) == 1 {
		name, num, ok = names[0], level, true // a pack: the level's number is enough
	}
	n, err := strconv.Atoi(num)
	if !ok || err != nil {
		return nil, fmt.Errorf("%s: choose a level with --level DIFFICULTY/N (difficulties: %s)",
			path, strings.Join(c.Names(), ", "))
	}
	levels := c[name]
	if n < 1 || n > len(levels) || levels[n-1].Puzzle == nil {
		return nil, fmt.Errorf("%s: no level %s/%d", path, name, n)
	}
	return levels[n-1].Puzzle, nil
}

var solveFlags struct {
	json    bool
	level   string
	weights weightFlags
}

// newLinjatSolveCmd returns "ludus linjat solve".
func newLinjatSolveCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "solve FILE",
		Short: "Solve a puzzle, count its solutions, and rate it",
		Long: `solve counts the solutions of a puzzle with the exact solver (up to 2), then
solves it the way a person would, one kind of deduction per step, and rates
it. It prints the solution, the steps and the rating; --json prints
{"solutions", "solved", "lines", "rating", "trace"}. A puzzle without a
solution is reported and ends with exit status 1.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := readPuzzle(args[0], solveFlags.level)
			if err != nil {
				return err
			}
			d, err := solveFlags.weights.resolve()
			if err != nil {
				return err
			}
			rep, err := linjat.Analyze(p, d.Weights)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if solveFlags.json {
				err = json.NewEncoder(cmd.OutOrStdout()).Encode(rep)
			} else {
				err = rep.WriteText(cmd.OutOrStdout(), p)
			}
			if err == nil && rep.Solutions == 0 {
				err = fmt.Errorf("%s: the puzzle has no solution", args[0])
			}
			return err
		},
	}
	addLinjatSolveFlags(c)
	return c
}

// addLinjatSolveFlags registers the flags of "ludus linjat solve" on c.
func addLinjatSolveFlags(c *cobra.Command) {
	f := c.Flags()
	f.BoolVar(&solveFlags.json, "json", false, "print JSON")
	f.StringVar(&solveFlags.level, "level", "", "level DIFFICULTY/N of a .json collection")
	solveFlags.weights.register(c, "expert")
}
