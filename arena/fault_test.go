package arena_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/games"
)

// trapRules is a race whose runners' moves loop for ever once a runner
// stands in column e (ply 9 for the first player).
const trapRules = `(game (title "Trap") (players A B)
  (board (grid (start-rectangle 0 0 1 1)
    (dimensions ("a/b/c/d/e/f" (1 0)) ("1/2" (0 1)))
    (directions (e 1 0))))
  (piece (name Runner)
    (moves ((if (position? e1) (while true mark)) (if (position? e2) (while true mark)) e (verify empty?) add)))
  (board-setup (A (Runner a1)) (B (Runner a2))))
`

// A rules error is an error of every run, with the file and line of the
// program at fault, never a game scored as a draw; a run that keeps
// records stops with the games it finished before.
func TestRulesErrorStopsRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "trap.zrf")
	if err := os.WriteFile(path, []byte(trapRules), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := games.Open(path, games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	runs := map[string]func(specs ...string) error{
		"match": func(specs ...string) error {
			es, err := arena.Entrants(e.Bots, specs...)
			if err != nil {
				return err
			}
			_, err = arena.Match(ctx, arena.BoardGame(e), es, arena.Options{Games: 4, Seed: 1, Workers: 2})
			return err
		},
		"tournament": func(specs ...string) error {
			es, err := arena.Entrants(e.Bots, specs...)
			if err != nil {
				return err
			}
			_, err = arena.Tournament(ctx, arena.BoardGame(e), es, arena.Options{Games: 2, Seed: 1})
			return err
		},
		"balance": func(specs ...string) error {
			es, err := arena.Entrants(e.Bots, specs[0])
			if err != nil {
				return err
			}
			_, err = arena.Balance(ctx, arena.BoardGame(e), es[0], arena.Options{Games: 4, Seed: 1})
			return err
		},
	}
	for name, run := range runs {
		for _, specs := range [][]string{{"random", "random"}, {"alphabeta:depth=4", "mcts:iterations=100,workers=2"}} {
			err := run(specs...)
			if err == nil {
				t.Errorf("%s %v: no error", name, specs)
				continue
			}
			for _, want := range []string{"trap.zrf:6:", "did not stop", "ply "} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%s %v: error %q does not say %q", name, specs, err, want)
				}
			}
		}
	}
}
