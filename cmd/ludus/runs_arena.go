package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/store"
)

// Match, tournament and balance runs print their report from their games'
// records and export the records as --out writes them.
func init() {
	k := storedKind{show: showArena, export: exportArena}
	for _, kind := range []string{"match", "tournament", "balance"} {
		storedKinds[kind] = k
	}
}

// arenaRun reads a match, tournament or balance run's settings.
func arenaRun(ri store.RunInfo) (jobs.ArenaRun, error) {
	var ar jobs.ArenaRun
	if err := json.Unmarshal(ri.Settings, &ar); err != nil {
		return ar, fmt.Errorf("run %d: settings: %w", ri.ID, err)
	}
	return ar, nil
}

func showArena(_ context.Context, w io.Writer, _ *store.Store, ri store.RunInfo, results []store.Result) error {
	ar, recs, err := arenaGames(ri, results)
	if err != nil {
		return err
	}
	rep, err := jobs.ArenaReport(ar, recs)
	if err != nil {
		return err
	}
	return rep.WriteText(w)
}

// exportArena writes what --out DIR writes: the records (games/000001.txt,
// ...), the summary (results.json) and the plot (KIND.svg).
func exportArena(ctx context.Context, dir string, _ *store.Store, ri store.RunInfo, results []store.Result) (int, error) {
	ar, recs, err := arenaGames(ri, results)
	if err != nil {
		return 0, err
	}
	return len(recs) + 2, jobs.ArenaExport(ctx, ar, recs, dir)
}

func arenaGames(ri store.RunInfo, results []store.Result) (jobs.ArenaRun, []*arena.Record, error) {
	ar, err := arenaRun(ri)
	if err != nil {
		return ar, nil, err
	}
	recs, err := jobs.Records(results)
	return ar, recs, err
}
