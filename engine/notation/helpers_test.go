package notation_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// open compiles a bundled game.
func open(t testing.TB, name, variant string) *engine.Game {
	t.Helper()
	g, err := games.Open(name, games.Options{Variant: variant})
	if err != nil {
		t.Fatal(err)
	}
	return g.Compiled
}

// randomRecord plays up to n random moves of g from its start and records
// them; it returns the record and the position it ends in.
func randomRecord(g *engine.Game, n int, seed uint64) (*engine.Record, *engine.State) {
	s := engine.NewState(g)
	rng := rand.New(rand.NewPCG(seed, 7))
	rec := &engine.Record{}
	rec.SetTag("Game", g.Rules.Title)
	var ml engine.MoveList
	for range n {
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

// withVariation adds to rec another move instead of its second, from a
// game played with another seed, when there is one.
func withVariation(g *engine.Game, rec *engine.Record) {
	alt, _ := randomRecord(g, 3, 9)
	line, main := alt.MainLine(), rec.MainLine()
	if len(line) > 1 && len(main) > 1 && line[1] != main[1] && line[0] == main[0] {
		first := rec.Root.Children[0]
		first.Children = append(first.Children, &engine.RecordNode{Move: line[1]})
	}
}
