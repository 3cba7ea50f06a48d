package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Run statuses.
const (
	StatusRunning     = "running"     // being made on this machine (or its maker died)
	StatusQueued      = "queued"      // its jobs are on the queue for workers
	StatusDone        = "done"        // every job has its result
	StatusInterrupted = "interrupted" // stopped by a signal; it resumes
	StatusFailed      = "failed"      // stopped by an error; it resumes
)

// ResumeRun returns the run to continue for spec: the latest run of the
// same kind, settings and seed that was made on a machine and did not
// finish (interrupted, failed, or still marked running because its process
// died), which is marked running again; or a new run when there is none.
// resumed says which. For a spec of StatusQueued it is the latest queued
// run that is not done instead. A run made on a machine never takes over a
// queued one, nor the other way round.
func (s *Store) ResumeRun(ctx context.Context, spec RunSpec) (id int64, resumed bool, err error) {
	status, from := StatusRunning, []any{StatusRunning, StatusInterrupted, StatusFailed}
	if spec.Status == StatusQueued {
		status, from = StatusQueued, []any{StatusQueued, StatusQueued, StatusQueued}
	}
	err = s.db.QueryRowContext(ctx,
		`SELECT id FROM runs r WHERE kind = $1 AND settings = $2 AND seed = $3 AND status IN ($4, $5, $6)
		 AND (status <> 'queued' OR jobs > (SELECT COUNT(*) FROM run_results x WHERE x.run_id = r.id))
		 ORDER BY id DESC LIMIT 1`,
		append([]any{spec.Kind, jsonText(spec.Settings, "{}"), int64(spec.Seed)}, from...)...).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		id, err = s.CreateRun(ctx, spec)
		return id, false, err
	case err != nil:
		return 0, false, fmt.Errorf("store: finding a run to resume: %w", err)
	}
	_, err = s.db.ExecContext(ctx, `UPDATE runs SET status = $1, finished_at = NULL, jobs = $2 WHERE id = $3`,
		status, spec.Jobs, id)
	if err != nil {
		return 0, false, fmt.Errorf("store: resuming run %d: %w", id, err)
	}
	return id, true, nil
}
