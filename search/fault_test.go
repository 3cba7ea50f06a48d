package search_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
)

// A rules program that never stops is an error of every bot that meets it,
// whether at the root or deep in its search (and in a copy searched on
// another goroutine), never a drawn or lost node. In testdata/trap.zrf a
// runner's moves loop for ever once it stands in column e, which the
// first player's runner reaches at ply 8.
func TestRulesErrorReachesChoose(t *testing.T) {
	g, err := games.Open("testdata/trap.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	reg := search.NewRegistry(search.Hooks[engine.Ply, *engine.Position]{
		Eval:    func(pos *engine.Position, p game.Player) float64 { return pos.Evaluate(p) },
		MoveKey: engine.MoveKey,
	})
	for _, tt := range []struct {
		spec string
		// deep is set for searches that see ply 9 from ply 5.
		deep bool
	}{
		{"random", false},
		{"alphabeta:depth=6", true},
		{"alphabeta:time=1s", true},
		{"maxn:depth=6", true},
		{"expectimax:depth=6", true},
		{"mcts:iterations=400,workers=2", true},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			bot, err := reg.Bot(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			pos := engine.NewPosition(engine.NewState(g.Compiled), nil)
			s := search.NewSession(bot, 1)
			defer s.Close()
			for ply := 1; ply <= 12; ply++ {
				if _, over := pos.Result(); over && game.Err(pos) == nil {
					t.Fatalf("ply %d: the game ended without an error", ply)
				}
				d, err := s.Choose(context.Background(), pos)
				if err != nil {
					for _, want := range []string{"trap.zrf:8:", "did not stop"} {
						if !strings.Contains(err.Error(), want) {
							t.Errorf("ply %d: error %q does not say %q", ply, err, want)
						}
					}
					if tt.deep && ply > 5 {
						t.Errorf("error found at ply %d, want it by ply 5 from the search", ply)
					}
					if !tt.deep && ply != 9 {
						t.Errorf("error at ply %d, want ply 9", ply)
					}
					return
				}
				pos.Play(d.Move)
			}
			t.Fatal("no error in 12 plies")
		})
	}
}
