package twenty48

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"time"
)

// BenchConfig sizes the headline benchmark. The defaults take a few
// minutes; the figures in docs/bench-2048.md use larger counts.
type BenchConfig struct {
	Seed          uint64
	SpeedGames    int // games at depth 3 with the nneonneo evaluation
	GenericMoves  int // moves of game Seed through the generic search
	AdaptiveMoves int // moves of game Seed with the adaptive depth
	StrengthGames int // games at depth 3 with the default evaluation
	TimeGames     int // games at equal time: EqualTimePlayer (0: skipped)
	// FastGames and SlowGames are games of the learned evaluation at the
	// two time targets, LearnedFastPlayer and LearnedSlowPlayer (0:
	// skipped).
	FastGames, SlowGames int
	Eval                 string
	Workers              int
}

// Reference figures of nneonneo/2048-ai measured on this kind of machine
// (one thread, CPU time).
const (
	refMovesPerSecond = 2447
	refAdaptiveMs     = 51
)

// EqualTimePlayer is the player that meets the reference's depth limit 4
// (3.1 ms per move) at equal time: depth limit 6 with a cut-off of 0.002
// instead of 0.0001, the nneonneo evaluation. It searches deeper along the
// likely spawns and gives up on branches with two 4s, which costs less
// than depth 4 with the published cut-off and plays much stronger
// (docs/bench-2048.md).
var EqualTimePlayer = PlayerSpec{Kind: "expectimax", Eval: "nneonneo", Depth: 6, MinProb: 0.002}

// LearnedFastPlayer is the learned network's player for a budget of 3 ms
// a move; LearnedSlowPlayer for 100 ms a move (docs/bench-2048.md).
var (
	LearnedFastPlayer = PlayerSpec{Kind: "expectimax", Eval: "learned", Depth: 2, MinProb: DefaultMinProb}
	LearnedSlowPlayer = PlayerSpec{Kind: "expectimax", Eval: "learned", Depth: 4, MinProb: 0.001}
)

// Published figures of the learned players, for the benchmark's table.
const (
	refLearned = "nneonneo/2048-ai, full depth (about 50 ms a move): 36%; Yeh et al. 2016, 3-ply: 31.75%; " +
		"TDL2048+ (Guei et al.), 2-ply: 48.92%, 6-ply: 72.00%"
)

