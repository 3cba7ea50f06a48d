package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/dungeon"
	"github.com/ludus-games/ludus/internal/cputime"
	"github.com/ludus-games/ludus/progress"
)

var dungeonBenchFlags struct {
	runs   int
	seed   uint64
	limit  time.Duration
	scale  string
	cycles float64
}

// newDungeonBenchCmd returns "ludus dungeon bench".
func newDungeonBenchCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "bench SPEC...",
		Short: "Time layout generation per spec (success rate, mean and median)",
		Long: `bench generates --runs layouts of each SPEC (seeds --seed, --seed+1, ...),
each with a freshly prepared generator as a program making one level would,
and prints a Markdown table: success rate, mean and median wall time, mean
CPU time (which does not grow when other work shares the cores), mean and
median iterations, and the preparation time alone.

--scale 25,50,100 adds synthetic levels of those sizes (see ludus dungeon
synth --separate), with one loop per --rooms-per-loop rooms.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := dungeonBenchFlags
			if f.runs < 1 {
				return fmt.Errorf("--runs %d: want at least 1", f.runs)
			}
			if len(args) == 0 && f.scale == "" {
				return fmt.Errorf("give specs to time, or --scale")
			}
			var specs []*dungeon.Spec
			var names []string
			for _, path := range args {
				spec, err := readDungeonSpec(path)
				if err != nil {
					return err
				}
				specs, names = append(specs, spec), append(names, filepath.Base(path))
			}
			sizes, err := parseSizes(f.scale)
			if err != nil {
				return err
			}
			for _, n := range sizes {
				cycles := int(float64(n)/f.cycles + 0.5)
				spec, err := dungeon.Synthetic(dungeon.SynthOptions{Rooms: n, Cycles: cycles, Seed: f.seed, Separate: true})
				if err != nil {
					return err
				}
				specs, names = append(specs, spec), append(names, fmt.Sprintf("synthetic %d rooms, %d loops", n, cycles))
			}
			w := cmd.OutOrStdout()
			printBenchHeader(w)
			for i, spec := range specs {
				res, cpu, err := benchSpec(cmd.Context(), names[i], spec, f.runs, f.seed, f.limit)
				if err != nil {
					return err
				}
				printBenchRow(w, names[i], len(spec.Rooms), res, cpu, "")
			}
			return nil
		},
	}
	addDungeonBenchFlags(c)
	return c
}

func parseSizes(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		n, err := strconv.Atoi(part)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("--scale: %q is not a room count", part)
		}
		out = append(out, n)
	}
	return out, nil
}

// benchSpec runs dungeon.Bench with a progress bar and returns the mean
// CPU time per run besides.
func benchSpec(ctx context.Context, name string, spec *dungeon.Spec, runs int, seed uint64, limit time.Duration) (dungeon.BenchResult, time.Duration, error) {
	bar := progress.New(int64(runs), name)
	defer bar.Finish()
	cpu := cputime.Process()
	res, err := dungeon.Bench(ctx, spec, runs, seed, limit, func(int, *dungeon.Layout, error) { bar.Add(1) })
	return res, (cputime.Process() - cpu) / time.Duration(max(runs, 1)), err
}

// benchColumns are the columns of a benchmark row.
const benchColumns = "| input | rooms | success | mean | median | mean CPU | mean iterations | median iterations | preparation |"

func printBenchHeader(w io.Writer) {
	fmt.Fprintln(w, benchColumns)
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
}

// printBenchRow prints one row; times are wall times per run except the
// mean CPU time.
func printBenchRow(w io.Writer, name string, rooms int, r dungeon.BenchResult, cpu time.Duration, extra string) {
	fmt.Fprintf(w, "| %s | %d | %d/%d | %s | %s | %s | %.0f | %.0f | %s |%s\n", name, rooms, r.Successes, r.Runs,
		fmtSeconds(r.MeanTime), fmtSeconds(r.MedianTime), fmtSeconds(cpu), r.MeanIterations, r.MedianIterations, fmtSeconds(r.Init), extra)
}

// fmtSeconds prints a duration in seconds with three significant digits.
func fmtSeconds(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s >= 10:
		return fmt.Sprintf("%.1f s", s)
	case s >= 0.01:
		return fmt.Sprintf("%.3f s", s)
	}
	return fmt.Sprintf("%.2f ms", s*1000)
}

// addDungeonBenchFlags registers the flags of "ludus dungeon bench" on c.
func addDungeonBenchFlags(c *cobra.Command) {
	f := c.Flags()
	f.IntVar(&dungeonBenchFlags.runs, "runs", 100, "layouts per spec")
	f.Uint64Var(&dungeonBenchFlags.seed, "seed", 1, "seed of the first run")
	f.DurationVar(&dungeonBenchFlags.limit, "time-limit", 60*time.Second, "time limit of one run (a run that hits it fails)")
	f.StringVar(&dungeonBenchFlags.scale, "scale", "", "comma-separated sizes of synthetic levels to add")
	f.Float64Var(&dungeonBenchFlags.cycles, "rooms-per-loop", 10, "synthetic levels get size/this loops")
}
