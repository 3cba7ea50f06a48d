// Package testenv tells tests how much to do. `go test ./...` runs the
// quick checks, sized to take a few minutes in all on a two-core machine;
// with LUDUS_LONG=1 the tests run their long versions as well: the
// statistical checks over hundreds of games or levels, deeper move trees
// and soak runs (CI sets it).
package testenv

import (
	"flag"
	"os"
	"strconv"
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

// DefaultParallel lets n parallel tests run at once unless -parallel was
// given, for a package whose tests mostly wait (on a browser, on the
// programs they start) rather than compute: go test's default is the
// number of processors. Call it from TestMain before m.Run.
func DefaultParallel(n int) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(n))
	}
}
