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
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"github.com/ludus-games/ludus/internal/pgcluster"
)

// URL returns the URL of an empty PostgreSQL database for the test. The
// throw-away cluster (if one is made) is made once for the test binary,
// each test getting a database of its own on it, because a cluster costs
// seconds to make; StopShared, from the package's TestMain, stops and
// removes it. A package that has no such TestMain must not call URL.
func URL(t testing.TB) string {
	t.Helper()
	if u := os.Getenv("LUDUS_TEST_POSTGRES"); u != "" {
		return u
	}
	if pgcluster.BinDir() == "" {
		t.Skip("no PostgreSQL: initdb and pg_ctl not found (install Debian's postgresql, or set LUDUS_TEST_POSTGRES)")
	}
	url, err := sharedCluster()
	if err != nil {
		t.Skipf("no PostgreSQL: %v", err)
	}
	u, err := Database(url, fmt.Sprintf("test%d", shared.databases.Add(1)))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// shared is the cluster the tests of one binary share.
var shared struct {
	once      sync.Once
	dir       string
	cluster   *pgcluster.Cluster
	err       error
	databases atomic.Int64
}

// sharedCluster makes the shared cluster on its first call.
func sharedCluster() (string, error) {
	shared.once.Do(func() {
		shared.dir, shared.err = os.MkdirTemp("", "ludus-pg")
		if shared.err != nil {
			return
		}
		shared.cluster, shared.err = pgcluster.Start(shared.dir, 200)
		if shared.err != nil {
			os.RemoveAll(shared.dir)
		}
	})
	if shared.err != nil {
		return "", shared.err
	}
	return shared.cluster.URL, nil
}

// StopShared stops and removes the cluster the tests shared, if one was
// made; the package's TestMain calls it after m.Run.
func StopShared() {
	if shared.cluster != nil {
		shared.cluster.Stop()
		os.RemoveAll(shared.dir)
		shared.cluster = nil
	}
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
