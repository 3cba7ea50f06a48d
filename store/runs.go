package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Run is one run of a generator, match or benchmark; what it makes refers
// to it.
type Run struct {
	ID   int64  `json:"id"`
	Kind string `json:"kind"` // e.g. "linjat generate"
	// Settings are the run's flags as JSON.
	Settings   json.RawMessage `json:"settings"`
	Seed       uint64          `json:"seed"`
	Status     string          `json:"status"` // running, queued, done, interrupted, failed
	StartedAt  time.Time       `json:"started_at"`
	FinishedAt time.Time       `json:"finished_at"` // zero while running
}

// StartRun records the start of a run and returns its id.
func (s *Store) StartRun(ctx context.Context, kind string, settings json.RawMessage, seed uint64) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx,
		`INSERT INTO runs (kind, settings, seed, status, started_at) VALUES ($1, $2, $3, 'running', $4) RETURNING id`,
		kind, jsonText(settings, "{}"), int64(seed), s.now()).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: starting run: %w", err)
	}
	return id, nil
}

// FinishRun records the end of a run with its final status.
func (s *Store) FinishRun(ctx context.Context, id int64, status string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET status = $1, finished_at = $2 WHERE id = $3`,
		status, s.now(), id)
	if err != nil {
		return fmt.Errorf("store: finishing run %d: %w", id, err)
	}
	return nil
}

// GetRun returns run id.
func (s *Store) GetRun(ctx context.Context, id int64) (*Run, error) {
	var r Run
	var seed int64
	var settings string
	var started, finished any
	err := s.db.QueryRowContext(ctx,
		`SELECT id, kind, settings, seed, status, started_at, finished_at FROM runs WHERE id = $1`, id).
		Scan(&r.ID, &r.Kind, &settings, &seed, &r.Status, &started, &finished)
	if err != nil {
		return nil, fmt.Errorf("store: run %d: %w", id, err)
	}
	r.Settings, r.Seed = json.RawMessage(settings), uint64(seed)
	r.StartedAt, r.FinishedAt = scanTime(started), scanTime(finished)
	return &r, nil
}
