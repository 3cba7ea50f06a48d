package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/netip"
	"runtime"
	"sync"
	"time"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/store"
)

// Defaults of the bounds of balance and match runs (Config.RunWorkers,
// MaxRunGames, RunTime, MaxRuns).
const (
	defaultMaxRunGames = 1000
	defaultRunTime     = 5 * time.Minute
	defaultMaxRuns     = 16
)

// withRunDefaults fills in the zero bounds of runs.
func withRunDefaults(cfg Config) Config {
	if cfg.RunWorkers <= 0 {
		cfg.RunWorkers = max(1, runtime.NumCPU()/2)
	}
	if cfg.MaxRunGames <= 0 {
		cfg.MaxRunGames = defaultMaxRunGames
	}
	if cfg.RunTime <= 0 {
		cfg.RunTime = defaultRunTime
	}
	if cfg.MaxRuns <= 0 {
		cfg.MaxRuns = defaultMaxRuns
	}
	return cfg
}

// runBoard is the balance and match runs under way on this server: queued
// for one of the RunWorkers slots, or playing on one.
type runBoard struct {
	slots chan struct{}

	mu       sync.Mutex
	live     map[int64]*liveRun
	byKey    map[string]*liveRun // by kind, settings and seed: one run of each at a time
	byClient map[netip.Prefix]int
	// ended are the summaries of the runs that ended here lately, with
	// their errors, which the store does not keep.
	ended *lru[int64, RunSummary]
	// playing counts the runs' goroutines, which wait waits for; once
	// closed, no run is admitted.
	playing sync.WaitGroup
	closed  bool
}

// wait refuses new runs and waits for those under way to end (the
// server's context, cancelled, stops them).
func (b *runBoard) wait() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.playing.Wait()
}

func newRunBoard(workers int) *runBoard {
	return &runBoard{slots: make(chan struct{}, workers), live: map[int64]*liveRun{},
		byKey: map[string]*liveRun{}, byClient: map[netip.Prefix]int{}, ended: newLRU[int64, RunSummary](256)}
}

// liveRun is a run under way: its settings, the games played so far, and
// how to stop it. Its games are played one after another on one slot.
type liveRun struct {
	summary RunSummary // ID, kind, game and settings; status and counts under mu
	ar      jobs.ArenaRun
	key     string // of kind, settings and seed
	keyHash string // of the key that cancels it
	client  netip.Prefix
	game    string   // the game's name in records and reports
	players []string // the seats' names, for the reports
	names   []string // the bots' names in the records
	plan    *arena.Plan[engine.Ply, *engine.Position]
	kept    *runs.Arena
	ctx     context.Context
	cancel  context.CancelFunc
	// stop ends the rules' work of the games once the run's time is up
	// (set before the first game is played).
	stop <-chan struct{}

	mu   sync.Mutex
	recs []*arena.Record // in game order, those played
}

// view returns the run's summary and its games so far.
func (lr *liveRun) view() (RunSummary, []*arena.Record) {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	return lr.summary, append([]*arena.Record(nil), lr.recs...)
}

func (lr *liveRun) set(f func(*RunSummary)) {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	f(&lr.summary)
}

// report makes the report of the games played so far (nil before the
// first), as ludus balance and ludus match print and draw it.
func (lr *liveRun) report(recs []*arena.Record) jobs.Report {
	if len(recs) == 0 {
		return nil
	}
	if lr.ar.Kind == runs.KindBalance {
		b := arena.NewBalanceReport(lr.game, lr.names[0], lr.ar.Seed, recs)
		b.SeatNames = lr.players
		return b
	}
	return arena.NewMatchReport(lr.game, lr.names, lr.ar.Seed, recs)
}

// boardGame is the game a run plays: the catalog's, each position of it
// held to the run's time, so that rules that never end stop with it.
func boardGame(eng *games.Game, lr *liveRun) arena.Game[engine.Ply, *engine.Position] {
	g := arena.BoardGame(eng)
	g.New = func() *engine.Position {
		p := eng.New()
		p.SetBudget(engine.Budget{Stop: lr.stop})
		return p
	}
	return g
}

// admit adds a run to the board, unless the client or the server has as
// many under way as it may: the run of the same settings under way is
// returned instead of starting another.
func (b *runBoard) admit(lr *liveRun, perClient, total int) (*liveRun, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if same := b.byKey[lr.key]; same != nil {
		return same, nil
	}
	if b.closed {
		return nil, failf(503, "the server is closing")
	}
	if perClient > 0 && b.byClient[lr.client] >= perClient {
		return nil, tooMany(429, 10*time.Second, "you have %d runs under way, the most a client may: wait for one to end, or cancel one", b.byClient[lr.client])
	}
	if len(b.live) >= total {
		return nil, tooMany(503, 10*time.Second, "the server has %d runs under way, the most it plays: try again later", len(b.live))
	}
	b.live[lr.summary.ID] = lr
	b.byKey[lr.key] = lr
	b.byClient[lr.client]++
	b.playing.Add(1) // under b.mu, before wait can see closed
	return nil, nil
}

