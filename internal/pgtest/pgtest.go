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
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// URL returns the URL of an empty PostgreSQL database for the test; the
// cluster (if one was made) is stopped and removed when the test ends.
func URL(t testing.TB) string {
	t.Helper()
	if u := os.Getenv("LUDUS_TEST_POSTGRES"); u != "" {
		return u
	}
	bin := binDir()
	if bin == "" {
		t.Skip("no PostgreSQL: initdb and pg_ctl not found (install Debian's postgresql, or set LUDUS_TEST_POSTGRES)")
	}
	dir, err := os.MkdirTemp("", "ludus-pg")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	cred, err := owner(dir)
	if err != nil {
		t.Skipf("no PostgreSQL: %v", err)
	}
	data := filepath.Join(dir, "data")
	run := func(name string, args ...string) error {
		cmd := exec.Command(filepath.Join(bin, name), args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %v: %s", name, err, out)
		}
		return nil
	}
	if err := run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"); err != nil {
		t.Skipf("no PostgreSQL: %v", err)
	}
	opts := fmt.Sprintf("-k %s -c listen_addresses='' -c fsync=off -c max_connections=200", dir)
	if err := run("pg_ctl", "-D", data, "-o", opts, "-w", "-t", "60", "-l", filepath.Join(dir, "log"), "start"); err != nil {
		t.Skipf("no PostgreSQL: %v", err)
	}
	t.Cleanup(func() { run("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop") })
	return fmt.Sprintf("postgres://postgres@/postgres?host=%s&sslmode=disable&connect_timeout=%d", dir, int((10 * time.Second).Seconds()))
}

// binDir finds PostgreSQL's server programs: on the PATH, or where Debian
// keeps them.
func binDir() string {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(matches) == 0 {
		return ""
	}
	return filepath.Dir(matches[len(matches)-1])
}

// owner returns the credentials to run the server with: PostgreSQL refuses
// to run as root, so root hands the directory to the postgres (or nobody)
// user.
func owner(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
	}
	return nil, fmt.Errorf("running as root and no postgres or nobody user to run the server as")
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
