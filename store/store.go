// Package store keeps what ludus makes: puzzles with their ratings and
// traces, the runs that made them, and (in later tables) games, layouts and
// tile sets.
//
// The default backend is an embedded SQLite file (modernc.org/sqlite, pure
// Go) in WAL mode, so that several workers and processes can write at once;
// a PostgreSQL URL selects a server instead (through pgx). The schema is
// created and upgraded by embedded goose migrations when a store is opened.
// Every write is its own transaction, committed before the call returns, so
// an interrupted run loses nothing it has reported as stored.
package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

//go:embed migrations
var migrations embed.FS

// Store is an open database. It is safe for concurrent use.
type Store struct {
	db       *sql.DB
	postgres bool
	where    string
}

// MaxPostgresConns bounds the connections a store opens to PostgreSQL at
// once (besides the one a server listens on).
const MaxPostgresConns = 20

// IsURL reports whether dsn names a PostgreSQL server rather than a file.
func IsURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open opens (creating it if needed) the store at dsn, a SQLite file path or
// a postgres:// URL, and brings its schema up to date.
func Open(ctx context.Context, dsn string) (*Store, error) {
	s := &Store{postgres: IsURL(dsn), where: dsn}
	var err error
	if s.postgres {
		s.db, err = sql.Open("pgx", dsn)
	} else {
		if err := checkFile(dsn); err != nil {
			return nil, fmt.Errorf("store %s: %w", dsn, err)
		}
		// WAL lets readers work while one writer commits; the busy timeout
		// makes concurrent writers wait their turn instead of failing, and
		// IMMEDIATE transactions take the write lock up front so that two
		// transactions cannot deadlock upgrading their locks.
		s.db, err = sql.Open("sqlite", "file:"+dsn+
			"?_journal_mode=WAL&_busy_timeout=30000&_foreign_keys=1&_synchronous=NORMAL&_txlock=immediate")
	}
	if err != nil {
		return nil, fmt.Errorf("store %s: %w", s.name(), err)
	}
	// Keep connections open between bursts: opening one (and, for SQLite,
	// setting it up) costs more than most statements.
	s.db.SetMaxIdleConns(16)
	if s.postgres {
		// A burst of requests waits for one of a few connections rather
		// than opening hundreds, each a process of the database's, and
		// several servers on one database stay within its
		// max_connections (100 by default).
		s.db.SetMaxOpenConns(MaxPostgresConns)
		s.db.SetMaxIdleConns(MaxPostgresConns)
	}
	if err := s.migrate(ctx); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("store %s: %w", s.name(), err)
	}
	return s, nil
}

// checkFile says in plain words why path cannot be a SQLite store, before
// the driver does in its own ("unable to open database file (14)"): a
// directory, a folder that does not exist, a file of another kind.
func checkFile(path string) error {
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return fmt.Errorf("is a directory, want a database file")
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		head := make([]byte, len(sqliteMagic))
		n, _ := io.ReadFull(f, head)
		if n > 0 && string(head[:n]) != sqliteMagic[:n] {
			return fmt.Errorf("not a SQLite database (a file of another kind)")
		}
		return nil
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("directory %s does not exist", dir)
	} else if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// sqliteMagic is how every SQLite database file begins.
const sqliteMagic = "SQLite format 3\x00"

// name is the store's location for messages, without a password.
func (s *Store) name() string { return Redact(s.where) }

// Redact returns dsn fit for messages: a URL loses its user information.
func Redact(dsn string) string {
	if !IsURL(dsn) {
		return dsn
	}
	if at := strings.LastIndex(dsn, "@"); at >= 0 {
		scheme, _, _ := strings.Cut(dsn, "://")
		return scheme + "://..." + dsn[at:]
	}
	return dsn
}

func (s *Store) migrate(ctx context.Context) error {
	dir, dialect := "migrations/sqlite", goose.DialectSQLite3
	if s.postgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(dialect, s.db, sub)
	if err != nil {
		return err
	}
	if s.postgres {
		// Processes that open a new database at once (workers started
		// together) take turns, or their migrations would collide.
		conn, err := s.db.Conn(ctx)
		if err != nil {
			return err
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, SchemaLock); err != nil {
			return fmt.Errorf("locking the schema: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, SchemaLock)
	}
	_, err = p.Up(ctx)
	// Two processes opening a new SQLite file at once race to make its
	// tables; each migration is a transaction, so the loser finds the
	// winner's work done when it tries again.
	for try := 0; err != nil && !s.postgres && try < 5 && ctx.Err() == nil; try++ {
		time.Sleep(time.Duration(50<<try) * time.Millisecond)
		_, err = p.Up(ctx)
	}
	if err != nil {
		return fmt.Errorf("migrating: %w", err)
	}
	return nil
}

// SchemaLock is the PostgreSQL advisory lock held while a schema (the
// store's, or the queue's) is brought up to date.
const SchemaLock int64 = 0x6c75647573 // "ludus"

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// Version returns the schema version.
func (s *Store) Version(ctx context.Context) (int64, error) {
	var v int64
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version_id), 0) FROM goose_db_version`).Scan(&v)
	return v, err
}

// now returns the current time as the backend stores it.
func (s *Store) now() any {
	t := time.Now().UTC()
	if s.postgres {
		return t
	}
	return t.Format(time.RFC3339Nano)
}

// scanTime converts a stored time (text in SQLite, a timestamp in
// PostgreSQL) back; NULL gives the zero time.
func scanTime(v any) time.Time {
	switch t := v.(type) {
	case time.Time:
		return t.UTC()
	case string:
		x, _ := time.Parse(time.RFC3339Nano, t)
		return x
	case []byte:
		x, _ := time.Parse(time.RFC3339Nano, string(t))
		return x
	}
	return time.Time{}
}

// jsonText returns data as stored JSON, with empty meaning def.
func jsonText(data []byte, def string) string {
	if len(data) == 0 {
		return def
	}
	return string(data)
}
