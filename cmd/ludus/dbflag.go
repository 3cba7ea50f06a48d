package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/ludus-games/ludus/store"
)

// openStore opens --db, or the default file in the user's data directory,
// saying where it is the first time it is made.
func openStore(ctx context.Context, db string) (*store.Store, string, error) {
	if db == "" {
		p, err := store.DefaultPath()
		if err != nil {
			return nil, "", err
		}
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(os.Stderr, "ludus: making the store %s (--db chooses another)\n", p)
		}
		db = p
	}
	st, err := store.Open(ctx, db)
	return st, store.Redact(db), err
}
