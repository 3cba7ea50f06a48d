package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// DefaultPath returns where the store lives when no --db is given: ludus.db
// in the user's data directory ($XDG_DATA_HOME/ludus, ~/.local/share/ludus,
// or the system's per-user configuration directory on Windows and macOS),
// made if needed.
func DefaultPath() (string, error) {
	// The home must exist: a home that is not there (HOME=/nonexistent
	// for a service) means no data directory, rather than one made in its
	// name. An XDG_DATA_HOME the user set is made as the XDG spec asks; a
	// relative one is ignored, as the spec also asks.
	var base, dir string
	if x := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(x) {
		dir = x
	} else if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		if home, err := os.UserHomeDir(); err == nil {
			base, dir = home, filepath.Join(home, ".local", "share")
		}
	}
	if dir == "" {
		d, err := os.UserConfigDir()
		if err != nil {
			return "", errNoDataDir
		}
		base, dir = d, d
	}
	if base != "" {
		if fi, err := os.Stat(base); err != nil {
			return "", fmt.Errorf("%w (%s does not exist)", errNoDataDir, base)
		} else if !fi.IsDir() {
			return "", fmt.Errorf("%w (%s is not a directory)", errNoDataDir, base)
		}
	}
	dir = filepath.Join(dir, "ludus")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("%w: %v", errNoDataDir, err)
	}
	return filepath.Join(dir, "ludus.db"), nil
}

var errNoDataDir = errors.New("no data directory for the store: give --db FILE")