// Bench plays the benchmark games and writes a Markdown report: speed at
// depth 3 (fast and generic paths), the adaptive depth's time per move,
// and strength at depth 3 and at equal time (EqualTimePlayer), each with
// the command that reproduces it and the reference's figure.
func Bench(ctx context.Context, w io.Writer, cfg BenchConfig) error {
	ew := &errWriter{w: w}
	ew.printf("Machine: %d cores, %s %s/%s, %s.\n\n", runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		time.Now().Format("2006-01-02"))
	ew.printf("| figure | ludus | nneonneo/2048-ai | command |\n| --- | --- | --- | --- |\n")
	row := func(figure, ours, ref, cmd string) {
		ew.printf("| %s | %s | %s | `%s` |\n", figure, ours, ref, cmd)
	}
	run := func(spec PlayerSpec, games, maxMoves int) (Summary, string, error) {
		rc := RunConfig{Player: spec, Seed: cfg.Seed, Games: games, MaxMoves: maxMoves}
		res, err := Run(ctx, rc, RunOptions{Workers: cfg.Workers})
		return Summarize(res), commandOf(rc), err
	}
	nn := PlayerSpec{Kind: "expectimax", Eval: "nneonneo", Depth: 3, MinProb: DefaultMinProb}
	if cfg.SpeedGames > 0 {
		s, cmd, err := run(nn, cfg.SpeedGames, 0)
		if err != nil {
			return err
		}
		row("moves/s, depth 3, nneonneo evaluation", fmt.Sprintf("%.0f (%.0fM evaluations/s)", s.MovesPerSecond, s.EvalsPerSecond/1e6),
			fmt.Sprint(refMovesPerSecond), cmd)
		gen := nn
		gen.Kind = "generic"
		g, cmd, err := run(gen, 1, max(cfg.GenericMoves, 1))
		if err != nil {
			return err
		}
		row("moves/s, same, generic search package", fmt.Sprintf("%.0f (%.1fM evaluations/s)", g.MovesPerSecond, g.EvalsPerSecond/1e6), "", cmd)
	}
	if cfg.AdaptiveMoves > 0 {
		ad := PlayerSpec{Kind: "expectimax", Eval: "nneonneo", MinDepth: 3, MinProb: DefaultMinProb}
		s, cmd, err := run(ad, 1, cfg.AdaptiveMoves)
		if err != nil {
			return err
		}
		row(fmt.Sprintf("ms/move, adaptive depth, first %d moves", s.Moves), fmt.Sprintf("%.1f", s.MsPerMove["all"]),
			fmt.Sprintf("about %d", refAdaptiveMs), cmd)
	}
	if cfg.StrengthGames > 0 {
		st := PlayerSpec{Kind: "expectimax", Eval: cfg.Eval, Depth: 3, MinProb: DefaultMinProb}
		s, cmd, err := run(st, cfg.StrengthGames, 0)
		if err != nil {
			return err
		}
		row(fmt.Sprintf("depth 3, %d games: 8192 / 16384 / mean score", s.Games), reachText(s), "63% / 7% / 130,147 (30 games)", cmd)
	}
	if cfg.TimeGames > 0 {
		s, cmd, err := run(EqualTimePlayer, cfg.TimeGames, 0)
		if err != nil {
			return err
		}
		row(fmt.Sprintf("equal time, %d games: 8192 / 16384 / 32768 / mean score (%.2f ms/move)", s.Games, s.MsPerMove["all"]),
			fmt.Sprintf("%.0f%% / %.0f%% / %.0f%% / %.0f", 100*s.Reach["8192"], 100*s.Reach["16384"], 100*s.Reach["32768"], s.MeanScore),
			"88% / 54% / 0% / 231,730 (depth 4, 3.1 ms/move, 50 games)", cmd)
	}
	for _, lp := range []struct {
		spec   PlayerSpec
		games  int
		budget string
	}{{LearnedFastPlayer, cfg.FastGames, "3"}, {LearnedSlowPlayer, cfg.SlowGames, "100"}} {
		if lp.games <= 0 {
			continue
		}
		s, cmd, err := run(lp.spec, lp.games, 0)
		if err != nil {
			return err
		}
		lo, hi := Wilson(s.Reach["32768"], s.Games)
		row(fmt.Sprintf("learned, at most %s ms a move, %d games: 16384 / 32768 (95%% interval) / 65536 / mean score (%.2f ms/move)",
			lp.budget, s.Games, s.MsPerMove["all"]),
			fmt.Sprintf("%.0f%% / %.1f%% (%.1f-%.1f%%) / %.1f%% / %.0f", 100*s.Reach["16384"], 100*s.Reach["32768"], 100*lo, 100*hi,
				100*s.Reach["65536"], s.MeanScore),
			refLearned, cmd)
	}
	return ew.err
}

// Wilson returns the 95% Wilson score interval of a share p observed in n
// trials.
func Wilson(p float64, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	nf := float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}

func reachText(s Summary) string {
	return fmt.Sprintf("%.0f%% / %.0f%% / %.0f", 100*s.Reach["8192"], 100*s.Reach["16384"], s.MeanScore)
}

// commandOf is the ludus command line that plays cfg.
func commandOf(cfg RunConfig) string {
	s := cfg.Player
	cmd := fmt.Sprintf("ludus 2048 play --games %d --seed %d", cfg.Games, cfg.Seed)
	if s.Kind != "expectimax" {
		cmd += " --player " + s.Kind
	}
	cmd += " --eval " + s.Eval
	if s.Depth > 0 {
		cmd += fmt.Sprintf(" --depth %d", s.Depth)
	}
	if s.RoomyEmpty > 0 {
		cmd += fmt.Sprintf(" --roomy %d", s.RoomyEmpty)
	}
	if s.Time > 0 {
		cmd += fmt.Sprintf(" --time %v", s.Time)
	}
	if s.MinProb != DefaultMinProb {
		cmd += fmt.Sprintf(" --min-prob %g", s.MinProb)
	}
	if cfg.MaxMoves > 0 {
		cmd += fmt.Sprintf(" --max-moves %d", cfg.MaxMoves)
	}
	return cmd
}
