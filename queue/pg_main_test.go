package queue_test

import (
	"os"
	"testing"

	"github.com/ludus-games/ludus/internal/pgtest"
)

// TestMain stops the PostgreSQL cluster that the tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.StopShared()
	os.Exit(code)
}
