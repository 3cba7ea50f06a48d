package main

import (
	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/twenty48"
)

func newBench2048Cmd() *cobra.Command {
	cfg := twenty48.BenchConfig{Seed: 1001, SpeedGames: 3, GenericMoves: 2000, AdaptiveMoves: 3000, StrengthGames: 10, Eval: "ludus", Workers: 1}
	cmd := &cobra.Command{
		Use:   "2048",
		Short: "Speed and strength of the 2048 players against nneonneo/2048-ai",
		Long: `bench 2048 measures the 2048 players' headline figures and prints them as a
Markdown table beside the reference's (nneonneo/2048-ai on the same kind of
machine): moves and evaluations per second at depth 3 with the nneonneo
evaluation (fast bitboard search and the generic search package), time per
move of the adaptive depth, and strength at depth 3 and at equal time
(depth limit 6 with a cut-off of 0.002 and the nneonneo evaluation, against
the reference's depth limit 4 at 3.1 ms per move), and the learned
network's players at 3 and 100 ms a move (--fast-games, --slow-games), with
the 32768 rate's 95% interval, beside the published learned players.
Times are CPU time of the thinking thread. The defaults take a few minutes;
docs/bench-2048.md uses --strength-games 200 --time-games 50.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return twenty48.Bench(cmd.Context(), cmd.OutOrStdout(), cfg)
		},
	}
	fl := cmd.Flags()
	fl.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the first game")
	fl.IntVar(&cfg.SpeedGames, "speed-games", cfg.SpeedGames, "games for the speed figure (0: skip)")
	fl.IntVar(&cfg.GenericMoves, "generic-moves", cfg.GenericMoves, "moves for the generic search's speed figure")
	fl.IntVar(&cfg.AdaptiveMoves, "adaptive-moves", cfg.AdaptiveMoves, "moves for the adaptive-depth figure (0: skip)")
	fl.IntVar(&cfg.StrengthGames, "strength-games", cfg.StrengthGames, "games at depth 3 (0: skip)")
	fl.IntVar(&cfg.TimeGames, "time-games", 0, "games at equal time: depth 6, cut-off 0.002, nneonneo evaluation (0: skip)")
	fl.IntVar(&cfg.FastGames, "fast-games", 0, "games of the learned network at most 3 ms a move (0: skip)")
	fl.IntVar(&cfg.SlowGames, "slow-games", 0, "games of the learned network at most 100 ms a move (0: skip)")
	fl.StringVar(&cfg.Eval, "eval", cfg.Eval, "evaluation of the strength games")
	fl.IntVar(&cfg.Workers, "workers", cfg.Workers, "games played at once")
	return cmd
}
