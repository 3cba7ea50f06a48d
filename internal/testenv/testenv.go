// Package testenv tells tests how much to do. `go test ./...` runs the
// quick checks, sized to take a few minutes in all on a two-core machine;
// with LUDUS_LONG=1 the tests run their long versions as well: the
// statistical checks over hundreds of games or levels, deeper move trees
// and soak runs (CI sets it).
package testenv

import (
	"os"
	"testing"
)

// Long reports whether the long tests were asked for: LUDUS_LONG set to
// anything but "" or "0".
func Long() bool {
	v := os.Getenv("LUDUS_LONG")
	return v != "" && v != "0"
}

// SkipUnlessLong skips a test that runs only in the long mode.
func SkipUnlessLong(t testing.TB) {
	t.Helper()
	if !Long() {
		t.Skip("a long test: set LUDUS_LONG=1 to run it")
	}
}

// Pick returns quick in the quick run and long with LUDUS_LONG=1: the size
// of a test (games, seeds, depth) in each mode.
func Pick[T any](quick, long T) T {
	if Long() {
		return long
	}
	return quick
}
