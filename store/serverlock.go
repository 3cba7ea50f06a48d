package store

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"
)

// Shared reports whether several processes may serve sessions from the
// store at once: a PostgreSQL store, whose servers see each other's
// events, order their moves by version and share out the bots' moves. A
// SQLite file is served by one process at a time (see LockServer).
func (s *Store) Shared() bool { return s.postgres }

// LockServer makes the calling process the only one that serves sessions
// from a SQLite store, until release is called or the process ends (a
// killed process releases it too). A second server on the same file would
// not see the first one's moves, so it is refused, with an error that names
// the file and the process that holds it. what says who holds it, for that
// message ("ludus serve"). A PostgreSQL store is not locked: its servers
// work together.
//
// Other commands (ludus match, workers ...) keep writing to a locked file
// as before: the lock is the servers' alone.
func (s *Store) LockServer(what string) (release func(), err error) {
	if s.postgres {
		return func() {}, nil
	}
	path := s.where + ".server-lock"
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("store %s: locking it for this server: %w", s.name(), err)
	}
	held, err := lockFile(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("store %s: locking it for this server: %w", s.name(), err)
	}
	if held {
		b := make([]byte, 512)
		n, _ := f.ReadAt(b, 0)
		f.Close()
		holder := strings.TrimSpace(string(b[:n]))
		if holder == "" {
			holder = "another process"
		}
		return nil, fmt.Errorf("store %s is served already by %s (lock file %s): stop that server first, or give this one another --db; servers that share a store need PostgreSQL",
			s.name(), holder, path)
	}
	host, _ := os.Hostname()
	f.Truncate(0)
	f.WriteAt([]byte(fmt.Sprintf("process %d (%s) on %s since %s\n", os.Getpid(), what, host, time.Now().Format(time.DateTime))), 0)
	return sync.OnceFunc(func() {
		f.Truncate(0)
		unlockFile(f)
		f.Close()
	}), nil
}
