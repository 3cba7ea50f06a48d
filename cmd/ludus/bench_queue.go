package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/store"
)

// benchQueueFlags are the settings of "ludus bench queue".
type benchQueueFlags struct {
	db         string
	jobs       int
	procs      []int
	procJobs   int
	game, bots string
	games      int
}

// newBenchQueueCmd returns "ludus bench queue".
func newBenchQueueCmd() *cobra.Command {
	var f benchQueueFlags
	c := &cobra.Command{
		Use:   "queue --db postgres://...",
		Short: "Jobs per second through the queue, and the speed-up of a tournament with more worker processes",
		Long: `queue measures batch work on the queue in --db (PostgreSQL): the jobs per
second that go through it when the jobs do nothing (enqueued, taken by
"ludus worker" processes, their results stored), and the time a queued
tournament of --games games takes with 1, 2 and 4 local worker processes
(--procs), with the speed-up over one process. Each worker process runs one
job at a time. It reports the processor time of the worker processes and
the load average around each run: on a machine shared with other work the
wall times say little without them. It prints Markdown tables. Without
--db it prints nothing and says why.`,
		Example: `  ludus bench queue --db postgres://localhost/ludus_bench`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.db == "" {
				fmt.Fprintln(cmd.OutOrStdout(), "(bench queue needs --db postgres://...: skipped)")
				return nil
			}
			if !store.IsURL(f.db) {
				return fmt.Errorf("--db %s: the queue needs PostgreSQL (postgres://...)", f.db)
			}
			return benchQueue(cmd, f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.db, "db", "", "the PostgreSQL database of the queue (postgres://...)")
	fl.IntVar(&f.jobs, "jobs", 2000, "trivial jobs per measurement")
	fl.IntVar(&f.procJobs, "proc-workers", 16, "jobs at once in each worker process for the trivial jobs")
	fl.IntSliceVar(&f.procs, "procs", []int{1, 2, 4}, "numbers of local worker processes to measure")
	fl.StringVar(&f.game, "game", "connect-four.zrf", "bundled rules file of the tournament")
	fl.StringVar(&f.bots, "bots", "mcts:iterations=1000;alphabeta:depth=3", "bots of the tournament")
	fl.IntVar(&f.games, "games", 200, "games between every pair of bots")
	rangeFlag(c, "jobs", 1, 1e6)
	rangeFlag(c, "proc-workers", 1, 1024)
	rangeFlag(c, "games", 1, 1e6)
	return c
}

// queueSample is one measured run on the queue.
type queueSample struct {
	procs        int
	jobs         int
	enqueue      time.Duration // putting the jobs on the queue
	wall         time.Duration // from the workers' start to the run's last result
	span         time.Duration // from the run\'s first result to its last
	cpu          time.Duration // user and system time of the worker processes
	load0, load1 string        // load averages before and after
}

func benchQueue(cmd *cobra.Command, f benchQueueFlags) error {
	ctx := cmd.Context()
	w := cmd.OutOrStdout()
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, f.db)
	if err != nil {
		return err
	}
	defer st.Close()
	q, err := queue.Open(ctx, f.db)
	if err != nil {
		return err
	}
	defer q.Close()
	fmt.Fprintf(w, "%d processors (GOMAXPROCS %d), %s; ludus %s\n\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS+"/"+runtime.GOARCH, ludusVersion())

	fmt.Fprintf(w, "Trivial jobs (%d a run, %d at once in each worker process):\n\n", f.jobs, f.procJobs)
	fmt.Fprintln(w, "| worker processes | enqueued per s | done per s | time | worker CPU | CPU per job | load before → after |")
	fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | --- |")
	// Done per second counts from the first result to the last: the
	// workers' start (a second or so) is not the queue's speed.
	for _, n := range f.procs {
		js := make([]queue.Job, f.jobs)
		for i := range js {
			js[i] = queue.Job{Index: i, Task: jobs.Noop, Seed: uint64(i)}
		}
		s, err := measureQueue(ctx, st, q, exe, f.db, n, f.procJobs, store.RunSpec{Kind: "bench noop", Seed: uint64(time.Now().UnixNano())}, js)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "| %d | %.0f | %.0f | %.2fs | %.2fs | %.2fms | %s → %s |\n", n, perSecond(s.jobs, s.enqueue), perSecond(s.jobs-1, s.span),
			s.wall.Seconds(), s.cpu.Seconds(), float64(s.cpu.Milliseconds())/float64(s.jobs), s.load0, s.load1)
	}

	src, ok := games.Source(f.game)
	if !ok {
		return fmt.Errorf("%s: not a bundled rules file", f.game)
	}
	ar := jobs.ArenaRun{Kind: "tournament", File: f.game, Source: string(src), Bots: splitSpecs(f.bots), Games: f.games, Seed: 1,
		MaxPlies: 2000, Settings: "bench queue"}
	js, err := jobs.ArenaJobs(0, ar)
	if err != nil {
		return err
	}
	settings, _ := json.Marshal(ar)
	fmt.Fprintf(w, "\nTournament of %d games of %s (%s), one game a job, one job at a time in each worker process:\n\n",
		len(js), f.game, strings.Join(ar.Bots, " against "))
	fmt.Fprintln(w, "| worker processes | time | speed-up | worker CPU | CPU per game | load before → after |")
	fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | --- |")
	var base time.Duration
	for _, n := range f.procs {
		spec := store.RunSpec{Kind: "bench tournament", Settings: settings, Seed: uint64(time.Now().UnixNano())}
		s, err := measureQueue(ctx, st, q, exe, f.db, n, 1, spec, js)
		if err != nil {
			return err
		}
		if base == 0 {
			base = s.wall
		}
		fmt.Fprintf(w, "| %d | %.1fs | %.2f | %.1fs | %.1fms | %s → %s |\n", n, s.wall.Seconds(), base.Seconds()/s.wall.Seconds(),
			s.cpu.Seconds(), float64(s.cpu.Milliseconds())/float64(s.jobs), s.load0, s.load1)
	}
	fmt.Fprintf(w, "\nCommand: %s\n", runs.CommandLine(os.Args))
	return nil
}

