// Package queue spreads batch work over machines as jobs of River, the job
// queue on PostgreSQL (github.com/riverqueue/river). A run (a tournament,
// a level pack, 2048 games, GA islands) is enqueued as seeded, independent
// jobs, unique by run and index; any number of workers on any machines take
// them, and each job's result is written to the store in the transaction
// that completes the job, so a worker killed mid-job loses that job's work
// and nothing else, and no job's result is kept twice. Failed jobs are
// retried up to MaxAttempts times.
//
// What a job does is a Func registered under its task name; the same code runs a
// job on one machine, so a queued run's results equal the one-machine run's
// with the same seed.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/ludus-games/ludus/store"
)

// MaxAttempts is how often a failing job is tried before it is discarded.
const MaxAttempts = 5

// Job is one job of a run: its index and seed, and what to do (Kind with
// the task's own Payload).
type Job struct {
	RunID   int64           `json:"run_id" river:"unique"`
	Index   int             `json:"index" river:"unique"`
	Task    string          `json:"task"`
	Seed    uint64          `json:"seed"`
	Payload json.RawMessage `json:"payload"`
}

// Kind is River's name for ludus jobs.
func (Job) Kind() string { return "ludus" }

// InsertOpts makes jobs unique by run and index, so that enqueueing a run
// twice adds nothing, and caps their attempts.
func (Job) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// Output is what a job made: stored as the run's result at the job's index.
type Output struct {
	Kind string // e.g. "game", "puzzle"
	Data json.RawMessage
	// Then, when set, runs in the transaction that stores the result and
	// completes the job, before the result is stored: it may store more (a
	// puzzle in its table, whose id the result then names) or enqueue the
	// jobs that follow this one. Data it returns replaces Data.
	Then func(ctx context.Context, tx *Tx) (json.RawMessage, error)
}

// Tx is the transaction that completes a job.
type Tx struct {
	pgx.Tx
	// Job is the job being completed.
	Job Job
}

// Enqueue adds jobs within the transaction, so that they are queued if and
// only if the job completes; jobs already queued for the same run and
// index are skipped.
func (tx *Tx) Enqueue(ctx context.Context, jobs []Job) error {
	client, err := river.NewClient(riverpgxv5.New(nil), &river.Config{Logger: quietLogger()})
	if err != nil {
		return err
	}
	params := make([]river.InsertManyParams, len(jobs))
	for i, j := range jobs {
		params[i] = river.InsertManyParams{Args: j}
	}
	if _, err := client.InsertManyTx(ctx, tx.Tx, params); err != nil {
		return fmt.Errorf("queue: enqueueing: %w", err)
	}
	return nil
}

// Func does a job. It must be deterministic in the job (its seed and
// payload), so that a job retried or run on another machine makes the same
// result.
type Func func(ctx context.Context, j Job) (Output, error)

// Queue is a connection to the queue's database.
type Queue struct {
	pool *pgxpool.Pool
}

// Open connects to the PostgreSQL database at url and brings River's schema
// up to date (the store's own schema is brought up by store.Open).
func Open(ctx context.Context, url string) (*Queue, error) {
	if !store.IsURL(url) {
		return nil, fmt.Errorf("queue: %s: the queue needs PostgreSQL (--db postgres://...)", url)
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("queue %s: %w", store.Redact(url), err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("queue %s: migrating River's schema: %w", store.Redact(url), err)
	}
	return &Queue{pool: pool}, nil
}

// migrate brings River's schema up to date while holding the schema lock,
// so that workers started together on a new database take turns. (River's
// migrations cannot share one transaction: the lock is the session's.)
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	mig, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, store.SchemaLock); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, store.SchemaLock)
	_, err = mig.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// Close closes the connection.
func (q *Queue) Close() { q.pool.Close() }

// Enqueue adds jobs; jobs already queued for the same run and index are
// skipped. It returns how many were new.
func (q *Queue) Enqueue(ctx context.Context, jobs []Job) (int, error) {
	client, err := river.NewClient(riverpgxv5.New(q.pool), &river.Config{Logger: quietLogger()})
	if err != nil {
		return 0, err
	}
	params := make([]river.InsertManyParams, len(jobs))
	for i, j := range jobs {
		params[i] = river.InsertManyParams{Args: j}
	}
	added := 0
	for start := 0; start < len(params); start += 1000 {
		res, err := client.InsertMany(ctx, params[start:min(start+1000, len(params))])
		if err != nil {
			return added, fmt.Errorf("queue: enqueueing: %w", err)
		}
		for _, r := range res {
			if !r.UniqueSkippedAsDuplicate {
				added++
			}
		}
	}
	return added, nil
}

