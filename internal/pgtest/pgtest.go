// Package pgtest gives tests a real PostgreSQL server: the one named by
// $LUDUS_TEST_POSTGRES, or a throw-away cluster made with initdb and
// pg_ctl in a temporary directory, listening only on a Unix socket there.
// Tests skip with the reason when neither can be had.
package pgtest

import (
	"database/sql"
	"fmt"
	neturl "net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"github.com/ludus-games/ludus/internal/pgcluster"
)

// URL returns the URL of an empty PostgreSQL database for the test; the
// cluster (if one was made) is stopped and removed when the test ends.
func URL(t testing.TB) string {
	t.Helper()
	if u := os.Getenv("LUDUS_TEST_POSTGRES"); u != "" {
		return u
	}
	if pgcluster.BinDir() == "" {
		t.Skip("no PostgreSQL: initdb and pg_ctl not found (install Debian's postgresql, or set LUDUS_TEST_POSTGRES)")
	}
	dir, err := os.MkdirTemp("", "ludus-pg")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	c, err := pgcluster.Start(dir, 200)
	if err != nil {
		t.Skipf("no PostgreSQL: %v", err)
	}
	t.Cleanup(func() { c.Stop() })
	return c.URL
}

// Database creates a database of the given name on the server of url (a
// URL as URL returns) and returns its URL, so that tests sharing a server
// do not see each other's rows.
func Database(url, name string) (string, error) {
	u, err := neturl.Parse(url)
	if err != nil {
		return "", err
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		return "", err
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE DATABASE ` + pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("creating database %s: %w", name, err)
	}
	u.Path = "/" + name
	return u.String(), nil
}
