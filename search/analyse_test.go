package search_test

import (
	"context"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
)

// setUp returns a position of a bundled game read from the position
// format.
func setUp(t *testing.T, file, position string) *engine.Position {
	t.Helper()
	g, err := games.Open("../games/"+file, games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParsePosition(g.Compiled, "test", []byte(position))
	if err != nil {
		t.Fatal(err)
	}
	return engine.NewPosition(s, g.Eval)
}

// played returns the start of a bundled game after the moves, each
// written as a person types it.
func played(t *testing.T, file string, moves ...string) *engine.Position {
	t.Helper()
	g, err := games.Open("../games/"+file, games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pos := engine.NewPosition(engine.NewState(g.Compiled), g.Eval)
	for _, m := range moves {
		ply, err := pos.ReadMove(m)
		if err != nil {
			t.Fatal(err)
		}
		pos.Play(ply)
	}
	return pos
}

// legalLine checks that every move of pv is legal where it is played
// from pos, and that pos is left as it was.
func legalLine(t *testing.T, pos *engine.Position, pv []engine.Ply) {
	t.Helper()
	key := pos.Key()
	var texts []string
	for i, m := range pv {
		legal := false
		text := pos.Notation(m)
		for _, l := range pos.Moves(nil) {
			if pos.Notation(l) == text {
				legal = true
			}
		}
		if !legal {
			t.Fatalf("move %d of the line %q, %q, is not legal there", i+1, texts, text)
		}
		texts = append(texts, text)
		pos.Play(m)
	}
	for range pv {
		pos.Undo()
	}
	if pos.Key() != key {
		t.Fatal("the position changed")
	}
}

func analysers() map[string]search.Analyser[engine.Ply, *engine.Position] {
	return map[string]search.Analyser[engine.Ply, *engine.Position]{
		"alphabeta": &search.AlphaBeta[engine.Ply, *engine.Position]{Budget: search.Budget{Depth: 4}, MoveKey: engine.MoveKey},
		"mcts":      &search.MCTS[engine.Ply, *engine.Position]{Iterations: 600, MaxPlayout: 20, Seed: 1},
	}
}

// TestAnalyseMateInOne: after 1. f3 e5 2. g4, both searches find Qh4#
// and report it as a win proven in one ply.
func TestAnalyseMateInOne(t *testing.T) {
	for name, a := range analysers() {
		t.Run(name, func(t *testing.T) {
			pos := played(t, "chess.zrf", "f2f3", "e7e5", "g2g4")
			an, err := a.Analyse(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := pos.Notation(an.Move); got != "d8 - h4 slide ne" {
				t.Errorf("chose %q, want the Queen's mate", got)
			}
			if !an.Proven || an.Plies != 1 || an.Value != 1 || len(an.PV) != 1 {
				t.Errorf("proven %v in %d plies, value %v, line of %d moves: want a win proven in 1", an.Proven, an.Plies, an.Value, len(an.PV))
			}
			legalLine(t, pos, an.PV)
		})
	}
}

// TestAnalyseLines: the lines of both searches in a chess opening are
// legal from the position, as long as alpha-beta's depth at most, and
// longer than the move alone.
func TestAnalyseLines(t *testing.T) {
	for name, a := range analysers() {
		t.Run(name, func(t *testing.T) {
			pos := played(t, "chess.zrf", "e2e4", "e7e5", "g1f3", "b8c6")
			an, err := a.Analyse(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			if len(an.PV) < 2 || name == "alphabeta" && len(an.PV) > 4 {
				t.Errorf("a line of %d moves", len(an.PV))
			}
			if pos.Notation(an.PV[0]) != pos.Notation(an.Move) {
				t.Errorf("the line starts with %q, the move chosen is %q", pos.Notation(an.PV[0]), pos.Notation(an.Move))
			}
			if an.Proven {
				t.Error("an opening proven")
			}
			legalLine(t, pos, an.PV)
		})
	}
}

// TestAnalyseProven: alpha-beta proves tic-tac-toe a draw from the start
// (the whole tree seen), and a fork a loss in two plies for the side that
// cannot parry both threats.
func TestAnalyseProven(t *testing.T) {
	ab := &search.AlphaBeta[engine.Ply, *engine.Position]{Budget: search.Budget{Depth: 9}, MoveKey: engine.MoveKey}
	tests := []struct {
		name, position string
		value          float64
		plies, line    int
	}{
		{"start", "(turn X)", 0.5, 0, 9},
		{"fork", "(turn O) (X (Mark a1 a2 b1)) (O (Mark b2 c2))", 0, 2, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := setUp(t, "tic-tac-toe.zrf", tt.position)
			an, err := ab.Analyse(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			if !an.Proven || an.Plies != tt.plies || an.Value != tt.value || len(an.PV) != tt.line {
				t.Errorf("proven %v in %d plies, value %v, line of %d: want %v in %d, a line of %d", an.Proven, an.Plies, an.Value, len(an.PV), tt.value, tt.plies, tt.line)
			}
			legalLine(t, pos, an.PV)
			end := pos.Copy()
			for _, m := range an.PV {
				end.Play(m)
			}
			if r, over := end.Result(); !over || r[pos.ToMove()] != tt.value {
				t.Errorf("the line ends in %v (over: %v)", r, over)
			}
		})
	}
}

// TestAnalysers: the registry's alpha-beta and MCTS bots analyse, with
// and without tree reuse; a random mover does not.
func TestAnalysers(t *testing.T) {
	g, err := games.Open("../games/tic-tac-toe.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]bool{"alphabeta:depth=2": true, "mcts:iterations=10": true, "mcts:iterations=10,reuse=false": true, "random": false} {
		b, err := g.Bots.Bot(spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := b.(search.Analyser[engine.Ply, *engine.Position]); ok != want {
			t.Errorf("%s analyses: %v, want %v", spec, ok, want)
		}
	}
}
