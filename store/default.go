package store

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
)

// DefaultPath returns where the store lives when no --db is given: ludus.db
// in the user's data directory ($XDG_DATA_HOME/ludus, ~/.local/share/ludus,
// or the system's per-user configuration directory on Windows and macOS),
// made if needed.
func DefaultPath() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" && runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		if home, err := os.UserHomeDir(); err == nil {
			dir = filepath.Join(home, ".local", "share")
		}
	}
	if dir == "" {
		d, err := os.UserConfigDir()
		if err != nil {
			return "", errors.New("no data directory for the store: give --db FILE")
		}
		dir = d
	}
	dir = filepath.Join(dir, "ludus")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return filepath.Join(dir, "ludus.db"), nil
}
