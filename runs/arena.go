package runs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// The store's names of the runs of "ludus match", "tournament" and
// "balance" (jobs.ArenaRun.Kind).
const (
	KindMatch      = "match"
	KindTournament = "tournament"
	KindBalance    = "balance"
)

// RulesSource returns the name and text of the rules file at path, or of
// the bundled file path names (see games.Bundled), as a run carries them:
// a queued run's workers need no file of their own.
func RulesSource(path string) (name, source string, err error) {
	var src []byte
	if n, ok := games.Bundled(path); ok {
		src, _ = games.Source(n)
		path = n
	} else if src, err = os.ReadFile(path); err != nil {
		return "", "", err
	}
	return filepath.Base(path), string(src), nil
}

// arenaSpec is the run as the store keeps it, with its jobs: its settings
// are the whole ArenaRun, so that a worker anywhere can play its games.
func arenaSpec(ar jobs.ArenaRun) (store.RunSpec, []queue.Job, error) {
	js, err := jobs.ArenaJobs(0, ar)
	if err != nil {
		return store.RunSpec{}, nil, err
	}
	settings, err := json.Marshal(ar)
	return store.RunSpec{Kind: ar.Kind, Settings: settings, Seed: ar.Seed, Jobs: len(js)}, js, err
}

// QueueArena puts the run's games on the queue in env.DB as jobs, one a
// game.
func QueueArena(ctx context.Context, env Env, ar jobs.ArenaRun) error {
	if !store.IsURL(env.DB) {
		return errQueueStore
	}
	spec, js, err := arenaSpec(ar)
	if err != nil {
		return err
	}
	_, err = Enqueue(ctx, env, spec, js)
	return err
}

// Arena keeps a match, tournament or balance run played here: the run,
// then every game as it finishes, and the plot at the end; a run
// interrupted before resumes with the games it had.
type Arena struct {
	*Kept
	played []*arena.Record
}

// KeepArena resumes or starts the run in env's store.
func KeepArena(ctx context.Context, env Env, ar jobs.ArenaRun) (*Arena, error) {
	spec, _, err := arenaSpec(ar)
	if err != nil {
		return nil, err
	}
	k, err := Keep(ctx, env, spec)
	if err != nil {
		return nil, err
	}
	a := &Arena{Kept: k}
	if a.played, err = jobs.Records(k.have); err != nil {
		k.Close()
		return nil, err
	}
	return a, nil
}

// Attach makes the run's options keep every game and skip those played
// before.
func (a *Arena) Attach(o *arena.Options) {
	o.Played = a.played
	o.OnGame = a.game
}

// Played returns the games an earlier attempt of the run stored, which
// are not played again.
func (a *Arena) Played() []*arena.Record { return a.played }

// Record keeps a finished game as the run's result at its index, for a
// run whose games are played one by one (arena.Plan) rather than by
// Attach's options.
func (a *Arena) Record(rec *arena.Record) { a.game(rec) }

// game stores a finished game as the run's result at its index.
func (a *Arena) game(rec *arena.Record) {
	data, err := jobs.NewGameResult(rec)
	if err != nil {
		a.Fail(err)
		return
	}
	var elapsed time.Duration
	for _, t := range rec.Time {
		elapsed += t
	}
	a.Add(rec.Index, rec.Seed, "game", data, elapsed)
}

// Finish ends the run as End does, keeping the plot the run drew at the
// path plot ("" for none) when err is nil.
func (a *Arena) Finish(err error, plot string) error {
	if err == nil && plot != "" {
		a.File(filepath.Base(plot), plot)
	}
	return a.End(err)
}

// arenaGames reads a match, tournament or balance run's settings and its
// games' records.
func arenaGames(ri store.RunInfo, results []store.Result) (jobs.ArenaRun, []*arena.Record, error) {
	var ar jobs.ArenaRun
	if err := json.Unmarshal(ri.Settings, &ar); err != nil {
		return ar, nil, fmt.Errorf("run %d: settings: %w", ri.ID, err)
	}
	recs, err := jobs.Records(results)
	return ar, recs, err
}

// showArena prints the run's report from its games' records.
func showArena(w io.Writer, ri store.RunInfo, results []store.Result) error {
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
func exportArena(ctx context.Context, dir string, ri store.RunInfo, results []store.Result) (int, error) {
	ar, recs, err := arenaGames(ri, results)
	if err != nil {
		return 0, err
	}
	return len(recs) + 2, jobs.ArenaExport(ctx, ar, recs, dir)
}
