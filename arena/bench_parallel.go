package arena

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/ludus-games/ludus/games"
)

// ParallelBench sets up the parallel-MCTS measurement of
// WriteParallelReport.
type ParallelBench struct {
	// Time is the time budget of each timed decision (from the start
	// position).
	Time time.Duration
	// Threads are the thread counts measured; 1 is always measured, as
	// the base of the speed-ups.
	Threads []int
	// Rounds of every configuration, taken in turn so that a change in
	// the machine's load touches them alike; the report gives medians.
	Rounds int
	Seed   uint64
	// CPU returns the processor time the process has used so far; nil (or
	// a clock that stays at 0) leaves the CPU columns out.
	CPU func() time.Duration
	// Load describes the machine's load (a load average), printed before
	// and after the runs; nil prints nothing.
	Load func() string
	// Progress, if set, is called after each decision.
	Progress func()
}

// ParallelRun is one timed MCTS decision.
type ParallelRun struct {
	Iterations int64
	Wall, CPU  time.Duration
}

// parallelConfig is one way of searching: a bot spec's parallel and
// threads.
type parallelConfig struct {
	mode    string
	threads int
}

func (b ParallelBench) configs() []parallelConfig {
	cs := []parallelConfig{{"root", 1}}
	for _, t := range b.Threads {
		if t > 1 && !slices.Contains(cs, parallelConfig{"root", t}) {
			cs = append(cs, parallelConfig{"root", t}, parallelConfig{"tree", t})
		}
	}
	return cs
}

// MeasureParallelRun times one decision of the bot spec from the start
// position of g, in wall-clock and processor time (cpu may be nil).
func MeasureParallelRun(ctx context.Context, g *games.Game, spec string, cpu func() time.Duration) (ParallelRun, error) {
	bot, err := g.Bots.Bot(spec)
	if err != nil {
		return ParallelRun{}, err
	}
	pos := g.New()
	var c0 time.Duration
	if cpu != nil {
		c0 = cpu()
	}
	start := time.Now()
	d, err := bot.Choose(ctx, pos)
	if err != nil {
		return ParallelRun{}, fmt.Errorf("%s: %w", spec, err)
	}
	r := ParallelRun{Iterations: d.Nodes, Wall: time.Since(start)}
	if cpu != nil {
		r.CPU = cpu() - c0
	}
	return r, nil
}

// WriteParallelReport times MCTS decisions from the start of each game
// on one thread and on more, root and tree parallel, and writes a
// Markdown table: iterations per second of wall-clock time and of
// processor time, and the speed-ups over one thread. On a machine shared
// with other work the wall-clock speed-up shows what the scheduler gave;
// iterations per processor-second show what the threads cost.
func WriteParallelReport(ctx context.Context, w io.Writer, games []SpeedGame, b ParallelBench) error {
	if b.Time <= 0 {
		return fmt.Errorf("parallel MCTS benchmark: no time per decision")
	}
	rounds := max(b.Rounds, 1)
	configs := b.configs()
	if b.Load != nil {
		fmt.Fprintf(w, "Load before: %s\n\n", b.Load())
	}
	runs := make([][][]ParallelRun, len(games)) // game, config, round
	for gi := range games {
		runs[gi] = make([][]ParallelRun, len(configs))
	}
	for range rounds {
		for gi, g := range games {
			for ci, c := range configs {
				spec := fmt.Sprintf("mcts:time=%v,threads=%d,parallel=%s,seed=%d", b.Time, c.threads, c.mode, b.Seed)
				r, err := MeasureParallelRun(ctx, g.Game, spec, b.CPU)
				if err != nil {
					return fmt.Errorf("%s: %w", g.File, err)
				}
				runs[gi][ci] = append(runs[gi][ci], r)
				if b.Progress != nil {
					b.Progress()
				}
			}
		}
	}
	withCPU := b.CPU != nil && b.CPU() > 0
	fmt.Fprintf(w, "| game | parallel | threads | iterations/s (wall) | speed-up (wall) |")
	if withCPU {
		fmt.Fprintf(w, " iterations per CPU-second | CPU ÷ wall | CPU efficiency |")
	}
	fmt.Fprintf(w, "\n| --- | --- | ---: | ---: | ---: |")
	if withCPU {
		fmt.Fprintf(w, " ---: | ---: | ---: |")
	}
	fmt.Fprintln(w)
	for gi, g := range games {
		var wall1, cpu1 float64
		for ci, c := range configs {
			wall, cpu, util := medianRates(runs[gi][ci])
			if ci == 0 {
				wall1, cpu1 = wall, cpu
			}
			mode := c.mode
			if c.threads == 1 {
				mode = "-"
			}
			fmt.Fprintf(w, "| %s | %s | %d | %s | %.2fx |", g.Name, mode, c.threads, thousands(wall), wall/wall1)
			if withCPU {
				fmt.Fprintf(w, " %s | %.2f | %.2f |", thousands(cpu), util, cpu/cpu1)
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "\nMedians of %d rounds; each run one decision of %v from the start position.", rounds, b.Time)
	if withCPU {
		fmt.Fprintf(w, " CPU efficiency: iterations per CPU-second over the one-thread figure.")
	}
	fmt.Fprintln(w)
	if b.Load != nil {
		fmt.Fprintf(w, "\nLoad after: %s\n", b.Load())
	}
	return nil
}

// medianRates returns the medians over runs of iterations per wall
// second, iterations per CPU second and CPU time over wall time.
func medianRates(runs []ParallelRun) (wall, cpu, util float64) {
	var ws, cs, us []float64
	for _, r := range runs {
		ws = append(ws, float64(r.Iterations)/r.Wall.Seconds())
		if r.CPU > 0 {
			cs = append(cs, float64(r.Iterations)/r.CPU.Seconds())
			us = append(us, r.CPU.Seconds()/r.Wall.Seconds())
		}
	}
	return Summarize(ws).Median, Summarize(cs).Median, Summarize(us).Median
}
