package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
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
//   - an input file flag that must exist is checked the same way;
//   - a run that gives its items the seeds --seed, --seed+1, ... may not
//     pass the largest seed.
//
// The marks are pflag annotations, set where the flag is registered with the
// helpers below, or given by the flag's name alone (byName), so that every
// command's --out, --workers or --plot is checked alike.
const (
	markSigned   = "ludus/signed"   // may be negative
	markRange    = "ludus/range"    // "MIN,MAX" inclusive (either may be empty)
	markOutput   = "ludus/output"   // file extensions accepted, e.g. ".svg", ".png"
	markDir      = "ludus/outdir"   // an output directory
	markInput    = "ludus/input"    // a file that must exist
	markSeedSpan = "ludus/seedspan" // the flag counting the items seeded seed, seed+1, ...
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
// Forms are what the flag takes besides a file name: names, or prefixes
// ending in a colon.
func inputFlag(c *cobra.Command, name string, forms ...string) {
	annotate(c, name, markInput, forms...)
}

// seedSpanFlag says that the items of a run, as many as the flag count
// says, are seeded --seed, --seed+1, ...
func seedSpanFlag(c *cobra.Command, count string) { annotate(c, "seed", markSeedSpan, count) }

// checkFlags applies the rules to every flag the user set (and to defaults,
// which must obey them too).
func checkFlags(c *cobra.Command) error {
	var first error
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if first == nil {
			conventions(c, f)
			first = checkFlag(f)
		}
	})
	if first != nil {
		return first
	}
	return checkSeedSpan(c)
}

// Kinds of mark: a flag is at most one kind of file, and has at most one
// rule on its numbers.
var (
	fileMarks   = []string{markOutput, markDir, markInput}
	numberMarks = []string{markRange, markSigned}
)

// byName are the marks a flag gets by its name alone, unless marked
// otherwise where it is registered. Sizes that allocate (games, counts,
// workers) are bounded so that no flag runs the machine out of memory.
var byName = map[string]map[string][]string{
	"plot":          {markOutput: {".svg", ".png"}},
	"svg":           {markOutput: {".svg"}},
	"png":           {markOutput: {".png"}},
	"tmx":           {markOutput: {".tmx"}},
	"output":        {markOutput: nil},
	"record":        {markOutput: nil},
	"results":       {markOutput: nil},
	"save-position": {markOutput: nil},
	"checkpoint":    {markOutput: nil},
	"out":           {markDir: nil},
	"position":      {markInput: nil},
	"load":          {markInput: nil},
	"board":         {markInput: nil},
	"start":         {markInput: nil},
	"weights-file":  {markInput: nil},
	"levels":        {markInput: nil},
	"data":          {markInput: nil},
	"workers":       {markRange: {"0", "1024"}},
	"games":         {markRange: {"0", "1000000"}},
	"count":         {markRange: {"1", "1000000"}},
	"runs":          {markRange: {"1", "1000000"}},
	"max-plies":     {markRange: {"0", "1000000"}},
}

// byCommand are marks of flags of commands whose files do not set them.
var byCommand = map[string]map[string]map[string][]string{
	// -o is the layout as JSON: a picture name there would get JSON
	// (--svg and --png draw).
	"ludus dungeon generate": {"seed": {markSeedSpan: {"count"}}, "output": {markOutput: {".json"}}},
	"ludus dungeon bench":    {"seed": {markSeedSpan: {"runs"}}},
}

// conventions gives f the marks of its name and command that it lacks.
func conventions(c *cobra.Command, f *pflag.Flag) {
	// The command's marks first: they are the more specific.
	for _, marks := range []map[string][]string{byCommand[c.CommandPath()][f.Name], byName[f.Name]} {
		for k, v := range marks {
			if f.Annotations == nil {
				f.Annotations = map[string][]string{}
			}
			if hasAny(f, fileMarks) && slices.Contains(fileMarks, k) || hasAny(f, numberMarks) && slices.Contains(numberMarks, k) {
				continue // marked where it is registered
			}
			if _, set := f.Annotations[k]; !set {
				f.Annotations[k] = v
			}
		}
	}
}

func hasAny(f *pflag.Flag, keys []string) bool {
	for _, k := range keys {
		if _, ok := f.Annotations[k]; ok {
			return true
		}
	}
	return false
}

// checkSeedSpan checks that the seeds of a run's items do not wrap around.
func checkSeedSpan(c *cobra.Command) error {
	seed := c.Flags().Lookup("seed")
	if seed == nil || len(seed.Annotations[markSeedSpan]) != 1 {
		return nil
	}
	count := c.Flags().Lookup(seed.Annotations[markSeedSpan][0])
	if count == nil {
		return nil
	}
	s, err1 := strconv.ParseUint(seed.Value.String(), 10, 64)
	n, err2 := strconv.Atoi(count.Value.String())
	if err1 != nil || err2 != nil {
		return nil
	}
	if err := seedSpan(s, n); err != nil {
		return fmt.Errorf("%w (--%s %d)", err, count.Name, n)
	}
	return nil
}

func checkFlag(f *pflag.Flag) error {
	if _, required := f.Annotations[cobra.BashCompOneRequiredFlag]; required && !f.Changed {
		return nil // cobra asks for it; its default is never used
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
	if forms, ok := f.Annotations[markInput]; ok && v != "" && !strings.Contains(v, "://") && !namesNoFile(forms, v) {
		if _, err := os.Stat(v); err != nil {
			return fmt.Errorf("--%s: %w", f.Name, err)
		}
	}
	return nil
}

// namesNoFile says whether v is one of the forms an input flag takes
// besides a file: a name ("post") or a prefix ending in a colon ("hex:").
func namesNoFile(forms []string, v string) bool {
	for _, f := range forms {
		if v == f || strings.HasSuffix(f, ":") && strings.HasPrefix(v, f) {
			return true
		}
	}
	return false
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
			switch {
			case math.IsNaN(hi):
				return fmt.Errorf("want %s or more", fmtBound(lo, f))
			case math.IsNaN(lo):
				return fmt.Errorf("want %s or less", fmtBound(hi, f))
			}
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
	case f.Value.Type() == "duration":
		return time.Duration(b).String()
	}
	return strconv.FormatFloat(b, 'f', -1, 64)
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
