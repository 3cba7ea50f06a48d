package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/runs"
)

// newWorkerCmd returns "ludus worker".
func newWorkerCmd() *cobra.Command {
	var db string
	var workers int
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "worker --db postgres://...",
		Short: "Take queued jobs (games, puzzles, GA islands) and run them",
		Long: `worker takes the jobs that "--queue" runs put on the queue in PostgreSQL
(River): games of matches, tournaments, balance runs and 2048 runs, Linjat
puzzles, epochs of GA islands. It runs them, --workers at a time, until
Ctrl-C or SIGTERM. Start workers on any number of machines with the same
--db: each job's result is written in the transaction that completes it,
so a worker that is killed loses only the jobs it was running, which
another worker takes again after --job-timeout. A job that fails is tried
again later, up to 5 times. See docs/batch.md.`,
		Example: `  ludus tournament games/checkers.zrf --bots "random;alphabeta:depth=3" --games 100 --db postgres://host/ludus --queue
  ludus worker --db postgres://host/ludus --workers 2
  ludus runs --db postgres://host/ludus`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runs.Work(cmd.Context(), runEnv(cmd, db), queue.WorkOptions{Workers: workers, JobTimeout: timeout})
		},
	}
	c.Flags().StringVar(&db, "db", "", "the queue's PostgreSQL database (postgres://...)")
	c.Flags().IntVar(&workers, "workers", 1, "jobs run at once")
	c.Flags().DurationVar(&timeout, "job-timeout", 30*time.Minute, "cancel and retry a job that runs this long; a killed worker's jobs are taken again a little after it")
	rangeFlag(c, "workers", 1, 1024)
	rangeFlag(c, "job-timeout", float64(time.Second), float64(24*time.Hour))
	return c
}
