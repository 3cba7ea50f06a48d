package store

import (
	"context"
	"fmt"
	"time"
)

// The functions here keep what the server needs to seat other people and
// to bound what each client holds: the seats that wait for a player, the
// sessions the lobby lists, which sessions are live, and which have gone
// idle.

// timeValue returns t as the backend stores times.
func (s *Store) timeValue(t time.Time) any {
	t = t.UTC()
	if s.postgres {
		return t
	}
	return t.Format(time.RFC3339Nano)
}

// TakeSeat records that a seat has found its player: the session's seats
// (JSON of the server) are replaced and one seat fewer waits. The event of
// the session's log is what holds the seat; this keeps the lobby's view of
// it.
func (s *Store) TakeSeat(ctx context.Context, id, seats string) error {
	_, err := s.db.ExecContext(ctx,
		`UPDATE sessions SET seats = $2, open_seats = CASE WHEN open_seats > 0 THEN open_seats - 1 ELSE 0 END WHERE id = $1`, id, seats)
	if err != nil {
		return fmt.Errorf("store: session %s: taking a seat: %w", id, err)
	}
	return nil
}

// CloseSession marks a session closed at the given time (its game has
// ended, or it was left): it no longer counts among its client's live
// sessions. Closing a closed session keeps the first time.
func (s *Store) CloseSession(ctx context.Context, id string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE sessions SET closed_at = $2 WHERE id = $1 AND closed_at IS NULL`, id, s.timeValue(at))
	if err != nil {
		return fmt.Errorf("store: closing session %s: %w", id, err)
	}
	return nil
}

// DeleteSession removes a session and its events.
func (s *Store) DeleteSession(ctx context.Context, id string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: deleting session %s: %w", id, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM session_events WHERE session_id = $1`, id); err != nil {
		return fmt.Errorf("store: deleting session %s: %w", id, err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("store: deleting session %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("store: session %s: %w", id, ErrNotFound)
	}
	if err := s.notify(ctx, tx, id, 0); err != nil {
		return fmt.Errorf("store: deleting session %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: deleting session %s: %w", id, err)
	}
	return nil
}

// LiveSessions counts the sessions a client created that are not closed.
func (s *Store) LiveSessions(ctx context.Context, client string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE client = $1 AND closed_at IS NULL`, client).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: live sessions of %s: %w", client, err)
	}
	return n, nil
}

// IdleSessions returns live sessions whose last event (or, without
// events, whose creation) came before the given time, by id after the id
// given (""), at most limit of them: the caller pages through them all.
func (s *Store) IdleSessions(ctx context.Context, before time.Time, after string, limit int) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM sessions s WHERE closed_at IS NULL AND id > $2
		AND COALESCE((SELECT e.created_at FROM session_events e WHERE e.session_id = s.id ORDER BY e.version DESC LIMIT 1), s.created_at) < $1
		ORDER BY id LIMIT $3`, s.timeValue(before), after, limit)
	if err != nil {
		return nil, fmt.Errorf("store: idle sessions: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: idle sessions: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Lobby lists the most recent sessions that are listed, newest first; with
// open, only the live ones with a seat that waits for a player.
func (s *Store) Lobby(ctx context.Context, limit int, open bool) ([]Session, error) {
	q := `SELECT id, game, variant, seats, created_at, open_seats, closed_at FROM sessions WHERE listed = $2`
	if open {
		q += ` AND open_seats > 0 AND closed_at IS NULL`
	}
	rows, err := s.db.QueryContext(ctx, q+` ORDER BY created_at DESC, id LIMIT $1`, limit, true)
	if err != nil {
		return nil, fmt.Errorf("store: lobby: %w", err)
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		var ss Session
		var created, closed any
		if err := rows.Scan(&ss.ID, &ss.Game, &ss.Variant, &ss.Seats, &created, &ss.OpenSeats, &closed); err != nil {
			return nil, fmt.Errorf("store: lobby: %w", err)
		}
		ss.Created, ss.Closed = scanTime(created), scanTime(closed)
		out = append(out, ss)
	}
	return out, rows.Err()
}
