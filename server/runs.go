package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/search"
	"github.com/ludus-games/ludus/store"
)

// Bounds of a run request besides the server's (Config.MaxRunGames):
// random opening plies, and the length of a bot spec.
const (
	maxRunOpenings = 100
	maxSpecBytes   = 200
	// maxReportGames bounds the games of a stored run (of ludus balance,
	// say) whose report the server makes.
	maxReportGames = 20000
	// runScan is how many of the store's latest runs GET /api/runs looks
	// through.
	runScan = 200
	// reportTime bounds the making of a stored run's report.
	reportTime = 20 * time.Second
)

// RunRequest is the body of POST /api/runs: a balance run (one bot plays
// every seat) or a match (a bot a seat, the seats turning from game to
// game) of a game the server offers, as ludus balance and ludus match
// play them.
type RunRequest struct {
	Kind     string   `json:"kind"` // balance or match
	Game     string   `json:"game"`
	Variant  string   `json:"variant"`
	Bots     []string `json:"bots"`
	Games    int      `json:"games"`
	Seed     uint64   `json:"seed"`
	Openings int      `json:"openings"`
}

// RunSummary describes a balance or match run: what it plays and how far
// it is. Status is the store's (running, done, interrupted, failed), or
// queued while it waits for a slot, or stopped for a run left running by
// a server that ended.
type RunSummary struct {
	ID       int64     `json:"id"`
	Kind     string    `json:"kind"`
	Game     string    `json:"game"`
	Title    string    `json:"title,omitempty"`
	Variant  string    `json:"variant,omitempty"`
	Bots     []string  `json:"bots"`
	Games    int       `json:"games"`
	Seed     uint64    `json:"seed"`
	Openings int       `json:"openings,omitempty"`
	Done     int       `json:"done"`
	Status   string    `json:"status"`
	Error    string    `json:"error,omitempty"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished,omitzero"`
	// Live: the run is under way on this server (it may be cancelled).
	Live bool `json:"live"`
}

// RunView is a run with the report of its games so far, as ludus runs
// show prints it (Text) and as its JSON summary (Report).
type RunView struct {
	RunSummary
	Report json.RawMessage `json:"report,omitempty"`
	Text   string          `json:"text,omitempty"`
}

// RunStarted is the answer of POST /api/runs: the run, and the key that
// cancels it (given once, to the client that started it).
type RunStarted struct {
	RunSummary
	Key string `json:"key,omitempty"`
}

// startRun checks a run request and starts the run: 201 with its key, or
// 200 with the run of the same settings under way already.
func (s *Server) startRun(ctx context.Context, client netip.Prefix, req RunRequest) (*RunStarted, int, error) {
	if s.ctx.Err() != nil {
		return nil, 0, failf(http.StatusServiceUnavailable, "the server is closing")
	}
	if err := s.checkRunRequest(req); err != nil {
		return nil, 0, err
	}
	b, title, version, err := s.catalog.engine(ctx, req.Game, current, req.Variant)
	if err != nil {
		return nil, 0, err
	}
	if b.start != nil {
		return nil, 0, failf(http.StatusUnprocessableEntity, "the game fails at its start: %v", b.start)
	}
	src, err := s.catalog.source(ctx, req.Game, version)
	if err != nil || src.Version != version {
		return nil, 0, failf(http.StatusConflict, "%s changed meanwhile: try again", req.Game)
	}
	eng := b.eng
	if err := s.checkRunBots(eng, req); err != nil {
		return nil, 0, err
	}
	entrants, err := arena.Entrants(eng.Bots, req.Bots...)
	if err != nil {
		return nil, 0, failf(http.StatusUnprocessableEntity, "%v", err)
	}
	ar := jobs.ArenaRun{Kind: req.Kind, File: req.Game, Source: src.Text, Variant: req.Variant,
		Bots: req.Bots, Games: req.Games, Seed: req.Seed, Openings: req.Openings}
	settings, _ := json.Marshal(ar)
	lr := &liveRun{ar: ar, key: req.Kind + "\x00" + string(settings), client: client,
		game: eng.Name, players: eng.Players()}
	for _, e := range entrants {
		lr.names = append(lr.names, e.Name)
	}
	if same := s.runs.sameRun(lr.key); same != nil {
		sum, _ := same.view()
		return &RunStarted{RunSummary: sum}, http.StatusOK, nil
	}
	o := arena.Options{Games: req.Games, Seed: req.Seed, Openings: req.Openings}
	if req.Kind == runs.KindBalance {
		lr.plan, err = arena.BalancePlan(boardGame(eng, lr), entrants[0], o)
	} else {
		lr.plan, err = arena.MatchPlan(boardGame(eng, lr), entrants, o)
	}
	if err != nil {
		return nil, 0, failf(http.StatusUnprocessableEntity, "%v", err)
	}
	lr.ctx, lr.cancel = context.WithCancel(s.ctx)
	key := newID() + newID()
	lr.keyHash = hashToken(key)
	lr.kept, err = runs.KeepArena(lr.ctx, runs.Env{Store: s.cfg.Store, Command: runCommand(req)}, ar)
	if err != nil {
		lr.cancel()
		return nil, 0, err
	}
	lr.recs = lr.kept.Played()
	lr.summary = RunSummary{ID: lr.kept.ID(), Kind: req.Kind, Game: req.Game, Title: title, Variant: req.Variant,
		Bots: req.Bots, Games: lr.plan.Games(), Seed: req.Seed, Openings: req.Openings, Done: len(lr.recs),
		Status: "queued", Started: time.Now().UTC(), Live: true}
	same, err := s.runs.admit(lr, s.cfg.Limits.Runs, s.cfg.MaxRuns)
	if same != nil || err != nil {
		lr.kept.Close()
		lr.cancel()
		if same != nil {
			sum, _ := same.view()
			return &RunStarted{RunSummary: sum}, http.StatusOK, nil
		}
		return nil, 0, err
	}
	go s.play(lr)
	sum, _ := lr.view()
	return &RunStarted{RunSummary: sum, Key: key}, http.StatusCreated, nil
}

