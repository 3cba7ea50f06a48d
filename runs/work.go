package runs

import (
	"context"
	"fmt"

	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// Work takes the jobs of queued runs from the queue in env.DB (PostgreSQL)
// and runs them, every task of package jobs, until ctx is cancelled. Each
// job's result is stored in the transaction that completes it. It says on
// env.Stdout where it takes jobs from.
func Work(ctx context.Context, env Env, o queue.WorkOptions) error {
	if env.DB == "" {
		return fmt.Errorf("--db postgres://... is required: the queue lives in PostgreSQL")
	}
	st, err := store.Open(ctx, env.DB) // the results' schema
	if err != nil {
		return err
	}
	st.Close()
	q, err := queue.Open(ctx, env.DB)
	if err != nil {
		return err
	}
	defer q.Close()
	fmt.Fprintf(env.stdout(), "ludus worker: taking jobs from %s, %d at a time\n", store.Redact(env.DB), o.Workers)
	return q.Work(ctx, jobs.Tasks(), o)
}
