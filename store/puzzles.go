package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Puzzle is a stored puzzle of some game, with what the generator knew of
// it. The JSON fields are the game's own encodings.
type Puzzle struct {
	ID            int64
	Game          string // e.g. "linjat"
	Height, Width int
	// Body is the puzzle in the game's text format; a game stores a puzzle
	// once (adding it again returns the existing row).
	Body       string
	Difficulty string
	Score      float64
	Rating     json.RawMessage
	Trace      json.RawMessage
	Solution   json.RawMessage
	// Seed and Settings say how the generator made it. Seeds are stored as
	// 64-bit signed integers with the same bits.
	Seed      uint64
	Settings  json.RawMessage
	RunID     int64 // 0 when not part of a run
	CreatedAt time.Time
}

// AddPuzzle stores p (ignoring its ID and CreatedAt) and returns its id; added
// is false when the game already had the same puzzle, whose id is returned.
// The row is committed when AddPuzzle returns.
func (s *Store) AddPuzzle(ctx context.Context, p *Puzzle) (id int64, added bool, err error) {
	var run any
	if p.RunID != 0 {
		run = p.RunID
	}
	err = s.db.QueryRowContext(ctx, insertPuzzle,
		p.Game, p.Height, p.Width, p.Body, p.Difficulty, p.Score,
		jsonText(p.Rating, "{}"), jsonText(p.Trace, "[]"), jsonText(p.Solution, "[]"),
		int64(p.Seed), jsonText(p.Settings, "{}"), run, s.now()).Scan(&id)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, fmt.Errorf("store: adding %s puzzle: %w", p.Game, err)
	}
	err = s.db.QueryRowContext(ctx, findPuzzle, p.Game, p.Body).Scan(&id)
	if err != nil {
		return 0, false, fmt.Errorf("store: finding %s puzzle: %w", p.Game, err)
	}
	return id, false, nil
}

const (
	insertPuzzle = `INSERT INTO puzzles
		(game, height, width, body, difficulty, score, rating, trace, solution, seed, settings, run_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (game, body) DO NOTHING RETURNING id`
	findPuzzle = `SELECT id FROM puzzles WHERE game = $1 AND body = $2`
)

// Query selects puzzles; zero fields do not filter.
type Query struct {
	// ID selects one puzzle by its id.
	ID         int64
	Game       string
	Difficulty string
	// Seed and Settings, when Settings is set, select what one generator
	// run with these settings and seed made (to resume a run).
	Seed     uint64
	Settings json.RawMessage
	RunID    int64
	// Limit bounds the number of rows (0: all).
	Limit int
}

const puzzleColumns = `id, game, height, width, body, difficulty, score, rating, trace, solution,
	seed, settings, COALESCE(run_id, 0), created_at`

// Puzzles returns the puzzles matching q, best score first (then oldest).
func (s *Store) Puzzles(ctx context.Context, q Query) ([]Puzzle, error) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, fmt.Sprintf(cond, len(args)))
	}
	if q.ID != 0 {
		add("id = $%d", q.ID)
	}
	if q.Game != "" {
		add("game = $%d", q.Game)
	}
	if q.Difficulty != "" {
		add("difficulty = $%d", q.Difficulty)
	}
	if len(q.Settings) > 0 {
		add("seed = $%d", int64(q.Seed))
		add("settings = $%d", string(q.Settings))
	}
	if q.RunID != 0 {
		add("run_id = $%d", q.RunID)
	}
	query := "SELECT " + puzzleColumns + " FROM puzzles"
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY score DESC, id"
	if q.Limit > 0 {
		query += fmt.Sprintf(" LIMIT %d", q.Limit)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: listing puzzles: %w", err)
	}
	defer rows.Close()
	var out []Puzzle
	for rows.Next() {
		var p Puzzle
		var seed int64
		var rating, trace, solution, settings string
		var created any
		if err := rows.Scan(&p.ID, &p.Game, &p.Height, &p.Width, &p.Body, &p.Difficulty, &p.Score,
			&rating, &trace, &solution, &seed, &settings, &p.RunID, &created); err != nil {
			return nil, fmt.Errorf("store: reading puzzles: %w", err)
		}
		p.Rating, p.Trace, p.Solution = json.RawMessage(rating), json.RawMessage(trace), json.RawMessage(solution)
		p.Seed, p.Settings, p.CreatedAt = uint64(seed), json.RawMessage(settings), scanTime(created)
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: reading puzzles: %w", err)
	}
	return out, nil
}