// sameRun returns the run of these settings under way, if any.
func (b *runBoard) sameRun(key string) *liveRun {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.byKey[key]
}

// checkRunRequest checks what a run request asks before any work: the
// kind, the number of games (at most MaxRunGames) and of openings.
func (s *Server) checkRunRequest(req RunRequest) error {
	switch {
	case req.Kind != runs.KindBalance && req.Kind != runs.KindMatch:
		return failf(http.StatusUnprocessableEntity, "kind %q: want balance or match", truncate(req.Kind, maxEcho))
	case req.Games < 1 || req.Games > s.cfg.MaxRunGames:
		return failf(http.StatusUnprocessableEntity, "%d games: want 1 to %d (--max-run-games)", req.Games, s.cfg.MaxRunGames)
	case req.Openings < 0 || req.Openings > maxRunOpenings:
		return failf(http.StatusUnprocessableEntity, "%d opening plies: want 0 to %d", req.Openings, maxRunOpenings)
	}
	return nil
}

// checkRunBots checks the bots of a run as a session's are checked, and
// more: the game's own bots only (no engine programs), within the
// server's caps, one thread a move (a run's games take one slot).
func (s *Server) checkRunBots(eng *games.Game, req RunRequest) error {
	want := 1
	if req.Kind == runs.KindMatch {
		want = eng.New().Players()
	}
	if len(req.Bots) != want {
		return failf(http.StatusUnprocessableEntity, "%d bots for a %s of a game of %d players: want %d", len(req.Bots), req.Kind, eng.New().Players(), want)
	}
	for _, spec := range req.Bots {
		if len(spec) > maxSpecBytes {
			return failf(http.StatusUnprocessableEntity, "a bot spec of %d bytes: at most %d", len(spec), maxSpecBytes)
		}
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return failf(http.StatusUnprocessableEntity, "%v", err)
		}
		if _, named := s.cfg.Engines.Spec(sp.Kind); named || sp.Kind == "gtp" || sp.Kind == "uci" {
			return failf(http.StatusUnprocessableEntity, "bot %s: runs seat the game's own bots, not engine programs", truncate(spec, maxEcho))
		}
		lim, over, err := s.limitSpec(spec)
		if err != nil {
			return failf(http.StatusUnprocessableEntity, "%v", err)
		}
		if len(over) > 0 {
			return failf(http.StatusUnprocessableEntity, "%s: over this server's caps: %s", spec, over[0])
		}
		for _, p := range sp.Params {
			if p.Name == "trees" && p.Value != "1" {
				lim.threads = 2
			}
		}
		if lim.threads > 1 {
			return failf(http.StatusUnprocessableEntity, "%s: a run plays one thread a move (threads=1, trees=1)", spec)
		}
	}
	return nil
}

// runCommand is the command line that would make the same run, as the
// store records it.
func runCommand(req RunRequest) string {
	args := []string{"ludus", req.Kind, req.Game}
	if req.Variant != "" {
		args = append(args, "--variant", req.Variant)
	}
	if req.Kind == runs.KindBalance {
		args = append(args, "--bot", req.Bots[0])
	} else {
		for i, b := range req.Bots {
			args = append(args, fmt.Sprintf("--p%d", i+1), b)
		}
	}
	args = append(args, "--games", strconv.Itoa(req.Games), "--seed", strconv.FormatUint(req.Seed, 10))
	if req.Openings > 0 {
		args = append(args, "--openings", strconv.Itoa(req.Openings))
	}
	return runs.CommandLine(args) + " (ludus serve)"
}

