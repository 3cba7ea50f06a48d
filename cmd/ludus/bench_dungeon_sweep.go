package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/dungeon"
	"github.com/ludus-games/ludus/progress"
)

var dungeonSweepFlags struct {
	sweep     bool
	graphs    int
	classes   string
	templates []string
	seed      uint64
	workers   int
	cpuLimit  time.Duration
}

// defaultSweepClasses are the classes of the reliability sweep: levels of
// up to 50 rooms with up to five loops, which may share rooms and
// connections, and large levels with a loop per ten rooms, loops apart as
// in the scaling benchmark.
const defaultSweepClasses = "10-19:0-5,20-29:0-5,30-39:0-5,40-49:0-5,100:10:separate,150:15:separate,200:20:separate"

// runDungeonSweep runs the reliability sweep of bench dungeon --sweep and
// prints its table.
func runDungeonSweep(cmd *cobra.Command, limit time.Duration) error {
	f := dungeonSweepFlags
	if f.workers < 1 {
		return fmt.Errorf("--workers %d: want at least 1", f.workers)
	}
	if f.graphs < 1 {
		return fmt.Errorf("--graphs %d: want at least 1", f.graphs)
	}
	if limit <= 0 {
		return fmt.Errorf("--time-limit %v: want a positive duration", limit)
	}
	classes, err := dungeon.ParseSweepClasses(f.classes)
	if err != nil {
		return fmt.Errorf("--classes: %w", err)
	}
	var likes []*dungeon.Spec
	for _, path := range f.templates {
		spec, err := readDungeonSpec(path)
		if err != nil {
			return err
		}
		likes = append(likes, spec)
	}
	levels := dungeon.SweepLevels(classes, f.graphs, len(likes))
	w := cmd.OutOrStdout()
	load := loadAverage()
	began := time.Now()
	runs := make([][]dungeon.SweepRun, len(classes))
	bar := progress.New(int64(len(levels)), "sweep")
	err = dungeon.Sweep(cmd.Context(), levels, dungeon.SweepOptions{Seed: f.seed, TimeLimit: limit, CPULimit: f.cpuLimit, Workers: f.workers, Like: likes},
		func(r dungeon.SweepRun) error {
			runs[r.Level.Class] = append(runs[r.Level.Class], r)
			bar.Add(1)
			return nil
		})
	bar.Finish()
	if err != nil {
		return err
	}
	budget := fmt.Sprintf("time limit %v", limit)
	if f.cpuLimit > 0 {
		budget = fmt.Sprintf("limit %v of processor time (and %v of wall time)", f.cpuLimit, limit)
	}
	fmt.Fprintf(w, "%d synthetic levels per class (ludus dungeon synth), generation seed %d, %s per level, %d at a time; load average %s before, %s after; %v in all.\n\n",
		f.graphs, f.seed, budget, f.workers, load, loadAverage(), time.Since(began).Round(time.Second))
	fmt.Fprintln(w, "| rooms | loops | success | no layout (proved) | no corridors | corridors | mean CPU | median CPU | 90% CPU | max CPU | mean wall | median iterations |")
	fmt.Fprintln(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for ci, c := range classes {
		printSweepRow(w, c, runs[ci])
	}
	if f.cpuLimit > 0 {
		budget = fmt.Sprintf("%v of processor time", f.cpuLimit)
	}
	printSweepFailures(w, runs, f.templates, f.seed, budget)
	return nil
}

// printSweepRow prints the success counts and time quantiles of a class.
func printSweepRow(w io.Writer, c dungeon.SweepClass, runs []dungeon.SweepRun) {
	var cpu []time.Duration
	var iters []int
	var wall time.Duration
	var ok, okCorr, nCorr, proved int
	for _, r := range runs {
		if errors.Is(r.Err, dungeon.ErrNoLayout) {
			proved++
		}
		cpu, iters, wall = append(cpu, r.CPU), append(iters, r.Stats.Iterations), wall+r.Wall
		if r.Level.Options.Corridors {
			nCorr++
		}
		if r.Err == nil {
			ok++
			if r.Level.Options.Corridors {
				okCorr++
			}
		}
	}
	slices.Sort(cpu)
	slices.Sort(iters)
	n := len(runs)
	var sum time.Duration
	for _, d := range cpu {
		sum += d
	}
	q := func(p float64) time.Duration { return cpu[min(int(p*float64(n)), n-1)] }
	fmt.Fprintf(w, "| %s | %s | %d/%d | %d | %d/%d | %d/%d | %s | %s | %s | %s | %s | %d |\n",
		c.Rooms(), c.Loops(), ok, n, proved, ok-okCorr, n-nCorr, okCorr, nCorr,
		fmtSeconds(sum/time.Duration(n)), fmtSeconds(q(0.5)), fmtSeconds(q(0.9)), fmtSeconds(cpu[n-1]),
		fmtSeconds(wall/time.Duration(n)), iters[n/2])
}

// printSweepFailures lists the levels without a layout, as commands that
// make them again.
func printSweepFailures(w io.Writer, runs [][]dungeon.SweepRun, templates []string, seed uint64, budget string) {
	var failed []string
	for _, rs := range runs {
		for _, r := range rs {
			if r.Err == nil {
				continue
			}
			o := r.Level.Options
			s := fmt.Sprintf("ludus dungeon synth --size %d --cycles %d --seed %d", o.Rooms, o.Cycles, o.Seed)
			if o.Corridors {
				s += " --corridors"
			}
			if o.Separate {
				s += " --separate"
			}
			if r.Level.Source >= 0 {
				s += " --templates " + templates[r.Level.Source]
			}
			switch {
			case errors.Is(r.Err, dungeon.ErrNoLayout):
				s += "   # no layout exists (proved)"
			case len(r.Stats.Stuck) > 0:
				s += "   # stuck most often at rooms " + strings.Join(r.Stats.Stuck, ", ")
			}
			failed = append(failed, s)
		}
	}
	if len(failed) == 0 {
		return
	}
	slices.Sort(failed)
	fmt.Fprintf(w, "\nNo layout within %s at seed %d (or none at all, where proved):\n\n", budget, seed)
	for _, s := range failed {
		fmt.Fprintf(w, "    %s\n", s)
	}
}

// addSweepFlags registers the flags of the sweep of "ludus bench dungeon" on
// c.
func addSweepFlags(c *cobra.Command) {
	f := c.Flags()
	f.BoolVar(&dungeonSweepFlags.sweep, "sweep", false, "run the reliability sweep over synthetic levels instead of the reference's inputs")
	f.IntVar(&dungeonSweepFlags.graphs, "graphs", 40, "with --sweep: levels per class")
	f.StringVar(&dungeonSweepFlags.classes, "classes", defaultSweepClasses, "with --sweep: classes ROOMS:LOOPS (numbers or ranges)")
	f.StringSliceVar(&dungeonSweepFlags.templates, "templates", nil, "with --sweep: specs whose templates and corridors levels also use, in turn with the built-in set")
	f.Uint64Var(&dungeonSweepFlags.seed, "seed", 1, "with --sweep: generation seed of every level")
	f.IntVar(&dungeonSweepFlags.workers, "workers", 1, "with --sweep: levels laid out at once")
	f.DurationVar(&dungeonSweepFlags.cpuLimit, "cpu-limit", 0, "with --sweep: processor-time limit of one level's generation (0: none), besides --time-limit")
}
