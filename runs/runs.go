// Package runs keeps the runs of ludus's long commands: a run made on this
// machine is kept in the store as it goes (its settings when it starts,
// each job's result as it finishes, its files, its status at the end) and
// resumed after an interruption; a queued run is recorded and its jobs put
// on the queue for workers on any machines (package jobs holds their
// tasks). Every kind of run is in one table, kinds (kinds.go), which says
// how "ludus runs show" prints a run of that kind and which files "ludus
// runs export" writes for it, as the command that made it does.
//
// The files by domain hold what each command keeps: arena.go (match,
// tournament, balance), twenty48.go, linjat.go, dungeon.go, tiles.go and
// tiles_once.go.
package runs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ludus-games/ludus/store"
)

// NoStore is the --db value that keeps nothing.
const NoStore = "none"

// Env is what runs need of the command that makes or reads them.
type Env struct {
	// DB is the store: a SQLite file, a postgres:// URL, "" for the default
	// store in the user's data directory, or NoStore to keep nothing.
	DB string
	// Store, when set, is a store opened already (a server's), used
	// instead of DB and left open.
	Store *store.Store
	// Command and Version are the command line and the ludus version a run
	// records.
	Command, Version string
	// Stdout receives what the command prints (reports, what was queued),
	// Stderr its messages (where a run is kept). Nil discards them.
	Stdout, Stderr io.Writer
}

func (e Env) stdout() io.Writer {
	if e.Stdout == nil {
		return io.Discard
	}
	return e.Stdout
}

func (e Env) stderr() io.Writer {
	if e.Stderr == nil {
		return io.Discard
	}
	return e.Stderr
}

// OpenStore opens db, or the default store in the user's data directory
// for "", and says on msgs where the default is made the first time. It
// returns the store and its name fit for messages (no password).
func OpenStore(ctx context.Context, db string, msgs io.Writer) (*store.Store, string, error) {
	if db == "" {
		p, err := store.DefaultPath()
		if err != nil {
			return nil, "", err
		}
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) && msgs != nil {
			fmt.Fprintf(msgs, "ludus: making the store %s (--db chooses another)\n", p)
		}
		db = p
	}
	st, err := store.Open(ctx, db)
	return st, store.Redact(db), err
}

// CommandLine is the command of args as a shell would take it back, named
// ludus whatever the program's path, as a run records it.
func CommandLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	if len(quoted) > 0 {
		quoted[0] = "ludus"
	}
	return strings.Join(quoted, " ")
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,:/+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
