package engine_test

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestLineWindows plays random games and checks that the n-in-a-row goals
// tested by line sets end each game where the cell-by-cell walk does:
// after a position found without a goal (the lines through the changed
// cells), and on odd plies after a position not looked at (every line on
// the board).
func TestLineWindows(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    *engine.Game
	}{
		{"connect four", game(t, "connect-four.zrf", "")},
		{"tic-tac-toe", game(t, "tic-tac-toe.zrf", "")},
		{"stones and pebbles", compile(t, filepath.Join("testdata", "games", "lines.zrf"), "")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !engine.LineWindows(tc.g) {
				t.Fatal("the goals test no line by its set")
			}
			a, b := engine.NewState(tc.g), engine.NewState(engine.WithoutLineWindows(tc.g))
			c, d := engine.NewState(tc.g), engine.NewState(engine.WithoutLineWindows(tc.g))
			rng := rand.New(rand.NewPCG(7, 7))
			var ml engine.MoveList
			wins := 0
			for game := 0; game < 300; game++ {
				for ply := 0; ; ply++ {
					ra, err := a.Result()
					if err != nil {
						t.Fatal(err)
					}
					rb, err := b.Result()
					if err != nil {
						t.Fatal(err)
					}
					if ra.Over != rb.Over || ra.Reason != rb.Reason || !slices.Equal(ra.Scores, rb.Scores) {
						t.Fatalf("game %d ply %d: %+v with line sets, %+v by walking", game, ply, ra, rb)
					}
					if ply%2 == 1 {
						rc, err := c.Result()
						if err != nil {
							t.Fatal(err)
						}
						rd, err := d.Result()
						if err != nil {
							t.Fatal(err)
						}
						if rc.Over != ra.Over || rc.Reason != rd.Reason || !slices.Equal(rc.Scores, rd.Scores) {
							t.Fatalf("game %d ply %d: the whole board: %+v with line sets, %+v by walking, %+v after a check", game, ply, rc, rd, ra)
						}
					}
					if ra.Over {
						if ra.Reason != "no moves" {
							wins++
						}
						break
					}
					ms, err := a.Moves(&ml)
					if err != nil {
						t.Fatal(err)
					}
					m := &ms[rng.IntN(len(ms))]
					for _, s := range []*engine.State{a, b, c, d} {
						s.Play(m)
					}
				}
				for a.Undo() {
					b.Undo()
					c.Undo()
					d.Undo()
				}
			}
			if wins == 0 {
				t.Error("no game was won: the lines were never met")
			}
		})
	}
}