// WorkOptions set up a worker.
type WorkOptions struct {
	// Workers is the number of jobs run at once (0: 1).
	Workers int
	// JobTimeout cancels a job that runs this long (0: 30 minutes); a job
	// whose worker died is taken again by another worker a little after
	// it, so it should be longer than any job but not much longer.
	JobTimeout time.Duration
	// RetryDelay is how long a job that failed its attempt'th try waits
	// before the next (nil: River's default, attempt⁴ seconds with
	// jitter).
	RetryDelay func(attempt int) time.Duration
}

// retryPolicy waits as WorkOptions.RetryDelay says.
type retryPolicy func(attempt int) time.Duration

func (p retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(p(job.Attempt))
}

// Work takes jobs and runs them until ctx is cancelled; a job running then
// is cancelled too, and is taken again by another worker.
func (q *Queue) Work(ctx context.Context, funcs map[string]Func, o WorkOptions) error {
	if o.JobTimeout <= 0 {
		o.JobTimeout = 30 * time.Minute
	}
	ws := river.NewWorkers()
	river.AddWorker(ws, &worker{funcs: funcs, pool: q.pool})
	var retry river.ClientRetryPolicy
	if o.RetryDelay != nil {
		retry = retryPolicy(o.RetryDelay)
	}
	client, err := river.NewClient(riverpgxv5.New(q.pool), &river.Config{
		RetryPolicy:       retry,
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: max(o.Workers, 1)}},
		Workers:           ws,
		Logger:            quietLogger(),
		FetchCooldown:     20 * time.Millisecond,
		FetchPollInterval: 50 * time.Millisecond,
		// A job running past its timeout is cancelled and retried; one
		// still marked running a little later lost its worker (killed,
		// crashed) and is rescued.
		JobTimeout:           o.JobTimeout,
		RescueStuckJobsAfter: o.JobTimeout + o.JobTimeout/10 + time.Second,
	})
	if err != nil {
		return err
	}
	if err := client.Start(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	stop, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := client.StopAndCancel(stop); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

type worker struct {
	river.WorkerDefaults[Job]
	funcs map[string]Func
	pool  *pgxpool.Pool
}

func (w *worker) Work(ctx context.Context, job *river.Job[Job]) error {
	fn := w.funcs[job.Args.Task]
	if fn == nil {
		return river.JobCancel(fmt.Errorf("no worker for %q jobs (an older or newer ludus?)", job.Args.Task))
	}
	start := time.Now()
	out, err := fn(ctx, job.Args)
	if err != nil {
		return fmt.Errorf("run %d job %d: %w", job.Args.RunID, job.Args.Index, err)
	}
	elapsed := time.Since(start)
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if out.Then != nil {
		data, err := out.Then(ctx, &Tx{Tx: tx, Job: job.Args})
		if err != nil {
			return fmt.Errorf("run %d job %d: %w", job.Args.RunID, job.Args.Index, err)
		}
		if data != nil {
			out.Data = data
		}
	}
	if _, err := store.AddResultPgx(ctx, tx, store.Result{RunID: job.Args.RunID, Index: job.Args.Index, Seed: job.Args.Seed,
		Kind: out.Kind, Data: out.Data, Elapsed: elapsed}); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	// The job is complete whatever happens now; a run left unmarked reads
	// as done all the same.
	store.MarkDoneIfComplete(context.WithoutCancel(ctx), w.pool, job.Args.RunID)
	return nil
}

// Counts returns how many of a run's jobs are in each River state
// (available, running, completed, retryable, discarded, ...).
func (q *Queue) Counts(ctx context.Context, runID int64) (map[string]int, error) {
	rows, err := q.pool.Query(ctx, `SELECT state, COUNT(*) FROM river_job
		WHERE kind = 'ludus' AND (args->>'run_id')::bigint = $1 GROUP BY state`, runID)
	if err != nil {
		return nil, fmt.Errorf("queue: run %d: %w", runID, err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var state string
		var n int
		if err := rows.Scan(&state, &n); err != nil {
			return nil, err
		}
		out[state] = n
	}
	return out, rows.Err()
}

// quietLogger keeps River's own logging to warnings and errors.
func quietLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(discardWriter{}, &slog.HandlerOptions{Level: slog.LevelError}))
}

type discardWriter struct{}

func (discardWriter) Write(p []byte) (int, error) { return len(p), nil }
