// Package shareddata finds the reference data that lives beside the
// repository (../shared/data: real game files, levels and maps written by
// others), so that tests can check ludus against it and skip cleanly on a
// machine that does not have it.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the shared data directory, or "" if there is none. The
// LUDUS_SHARED_DATA environment variable overrides the search.
func Dir() string {
	if d := os.Getenv("LUDUS_SHARED_DATA"); d != "" {
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, "..", "shared", "data")
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				return d
			}
			return ""
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

// Path returns the path of elem under the shared data directory, skipping
// the test when the data is not on this machine.
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	d := Dir()
	if d == "" {
		t.Skip("shared reference data not found (../shared/data)")
	}
	p := filepath.Join(append([]string{d}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared reference data: %v", err)
	}
	return p
}
