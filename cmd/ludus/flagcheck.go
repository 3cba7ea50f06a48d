package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Every flag of every command is checked before the command runs, by one
// rule set, so that no command accepts a value it cannot honour and no run
// fails at its end on an output it could have refused at its start:
//
//   - numbers (ints, floats, durations) may not be negative unless the flag
//     is marked signed; a flag marked with a range must lie in it;
//   - an output file flag must name a file of a kind ludus writes, in a
//     directory that exists (or can be made), checked before any work;
//   - an input file flag that must exist is checked the same way.
//
// The marks are pflag annotations, set where the flag is registered with the
// helpers below.
const (
	markSigned = "ludus/signed" // may be negative
	markRange  = "ludus/range"  // "MIN,MAX" inclusive (either may be empty)
	markOutput = "ludus/output" // file extensions accepted, e.g. ".svg", ".png"
	markDir    = "ludus/outdir" // an output directory
	markInput  = "ludus/input"  // a file that must exist
)

func annotate(c *cobra.Command, name, key string, values ...string) {
	f := c.Flags().Lookup(name)
	if f == nil {
		panic("flagcheck: no flag --" + name + " on " + c.Name()) // programming error, caught by the tests
	}
	if f.Annotations == nil {
		f.Annotations = map[string][]string{}
	}
	f.Annotations[key] = values
}

// signedFlag lets a number flag take negative values.
func signedFlag(c *cobra.Command, name string) { annotate(c, name, markSigned) }

// rangeFlag bounds a number flag to [min, max]; either bound may be NaN for
// none. Sizes a user can give are bounded so that no input runs the machine
// out of memory.
func rangeFlag(c *cobra.Command, name string, min, max float64) {
	annotate(c, name, markRange, strconv.FormatFloat(min, 'g', -1, 64), strconv.FormatFloat(max, 'g', -1, 64))
}

// outputFlag marks a flag naming a file ludus writes, with the extensions it
// accepts (none: any).
func outputFlag(c *cobra.Command, name string, exts ...string) {
	annotate(c, name, markOutput, exts...)
}

// outputDirFlag marks a flag naming a directory ludus writes into.
func outputDirFlag(c *cobra.Command, name string) { annotate(c, name, markDir) }

// inputFlag marks a flag naming a file that must already exist (a database
// to read, say), so that reading it never creates it.
func inputFlag(c *cobra.Command, name string) { annotate(c, name, markInput) }

// checkFlags applies the rules to every flag the user set (and to defaults,
// which must obey them too).
func checkFlags(c *cobra.Command) error {
	var first error
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if first == nil {
			first = checkFlag(f)
		}
	})
	return first
}

// conventions are the marks a flag gets by its name alone, so that every
// command's --plot is checked alike without each one saying so.
var conventions = map[string]map[string][]string{
	"plot": {markOutput: {".svg", ".png"}},
}

func checkFlag(f *pflag.Flag) error {
	for k, v := range conventions[f.Name] {
		if _, set := f.Annotations[k]; !set {
			if f.Annotations == nil {
				f.Annotations = map[string][]string{}
			}
			f.Annotations[k] = v
		}
	}
	if err := checkNumber(f); err != nil {
		return fmt.Errorf("--%s %s: %w", f.Name, f.Value.String(), err)
	}
	if !f.Changed {
		return nil
	}
	v := f.Value.String()
	if exts, ok := f.Annotations[markOutput]; ok && v != "" && v != "-" {
		if err := checkOutputFile(v, exts); err != nil {
			return fmt.Errorf("--%s %s: %w", f.Name, v, err)
		}
	}
	if _, ok := f.Annotations[markDir]; ok && v != "" {
		if err := checkOutputDir(v); err != nil {
			return fmt.Errorf("--%s %s: %w", f.Name, v, err)
		}
	}
	if _, ok := f.Annotations[markInput]; ok && v != "" && !strings.Contains(v, "://") {
		if _, err := os.Stat(v); err != nil {
			return fmt.Errorf("--%s: %w", f.Name, err)
		}
	}
	return nil
}

// checkNumber checks a number flag's sign and range.
func checkNumber(f *pflag.Flag) error {
	x, ok := numberValue(f)
	if !ok {
		return nil
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("want a finite number")
	}
	if r, ok := f.Annotations[markRange]; ok && len(r) == 2 {
		// A range replaces the sign rule: it may start below zero.
		lo, _ := strconv.ParseFloat(r[0], 64)
		hi, _ := strconv.ParseFloat(r[1], 64)
		if !math.IsNaN(lo) && x < lo || !math.IsNaN(hi) && x > hi {
			return fmt.Errorf("want %s to %s", fmtBound(lo, f), fmtBound(hi, f))
		}
		return nil
	}
	if _, signed := f.Annotations[markSigned]; x < 0 && !signed {
		return fmt.Errorf("may not be negative")
	}
	return nil
}

// numberValue reads a flag's value as a number when it is one; durations
// count in nanoseconds.
func numberValue(f *pflag.Flag) (float64, bool) {
	s := f.Value.String()
	switch f.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
		x, err := strconv.ParseFloat(s, 64)
		return x, err == nil
	case "duration":
		d, err := time.ParseDuration(s)
		return float64(d), err == nil
	}
	return 0, false
}

func fmtBound(b float64, f *pflag.Flag) string {
	switch {
	case math.IsNaN(b):
		return "any"
	case f.Value.Type() == "duration":
		return time.Duration(b).String()
	}
	return strconv.FormatFloat(b, 'g', -1, 64)
}

// checkOutputFile refuses a file ludus cannot write: an unknown extension,
// a directory, or a parent directory that does not exist.
func checkOutputFile(path string, exts []string) error {
	if len(exts) > 0 {
		ext := strings.ToLower(filepath.Ext(path))
		ok := false
		for _, e := range exts {
			ok = ok || ext == e
		}
		if !ok {
			return fmt.Errorf("want a file ending in %s", strings.Join(exts, " or "))
		}
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("is a directory, want a file")
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("directory %s does not exist", dir)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// checkOutputDir accepts a directory that exists or whose parent does (ludus
// makes the last level).
func checkOutputDir(path string) error {
	if st, err := os.Stat(path); err == nil {
		if !st.IsDir() {
			return fmt.Errorf("is a file, want a directory")
		}
		return nil
	}
	parent := filepath.Dir(filepath.Clean(path))
	if st, err := os.Stat(parent); err != nil || !st.IsDir() {
		return fmt.Errorf("parent directory %s does not exist", parent)
	}
	return nil
}

// seedSpan checks that the seeds seed, seed+1, ..., seed+n-1 of a run of n
// items do not wrap around.
func seedSpan(seed uint64, n int) error {
	if n > 0 && seed > math.MaxUint64-uint64(n-1) {
		return fmt.Errorf("--seed %d: the run's %d seeds would pass the largest seed %d", seed, n, uint64(math.MaxUint64))
	}
	return nil
}
