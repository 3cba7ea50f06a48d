package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// noStore is the --db value that keeps nothing.
const noStore = "none"

// dbFlag registers --db on a long command: the store its run is kept in
// and resumed from.
func dbFlag(c *cobra.Command, p *string) {
	c.Flags().StringVar(p, "db", "", "keep the run in this store and resume it from there: a SQLite file or a postgres:// URL (default: ludus.db in the user's data directory; none: keep nothing)")
}

// keptRun is a run of a long command kept in the store: its settings when
// it starts, each job's result as it finishes, its files and its status at
// the end. A keptRun with no store (--db none, or no data directory for
// the default) keeps nothing and says so once.
type keptRun struct {
	ctx   context.Context
	st    *store.Store
	id    int64
	where string
	// have are the results an earlier attempt of the same run stored, in
	// index order; the command does not make them again.
	have []store.Result

	mu  sync.Mutex
	err error // the first write that failed
}

// keepRun opens the store of --db (or the default one) and resumes the
// unfinished run of spec's kind, settings and seed, or starts a new one; it
// says which on stderr.
func keepRun(cmd *cobra.Command, db string, spec store.RunSpec) (*keptRun, error) {
	ctx := cmd.Context()
	r := &keptRun{ctx: ctx}
	if db == noStore {
		return r, nil
	}
	st, where, err := openStore(ctx, db)
	if err != nil {
		if db != "" {
			return nil, err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "ludus: %v; the run is not kept\n", err)
		return r, nil
	}
	spec.Command, spec.Version = commandLine(os.Args), ludusVersion()
	id, resumed, err := st.ResumeRun(ctx, spec)
	if err == nil && resumed {
		r.have, err = st.Results(ctx, id)
	}
	if err != nil {
		st.Close()
		return nil, err
	}
	r.st, r.id, r.where = st, id, where
	if resumed {
		fmt.Fprintf(cmd.ErrOrStderr(), "run %d in %s resumed: %d of %d done before\n", id, where, len(r.have), spec.Jobs)
	} else {
		fmt.Fprintf(cmd.ErrOrStderr(), "run %d in %s\n", id, where)
	}
	return r, nil
}

// add stores the result of job index; it is safe for concurrent use. A
// failed write is remembered and returned by end, so that the work goes on
// and the run is marked failed, to be resumed.
func (r *keptRun) add(index int, seed uint64, kind string, v any, elapsed time.Duration) {
	if r.st == nil {
		return
	}
	data, err := json.Marshal(v)
	if err == nil {
		// Work finished as a signal stops the run is kept all the same.
		_, err = r.st.AddResult(context.WithoutCancel(r.ctx), store.Result{RunID: r.id, Index: index, Seed: seed, Kind: kind, Data: data, Elapsed: elapsed})
	}
	r.fail(err)
}

// file keeps a file the run wrote (a plot, a picture, a table), read from
// path; a missing file is skipped.
func (r *keptRun) file(name, path string) {
	if r.st == nil || path == "" {
		return
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return
	}
	if err == nil {
		err = r.st.SaveFile(context.WithoutCancel(r.ctx), r.id, name, data)
	}
	r.fail(err)
}

func (r *keptRun) fail(err error) {
	if err == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err == nil {
		r.err = err
	}
}

// end marks the run done, or interrupted or failed when err (or a failed
// write) says so, and returns the error to report.
func (r *keptRun) end(err error) error {
	if r.st == nil {
		return err
	}
	r.mu.Lock()
	if err == nil {
		err = r.err
	}
	r.mu.Unlock()
	status := store.StatusDone
	switch {
	case err != nil && r.ctx.Err() != nil:
		status = store.StatusInterrupted
	case err != nil:
		status = store.StatusFailed
	}
	if ferr := r.st.FinishRun(context.WithoutCancel(r.ctx), r.id, status); ferr != nil && err == nil {
		err = ferr
	}
	return err
}

// close closes the store.
func (r *keptRun) close() {
	if r.st != nil {
		r.st.Close()
	}
}

// enqueueRun records a queued run and puts its jobs on the queue in db, a
// PostgreSQL database; a run queued before with the same kind, settings and
// seed that is not finished is queued again instead, and the jobs already on
// the queue are skipped. jobs get the run's id; spec.Jobs, when set, counts
// the jobs the run will have in all (jobs may queue others as they
// complete).
func enqueueRun(cmd *cobra.Command, db string, spec store.RunSpec, jobs []queue.Job) (int64, error) {
	ctx := cmd.Context()
	if !store.IsURL(db) {
		return 0, fmt.Errorf("--queue needs --db postgres://...: the queue lives in PostgreSQL")
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	q, err := queue.Open(ctx, db)
	if err != nil {
		return 0, err
	}
	defer q.Close()
	spec.Command, spec.Version, spec.Status = commandLine(os.Args), ludusVersion(), store.StatusQueued
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
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "run %d: %d jobs queued in %s", id, added, store.Redact(db))
	if added < len(jobs) {
		fmt.Fprintf(w, " (%d were queued before)", len(jobs)-added)
	}
	fmt.Fprintf(w, "\nludus worker --db URL     runs them (on any machines)\nludus runs show %d --db URL  prints the results\n", id)
	return id, nil
}

// commandLine is the command as a shell would take it back.
func commandLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	if len(quoted) > 0 {
		quoted[0] = "ludus"
	}
	return strings.Join(quoted, " ")
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,:/+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
