// Package pgcluster makes a throw-away PostgreSQL cluster with initdb and
// pg_ctl in a directory, listening only on a Unix socket there: for tests
// (package pgtest) and benchmarks that need a PostgreSQL store and have
// none given.
package pgcluster

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"time"
)

// ErrNotInstalled says that initdb and pg_ctl were not found.
var ErrNotInstalled = errors.New("initdb and pg_ctl not found (install Debian's postgresql)")

// Cluster is a running throw-away cluster.
type Cluster struct {
	// URL names its postgres database.
	URL  string
	dir  string
	run  func(name string, args ...string) error
	data string
}

// Start makes a cluster in dir (which must exist and be empty, and is the
// caller's to remove) and starts it, without fsync, for up to
// maxConns connections.
func Start(dir string, maxConns int) (*Cluster, error) {
	bin := BinDir()
	if bin == "" {
		return nil, ErrNotInstalled
	}
	as, err := owner(dir)
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, data: filepath.Join(dir, "data")}
	c.run = func(name string, args ...string) error {
		cmd := exec.Command(filepath.Join(bin, name), args...)
		as(cmd)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %v: %s", name, err, out)
		}
		return nil
	}
	if err := c.run("initdb", "-D", c.data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"); err != nil {
		return nil, err
	}
	opts := fmt.Sprintf("-k %s -c listen_addresses='' -c fsync=off -c max_connections=%d", dir, maxConns)
	if err := c.run("pg_ctl", "-D", c.data, "-o", opts, "-w", "-t", "60", "-l", filepath.Join(dir, "log"), "start"); err != nil {
		return nil, err
	}
	c.URL = fmt.Sprintf("postgres://postgres@/postgres?host=%s&sslmode=disable&connect_timeout=%d", dir, int((10 * time.Second).Seconds()))
	return c, nil
}

// Stop stops the cluster at once (its data is thrown away anyway).
func (c *Cluster) Stop() error {
	return c.run("pg_ctl", "-D", c.data, "-m", "immediate", "-w", "stop")
}

// BinDir finds PostgreSQL's server programs: on the PATH, or where Debian
// keeps them ("" when there are none).
func BinDir() string {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(matches) == 0 {
		return ""
	}
	return filepath.Dir(matches[len(matches)-1])
}
