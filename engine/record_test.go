package engine_test

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// randomRecord plays n random moves of g and records them.
func randomRecord(t *testing.T, g *engine.Game, n int, seed uint64) (*engine.Record, *engine.State) {
	s := engine.NewState(g)
	rng := rand.New(rand.NewPCG(seed, 7))
	rec := &engine.Record{}
	rec.SetTag("Game", g.Rules.Title)
	var ml engine.MoveList
	for i := 0; i < n; i++ {
		if r, _ := s.Result(); r.Over {
			break
		}
		ms, err := s.Moves(&ml)
		if err != nil || len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))].Clone()
		rec.Append(s.Notation(&m))
		s.Play(&m)
	}
	return rec, s
}

func TestRecordRoundTrip(t *testing.T) {
	for _, file := range []string{"chess.zrf", "checkers.zrf", "connect-four.zrf", "tic-tac-toe.zrf"} {
		t.Run(file, func(t *testing.T) {
			g := game(t, file, "")
			rec, end := randomRecord(t, g, 80, 3)
			// A variation: another move instead of the second one.
			alt, _ := randomRecord(t, g, 3, 9)
			if line := alt.MainLine(); len(line) > 1 && len(rec.MainLine()) > 1 && line[1] != rec.MainLine()[1] {
				rec.Root.Children[0].Children = append(rec.Root.Children[0].Children, &engine.RecordNode{Move: line[1]})
			}
			var buf bytes.Buffer
			if err := rec.Write(&buf); err != nil {
				t.Fatal(err)
			}
			back, err := engine.ReadRecord(file, &buf)
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

func TestRecordErrors(t *testing.T) {
	g := game(t, "tic-tac-toe.zrf", "")
	for _, text := range []string{"1. a1 drop-on-empty X Mark\n)\n", "(\n", "[Game broken\n"} {
		if _, err := engine.ReadRecord("bad", strings.NewReader(text)); err == nil {
			t.Errorf("%q: no error", text)
		}
	}
	rec, err := engine.ReadRecord("illegal", strings.NewReader("1. a1 drop-on-empty X Mark\n2. a1 drop-on-empty O Mark\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Replay(engine.NewState(g)); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Fatalf("replaying an illegal move: %v", err)
	}
}

func TestParseMoveNotation(t *testing.T) {
	g := game(t, "checkers.zrf", "")
	s := engine.NewState(g)
	for _, text := range []string{"c3 - d4 man-step ne", "  c3   -  d4 man-step ne ", "1. c3 - d4 man-step ne"} {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := s.Notation(&m); got != "c3 - d4 man-step ne" {
			t.Fatalf("%q read as %q", text, got)
		}
	}
	if _, err := s.ParseMove("c3 - d5 man-step ne"); err == nil {
		t.Fatal("an impossible move was accepted")
	}
}