// storedRun is a balance or match run of the store with its settings.
func (s *Server) storedRun(ctx context.Context, id int64) (store.RunInfo, jobs.ArenaRun, error) {
	ri, err := s.cfg.Store.GetRunInfo(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return ri, jobs.ArenaRun{}, failf(http.StatusNotFound, "no run %d", id)
	}
	if err != nil {
		return ri, jobs.ArenaRun{}, err
	}
	ar, err := arenaSettings(ri)
	if err != nil {
		return ri, ar, failf(http.StatusNotFound, "run %d: %v", id, err)
	}
	return ri, ar, nil
}

// arenaSettings reads the settings of a balance or match run.
func arenaSettings(ri store.RunInfo) (jobs.ArenaRun, error) {
	var ar jobs.ArenaRun
	if ri.Kind != runs.KindBalance && ri.Kind != runs.KindMatch {
		return ar, errNotArena
	}
	if err := json.Unmarshal(ri.Settings, &ar); err != nil {
		return ar, fmt.Errorf("settings: %w", err)
	}
	return ar, nil
}

// summaryOf describes a run of the store: as the store has it, or as it
// is under way here.
func (s *Server) summaryOf(ri store.RunInfo, ar jobs.ArenaRun) RunSummary {
	if lr := s.runs.get(ri.ID); lr != nil {
		sum, _ := lr.view()
		return sum
	}
	if sum, ok := s.runs.ended.get(ri.ID); ok && sum.Status == ri.Status {
		sum.Done = ri.Done
		return sum
	}
	sum := RunSummary{ID: ri.ID, Kind: ri.Kind, Game: ar.File, Variant: ar.Variant, Bots: ar.Bots, Games: ri.Jobs,
		Seed: ar.Seed, Openings: ar.Openings, Done: ri.Done, Status: ri.Status, Started: ri.StartedAt, Finished: ri.FinishedAt}
	if sum.Status == store.StatusRunning && !s.cfg.Store.Shared() {
		sum.Status = "stopped" // by a server (or a command) that ended before the run did
	}
	return sum
}

