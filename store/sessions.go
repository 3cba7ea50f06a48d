package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrNotFound is returned for a session or file the store does not hold.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned when an event's version is already taken: another
// writer appended to the session first.
var ErrConflict = errors.New("version already taken")

// Session is a game session of the server: which game, which variant and
// who sits where (Seats is JSON the server defines).
type Session struct {
	ID      string
	Game    string
	Variant string
	Seats   string
	Created time.Time
	// GameVersion is the version of an uploaded rules file the session
	// plays (0 for the other files).
	GameVersion int
	// Options is JSON the server defines: what else the session was
	// created with.
	Options string
	// Client names who created the session, for counting its live
	// sessions (see LiveSessions).
	Client string
	// Unlisted sessions are left out of Lobby: only a link finds them.
	Unlisted bool
	// OpenSeats is the number of seats that wait for a player.
	OpenSeats int
	// Closed is when the session was closed (see CloseSession); zero
	// while it is live.
	Closed time.Time
}

// SessionEvent is one event of a session's log. Versions count from 1 with
// no gaps. Created is when it happened: the time it is appended at unless
// set (a clock's flag falls at a time of its own).
type SessionEvent struct {
	Version int
	Kind    string // "move", "undo"
	Seat    int
	Move    string
	Note    string
	Created time.Time
}

// CreateSession stores a new session with no events.
func (s *Store) CreateSession(ctx context.Context, ss Session) error {
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO sessions (id, game, variant, seats, created_at, game_version, options, client, listed, open_seats)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		ss.ID, ss.Game, ss.Variant, ss.Seats, s.now(), ss.GameVersion, cmp.Or(ss.Options, "{}"), ss.Client, !ss.Unlisted, ss.OpenSeats)
	if err != nil {
		return fmt.Errorf("store: creating session: %w", err)
	}
	return nil
}

// AppendEvent adds an event to a session's log, committed before it
// returns. An event whose version is taken fails with ErrConflict and
// changes nothing.
func (s *Store) AppendEvent(ctx context.Context, id string, e SessionEvent) error {
	errs, err := s.AppendEvents(ctx, []PendingEvent{{Session: id, Event: e}})
	if err != nil {
		return err
	}
	return errs[0]
}

// LoadSession returns a session and its events in order.
func (s *Store) LoadSession(ctx context.Context, id string) (*Session, []SessionEvent, error) {
	var ss Session
	var created, closed any
	var listed bool
	err := s.db.QueryRowContext(ctx, `SELECT id, game, variant, seats, created_at, game_version, options, client, listed, open_seats, closed_at
		FROM sessions WHERE id = $1`, id).
		Scan(&ss.ID, &ss.Game, &ss.Variant, &ss.Seats, &created, &ss.GameVersion, &ss.Options, &ss.Client, &listed, &ss.OpenSeats, &closed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("store: session %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: session %s: %w", id, err)
	}
	ss.Created, ss.Closed, ss.Unlisted = scanTime(created), scanTime(closed), !listed
	rows, err := s.db.QueryContext(ctx,
		`SELECT version, kind, seat, move, note, created_at FROM session_events WHERE session_id = $1 ORDER BY version`, id)
	if err != nil {
		return nil, nil, fmt.Errorf("store: session %s events: %w", id, err)
	}
	defer rows.Close()
	var evs []SessionEvent
	for rows.Next() {
		var e SessionEvent
		if err := rows.Scan(&e.Version, &e.Kind, &e.Seat, &e.Move, &e.Note, &created); err != nil {
			return nil, nil, fmt.Errorf("store: session %s events: %w", id, err)
		}
		e.Created = scanTime(created)
		evs = append(evs, e)
	}
	return &ss, evs, rows.Err()
}

// Sessions lists the most recent sessions, newest first.
func (s *Store) Sessions(ctx context.Context, limit int) ([]Session, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, game, variant, seats, created_at, game_version FROM sessions ORDER BY created_at DESC, id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: sessions: %w", err)
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		var ss Session
		var created any
		if err := rows.Scan(&ss.ID, &ss.Game, &ss.Variant, &ss.Seats, &created, &ss.GameVersion); err != nil {
			return nil, fmt.Errorf("store: sessions: %w", err)
		}
		ss.Created = scanTime(created)
		out = append(out, ss)
	}
	return out, rows.Err()
}

// PendingEvent is an event to append to a session's log in a batch.
type PendingEvent struct {
	Session string
	Event   SessionEvent
}

// AppendEvents appends many events in one transaction, as AppendEvent does
// one: a server gathers the events of concurrent sessions and commits them
// together. errs[i] is the outcome of events[i] (ErrConflict for a taken
// version, which does not fail the others); err is set when the
// transaction itself failed, and then no event was stored.
func (s *Store) AppendEvents(ctx context.Context, events []PendingEvent) (errs []error, err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: appending events: %w", err)
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO session_events (session_id, version, kind, seat, move, note, created_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`)
	if err != nil {
		return nil, fmt.Errorf("store: appending events: %w", err)
	}
	defer stmt.Close()
	errs = make([]error, len(events))
	last := map[string]int{}
	now := s.now()
	for i, pe := range events {
		e := pe.Event
		at := now
		if !e.Created.IsZero() {
			at = s.timeValue(e.Created)
		}
		res, err := stmt.ExecContext(ctx, pe.Session, e.Version, e.Kind, e.Seat, e.Move, e.Note, at)
		if err != nil {
			return nil, fmt.Errorf("store: session %s event %d: %w", pe.Session, e.Version, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			errs[i] = fmt.Errorf("store: session %s event %d: %w", pe.Session, e.Version, ErrConflict)
		} else {
			last[pe.Session] = max(last[pe.Session], e.Version)
		}
	}
	// The other servers of a shared store hear of the events when they
	// are committed.
	for id, v := range last {
		if err := s.notify(ctx, tx, id, v); err != nil {
			return nil, fmt.Errorf("store: session %s: telling of event %d: %w", id, v, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: appending events: %w", err)
	}
	return errs, nil
}
