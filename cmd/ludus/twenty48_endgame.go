package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/twenty48"
)

// endgameFlags are the settings of "ludus 2048 endgame".
type endgameFlags struct {
	spec        twenty48.PlayerSpec
	pool        string
	tile, games int
	workers     int
	seed        uint64
}

func newEndgameCmd() *cobra.Command {
	f := endgameFlags{spec: twenty48.PlayerSpec{Kind: "expectimax"}}
	cmd := &cobra.Command{
		Use:   "endgame",
		Short: "Play on from the boards where a training's games first made a large tile",
		Long: `endgame plays games from the boards of a training's start pool (see
"ludus 2048 train"): boards on which its games first held --tile (8192,
16384 or 32768 by default). A game that has just made 16384 needs some
8,000 moves more to make 32768, which whole games reach too rarely to
measure; from the pool, every game measures the late game. It prints how
many games made the next two tiles (with 95% intervals) and the moves and
points they added. Game i takes the spawns of --seed+i, so two players
meet the same tiles.`,
		Example: `  ludus 2048 endgame --pool net --tile 16384 --games 100 --eval learned --depth 2
  ludus 2048 endgame --pool net --eval net/checkpoint.ntuple --downgrade 16384 --workers 2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runEndgame(cmd, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.pool, "pool", "", "training `DIR` whose start pool gives the boards")
	fl.IntVar(&f.tile, "tile", 16384, "the pool's tile: boards on which games first held it")
	fl.IntVar(&f.games, "games", 100, "games, one a board (at most the pool's boards)")
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the first game's spawns")
	fl.StringVar(&f.spec.Eval, "eval", "learned", "board evaluation (as ludus 2048 play)")
	fl.IntVar(&f.spec.Depth, "depth", 2, "depth limit: the root move plus D further moves")
	fl.Float64Var(&f.spec.MinProb, "min-prob", twenty48.DefaultMinProb, "cumulative-probability cut-off (0: search every line)")
	fl.IntVar(&f.spec.Downgrade, "downgrade", 0, "search boards whose largest tile is at least this `TILE` downgraded (0: never)")
	fl.IntVar(&f.workers, "workers", 1, "games played at once (0: one per core)")
	cmd.MarkFlagRequired("pool")
	rangeFlag(cmd, "games", 1, 1e6)
	rangeFlag(cmd, "depth", 1, 16)
	rangeFlag(cmd, "min-prob", 0, 0.99)
	rangeFlag(cmd, "workers", 0, 256)
	return cmd
}

func runEndgame(cmd *cobra.Command, f endgameFlags) error {
	if _, err := twenty48.NewPlayer(f.spec); err != nil {
		return err
	}
	t, err := twenty48.OpenTraining(f.pool)
	if err != nil {
		return err
	}
	boards, err := t.PoolBoards(f.tile)
	if err != nil {
		return fmt.Errorf("%s: %w", f.pool, err)
	}
	t = nil // the weights are not needed: let them go before the games
	if len(boards) == 0 {
		return fmt.Errorf("%s: the start pool holds no board for %d yet", f.pool, f.tile)
	}
	boards = boards[:min(len(boards), f.games)]
	bar := progress.New(int64(len(boards)), "endgame")
	res, err := twenty48.PlayFrom(cmd.Context(), f.spec, boards, f.seed, f.workers, func() { bar.Add(1) })
	bar.Finish()
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	n := res.Games
	fmt.Fprintf(out, "player     %s\n", f.spec.Label())
	fmt.Fprintf(out, "boards     %d of the start pool of %s for %d\n", n, f.pool, f.tile)
	for _, tile := range []int{2 * f.tile, 4 * f.tile} {
		k := res.Reached(tile)
		lo, hi := twenty48.Wilson(float64(k)/float64(n), n)
		fmt.Fprintf(out, "%-10d %d games (%.1f%%, 95%% interval %.1f-%.1f%%)\n", tile, k, 100*float64(k)/float64(n), 100*lo, 100*hi)
	}
	fmt.Fprintf(out, "after      %.0f moves and %.0f points a game (means)\n",
		float64(res.Moves)/float64(n), float64(res.Score)/float64(n))
	return nil
}
