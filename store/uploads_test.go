package store

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/pressly/goose/v3"
)

// An upload is replaced by its uploader's key only, each replacement a new
// version with the earlier ones kept; a deleted upload frees its name,
// and the next file under it goes on from the versions kept.
func TestUploadVersions(t *testing.T) {
	for name, dsn := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t, dsn)
			must := func(v int, err error) int {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
				return v
			}
			if v := must(s.AddGameFile(ctx, GameFile{Name: "a.zrf", Source: "one", KeyHash: "k"})); v != 1 {
				t.Fatalf("first version %d", v)
			}
			if _, err := s.AddGameFile(ctx, GameFile{Name: "a.zrf", Source: "other", KeyHash: "j"}); !errors.Is(err, ErrConflict) {
				t.Fatalf("a second upload under the name: %v", err)
			}
			if _, err := s.ReplaceGameFile(ctx, GameFile{Name: "a.zrf", Source: "two", KeyHash: "j"}, 1); !errors.Is(err, ErrWrongKey) {
				t.Fatalf("replaced with another key: %v", err)
			}
			if v := must(s.ReplaceGameFile(ctx, GameFile{Name: "a.zrf", Source: "two", KeyHash: "k"}, 1)); v != 2 {
				t.Fatalf("replacement version %d", v)
			}
			if _, err := s.ReplaceGameFile(ctx, GameFile{Name: "a.zrf", Source: "three", KeyHash: "k"}, 1); !errors.Is(err, ErrConflict) {
				t.Fatalf("a replacement of a version replaced already: %v", err)
			}
			if _, err := s.ReplaceGameFile(ctx, GameFile{Name: "b.zrf", Source: "x", KeyHash: "k"}, 1); !errors.Is(err, ErrNotFound) {
				t.Fatalf("a replacement of no file: %v", err)
			}
			files, err := s.GameFiles(ctx)
			if err != nil || len(files) != 1 || files[0] != (GameFile{Name: "a.zrf", Source: "two", Version: 2, KeyHash: "k"}) {
				t.Fatalf("files %+v, %v", files, err)
			}
			if f, err := s.GameFileVersion(ctx, "a.zrf", 1); err != nil || f.Source != "one" {
				t.Fatalf("version 1: %+v, %v", f, err)
			}
			if err := s.DeleteGameFile(ctx, "a.zrf", "j"); !errors.Is(err, ErrWrongKey) {
				t.Fatalf("deleted with another key: %v", err)
			}
			if err := s.DeleteGameFile(ctx, "a.zrf", "k"); err != nil {
				t.Fatal(err)
			}
			if files, _ := s.GameFiles(ctx); len(files) != 0 {
				t.Fatalf("files after the delete: %+v", files)
			}
			if f, err := s.GameFileVersion(ctx, "a.zrf", 2); err != nil || f.Source != "two" {
				t.Fatalf("version 2 after the delete: %+v, %v", f, err)
			}
			if v := must(s.AddGameFile(ctx, GameFile{Name: "a.zrf", Source: "new", KeyHash: "n"})); v != 3 {
				t.Fatalf("the next file under the name: version %d", v)
			}
			if err := s.CreateSession(ctx, Session{ID: "s1", Game: "a.zrf", Seats: "[]", GameVersion: 3}); err != nil {
				t.Fatal(err)
			}
			if row, _, err := s.LoadSession(ctx, "s1"); err != nil || row.GameVersion != 3 {
				t.Fatalf("session %+v, %v", row, err)
			}
		})
	}
}

// A store made before uploads had versions keeps its uploads as their
// first version, and their sessions play it.
func TestUploadVersionsMigration(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := fs.Sub(migrations, "migrations/sqlite")
	p, err := goose.NewProvider(goose.DialectSQLite3, db, sub)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 3); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO game_files (name, source, created_at) VALUES ('old.zrf', 'text', '2025-01-01T00:00:00Z')`,
		`INSERT INTO sessions (id, game, variant, seats, created_at) VALUES ('s1', 'old.zrf', '', '[]', '2025-01-01T00:00:00Z')`,
		`INSERT INTO sessions (id, game, variant, seats, created_at) VALUES ('s2', 'chess.zrf', '', '[]', '2025-01-01T00:00:00Z')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s := open(t, path)
	if f, err := s.GameFileVersion(ctx, "old.zrf", 1); err != nil || f.Source != "text" {
		t.Fatalf("version 1: %+v, %v", f, err)
	}
	files, err := s.GameFiles(ctx)
	if err != nil || len(files) != 1 || files[0].Version != 1 || files[0].KeyHash != "" {
		t.Fatalf("files %+v, %v", files, err)
	}
	for id, want := range map[string]int{"s1": 1, "s2": 0} {
		if row, _, err := s.LoadSession(ctx, id); err != nil || row.GameVersion != want {
			t.Errorf("session %s: %+v, %v", id, row, err)
		}
	}
}
