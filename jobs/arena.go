package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/extbot"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/render/plot"
	"github.com/ludus-games/ludus/store"
)

// ArenaGame is the task that plays one game of a match, tournament or
// balance run.
const ArenaGame = "arena-game"

// ArenaRun describes a match, tournament or balance run completely, the
// rules file's text included, so that a worker on any machine can play its
// games.
type ArenaRun struct {
	Kind     string   `json:"kind"` // match, tournament, balance
	File     string   `json:"file"` // the rules file's name, for messages
	Source   string   `json:"source"`
	Variant  string   `json:"variant,omitempty"`
	Eval     string   `json:"eval,omitempty"`
	MaxPlies int      `json:"max_plies,omitempty"`
	Bots     []string `json:"bots"`
	Games    int      `json:"games"`
	Seed     uint64   `json:"seed"`
	Openings int      `json:"openings,omitempty"`
	Settings string   `json:"settings,omitempty"`
}

// ArenaJobs returns the jobs of a run: one per game.
func ArenaJobs(runID int64, r ArenaRun) ([]queue.Job, error) {
	plan, err := plans.get(r)
	if err != nil {
		return nil, err
	}
	payload, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	jobs := make([]queue.Job, plan.Games())
	for i := range jobs {
		jobs[i] = queue.Job{RunID: runID, Index: i, Task: ArenaGame, Seed: r.Seed, Payload: payload}
	}
	return jobs, nil
}

// GameResult is the stored result of a game: its record in the engine's
// text format.
type GameResult struct {
	Record string `json:"record"`
}

// NewGameResult returns the result to store for a game.
func NewGameResult(rec *arena.Record) (GameResult, error) {
	var b strings.Builder
	err := rec.Write(&b)
	return GameResult{Record: b.String()}, err
}

func arenaGame(ctx context.Context, j queue.Job) (queue.Output, error) {
	var r ArenaRun
	if err := json.Unmarshal(j.Payload, &r); err != nil {
		return queue.Output{}, fmt.Errorf("payload: %w", err)
	}
	for _, b := range r.Bots {
		// The queue's jobs start no programs on the workers' machines.
		if extbot.Starts(b) {
			return queue.Output{}, fmt.Errorf("bot %s: engine programs play in local runs only, not on the queue's workers", b)
		}
	}
	plan, err := plans.get(r)
	if err != nil {
		return queue.Output{}, err
	}
	rec, err := plan.Play(ctx, j.Index)
	if err != nil {
		return queue.Output{}, err
	}
	g, err := NewGameResult(rec)
	if err != nil {
		return queue.Output{}, err
	}
	data, err := json.Marshal(g)
	return queue.Output{Kind: "game", Data: data}, err
}

