package runs

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/twenty48"
)

// Kind2048 is the store's name of "ludus 2048 play" runs.
const Kind2048 = "2048 play"

// spec2048 is a 2048 run as the store keeps it: its settings are the run's
// configuration, which decides its games.
func spec2048(cfg twenty48.RunConfig) (store.RunSpec, error) {
	settings, err := json.Marshal(cfg)
	return store.RunSpec{Kind: Kind2048, Settings: settings, Seed: cfg.Seed, Jobs: cfg.Games}, err
}

// Queue2048 puts the run's games on the queue in env.DB, one job a game.
func Queue2048(ctx context.Context, env Env, cfg twenty48.RunConfig) error {
	js, err := jobs.Twenty48Jobs(cfg)
	if err != nil {
		return err
	}
	spec, err := spec2048(cfg)
	if err != nil {
		return err
	}
	_, err = Enqueue(ctx, env, spec, js)
	return err
}

// Twenty48 keeps a 2048 run played here: every game with its moves as it
// finishes; a run interrupted before resumes with the games it had.
type Twenty48 struct {
	*Kept
	cfg   twenty48.RunConfig
	mu    sync.Mutex
	games []twenty48.PlayedGame // played before and here
}

// Keep2048 resumes or starts the run in env's store and hooks it to opt:
// the games played before are not played again, and every game played is
// kept.
func Keep2048(ctx context.Context, env Env, cfg twenty48.RunConfig, opt *twenty48.RunOptions) (*Twenty48, error) {
	spec, err := spec2048(cfg)
	if err != nil {
		return nil, err
	}
	kr, err := Keep(ctx, env, spec)
	if err != nil {
		return nil, err
	}
	k := &Twenty48{Kept: kr, cfg: cfg}
	if k.games, err = jobs.Twenty48Games(kr.have); err != nil {
		kr.Close()
		return nil, err
	}
	opt.Played = slices.Clone(k.games)
	opt.OnPlayed = func(g twenty48.PlayedGame) error {
		var cpu time.Duration
		for _, ns := range g.PhaseNanos {
			cpu += time.Duration(ns)
		}
		k.Add(int(uint64(g.Game)-cfg.Seed), uint64(g.Game), "2048 game", g, cpu)
		k.mu.Lock()
		k.games = append(k.games, g)
		k.mu.Unlock()
		return nil
	}
	return k, nil
}

// Resumed says whether games were played before, so that a records file
// must be written from all the games at the end rather than as they are
// played.
func (k *Twenty48) Resumed() bool { return len(k.have) > 0 }

// WriteRecords writes the records of every game of the run to path.
func (k *Twenty48) WriteRecords(path string) error {
	slices.SortFunc(k.games, func(a, b twenty48.PlayedGame) int { return cmp.Compare(uint64(a.Game), uint64(b.Game)) })
	return atomicfile.Write(path, func(w io.Writer) error {
		return twenty48.WriteRecords(w, k.games, k.cfg.Player.Label())
	})
}

// Write2048 prints a run's statistics as "ludus 2048 play" does.
func Write2048(w io.Writer, cfg twenty48.RunConfig, sum twenty48.Summary) error {
	if cfg.Games == 1 {
		fmt.Fprintf(w, "player         %s, seed %d\n", cfg.Player.Label(), cfg.Seed)
	} else {
		fmt.Fprintf(w, "player         %s, seeds %d-%d\n", cfg.Player.Label(), cfg.Seed, cfg.Seed+uint64(cfg.Games)-1)
	}
	return sum.WriteText(w)
}

func read2048(ri store.RunInfo, results []store.Result) (twenty48.RunConfig, []twenty48.PlayedGame, error) {
	var cfg twenty48.RunConfig
	if err := json.Unmarshal(ri.Settings, &cfg); err != nil {
		return cfg, nil, fmt.Errorf("run %d: settings: %w", ri.ID, err)
	}
	games, err := jobs.Twenty48Games(results)
	return cfg, games, err
}

func results2048(games []twenty48.PlayedGame) []twenty48.GameResult {
	out := make([]twenty48.GameResult, len(games))
	for i, g := range games {
		out[i] = g.GameResult
	}
	return out
}

func show2048(w io.Writer, ri store.RunInfo, results []store.Result) error {
	cfg, games, err := read2048(ri, results)
	if err != nil {
		return err
	}
	return Write2048(w, cfg, twenty48.Summarize(results2048(games)))
}

// export2048 writes what "2048 play --record --results --plot" writes:
// games.jsonl (the records), results.jsonl and scores.svg.
func export2048(_ context.Context, dir string, ri store.RunInfo, results []store.Result) (int, error) {
	cfg, games, err := read2048(ri, results)
	if err != nil {
		return 0, err
	}
	label := cfg.Player.Label()
	err = atomicfile.Write(filepath.Join(dir, "games.jsonl"), func(w io.Writer) error {
		return twenty48.WriteRecords(w, games, label)
	})
	if err != nil {
		return 0, err
	}
	rs := results2048(games)
	if err := twenty48.SaveResults(filepath.Join(dir, "results.jsonl"), cfg, rs); err != nil {
		return 1, err
	}
	return 3, render.Save(filepath.Join(dir, "scores.svg"), twenty48.PlotResults(rs, label))
}
