package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ludus-games/ludus/internal/atomicfile"
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
	ar, err := arenaRun(ri)
	if err != nil {
		return err
	}
	recs, err := jobs.Records(results)
	if err != nil {
		return err
	}
	rep, err := jobs.ArenaReport(ar, recs)
	if err != nil {
		return err
	}
	return rep.WriteText(w)
}

func exportArena(_ context.Context, dir string, _ *store.Store, _ store.RunInfo, results []store.Result) (int, error) {
	recs, err := jobs.Records(results)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "games"), 0o755); err != nil {
		return 0, err
	}
	for _, rec := range recs {
		var b strings.Builder
		if err := rec.Write(&b); err != nil {
			return 0, err
		}
		if err := atomicfile.WriteFile(filepath.Join(dir, "games", fmt.Sprintf("%06d.txt", rec.Index+1)), []byte(b.String())); err != nil {
			return 0, err
		}
	}
	return len(recs), nil
}