// Records reads the game records of a run's results, in game order.
func Records(results []store.Result) ([]*arena.Record, error) {
	recs := make([]*arena.Record, 0, len(results))
	for _, res := range results {
		var g GameResult
		if err := json.Unmarshal(res.Data, &g); err != nil {
			return nil, fmt.Errorf("result %d: %w", res.Index, err)
		}
		rec, err := arena.ReadRecord(fmt.Sprintf("result %d", res.Index), strings.NewReader(g.Record))
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// plans caches the compiled game and schedule of each run a worker plays,
// so a worker reads a rules file once however many of its games it plays.
var plans = planCache{m: map[[32]byte]*arena.Plan[engine.Ply, *engine.Position]{}}

type planCache struct {
	mu sync.Mutex
	m  map[[32]byte]*arena.Plan[engine.Ply, *engine.Position]
}

func (c *planCache) get(r ArenaRun) (*arena.Plan[engine.Ply, *engine.Position], error) {
	js, _ := json.Marshal(r)
	key := sha256.Sum256(js)
	c.mu.Lock()
	defer c.mu.Unlock()
	if p := c.m[key]; p != nil {
		return p, nil
	}
	p, err := newPlan(r)
	if err != nil {
		return nil, err
	}
	if len(c.m) > 64 {
		clear(c.m)
	}
	c.m[key] = p
	return p, nil
}

func newPlan(r ArenaRun) (*arena.Plan[engine.Ply, *engine.Position], error) {
	eng, entrants, err := open(r)
	if err != nil {
		return nil, err
	}
	o := arena.Options{Games: r.Games, Seed: r.Seed, Openings: r.Openings, Settings: r.Settings}
	switch r.Kind {
	case "match":
		return arena.MatchPlan(eng, entrants, o)
	case "tournament":
		return arena.TournamentPlan(eng, entrants, o)
	case "balance":
		if len(entrants) != 1 {
			return nil, fmt.Errorf("balance: %d bots, want 1", len(entrants))
		}
		return arena.BalancePlan(eng, entrants[0], o)
	}
	return nil, fmt.Errorf("unknown run kind %q", r.Kind)
}

// open reads the run's rules and seats its bots.
func open(r ArenaRun) (arena.Game[engine.Ply, *engine.Position], []arena.Entrant[engine.Ply, *engine.Position], error) {
	// Includes resolve among the bundled games: a queued run carries one
	// file.
	g, err := games.Read(r.File, []byte(r.Source), games.Options{Variant: r.Variant, Eval: r.Eval, MaxPlies: r.MaxPlies})
	if err != nil {
		return arena.Game[engine.Ply, *engine.Position]{}, nil, err
	}
	// A run played here may seat engine programs (gtp:, uci:); a worker
	// refuses to play them (arenaGame).
	if err := extbot.Register(g.Bots, g.Compiled); err != nil {
		return arena.Game[engine.Ply, *engine.Position]{}, nil, err
	}
	entrants, err := arena.Entrants(g.Bots, r.Bots...)
	return arena.BoardGame(g), entrants, err
}

// Report is what a run prints and draws.
type Report interface {
	WriteText(w io.Writer) error
	Charts() []*plot.Chart
}

// ArenaReport makes the report of a run from its games' records, as the
// run on one machine prints it (of the games played so far, for a run not
// finished).
func ArenaReport(r ArenaRun, recs []*arena.Record) (Report, error) {
	eng, entrants, err := open(r)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entrants {
		names = append(names, e.Name)
	}
	switch r.Kind {
	case "match":
		return arena.NewMatchReport(eng.Name, names, r.Seed, recs), nil
	case "tournament":
		return arena.NewTournamentReport(eng.Name, names, r.Seed, r.Games, recs), nil
	case "balance":
		b := arena.NewBalanceReport(eng.Name, names[0], r.Seed, recs)
		b.SeatNames = eng.Players
		return b, nil
	}
	return nil, fmt.Errorf("unknown run kind %q", r.Kind)
}

// ArenaExport writes what a run writes with --out dir: the records
// (dir/games/000001.txt, ...), the summary (dir/results.json, once every
// game is played) and the plot (dir/KIND.svg).
func ArenaExport(ctx context.Context, r ArenaRun, recs []*arena.Record, dir string) error {
	plan, err := plans.get(r)
	if err != nil {
		return err
	}
	var rep Report
	if len(recs) < plan.Games() {
		for _, rec := range recs {
			if err := arena.SaveRecord(dir, rec); err != nil {
				return err
			}
		}
		if rep, err = ArenaReport(r, recs); err != nil {
			return err
		}
	} else if rep, err = finishArena(ctx, r, recs, dir); err != nil {
		return err
	}
	return arena.SavePlot(filepath.Join(dir, r.Kind+".svg"), rep.Charts())
}

// finishArena finishes a run whose games were all played, with --out dir:
// it plays nothing, and writes and reports as the run did.
func finishArena(ctx context.Context, r ArenaRun, recs []*arena.Record, dir string) (Report, error) {
	eng, entrants, err := open(r)
	if err != nil {
		return nil, err
	}
	o := arena.Options{Games: r.Games, Seed: r.Seed, Openings: r.Openings, Settings: r.Settings, Dir: dir, Played: recs}
	switch r.Kind {
	case "match":
		return arena.Match(ctx, eng, entrants, o)
	case "tournament":
		return arena.Tournament(ctx, eng, entrants, o)
	case "balance":
		if len(entrants) != 1 {
			return nil, fmt.Errorf("balance: %d bots, want 1", len(entrants))
		}
		return arena.Balance(ctx, eng, entrants[0], o)
	}
	return nil, fmt.Errorf("unknown run kind %q", r.Kind)
}
