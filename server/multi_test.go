package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/store"
)

// A second server on a SQLite file is refused at start, naming the file
// and the process that serves it; once the first stops, another starts.
// (Two servers on one file used to both start, and the second never saw
// the first one's moves.)
func TestSecondServerOnSQLiteRefused(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.db")
	open := func() *store.Store {
		st, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	one, err := New(ctx, Config{Store: open()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(ctx, Config{Store: open()})
	if err == nil {
		t.Fatal("a second server on the same SQLite file started")
	}
	for _, want := range []string{path, fmt.Sprintf("process %d", os.Getpid()), "PostgreSQL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal %q does not say %q", err, want)
		}
	}
	one.Close()
	two, err := New(ctx, Config{Store: open()})
	if err != nil {
		t.Fatalf("after the first stopped: %v", err)
	}
	two.Close()
}
