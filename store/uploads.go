package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrWrongKey is returned when a change to an uploaded file does not come
// with the key of its uploader.
var ErrWrongKey = errors.New("not the uploader's key")

// GameFile is a rules file a user uploaded to the server, at one of its
// versions.
type GameFile struct {
	Name   string
	Source string
	// Version counts the texts uploaded under the name from 1; a session
	// records the version it plays.
	Version int
	// KeyHash is the hash of the uploader's key, which replaces or
	// deletes the file ("" for files uploaded before keys existed: those
	// cannot be changed). The store never holds a key itself.
	KeyHash string
}

// AddGameFile keeps a newly uploaded rules file under a name no file has
// now, and returns its version: 1, or the next after the versions of a
// file once deleted under the name, whose sessions keep theirs. A name
// taken fails with ErrConflict.
func (s *Store) AddGameFile(ctx context.Context, f GameFile) (int, error) {
	v := 0
	err := s.uploadTx(ctx, func(tx *sql.Tx) error {
		var taken int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM game_files WHERE name = $1`, f.Name).Scan(&taken); err != nil {
			return err
		}
		if taken > 0 {
			return ErrConflict
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM game_file_versions WHERE name = $1`, f.Name).Scan(&v); err != nil {
			return err
		}
		v++
		if err := s.addVersion(ctx, tx, f.Name, f.Source, v); err != nil {
			return err
		}
		return changedRow(tx.ExecContext(ctx,
			`INSERT INTO game_files (name, source, created_at, version, key_hash) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
			f.Name, f.Source, s.now(), v, f.KeyHash))
	})
	if err != nil {
		return 0, fmt.Errorf("store: adding rules file %s: %w", f.Name, err)
	}
	return v, nil
}

// ReplaceGameFile keeps f.Source as the next version of the file, which
// must be at version from (ErrConflict if another replacement came
// first) and have been uploaded with the key whose hash is f.KeyHash
// (ErrWrongKey); ErrNotFound if no file has the name. The earlier
// versions stay, for the sessions that play them.
func (s *Store) ReplaceGameFile(ctx context.Context, f GameFile, from int) (int, error) {
	err := s.uploadTx(ctx, func(tx *sql.Tx) error {
		if err := s.checkKey(ctx, tx, f.Name, f.KeyHash); err != nil {
			return err
		}
		if err := changedRow(tx.ExecContext(ctx,
			`UPDATE game_files SET source = $1, version = $2, created_at = $3 WHERE name = $4 AND version = $5`,
			f.Source, from+1, s.now(), f.Name, from)); err != nil {
			return err
		}
		return s.addVersion(ctx, tx, f.Name, f.Source, from+1)
	})
	if err != nil {
		return 0, fmt.Errorf("store: replacing rules file %s: %w", f.Name, err)
	}
	return from + 1, nil
}

// DeleteGameFile removes an uploaded file from the files offered, given
// the hash of its uploader's key (ErrWrongKey otherwise, ErrNotFound if
// no file has the name). Its versions stay, for the sessions that play
// them.
func (s *Store) DeleteGameFile(ctx context.Context, name, keyHash string) error {
	err := s.uploadTx(ctx, func(tx *sql.Tx) error {
		if err := s.checkKey(ctx, tx, name, keyHash); err != nil {
			return err
		}
		return changedRow(tx.ExecContext(ctx, `DELETE FROM game_files WHERE name = $1`, name))
	})
	if err != nil {
		return fmt.Errorf("store: deleting rules file %s: %w", name, err)
	}
	return nil
}

// GameFiles returns the uploaded rules files offered now, each at its
// latest version.
func (s *Store) GameFiles(ctx context.Context) ([]GameFile, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT name, source, version, key_hash FROM game_files ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("store: rules files: %w", err)
	}
	defer rows.Close()
	var out []GameFile
	for rows.Next() {
		var f GameFile
		if err := rows.Scan(&f.Name, &f.Source, &f.Version, &f.KeyHash); err != nil {
			return nil, fmt.Errorf("store: rules files: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// GameFileVersion returns one version of an uploaded file, deleted or
// replaced since or not (ErrNotFound if it never was).
func (s *Store) GameFileVersion(ctx context.Context, name string, version int) (GameFile, error) {
	f := GameFile{Name: name, Version: version}
	err := s.db.QueryRowContext(ctx, `SELECT source FROM game_file_versions WHERE name = $1 AND version = $2`, name, version).
		Scan(&f.Source)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return GameFile{}, fmt.Errorf("store: rules file %s version %d: %w", name, version, err)
	}
	return f, nil
}

// addVersion keeps a version's text; a version taken fails with
// ErrConflict.
func (s *Store) addVersion(ctx context.Context, tx *sql.Tx, name, source string, v int) error {
	return changedRow(tx.ExecContext(ctx,
		`INSERT INTO game_file_versions (name, version, source, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
		name, v, source, s.now()))
}

// checkKey checks that the file is offered and that keyHash is its
// uploader's.
func (s *Store) checkKey(ctx context.Context, tx *sql.Tx, name, keyHash string) error {
	var have string
	err := tx.QueryRowContext(ctx, `SELECT key_hash FROM game_files WHERE name = $1`, name).Scan(&have)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return err
	case have == "" || have != keyHash:
		return ErrWrongKey
	}
	return nil
}

// changedRow turns a statement that changed no row into ErrConflict.
func changedRow(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return ErrConflict
	}
	return nil
}

// uploadTx runs f in a transaction, committed if f succeeds.
func (s *Store) uploadTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit()
}
