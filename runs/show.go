package runs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// JobStates counts a queued run's jobs by state.
type JobStates struct {
	Queued   int `json:"queued"`   // waiting to be taken, or to be tried again
	Running  int `json:"running"`  // taken by a worker
	Finished int `json:"finished"` // done, their results stored
	Failed   int `json:"failed"`   // given up after their last attempt
}

// Listed is a run as "ludus runs" lists it: with its progress, and for a
// run on the queue its jobs' states.
type Listed struct {
	store.RunInfo
	Queue *JobStates `json:"queue,omitempty"`
}

// List returns the newest runs of env's store, up to limit, newest first.
func List(ctx context.Context, env Env, limit int) ([]Listed, error) {
	st, _, err := OpenStore(ctx, env.DB, env.stderr())
	if err != nil {
		return nil, err
	}
	defer st.Close()
	list, err := st.Runs(ctx, limit)
	if err != nil {
		return nil, err
	}
	counts := queueCounts(ctx, env.DB, list)
	out := make([]Listed, len(list))
	for i, r := range list {
		out[i].RunInfo = r
		if c, ok := counts[r.ID]; ok {
			out[i].Queue = &c
		}
	}
	return out, nil
}

// WriteTable prints runs as a table, as "ludus runs" does.
func WriteTable(w io.Writer, list []Listed) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tSTATUS\tDONE\tQUEUED\tRUNNING\tFAILED\tTIME\tSTARTED\tCOMMAND")
	for _, r := range list {
		q, run, failed := "-", "-", "-"
		if c := r.Queue; c != nil {
			q, run, failed = strconv.Itoa(c.Queued), strconv.Itoa(c.Running), strconv.Itoa(c.Failed)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d/%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Kind, r.Status, r.Done, r.Jobs,
			q, run, failed, runTime(r.RunInfo), r.StartedAt.Local().Format(time.DateTime), r.Command)
	}
	return tw.Flush()
}

// WriteJSON prints runs as JSON, as "ludus runs --json" does.
func WriteJSON(w io.Writer, list []Listed) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(list)
}

// queueCounts asks the queue, when the store is PostgreSQL, for the job
// states of each run; a queue that cannot be asked counts nothing.
func queueCounts(ctx context.Context, db string, list []store.RunInfo) map[int64]JobStates {
	if !store.IsURL(db) {
		return nil
	}
	q, err := queue.Open(ctx, db)
	if err != nil {
		return nil
	}
	defer q.Close()
	out := map[int64]JobStates{}
	for _, r := range list {
		c, err := q.Counts(ctx, r.ID)
		if err != nil || len(c) == 0 {
			continue
		}
		out[r.ID] = JobStates{
			Queued:   c["available"] + c["scheduled"] + c["retryable"] + c["pending"],
			Running:  c["running"],
			Finished: c["completed"],
			Failed:   c["discarded"] + c["cancelled"],
		}
	}
	return out
}

// runTime is how long a run took, or has taken so far.
func runTime(r store.RunInfo) string {
	end := r.FinishedAt
	if end.IsZero() {
		if r.Status != store.StatusRunning && r.Status != store.StatusQueued {
			return "-"
		}
		end = time.Now()
	}
	return end.Sub(r.StartedAt).Round(time.Second).String()
}

// ParseID reads a run's id as a command's argument gives it.
func ParseID(arg string) (int64, error) {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("run %q: want a number (ludus runs lists them)", arg)
	}
	return id, nil
}

// load opens env's store and reads run id with its results; the caller
// closes the store.
func load(ctx context.Context, env Env, id int64) (*store.Store, store.RunInfo, []store.Result, error) {
	st, _, err := OpenStore(ctx, env.DB, env.stderr())
	if err != nil {
		return nil, store.RunInfo{}, nil, err
	}
	ri, err := st.GetRunInfo(ctx, id)
	if err == nil {
		var results []store.Result
		if results, err = st.Results(ctx, id); err == nil {
			return st, ri, results, nil
		}
	}
	st.Close()
	return nil, ri, nil, err
}

// Show prints run id of env's store on env.Stdout as the command that made
// it did (see Kind.Show), after a line of its progress, its queue's job
// states while it is unfinished, and its command line.
func Show(ctx context.Context, env Env, id int64) error {
	st, ri, results, err := load(ctx, env, id)
	if err != nil {
		return err
	}
	defer st.Close()
	w := env.stdout()
	fmt.Fprintf(w, "run %d: %s, %s, %d of %d jobs done\n", ri.ID, ri.Kind, ri.Status, ri.Done, ri.Jobs)
	if c, ok := queueCounts(ctx, env.DB, []store.RunInfo{ri})[ri.ID]; ok && ri.Done < ri.Jobs {
		fmt.Fprintf(w, "queue: %d queued, %d running, %d finished, %d failed\n", c.Queued, c.Running, c.Finished, c.Failed)
	}
	fmt.Fprintf(w, "%s\n\n", ri.Command)
	if k, ok := kindOf(ri.Kind); ok && k.Show != nil && len(results) > 0 {
		return k.Show(w, ri, results)
	}
	for _, r := range results {
		fmt.Fprintf(w, "%d\tseed %d\t%s\t%s\n", r.Index, r.Seed, r.Kind, r.Data)
	}
	return nil
}

// Export writes run id of env's store into dir: run.json (the run and
// every result as the store keeps them), the files the command that made
// it writes (see Kind.Export) and the files the run stored. It says on
// env.Stdout how many files it wrote.
func Export(ctx context.Context, env Env, id int64, dir string) error {
	st, ri, results, err := load(ctx, env, id)
	if err != nil {
		return err
	}
	defer st.Close()
	if dir == "" {
		return fmt.Errorf("-o DIR is required")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(struct {
		Run     store.RunInfo  `json:"run"`
		Results []store.Result `json:"results"`
	}{ri, results}, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "run.json"), append(js, '\n')); err != nil {
		return err
	}
	n := 1
	if k, ok := kindOf(ri.Kind); ok && k.Export != nil && len(results) > 0 {
		m, err := k.Export(ctx, dir, ri, results)
		if err != nil {
			return err
		}
		n += m
	}
	files, err := st.Files(ctx, ri.ID)
	if err != nil {
		return err
	}
	for name, content := range files {
		if err := atomicfile.WriteFile(filepath.Join(dir, filepath.Base(name)), content); err != nil {
			return err
		}
		n++
	}
	fmt.Fprintf(env.stdout(), "wrote %d files to %s\n", n, dir)
	return nil
}

// Wait polls env's store until run id has all its results, or wait is
// up; a wait of 0 returns at once.
func Wait(ctx context.Context, env Env, id int64, wait time.Duration) error {
	if wait <= 0 {
		return nil
	}
	deadline := time.Now().Add(wait)
	for {
		st, ri, _, err := load(ctx, env, id)
		if err != nil {
			return err
		}
		st.Close()
		if ri.Done >= ri.Jobs {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("run %d: %d of %d jobs done after %v", ri.ID, ri.Done, ri.Jobs, wait)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}
