package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// The functions here let several servers share a PostgreSQL store: each
// hears of the events the others append (LISTEN/NOTIFY), reads the events
// it has not seen, and claims a bot's move before thinking about it, so
// that one server makes it.

// eventsChannel is the PostgreSQL channel that tells of new events.
const eventsChannel = "ludus_session_events"

// EventsAfter returns a session's events after the version given, in
// order; ErrNotFound when the store no longer holds the session (it was
// deleted).
func (s *Store) EventsAfter(ctx context.Context, id string, after int) ([]SessionEvent, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT version, kind, seat, move, note, created_at FROM session_events WHERE session_id = $1 AND version > $2 ORDER BY version`, id, after)
	if err != nil {
		return nil, fmt.Errorf("store: session %s events: %w", id, err)
	}
	defer rows.Close()
	var evs []SessionEvent
	for rows.Next() {
		var e SessionEvent
		var created any
		if err := rows.Scan(&e.Version, &e.Kind, &e.Seat, &e.Move, &e.Note, &created); err != nil {
			return nil, fmt.Errorf("store: session %s events: %w", id, err)
		}
		e.Created = scanTime(created)
		evs = append(evs, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: session %s events: %w", id, err)
	}
	if len(evs) == 0 {
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE id = $1`, id).Scan(&n); err != nil {
			return nil, fmt.Errorf("store: session %s: %w", id, err)
		}
		if n == 0 {
			return nil, fmt.Errorf("store: session %s: %w", id, ErrNotFound)
		}
	}
	return evs, nil
}

// notify tells the other servers of a shared store, when the transaction
// commits, that a session has events up to a version (0: it was
// deleted). A SQLite store has no other servers.
func (s *Store) notify(ctx context.Context, tx *sql.Tx, id string, version int) error {
	if !s.postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, eventsChannel, id+" "+strconv.Itoa(version))
	return err
}

// Listen calls fn for each session that a server of the store (this one
// too) appended events to, with the session's version (0: the session was
// deleted), until ctx ends. Each time it starts listening (at first,
// and when its connection was lost and made again) it calls fn with the
// id "": every session may have moved on unheard. On a store that is not
// Shared it returns at once. report (if not nil) is told why the
// connection was lost.
func (s *Store) Listen(ctx context.Context, fn func(id string, version int), report func(error)) error {
	if !s.postgres {
		return nil
	}
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		conn, err := pgx.Connect(ctx, s.where)
		if err == nil {
			_, err = conn.Exec(ctx, `LISTEN `+eventsChannel)
		}
		if err == nil {
			fn("", 0)
			wait = 100 * time.Millisecond
			err = listenOn(ctx, conn, fn)
		}
		if conn != nil {
			// Bounded: a server that stops waits for this, and the
			// database may be the reason it stops.
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
			conn.Close(cctx)
			cancel()
		}
		if ctx.Err() != nil {
			return nil
		}
		if report != nil {
			report(err)
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return nil
		}
		wait = min(2*wait, 10*time.Second)
	}
	return nil
}

func listenOn(ctx context.Context, conn *pgx.Conn, fn func(id string, version int)) error {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		id, v, ok := strings.Cut(n.Payload, " ")
		version, err := strconv.Atoi(v)
		if !ok || err != nil {
			continue
		}
		fn(id, version)
	}
}

// ClaimMove claims the move of a session at a version for one server
// (owner) for a time, the lease (reckoned by the database's clock, which
// every server shares): granted when no other server holds a claim on
// that version that has not run out. A refused claim comes with the time
// the other server's claim has yet to run, after which it may be claimed
// again: a server that stops (or is killed) without moving lets another
// make the move once its lease runs out. On a store that is not Shared
// there is no other server, and the claim is granted.
func (s *Store) ClaimMove(ctx context.Context, id string, version int, owner string, lease time.Duration) (granted bool, left time.Duration, err error) {
	if !s.postgres {
		return true, 0, nil
	}
	// The outer SELECT sees the row as it was before the UPDATE: when the
	// claim is refused, the other server's deadline.
	var leftMS float64
	err = s.db.QueryRowContext(ctx, `WITH claimed AS (
			UPDATE sessions SET bot_version = $2, bot_owner = $3, bot_until = now() + $4 * interval '1 millisecond'
			WHERE id = $1 AND (bot_version < $2 OR bot_owner = $3 OR bot_until IS NULL OR bot_until < now())
			RETURNING 1)
		SELECT EXISTS (SELECT 1 FROM claimed),
			COALESCE((SELECT GREATEST(EXTRACT(EPOCH FROM bot_until - now()) * 1000, 0)::float8 FROM sessions WHERE id = $1), 0)`,
		id, version, owner, lease.Milliseconds()).Scan(&granted, &leftMS)
	if err != nil {
		return false, 0, fmt.Errorf("store: session %s: claiming a move: %w", id, err)
	}
	if granted {
		return true, 0, nil
	}
	return false, time.Duration(leftMS * float64(time.Millisecond)), nil
}
