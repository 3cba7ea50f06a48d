package runs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// Kept is a run made here and kept in the store: its settings when it
// starts, each job's result as it finishes, its files and its status at the
// end. A Kept with no store (NoStore, or no data directory for the default
// store) keeps nothing; every method still works.
type Kept struct {
	ctx   context.Context
	st    *store.Store
	own   bool // Close closes st
	id    int64
	where string
	// have are the results an earlier attempt of the same run stored, in
	// index order; the command does not make them again.
	have []store.Result

	mu  sync.Mutex
	err error // the first write that failed
}

// Keep opens the store of env and resumes the unfinished run of spec's
// kind, settings and seed, or starts a new one; it says which on
// env.Stderr. Without a data directory for the default store it says so
// and keeps nothing; a store named that cannot be opened is an error.
func Keep(ctx context.Context, env Env, spec store.RunSpec) (*Kept, error) {
	k := &Kept{ctx: ctx}
	if env.DB == NoStore && env.Store == nil {
		return k, nil
	}
	st, where, own := env.Store, "the store", false
	if st == nil {
		var err error
		if st, where, err = OpenStore(ctx, env.DB, env.stderr()); err != nil {
			if env.DB != "" {
				return nil, err
			}
			fmt.Fprintf(env.stderr(), "ludus: %v; the run is not kept\n", err)
			return k, nil
		}
		own = true
	}
	spec.Command, spec.Version = env.Command, env.Version
	id, resumed, err := st.ResumeRun(ctx, spec)
	if err == nil && resumed {
		k.have, err = st.Results(ctx, id)
	}
	if err != nil {
		if own {
			st.Close()
		}
		return nil, err
	}
	k.st, k.own, k.id, k.where = st, own, id, where
	if resumed {
		fmt.Fprintf(env.stderr(), "run %d in %s resumed: %d of %d done before\n", id, where, len(k.have), spec.Jobs)
	} else {
		fmt.Fprintf(env.stderr(), "run %d in %s\n", id, where)
	}
	return k, nil
}

// ID is the run's id in the store (0 when nothing is kept).
func (k *Kept) ID() int64 { return k.id }

// Where names the store for messages.
func (k *Kept) Where() string { return k.where }

// Have are the results an earlier attempt of the run stored, in index
// order.
func (k *Kept) Have() []store.Result { return k.have }

// Add stores the result of job index; it is safe for concurrent use. A
// failed write is remembered and returned by End, so that the work goes on
// and the run is marked failed, to be resumed.
func (k *Kept) Add(index int, seed uint64, kind string, v any, elapsed time.Duration) {
	if k.st == nil {
		return
	}
	data, err := json.Marshal(v)
	if err == nil {
		// Work finished as a signal stops the run is kept all the same.
		_, err = k.st.AddResult(context.WithoutCancel(k.ctx), store.Result{RunID: k.id, Index: index, Seed: seed, Kind: kind, Data: data, Elapsed: elapsed})
	}
	k.Fail(err)
}

// File keeps a file the run wrote (a plot, a picture, a table) as name,
// read from path; a missing file is skipped.
func (k *Kept) File(name, path string) {
	if k.st == nil || path == "" {
		return
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return
	}
	if err == nil {
		err = k.st.SaveFile(context.WithoutCancel(k.ctx), k.id, name, data)
	}
	k.Fail(err)
}

// FileData keeps a file the run made in memory (a plot drawn for a page)
// as name.
func (k *Kept) FileData(name string, data []byte) {
	if k.st == nil {
		return
	}
	k.Fail(k.st.SaveFile(context.WithoutCancel(k.ctx), k.id, name, data))
}

// Fail remembers err (when not nil) as a failed write of the run, for End.
func (k *Kept) Fail(err error) {
	if err == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.err == nil {
		k.err = err
	}
}

// End marks the run done, or interrupted or failed when err (or a failed
// write) says so, and returns the error to report.
func (k *Kept) End(err error) error {
	if k.st == nil {
		return err
	}
	k.mu.Lock()
	if err == nil {
		err = k.err
	}
	k.mu.Unlock()
	status := store.StatusDone
	switch {
	case err != nil && k.ctx.Err() != nil:
		status = store.StatusInterrupted
	case err != nil:
		status = store.StatusFailed
	}
	if ferr := k.st.FinishRun(context.WithoutCancel(k.ctx), k.id, status); ferr != nil && err == nil {
		err = ferr
	}
	return err
}

// Close closes the store, unless it was given open (Env.Store).
func (k *Kept) Close() {
	if k.st != nil && k.own {
		k.st.Close()
	}
}

// errQueueStore is the error of a queued run without PostgreSQL.
var errQueueStore = errors.New("--queue needs --db postgres://...: the queue lives in PostgreSQL")

// Enqueue records a queued run and puts its jobs on the queue in env.DB, a
// PostgreSQL database; a run queued before with the same kind, settings
// and seed that is not finished is queued again instead, and the jobs
// already on the queue are skipped. The jobs get the run's id; spec.Jobs,
// when set, counts the jobs the run will have in all (jobs may queue others
// as they complete). It says on env.Stdout what was queued and how to
// follow it.
func Enqueue(ctx context.Context, env Env, spec store.RunSpec, jobs []queue.Job) (int64, error) {
	if !store.IsURL(env.DB) {
		return 0, errQueueStore
	}
	st, err := store.Open(ctx, env.DB)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	q, err := queue.Open(ctx, env.DB)
	if err != nil {
		return 0, err
	}
	defer q.Close()
	spec.Command, spec.Version, spec.Status = env.Command, env.Version, store.StatusQueued
	if spec.Jobs == 0 {
		spec.Jobs = len(jobs) // jobs may queue more of their own
	}
	id, _, err := st.ResumeRun(ctx, spec)
	if err != nil {
		return 0, err
	}
	for i := range jobs {
		jobs[i].RunID = id
	}
	added, err := q.Enqueue(ctx, jobs)
	if err != nil {
		return id, err
	}
	w := env.stdout()
	fmt.Fprintf(w, "run %d: %d jobs queued in %s", id, added, store.Redact(env.DB))
	if added < len(jobs) {
		fmt.Fprintf(w, " (%d were queued before)", len(jobs)-added)
	}
	fmt.Fprintf(w, "\nludus worker --db URL     runs them (on any machines)\nludus runs show %d --db URL  prints the results\n", id)
	return id, nil
}
