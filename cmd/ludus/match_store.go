package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

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
func (f *runFlags) arenaRun(kind, path string, e *games.Game, bots ...string) (jobs.ArenaRun, error) {
	var src []byte
	var err error
	if name, ok := games.Bundled(path); ok {
		src, _ = games.Source(name)
		path = name
	} else if src, err = os.ReadFile(path); err != nil {
		return jobs.ArenaRun{}, err
	}
	o := f.options(e)
	return jobs.ArenaRun{Kind: kind, File: filepath.Base(path), Source: string(src), Variant: f.variant, Eval: f.eval,
		MaxPlies: f.maxPlies, Bots: bots, Games: f.games, Seed: f.seed, Openings: f.openings, Settings: o.Settings}, nil
}

// runSpec is the run as the store keeps it: its settings are the whole
// ArenaRun, so that a worker anywhere can play its games.
func runSpec(ar jobs.ArenaRun) (store.RunSpec, []queue.Job, error) {
	js, err := jobs.ArenaJobs(0, ar)
	if err != nil {
		return store.RunSpec{}, nil, err
	}
	settings, err := json.Marshal(ar)
	return store.RunSpec{Kind: ar.Kind, Settings: settings, Seed: ar.Seed, Jobs: len(js)}, js, err
}

// enqueue puts the run's games on the queue as jobs, one per game.
func (f *runFlags) enqueue(cmd *cobra.Command, kind, path string, e *games.Game, bots ...string) error {
	if !store.IsURL(f.db) {
		return fmt.Errorf("--queue needs --db postgres://...: the queue lives in PostgreSQL")
	}
	ar, err := f.arenaRun(kind, path, e, bots...)
	if err != nil {
		return err
	}
	spec, js, err := runSpec(ar)
	if err != nil {
		return err
	}
	_, err = enqueueRun(cmd, f.db, spec, js)
	return err
}

// gameRecorder keeps a run played here in the store: the run, then every
// game as it finishes, and the plot at the end; a run interrupted before
// resumes with the games it had.
type gameRecorder struct {
	*keptRun
	f      *runFlags
	kind   string
	played []*arena.Record
}

// recorder opens the store of --db (the default one without it) and
// resumes or starts the run there.
func (f *runFlags) recorder(cmd *cobra.Command, kind, path string, e *games.Game, bots ...string) (*gameRecorder, error) {
	ar, err := f.arenaRun(kind, path, e, bots...)
	if err != nil {
		return nil, err
	}
	spec, _, err := runSpec(ar)
	if err != nil {
		return nil, err
	}
	kr, err := keepRun(cmd, f.db, spec)
	if err != nil {
		return nil, err
	}
	r := &gameRecorder{keptRun: kr, f: f, kind: kind}
	if r.played, err = jobs.Records(kr.have); err != nil {
		kr.close()
		return nil, err
	}
	return r, nil
}

// attach makes the run's options keep every game and skip those played
// before.
func (r *gameRecorder) attach(o *arena.Options) {
	o.Played = r.played
	o.OnGame = r.game
}

// game stores a finished game as the run's result at its index.
func (r *gameRecorder) game(rec *arena.Record) {
	data, err := jobs.NewGameResult(rec)
	if err != nil {
		r.keptRun.fail(err)
		return
	}
	var elapsed time.Duration
	for _, t := range rec.Time {
		elapsed += t
	}
	r.add(rec.Index, rec.Seed, "game", data, elapsed)
}

// fail marks the run interrupted or failed.
func (r *gameRecorder) fail(err error) error { return r.end(err) }

// finish marks the run done and keeps its plot.
func (r *gameRecorder) finish(err error) error {
	if err == nil && r.f.plot != "" {
		r.file(filepath.Base(r.f.plot), r.f.plot)
	} else if err == nil && r.f.out != "" {
		r.file(r.kind+".svg", filepath.Join(r.f.out, r.kind+".svg"))
	}
	return r.end(err)
}
