package engine_test

import (
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/testenv"
)

// mandatoryPerft counts chess with compulsory captures independently of
// zog_chess_mandatory.zrf: it takes the legal moves of standard chess
// (games/chess.zrf) and, when the side to move is not in check and has a
// legal capture, keeps only the captures. In check every legal move is
// allowed, as the file's "P" moves make the non-captures that answer a
// check capture-type too.
func mandatoryPerft(t *testing.T, s *engine.State, depth int) int64 {
	var ml engine.MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		t.Fatal(err)
	}
	if !inCheck(s) {
		var caps []engine.Move
		for _, m := range ms {
			if m.Captures > 0 {
				caps = append(caps, m)
			}
		}
		if len(caps) > 0 {
			ms = caps
		}
	}
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for i := range ms {
		m := ms[i].Clone()
		s.Play(&m)
		n += mandatoryPerft(t, s, depth-1)
		s.Undo()
	}
	return n
}

func inCheck(s *engine.State) bool {
	g := s.Game()
	side := s.Side()
	for p := range g.Rules.Board.Positions {
		v := s.At(p)
		if !v.Empty() && v.Owner() == side && g.Rules.Pieces[v.Type()].Name == "King" {
			return s.Attacked(p, side)
		}
	}
	return false
}

func TestMandatoryCaptureChess(t *testing.T) {
	zog := shared(t, "zog_chess_mandatory.zrf", "")
	fide := game(t, "chess.zrf", "")
	depth := 3
	if testenv.Long() {
		depth = 4
	}
	for d := 1; d <= depth; d++ {
		want := mandatoryPerft(t, engine.NewState(fide), d)
		got, err := engine.Perft(engine.NewState(zog), d)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("perft(%d) = %d, independent count %d", d, got, want)
		}
		if d == 3 && got == 8902 {
			t.Fatal("mandatory capture changed nothing at depth 3")
		}
	}
}
