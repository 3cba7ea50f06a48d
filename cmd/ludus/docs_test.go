package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ludus-games/ludus/games"
)

// docExample is a ludus command line of a shell block of the docs.
type docExample struct {
	file string
	line int
	args []string
}

// docExamples returns the ludus command lines of the README's and the
// docs' shell blocks, leaving out synopses (with [options] or CAPITALS).
func docExamples(t *testing.T, repo string) []docExample {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(repo, "docs", "*.md"))
	files = append(files, filepath.Join(repo, "README.md"))
	var out []docExample
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inBlock := false
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if strings.HasPrefix(line, "```") {
				inBlock = !inBlock && (line == "```" || line == "```sh" || line == "```bash" || line == "```shell")
				continue
			}
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i]
			}
			for _, cmd := range strings.Split(line, " && ") {
				if !inBlock || !strings.HasPrefix(cmd, "ludus ") {
					continue
				}
				if strings.ContainsAny(cmd, "[|\\") || strings.ToUpper(cmd) == cmd || hasPlaceholder(cmd) {
					continue
				}
				out = append(out, docExample{filepath.Base(f), n, shellWords(cmd)[1:]})
			}
		}
	}
	return out
}

// hasPlaceholder reports a word in capitals (FILE, N) standing for a value.
func hasPlaceholder(line string) bool {
	for _, w := range strings.Fields(line) {
		if len(w) > 1 && strings.ToUpper(w) == w && strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			return true
		}
	}
	return false
}

// shellWords splits a command line as a shell would, for the quoting the
// docs use: '...' and "..." words, and a redirection ending the command.
func shellWords(line string) []string {
	var words []string
	var w strings.Builder
	quote, inWord := rune(0), false
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '>':
			if inWord {
				words = append(words, w.String())
			}
			return words
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// The docs' examples run on what ships with ludus: each names a command
// and flags that exist, with values the flag rules accept, and every file
// it reads is in the repository (or is a bundled game, or is written by an
// earlier example of the same page); none needs the shared reference data.
func TestDocExamples(t *testing.T) {
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	written := map[string]map[string]bool{} // by page
	examples := docExamples(t, repo)
	t.Logf("%d examples", len(examples))
	root := newRootCmd()
	for _, ex := range examples {
		where := ex.file + ":" + strconv.Itoa(ex.line)
		c, rest, err := root.Find(ex.args)
		if err != nil || c == root {
			t.Errorf("%s: ludus %s: no such command", where, strings.Join(ex.args, " "))
			continue
		}
		fs := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
		fs.AddFlagSet(freshFlags(c))
		if err := fs.Parse(rest); err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		if written[ex.file] == nil {
			written[ex.file] = map[string]bool{}
		}
		reads := fs.Args()
		fs.VisitAll(func(f *pflag.Flag) {
			conventions(c, f)
			if !f.Changed {
				return
			}
			if forms, in := f.Annotations[markInput]; in {
				// Read: checked below, against the repository.
				delete(f.Annotations, markInput)
				if !namesNoFile(forms, f.Value.String()) {
					reads = append(reads, f.Value.String())
				}
			}
			if err := checkFlag(f); err != nil && !strings.Contains(err.Error(), "does not exist") {
				t.Errorf("%s: %v", where, err)
			}
			_, out := f.Annotations[markOutput]
			_, dir := f.Annotations[markDir]
			if out || dir {
				written[ex.file][f.Value.String()] = true
			}
		})
		for _, arg := range reads {
			if strings.HasPrefix(arg, "~") || strings.Contains(arg, "://") || strings.Contains(arg, "*") {
				continue
			}
			if strings.Contains(arg, "shared") {
				t.Errorf("%s: %s needs the shared reference data, which a clone lacks", where, arg)
				continue
			}
			if !strings.Contains(arg, "/") {
				continue // a file of the reader's own, such as puzzle.txt
			}
			if _, bundled := games.Bundled(filepath.Join(repo, arg)); bundled || written[ex.file][arg] || written[ex.file][filepath.Dir(arg)] {
				continue
			}
			if _, err := os.Stat(filepath.Join(repo, arg)); err != nil {
				t.Errorf("%s: %s is not in the repository", where, arg)
			}
		}
		for _, w := range ex.args {
			if strings.HasSuffix(w, ".db") || strings.HasSuffix(w, ".jsonl") {
				written[ex.file][w] = true // stores and records made as they are used
			}
		}
	}
}

// freshFlags returns copies of a command's flags, so that parsing them
// leaves the command as it was.
func freshFlags(c *cobra.Command) *pflag.FlagSet {
	fs := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
	c.Flags().VisitAll(func(f *pflag.Flag) {
		g := *f
		g.Value = &copiedValue{typ: f.Value.Type(), s: f.DefValue}
		g.Annotations = map[string][]string{}
		for k, v := range f.Annotations {
			g.Annotations[k] = v
		}
		fs.AddFlag(&g)
	})
	return fs
}

// copiedValue holds a flag's text; checks read numbers back from it.
type copiedValue struct{ typ, s string }

func (v *copiedValue) String() string     { return v.s }
func (v *copiedValue) Set(s string) error { v.s = s; return nil }
func (v *copiedValue) Type() string       { return v.typ }
