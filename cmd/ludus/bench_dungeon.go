package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/dungeon"
)

// benchDungeonOptions are the flags of ludus bench dungeon.
type benchDungeonOptions struct {
	data      string
	runs      int
	scaleRuns int
	scale     string
	limit     time.Duration
}

var benchDungeonFlags benchDungeonOptions

// dungeonReference is one of the reference's published benchmark inputs
// with its published mean and median times in seconds (the thesis, 100 runs
// per input, one core at 2.7 GHz).
type dungeonReference struct {
	file      string
	mean      float64 // seconds; a published 0.00 s counts as 0.005 s
	published string  // mean / median as published
}

var dungeonReferences = []dungeonReference{
	{"backtracking.yml", 0.18, "0.18 s / 0.09 s"},
	{"backtracking_advanced.yml", 0.18, "0.18 s / 0.09 s"},
	{"different_probabilities_1_new.yml", 0.02, "0.02 s / 0.01 s"},
	{"different_probabilities_2_new.yml", 0.02, "0.02 s / 0.01 s"},
	{"example1_basic.yml", 0.005, "0.00 s"},
	{"example1_advanced.yml", 0.005, "0.00 s"},
	{"example2_basic.yml", 0.12, "0.12 s / 0.08 s"},
	{"example2_advanced.yml", 0.12, "0.12 s / 0.08 s"},
	{"example3_basic.yml", 0.62, "0.62 s / 0.36 s"},
	{"example3_advanced.yml", 0.62, "0.62 s / 0.36 s"},
	{"game1_basic.yml", 0.01, "0.01 s"},
	{"game2_basic.yml", 0.05, "0.05 s / 0.03 s"},
	{"backtracking_corridors.yml", 0.35, "0.35 s / 0.16 s"},
	{"example1_corridors.yml", 0.01, "0.01 s"},
	{"example2_corridors.yml", 0.87, "0.87 s / 0.54 s"},
	{"example3_corridors.yml", 1.61, "1.61 s / 1.35 s"},
	{"game1_corridors.yml", 0.04, "0.04 s / 0.02 s"},
	{"game2_corridors.yml", 0.12, "0.12 s / 0.07 s"},
}

// newBenchDungeonCmd returns "ludus bench dungeon".
func newBenchDungeonCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "dungeon",
		Short: "Dungeon layouts: the reference's benchmark inputs and scaling",
		Long: `dungeon times layout generation on synthetic levels of growing size (one
loop per ten rooms, made as ludus dungeon synth makes them). With --data,
the folder of the reference's published benchmark inputs (maps/thesis of
its data), it first times those (--runs runs each, a fresh generator per
run) against a fifth of the reference's published means. Published means
of "0.00 s" are taken as 0.005 s. "met" compares wall times; the CPU column
shows what the runs cost when other work shares the cores.`,
		Example: `  ludus bench dungeon
  ludus bench dungeon --data ../shared/data/dungeon/maps/thesis --runs 100`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := benchDungeonFlags
			if dungeonSweepFlags.sweep {
				return runDungeonSweep(cmd, f.limit)
			}
			w := cmd.OutOrStdout()
			if f.data == "" {
				fmt.Fprintf(w, "Reference inputs: not timed (--data names the reference's maps/thesis folder).\n")
				return benchSynthetic(cmd, f)
			}
			fmt.Fprintf(w, "Reference inputs, %d runs each; target: mean at most a fifth of the reference's.\n\n", f.runs)
			fmt.Fprintln(w, benchColumns+" reference mean / median | target mean | met |")
			fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |")
			for _, ref := range dungeonReferences {
				spec, err := dungeon.ReadFile(filepath.Join(f.data, ref.file), dungeon.ReadOptions{})
				if err != nil {
					return err
				}
				res, cpu, err := benchSpec(cmd.Context(), ref.file, spec, f.runs, 1, f.limit)
				if err != nil {
					return err
				}
				target := time.Duration(ref.mean / 5 * float64(time.Second))
				met := "yes"
				if res.Successes < res.Runs || res.MeanTime > target {
					met = "no"
				}
				printBenchRow(w, ref.file, len(spec.Rooms), res, cpu, fmt.Sprintf(" %s | %s | %s |",
					ref.published, fmtSeconds(target), met))
			}
			return benchSynthetic(cmd, f)
		},
	}
	addBenchDungeonFlags(c)
	addSweepFlags(c)
	return c
}

// benchSynthetic times the synthetic levels of --scale.
func benchSynthetic(cmd *cobra.Command, f benchDungeonOptions) error {
	w := cmd.OutOrStdout()
	sizes, err := parseSizes(f.scale)
	if err != nil || len(sizes) == 0 {
		return err
	}
	fmt.Fprintf(w, "\nSynthetic levels (ludus dungeon synth --separate), one loop per ten rooms, %d runs each.\n\n", f.scaleRuns)
	printBenchHeader(w)
	for _, n := range sizes {
		spec, err := dungeon.Synthetic(dungeon.SynthOptions{Rooms: n, Cycles: n / 10, Seed: 1, Separate: true})
		if err != nil {
			return err
		}
		name := fmt.Sprintf("%d rooms, %d loops", n, n/10)
		res, cpu, err := benchSpec(cmd.Context(), name, spec, f.scaleRuns, 1, f.limit)
		if err != nil {
			return err
		}
		printBenchRow(w, name, n, res, cpu, "")
	}
	return nil
}

// addBenchDungeonFlags registers the flags of "ludus bench dungeon" on c
// but those of the sweep.
func addBenchDungeonFlags(c *cobra.Command) {
	f := c.Flags()
	f.StringVar(&benchDungeonFlags.data, "data", "", "folder of the reference's thesis maps (default: synthetic levels only)")
	f.IntVar(&benchDungeonFlags.runs, "runs", 100, "runs per reference input")
	f.IntVar(&benchDungeonFlags.scaleRuns, "scale-runs", 10, "runs per synthetic level")
	f.StringVar(&benchDungeonFlags.scale, "scale", "25,50,100", "sizes of the synthetic levels (empty: none)")
	f.DurationVar(&benchDungeonFlags.limit, "time-limit", 30*time.Second, "time limit of one run")
}
