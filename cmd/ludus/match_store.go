package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// arenaRun describes the run of match, tournament or balance completely,
// the rules file's text included, as the store keeps it and queued jobs
// carry it.
func (f *runFlags) arenaRun(kind, path string, e *arena.Engine, bots ...string) (jobs.ArenaRun, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		var ok bool
		if src, ok = games.Source(filepath.Base(path)); !ok {
			return jobs.ArenaRun{}, err
		}
	}
	o := f.options(e)
	return jobs.ArenaRun{Kind: kind, File: filepath.Base(path), Source: string(src), Variant: f.variant, Eval: f.eval,
		MaxPlies: f.maxPlies, Bots: bots, Games: f.games, Seed: f.seed, Openings: f.openings, Settings: o.Settings}, nil
}

// createRun records the run in the store.
func createRun(ctx context.Context, st *store.Store, ar jobs.ArenaRun, games int) (int64, error) {
	settings, err := json.Marshal(ar)
	if err != nil {
		return 0, err
	}
	return st.CreateRun(ctx, store.RunSpec{Kind: ar.Kind, Command: strings.Join(os.Args, " "), Settings: settings,
		Seed: ar.Seed, Version: ludusVersion(), Jobs: games})
}

// enqueue puts the run's games on the queue as jobs, one per game.
func (f *runFlags) enqueue(cmd *cobra.Command, kind, path string, e *arena.Engine, bots ...string) error {
	ctx := cmd.Context()
	if !store.IsURL(f.db) {
		return fmt.Errorf("--queue needs --db postgres://...: the queue lives in PostgreSQL")
	}
	ar, err := f.arenaRun(kind, path, e, bots...)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, f.db)
	if err != nil {
		return err
	}
	defer st.Close()
	q, err := queue.Open(ctx, f.db)
	if err != nil {
		return err
	}
	defer q.Close()
	js, err := jobs.ArenaJobs(0, ar)
	if err != nil {
		return err
	}
	id, err := createRun(ctx, st, ar, len(js))
	if err != nil {
		return err
	}
	for i := range js {
		js[i].RunID = id
	}
	added, err := q.Enqueue(ctx, js)
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "run %d: %d games queued in %s\nludus worker --db URL   runs them (on any machines)\nludus runs show %d    prints the %s when they are played\n",
		id, added, store.Redact(f.db), id, kind)
	return nil
}

// gameRecorder keeps a run played here in the store: the run, then every
// game as it finishes, and the plot at the end.
type gameRecorder struct {
	ctx context.Context
	st  *store.Store
	id  int64
	f   *runFlags
	err error
}

// recorder opens the store when --db is given (a recorder that records
// nothing otherwise).
func (f *runFlags) recorder(cmd *cobra.Command, kind, path string, e *arena.Engine, bots ...string) (*gameRecorder, error) {
	r := &gameRecorder{ctx: cmd.Context(), f: f}
	if f.db == "" {
		return r, nil
	}
	ar, err := f.arenaRun(kind, path, e, bots...)
	if err != nil {
		return nil, err
	}
	if r.st, err = store.Open(cmd.Context(), f.db); err != nil {
		return nil, err
	}
	n := f.games
	if kind == "tournament" {
		n = f.games * len(bots) * (len(bots) - 1) / 2
	}
	if r.id, err = createRun(cmd.Context(), r.st, ar, n); err != nil {
		r.st.Close()
		return nil, err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "run %d in %s\n", r.id, store.Redact(f.db))
	return r, nil
}

// game stores a finished game as the run's result at its index.
func (r *gameRecorder) game(rec *arena.Record) {
	if r.st == nil || r.err != nil {
		return
	}
	var b strings.Builder
	if r.err = rec.Write(&b); r.err != nil {
		return
	}
	data, _ := json.Marshal(map[string]string{"record": b.String()})
	_, r.err = r.st.AddResult(r.ctx, store.Result{RunID: r.id, Index: rec.Index, Seed: rec.Seed, Kind: "game", Data: data})
}

// fail marks the run interrupted or failed.
func (r *gameRecorder) fail(err error) error {
	if r.st != nil {
		status := "failed"
		if r.ctx.Err() != nil {
			status = "interrupted"
		}
		r.st.FinishRun(context.Background(), r.id, status)
	}
	return err
}

// finish marks the run done and keeps its plot.
func (r *gameRecorder) finish(err error) error {
	if err != nil || r.st == nil {
		return r.fail(err)
	}
	if r.err != nil {
		return r.fail(r.err)
	}
	if r.f.plot != "" {
		if data, rerr := os.ReadFile(r.f.plot); rerr == nil {
			r.st.SaveFile(r.ctx, r.id, filepath.Base(r.f.plot), data)
		}
	}
	return r.st.FinishRun(r.ctx, r.id, "done")
}

func (r *gameRecorder) close() {
	if r.st != nil {
		r.st.Close()
	}
}
