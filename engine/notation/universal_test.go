package notation_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
)

// A record written in the universal format reads back the same, and its
// moves replay to the position the game reached.
func TestRecordRoundTrip(t *testing.T) {
	for _, file := range []string{"chess.zrf", "checkers.zrf", "connect-four.zrf", "tic-tac-toe.zrf"} {
		t.Run(file, func(t *testing.T) {
			g := open(t, file, "")
			rec, end := randomRecord(g, 80, 3)
			alt, _ := randomRecord(g, 3, 9)
			if line := alt.MainLine(); len(line) > 1 && len(rec.MainLine()) > 1 && line[1] != rec.MainLine()[1] {
				rec.Root.Children[0].Children = append(rec.Root.Children[0].Children, &engine.RecordNode{Move: line[1]})
			}
			var buf bytes.Buffer
			if err := notation.WriteRecord(&buf, rec); err != nil {
				t.Fatal(err)
			}
			back, err := notation.ReadRecord(file, &buf)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(rec, back) {
				t.Fatalf("record changed in a round trip:\n%s", buf.String())
			}
			s := engine.NewState(g)
			if err := back.Replay(s); err != nil {
				t.Fatal(err)
			}
			if !s.Equal(end) {
				t.Fatal("replay does not reach the recorded position")
			}
		})
	}
}

func TestReadRecordErrors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"1. a1 drop-on-empty X Mark\n)\n", `bad:2: ')' without '('`},
		{"(\n", "bad:1: a variation needs a move before it"},
		{"[Game broken\n", `bad:1: tag "[Game broken" does not end with ]`},
		{"1. a1 drop-on-empty X Mark\n(\n", "bad: 1 variation(s) not closed"},
		{"1.\n", "bad:1: a move number without a move"},
	} {
		if _, err := notation.ReadRecord("bad", strings.NewReader(tt.text)); err == nil || err.Error() != tt.want {
			t.Errorf("%q: error %v, want %q", tt.text, err, tt.want)
		}
	}
}

// The universal decoder checks every move, variations too, and writes
// each as the engine does.
func TestDecodeUniversal(t *testing.T) {
	s := engine.NewState(open(t, "tic-tac-toe", ""))
	rec, err := notation.Universal.Decode(strings.NewReader("1.  b2   drop-on-empty X Mark\n2. a1 drop-on-empty O Mark\n"), s)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rec.MainLine(), "; "); got != "b2 drop-on-empty X Mark; a1 drop-on-empty O Mark" {
		t.Errorf("moves %q", got)
	}
	bad := "1. b2 drop-on-empty X Mark\n(\n  1. b2 drop-on-empty O Mark\n)\n"
	if _, err := notation.Universal.Decode(strings.NewReader(bad), s); err == nil || !strings.Contains(err.Error(), "move 1") {
		t.Errorf("an illegal variation: %v", err)
	}
}

// FuzzReadRecord reads arbitrary record text, replays it on tic-tac-toe
// and writes it back: no panic, and a record that reads writes the same
// moves again.
func FuzzReadRecord(f *testing.F) {
	f.Add("[Game \"x\"]\n1. b2 drop-on-empty X Mark\n(\n  1. a1 drop-on-empty X Mark\n)\n2. a1 drop-on-empty O Mark\n")
	f.Add("; comment\n\n12. + a1 - b2 jump n +\n)\n(\n")
	f.Add("[Tag \"unterminated\n1.\n")
	g := open(f, "tic-tac-toe.zrf", "")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := notation.ReadRecord("fuzz", strings.NewReader(text))
		if err != nil {
			return
		}
		_ = rec.Replay(engine.NewState(g))
		var b bytes.Buffer
		if err := notation.WriteRecord(&b, rec); err != nil {
			t.Fatal(err)
		}
		back, err := notation.ReadRecord("back", &b)
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%s", err, b.String())
		}
		if strings.Join(back.MainLine(), "\n") != strings.Join(rec.MainLine(), "\n") {
			t.Fatalf("main line changed on the way back:\n%s", b.String())
		}
	})
}
