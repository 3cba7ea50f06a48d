package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// RunSpec says how a run is made: what the command was, its flags and
// seed, the ludus version, and how many jobs (games, puzzles, layouts...)
// it has.
type RunSpec struct {
	Kind     string // e.g. "match", "linjat generate"
	Command  string // the command line
	Settings json.RawMessage
	Seed     uint64
	Version  string
	Jobs     int
	// Status is the run's status at its start: StatusRunning (the default)
	// or StatusQueued.
	Status string
}

// Result is what one job of a run made: a game with its record and
// statistics, a puzzle, a layout, a tile set and its scores. Data is the
// kind's own JSON.
type Result struct {
	RunID     int64           `json:"run_id"`
	Index     int             `json:"index"`
	Seed      uint64          `json:"seed"`
	Kind      string          `json:"kind"`
	Data      json.RawMessage `json:"data"`
	Elapsed   time.Duration   `json:"elapsed_ns"`
	CreatedAt time.Time       `json:"created_at"`
}

// RunInfo is a run with its progress.
type RunInfo struct {
	Run
	Command string `json:"command"`
	Version string `json:"version"`
	Jobs    int    `json:"jobs"` // jobs the run has
	Done    int    `json:"done"` // results stored
}

// CreateRun records a new run and returns its id.
func (s *Store) CreateRun(ctx context.Context, r RunSpec) (int64, error) {
	var id int64
	status := r.Status
	if status == "" {
		status = StatusRunning
	}
	err := s.db.QueryRowContext(ctx,
		`INSERT INTO runs (kind, settings, seed, status, started_at, command, version, jobs)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		r.Kind, jsonText(r.Settings, "{}"), int64(r.Seed), status, s.now(), r.Command, r.Version, r.Jobs).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: creating run: %w", err)
	}
	return id, nil
}

// FindRun returns the latest run of a kind with exactly these settings and
// seed (to resume it), or 0.
func (s *Store) FindRun(ctx context.Context, kind string, settings json.RawMessage, seed uint64) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx,
		`SELECT id FROM runs WHERE kind = $1 AND settings = $2 AND seed = $3 ORDER BY id DESC LIMIT 1`,
		kind, jsonText(settings, "{}"), int64(seed)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: finding run: %w", err)
	}
	return id, nil
}

// AddResult stores a job's result, committed when it returns; added is
// false when the run already had a result at that index (which is kept).
func (s *Store) AddResult(ctx context.Context, r Result) (added bool, err error) {
	res, err := s.db.ExecContext(ctx, insertResult,
		r.RunID, r.Index, int64(r.Seed), r.Kind, jsonText(r.Data, "{}"), float64(r.Elapsed)/1e6, s.now())
	if err != nil {
		return false, fmt.Errorf("store: run %d result %d: %w", r.RunID, r.Index, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const insertResult = `INSERT INTO run_results (run_id, idx, seed, kind, data, elapsed_ms, created_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`

// AddResultPgx stores a result as AddResult does, inside a pgx transaction
// of PostgreSQL: a queue worker writes a job's result in the transaction
// that completes the job, so that a job is done exactly when its result is
// stored. After the commit, MarkDoneIfComplete marks the run done when it was
// its last result.
func AddResultPgx(ctx context.Context, tx pgx.Tx, r Result) (added bool, err error) {
	tag, err := tx.Exec(ctx, insertResult,
		r.RunID, r.Index, int64(r.Seed), r.Kind, jsonText(r.Data, "{}"), float64(r.Elapsed)/1e6, time.Now().UTC())
	if err != nil {
		return false, fmt.Errorf("store: run %d result %d: %w", r.RunID, r.Index, err)
	}
	return tag.RowsAffected() == 1, nil
}

// Execer runs a statement: a pgx connection, pool or transaction.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// MarkDoneIfComplete marks a run done if it has all its results. A queue
// worker calls it after committing a result: the worker that commits last
// counts every result, so the run is marked without making the jobs of a
// run commit one at a time. (Should that worker die in between, readers
// still see the run done: RunInfo counts its results.)
func MarkDoneIfComplete(ctx context.Context, db Execer, runID int64) error {
	_, err := db.Exec(ctx, `UPDATE runs SET status = $2, finished_at = $3
		WHERE id = $1 AND status <> $2 AND jobs <= (SELECT COUNT(*) FROM run_results WHERE run_id = $1)`,
		runID, StatusDone, time.Now().UTC())
	if err != nil {
		return fmt.Errorf("store: finishing run %d: %w", runID, err)
	}
	return nil
}

// Results returns a run's results in index order.
func (s *Store) Results(ctx context.Context, runID int64) ([]Result, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+resultColumns+` FROM run_results WHERE run_id = $1 ORDER BY idx`, runID)
	if err != nil {
		return nil, fmt.Errorf("store: run %d results: %w", runID, err)
	}
	defer rows.Close()
	return readResults(rows, runID)
}

const resultColumns = `idx, seed, kind, data, elapsed_ms, created_at`

// resultRows are the rows of a query of resultColumns, of database/sql or
// of pgx.
type resultRows interface {
	Next() bool
	Scan(...any) error
	Err() error
}

// readResults reads every row of a query of resultColumns.
func readResults(rows resultRows, runID int64) ([]Result, error) {
	var out []Result
	for rows.Next() {
		r, err := scanResult(rows, runID)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// scanResult reads a row of resultColumns (of database/sql or of pgx).
func scanResult(row interface{ Scan(...any) error }, runID int64) (Result, error) {
	r := Result{RunID: runID}
	var seed int64
	var data string
	var ms float64
	var created any
	if err := row.Scan(&r.Index, &seed, &r.Kind, &data, &ms, &created); err != nil {
		return r, fmt.Errorf("store: run %d results: %w", runID, err)
	}
	r.Seed, r.Data, r.Elapsed, r.CreatedAt = uint64(seed), json.RawMessage(data), time.Duration(ms*1e6), scanTime(created)
	return r, nil
}

// Runs lists the most recent runs with their progress, newest first.
func (s *Store) Runs(ctx context.Context, limit int) ([]RunInfo, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.id, r.kind, r.settings, r.seed, r.status, r.started_at, r.finished_at,
		r.command, r.version, r.jobs, (SELECT COUNT(*) FROM run_results x WHERE x.run_id = r.id),
		(SELECT MAX(created_at) FROM run_results x WHERE x.run_id = r.id)
		FROM runs r ORDER BY r.id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: runs: %w", err)
	}
	defer rows.Close()
	var out []RunInfo
	for rows.Next() {
		ri, err := scanRunInfo(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, ri)
	}
	return out, rows.Err()
}

// GetRunInfo returns one run with its progress.
func (s *Store) GetRunInfo(ctx context.Context, id int64) (RunInfo, error) {
	row := s.db.QueryRowContext(ctx, `SELECT r.id, r.kind, r.settings, r.seed, r.status, r.started_at, r.finished_at,
		r.command, r.version, r.jobs, (SELECT COUNT(*) FROM run_results x WHERE x.run_id = r.id),
		(SELECT MAX(created_at) FROM run_results x WHERE x.run_id = r.id)
		FROM runs r WHERE r.id = $1`, id)
	ri, err := scanRunInfo(row)
	if errors.Is(err, sql.ErrNoRows) {
		return ri, fmt.Errorf("store: run %d: %w", id, ErrNotFound)
	}
	return ri, err
}

func scanRunInfo(row interface{ Scan(...any) error }) (RunInfo, error) {
	var ri RunInfo
	var seed int64
	var settings string
	var started, finished, last any
	err := row.Scan(&ri.ID, &ri.Kind, &settings, &seed, &ri.Status, &started, &finished, &ri.Command, &ri.Version, &ri.Jobs, &ri.Done, &last)
	if err != nil {
		return ri, err
	}
	ri.Settings, ri.Seed = json.RawMessage(settings), uint64(seed)
	ri.StartedAt, ri.FinishedAt = scanTime(started), scanTime(finished)
	if ri.Status != StatusDone && ri.Jobs > 0 && ri.Done >= ri.Jobs {
		// What made its last result died before marking it: it is done
		// all the same.
		ri.Status, ri.FinishedAt = StatusDone, scanTime(last)
	}
	return ri, nil
}

// SaveFile keeps a file a run wrote (a plot, a record, a picture), replacing
// one of the same name.
func (s *Store) SaveFile(ctx context.Context, runID int64, name string, content []byte) error {
	_, err := s.db.ExecContext(ctx, saveFile, runID, name, content)
	if err != nil {
		return fmt.Errorf("store: run %d file %s: %w", runID, name, err)
	}
	return nil
}

const saveFile = `INSERT INTO run_files (run_id, name, content) VALUES ($1, $2, $3)
	ON CONFLICT (run_id, name) DO UPDATE SET content = excluded.content`

// Files returns the names and contents of a run's files, by name.
func (s *Store) Files(ctx context.Context, runID int64) (map[string][]byte, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT name, content FROM run_files WHERE run_id = $1 ORDER BY name`, runID)
	if err != nil {
		return nil, fmt.Errorf("store: run %d files: %w", runID, err)
	}
	defer rows.Close()
	out := map[string][]byte{}
	for rows.Next() {
		var name string
		var content []byte
		if err := rows.Scan(&name, &content); err != nil {
			return nil, fmt.Errorf("store: run %d files: %w", runID, err)
		}
		out[name] = content
	}
	return out, rows.Err()
}