// measureQueue queues the jobs as a new run, starts n worker processes of
// exe and times them until the run has every result.
func measureQueue(ctx context.Context, st *store.Store, q *queue.Queue, exe, db string, n, each int, spec store.RunSpec, js []queue.Job) (queueSample, error) {
	s := queueSample{procs: n, jobs: len(js)}
	spec.Jobs, spec.Status, spec.Version = len(js), store.StatusQueued, ludusVersion()
	id, err := st.CreateRun(ctx, spec)
	if err != nil {
		return s, err
	}
	for i := range js {
		js[i].RunID = id
	}
	start := time.Now()
	if _, err := q.Enqueue(ctx, js); err != nil {
		return s, err
	}
	s.enqueue = time.Since(start)
	s.load0 = loadAverage()
	procs := make([]*exec.Cmd, n)
	start = time.Now()
	for i := range procs {
		procs[i] = exec.CommandContext(ctx, exe, "worker", "--db", db, "--workers", strconv.Itoa(each))
		procs[i].Stdout, procs[i].Stderr = io.Discard, io.Discard
		if err := procs[i].Start(); err != nil {
			return s, err
		}
	}
	err = waitForRun(ctx, st, id)
	s.wall = time.Since(start)
	if err == nil {
		s.span, err = resultSpan(ctx, st, id)
	}
	s.load1 = loadAverage()
	for _, p := range procs {
		p.Process.Signal(os.Interrupt)
	}
	for _, p := range procs {
		p.Wait()
		if ps := p.ProcessState; ps != nil {
			s.cpu += ps.UserTime() + ps.SystemTime()
		}
	}
	return s, err
}

// waitForRun polls the store until run id has all its results.
func waitForRun(ctx context.Context, st *store.Store, id int64) error {
	for {
		ri, err := st.GetRunInfo(ctx, id)
		if err != nil {
			return err
		}
		if ri.Done >= ri.Jobs {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// resultSpan is the time from a run's first result to its last.
func resultSpan(ctx context.Context, st *store.Store, id int64) (time.Duration, error) {
	rs, err := st.Results(ctx, id)
	if err != nil || len(rs) == 0 {
		return 0, err
	}
	first, last := rs[0].CreatedAt, rs[0].CreatedAt
	for _, r := range rs {
		if r.CreatedAt.Before(first) {
			first = r.CreatedAt
		}
		if r.CreatedAt.After(last) {
			last = r.CreatedAt
		}
	}
	return last.Sub(first), nil
}

func perSecond(n int, d time.Duration) float64 { return float64(n) / d.Seconds() }
