package notation_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
)

var update = flag.Bool("update", false, "rewrite the positions after each case of testdata/fixtures.txtar from what the decoders read")

// fixture is a case of testdata/fixtures.txtar: a file of the archive
// named "NAME FORMAT GAME [VARIANT]" whose text has the parts ">>> before"
// (a position in the position format, or "start"), ">>> text" (a record
// as its format writes it) and ">>> after" (the position after the main
// line, as State.FormatPosition writes it).
type fixture struct {
	name, format, game, variant string
	before, text, after         string
}

const fixturesPath = "testdata/fixtures.txtar"

func readFixtures(t *testing.T) (*txtar.Archive, []fixture) {
	t.Helper()
	data, err := os.ReadFile(fixturesPath)
	if err != nil {
		t.Fatal(err)
	}
	ar := txtar.Parse(data)
	var out []fixture
	for _, f := range ar.Files {
		w := strings.Fields(f.Name)
		if len(w) < 3 {
			t.Fatalf("%s: case %q: want NAME FORMAT GAME [VARIANT]", fixturesPath, f.Name)
		}
		fx := fixture{name: w[0], format: w[1], game: w[2], variant: strings.Join(w[3:], " ")}
		parts := map[string]*string{"before": &fx.before, "text": &fx.text, "after": &fx.after}
		var cur *string
		for _, line := range strings.SplitAfter(string(f.Data), "\n") {
			if part, ok := strings.CutPrefix(line, ">>> "); ok {
				if cur = parts[strings.TrimSpace(part)]; cur == nil {
					t.Fatalf("%s: case %s: unknown part %q", fixturesPath, fx.name, part)
				}
				continue
			}
			if cur == nil {
				if strings.TrimSpace(line) != "" {
					t.Fatalf("%s: case %s: text before the first part", fixturesPath, fx.name)
				}
				continue
			}
			*cur += line
		}
		out = append(out, fx)
	}
	return ar, out
}

// TestFixtures decodes each case's text from the position before, checks
// the position after its main line, and encodes the record back to the
// same text.
func TestFixtures(t *testing.T) {
	ar, cases := readFixtures(t)
	for i, fx := range cases {
		t.Run(fx.name+"/"+fx.format, func(t *testing.T) {
			g := open(t, fx.game, fx.variant)
			start := engine.NewState(g)
			if b := strings.TrimSpace(fx.before); b != "" && b != "start" {
				var err error
				if start, err = engine.ParsePosition(g, fx.name, []byte(b)); err != nil {
					t.Fatal(err)
				}
			}
			f, err := notation.ByName(fx.format)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := f.Decode(strings.NewReader(fx.text), start)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			end := start.Clone()
			if err := rec.Replay(end); err != nil {
				t.Fatalf("replay: %v", err)
			}
			got := end.FormatPosition()
			if *update {
				setPart(ar, i, "after", got)
			} else if strings.TrimSpace(got) != strings.TrimSpace(fx.after) {
				t.Errorf("position after:\n%s\nwant\n%s", got, fx.after)
			}
			var out bytes.Buffer
			if err := f.Encode(&out, start, rec); err != nil {
				t.Fatalf("encode: %v", err)
			}
			if out.String() != fx.text {
				t.Errorf("encoded back:\n%s\nwant\n%s", out.String(), fx.text)
			}
		})
	}
	if *update {
		if err := os.WriteFile(filepath.FromSlash(fixturesPath), txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// setPart replaces part of case i of the archive.
func setPart(ar *txtar.Archive, i int, part, text string) {
	var b strings.Builder
	skip := false
	for _, line := range strings.SplitAfter(string(ar.Files[i].Data), "\n") {
		if p, ok := strings.CutPrefix(line, ">>> "); ok {
			skip = strings.TrimSpace(p) == part
			if skip {
				continue
			}
		}
		if !skip {
			b.WriteString(line)
		}
	}
	s := strings.TrimRight(b.String(), "\n") + "\n>>> " + part + "\n" + strings.TrimRight(text, "\n") + "\n"
	ar.Files[i].Data = []byte(s)
}