// leave takes an ended run off the board.
func (b *runBoard) leave(lr *liveRun) {
	sum, _ := lr.view()
	sum.Live = false
	b.mu.Lock()
	defer b.mu.Unlock()
	b.ended.put(sum.ID, sum)
	delete(b.live, lr.summary.ID)
	if b.byKey[lr.key] == lr {
		delete(b.byKey, lr.key)
	}
	if b.byClient[lr.client]--; b.byClient[lr.client] <= 0 {
		delete(b.byClient, lr.client)
	}
}

func (b *runBoard) get(id int64) *liveRun {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.live[id]
}

// play plays a run's games on a slot, keeping each in the store as it
// ends, until all are played, the run is cancelled, or its time
// (RunTime, from when it takes its slot) is up; then it keeps the plot,
// marks the run's end in the store and takes it off the board.
func (s *Server) play(lr *liveRun) {
	defer s.runs.playing.Done()
	defer s.runs.leave(lr)
	defer lr.cancel()
	err := s.playGames(lr)
	_, recs := lr.view()
	if rep := lr.report(recs); rep != nil {
		var svg bytes.Buffer
		if arena.WritePlotSVG(&svg, rep.Charts()) == nil {
			lr.kept.FileData(lr.ar.Kind+".svg", svg.Bytes())
		}
	}
	if err != nil && lr.ctx.Err() == nil {
		lr.kept.FileData(runErrorFile, []byte(err.Error()))
	}
	err = lr.kept.End(err)
	lr.kept.Close()
	defer s.keepReport(lr)
	lr.set(func(sum *RunSummary) {
		sum.Finished = time.Now().UTC()
		switch {
		case err == nil:
			sum.Status = store.StatusDone
		case s.ctx.Err() != nil:
			sum.Status, sum.Error = store.StatusInterrupted, "the server stopped"
		case lr.ctx.Err() != nil:
			sum.Status, sum.Error = store.StatusInterrupted, "cancelled"
		default:
			sum.Status, sum.Error = store.StatusFailed, clipMessage(err.Error())
		}
	})
	if err != nil && lr.ctx.Err() == nil {
		s.cfg.Logf("run %d: %v", lr.summary.ID, err)
	}
}

// playGames waits for a slot and plays the games not played before.
func (s *Server) playGames(lr *liveRun) error {
	select {
	case s.runs.slots <- struct{}{}:
	case <-lr.ctx.Done():
		return lr.ctx.Err()
	}
	defer func() { <-s.runs.slots }()
	ctx, stop := context.WithTimeout(lr.ctx, s.cfg.RunTime)
	defer stop()
	lr.stop = ctx.Done()
	lr.set(func(sum *RunSummary) { sum.Status, sum.Started = store.StatusRunning, time.Now().UTC() })
	lr.mu.Lock()
	played := map[int]bool{}
	for _, rec := range lr.recs {
		played[rec.Index] = true
	}
	lr.mu.Unlock()
	for i := range lr.plan.Games() {
		if played[i] {
			continue
		}
		rec, err := lr.plan.Play(ctx, i)
		if err != nil {
			if ctx.Err() != nil && lr.ctx.Err() == nil {
				_, recs := lr.view()
				return fmt.Errorf("over this server's budget of %v a run (--run-time): %d of %d games played", s.cfg.RunTime, len(recs), lr.plan.Games())
			}
			return err
		}
		lr.kept.Record(rec)
		lr.mu.Lock()
		lr.recs = append(lr.recs, rec)
		lr.summary.Done = len(lr.recs)
		lr.mu.Unlock()
	}
	return nil
}

// cancelRun stops a run under way, given the key its starter was given:
// 404 when no such run is under way here, 401 without a key, 403 for
// another one.
func (s *Server) cancelRun(id int64, key string) error {
	lr := s.runs.get(id)
	switch {
	case lr == nil:
		return failf(409, "run %d is not under way on this server", id)
	case key == "":
		return failf(401, "cancelling a run takes the key its start gave (Authorization: Bearer KEY)")
	case hashToken(key) != lr.keyHash:
		return failf(403, "run %d: not the key of its starter", id)
	}
	lr.cancel()
	return nil
}

// runErrorFile is the file of a run that keeps why it failed.
const runErrorFile = "error.txt"

// errNotArena is the error of a run of the store that is no balance or
// match run.
var errNotArena = errors.New("not a balance or match run")
