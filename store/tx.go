package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// The functions here work inside a pgx transaction of PostgreSQL: a queue
// worker stores what a job made in the transaction that completes the job.

// AddPuzzleTx stores a puzzle as AddPuzzle does, inside a pgx transaction
// of PostgreSQL: a queue worker keeps the puzzle a job made in the
// transaction that completes the job.
func AddPuzzleTx(ctx context.Context, tx pgx.Tx, p *Puzzle) (id int64, added bool, err error) {
	var run any
	if p.RunID != 0 {
		run = p.RunID
	}
	err = tx.QueryRow(ctx, insertPuzzle,
		p.Game, p.Height, p.Width, p.Body, p.Difficulty, p.Score,
		jsonText(p.Rating, "{}"), jsonText(p.Trace, "[]"), jsonText(p.Solution, "[]"),
		int64(p.Seed), jsonText(p.Settings, "{}"), run, time.Now().UTC()).Scan(&id)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, false, fmt.Errorf("store: adding %s puzzle: %w", p.Game, err)
	}
	if err := tx.QueryRow(ctx, findPuzzle, p.Game, p.Body).Scan(&id); err != nil {
		return 0, false, fmt.Errorf("store: finding %s puzzle: %w", p.Game, err)
	}
	return id, false, nil
}

// ResultsTx returns a run's results with index in [from, to), read inside
// a pgx transaction.
func ResultsTx(ctx context.Context, tx pgx.Tx, runID int64, from, to int) ([]Result, error) {
	rows, err := tx.Query(ctx, `SELECT `+resultColumns+` FROM run_results
		WHERE run_id = $1 AND idx >= $2 AND idx < $3 ORDER BY idx`, runID, from, to)
	if err != nil {
		return nil, fmt.Errorf("store: run %d results: %w", runID, err)
	}
	defer rows.Close()
	return readResults(rows, runID)
}

// LockRunTx locks a run's row until the transaction ends: jobs whose
// completion decides what follows (the last island of an epoch queues the
// next epoch) complete one at a time, each seeing the results of those
// before it.
func LockRunTx(ctx context.Context, tx pgx.Tx, runID int64) error {
	if _, err := tx.Exec(ctx, `SELECT id FROM runs WHERE id = $1 FOR UPDATE`, runID); err != nil {
		return fmt.Errorf("store: locking run %d: %w", runID, err)
	}
	return nil
}

// SaveFileTx keeps a file a run wrote, as SaveFile does, inside a pgx
// transaction.
func SaveFileTx(ctx context.Context, tx pgx.Tx, runID int64, name string, content []byte) error {
	_, err := tx.Exec(ctx, saveFile, runID, name, content)
	if err != nil {
		return fmt.Errorf("store: run %d file %s: %w", runID, name, err)
	}
	return nil
}