// runView returns a run with its report so far (and the report, to draw).
func (s *Server) runView(ctx context.Context, id int64) (*RunView, jobs.Report, error) {
	if lr := s.runs.get(id); lr != nil {
		sum, recs := lr.view()
		rep := lr.report(recs)
		v, err := viewOf(sum, rep)
		return v, rep, err
	}
	ri, ar, err := s.storedRun(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	sum := s.summaryOf(ri, ar)
	if sum.Status == store.StatusFailed && sum.Error == "" {
		if files, err := s.cfg.Store.Files(ctx, id); err == nil {
			sum.Error = clipMessage(string(files[runErrorFile]))
		}
	}
	if ri.Done == 0 {
		return &RunView{RunSummary: sum}, nil, nil
	}
	if ri.Done > maxReportGames {
		return nil, nil, failf(http.StatusUnprocessableEntity, "run %d has %d games, over the %d the server reports: ludus runs show %d prints it", id, ri.Done, maxReportGames, id)
	}
	key := reportKey(id, ri.Done, ri.Status)
	if m, ok := s.runReports.get(key); ok {
		return m.v, m.rep, nil
	}
	var out runReport
	err = s.work(ctx, reportTime, func(ctx context.Context) error {
		results, err := s.cfg.Store.Results(ctx, id)
		if err != nil {
			return err
		}
		recs, err := jobs.Records(results)
		if err != nil {
			return failf(http.StatusUnprocessableEntity, "run %d: %v", id, err)
		}
		if out.rep, err = jobs.ArenaReport(ar, recs); err != nil {
			return failf(http.StatusUnprocessableEntity, "run %d: %v", id, err)
		}
		out.v, err = viewOf(sum, out.rep)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	s.runReports.put(key, &out)
	return out.v, out.rep, nil
}

// reportKey is the key of a run's report among those made: its games
// and its status say that it has not changed.
func reportKey(id int64, done int, status string) string {
	return fmt.Sprintf("%d/%d/%s", id, done, status)
}

// keepReport keeps the report of a run that ended here, as the store's
// view of it will ask (without making the game again, which a file of the
// games folder with includes would need).
func (s *Server) keepReport(lr *liveRun) {
	sum, recs := lr.view()
	sum.Live = false
	rep := lr.report(recs)
	if rep == nil {
		return
	}
	if v, err := viewOf(sum, rep); err == nil {
		s.runReports.put(reportKey(sum.ID, sum.Done, sum.Status), &runReport{v, rep})
	}
}

// runReport is a stored run's view and report, made once.
type runReport struct {
	v   *RunView
	rep jobs.Report
}

// viewOf joins a run's summary and its report.
func viewOf(sum RunSummary, rep jobs.Report) (*RunView, error) {
	v := &RunView{RunSummary: sum}
	if rep == nil {
		return v, nil
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		return nil, err
	}
	js, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	v.Report, v.Text = js, text.String()
	return v, nil
}

// listRuns lists the balance and match runs of a game (every game for
// ""), newest first, among the store's latest runScan runs.
func (s *Server) listRuns(ctx context.Context, game string, limit int) ([]RunSummary, error) {
	infos, err := s.cfg.Store.Runs(ctx, runScan)
	if err != nil {
		return nil, err
	}
	out := []RunSummary{}
	for _, ri := range infos {
		ar, err := arenaSettings(ri)
		if err != nil || game != "" && ar.File != game {
			continue
		}
		out = append(out, s.summaryOf(ri, ar))
		if len(out) == limit {
			break
		}
	}
	return out, nil
}

// runID reads {id} of a run's route.
func runID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, failf(http.StatusBadRequest, "run id %q: want a positive number", truncate(r.PathValue("id"), maxEcho))
	}
	return id, nil
}

func (s *Server) routeRuns(mux *http.ServeMux) {
	mux.Handle("POST /api/runs", handler(func(w http.ResponseWriter, r *http.Request) error {
		var req RunRequest
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		out, status, err := s.startRun(r.Context(), requestClient(r), req)
		if err != nil {
			return err
		}
		return writeJSON(w, status, out)
	}))
	mux.Handle("GET /api/runs", handler(func(w http.ResponseWriter, r *http.Request) error {
		limit, err := limitOf(r, 20)
		if err != nil {
			return err
		}
		out, err := s.listRuns(r.Context(), r.URL.Query().Get("game"), limit)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, out)
	}))
	mux.Handle("GET /api/runs/{id}", handler(func(w http.ResponseWriter, r *http.Request) error {
		id, err := runID(r)
		if err != nil {
			return err
		}
		v, _, err := s.runView(r.Context(), id)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, v)
	}))
	mux.Handle("GET /api/runs/{id}/plot.svg", handler(func(w http.ResponseWriter, r *http.Request) error {
		id, err := runID(r)
		if err != nil {
			return err
		}
		_, rep, err := s.runView(r.Context(), id)
		if err != nil {
			return err
		}
		if rep == nil {
			return failf(http.StatusNotFound, "run %d has no games yet", id)
		}
		var b bytes.Buffer
		if err := arena.WritePlotSVG(&b, rep.Charts()); err != nil {
			return err
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		_, err = w.Write(b.Bytes())
		return err
	}))
	mux.Handle("POST /api/runs/{id}/cancel", handler(func(w http.ResponseWriter, r *http.Request) error {
		id, err := runID(r)
		if err != nil {
			return err
		}
		if site := crossSite(r); site != "" {
			return failf(http.StatusForbidden, "runs are cancelled from this server's page, not from %s", site)
		}
		if err := s.cancelRun(id, keyOf(r)); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}))
	mux.Handle("GET /api/bots", handler(func(w http.ResponseWriter, r *http.Request) error {
		return writeJSON(w, http.StatusOK, botKinds())
	}))
}

// BotKind is a kind of bot of the games' registry, as GET /api/bots lists
// it: its name, what it is, and its parameters.
type BotKind struct {
	Name   string     `json:"name"`
	Doc    string     `json:"doc"`
	Params []BotParam `json:"params"`
}

// BotParam is a parameter of a kind of bot.
type BotParam struct {
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Default string   `json:"default,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Doc     string   `json:"doc"`
}

// botKinds lists the kinds of bot every game's registry builds.
func botKinds() []BotKind {
	reg := search.NewRegistry[engine.Ply, *engine.Position](search.Hooks[engine.Ply, *engine.Position]{})
	var out []BotKind
	for _, k := range reg.Kinds() {
		bk := BotKind{Name: k.Name, Doc: k.Doc, Params: []BotParam{}}
		for _, p := range k.Params {
			bk.Params = append(bk.Params, BotParam{Name: p.Name, Type: p.Type.String(), Default: p.Default, Choices: p.Choices, Doc: p.Doc})
		}
		out = append(out, bk)
	}
	return out
}
