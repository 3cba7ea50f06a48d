package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/runs"
)

// waitRun polls a run until it ends, and returns it.
func waitRun(t *testing.T, base string, id int64, within time.Duration) RunView {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		var v RunView
		if code := call(t, "GET", base+"/api/runs/"+itoa(id), nil, &v); code != 200 {
			t.Fatalf("run %d: status %d", id, code)
		}
		if !v.Live {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("run %d not over after %v: %+v", id, within, v.RunSummary)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func itoa(id int64) string { return strings.TrimSpace(jsonOf(id)) }

// A balance run started through the API plays its games on the server,
// keeps them in the store as a run that ludus runs shows, and reports
// what ludus balance reports of the same games.
func TestRunBalance(t *testing.T) {
	srv, hs := testServer(t, Config{})
	base := hs.URL
	req := RunRequest{Kind: "balance", Game: "tic-tac-toe.zrf", Bots: []string{"random"}, Games: 30, Seed: 7}
	var started RunStarted
	if code := call(t, "POST", base+"/api/runs", req, &started); code != 201 || started.Key == "" || started.ID == 0 || started.Games != 30 {
		t.Fatalf("start: %d %+v", code, started)
	}
	v := waitRun(t, base, started.ID, 20*time.Second)
	if v.Status != "done" || v.Done != 30 || !strings.Contains(v.Text, "First player wins") {
		t.Fatalf("the run at its end: %+v", v)
	}
	var got arena.BalanceReport
	if err := json.Unmarshal(v.Report, &got); err != nil {
		t.Fatal(err)
	}
	// The same games played by the arena directly (a random bot and a
	// seed make them the same) give the same statistics.
	g, err := games.Open("tic-tac-toe.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	es, err := arena.Entrants(g.Bots, "random")
	if err != nil {
		t.Fatal(err)
	}
	want, err := arena.Balance(context.Background(), arena.BoardGame(g), es[0], arena.Options{Games: 30, Seed: 7, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got.Games != 30 || jsonOf(got.Seats) != jsonOf(want.Seats) || got.Length != want.Length || jsonOf(got.Endings) != jsonOf(want.Endings) {
		t.Errorf("the server's report %+v\nludus balance's %+v", got, want)
	}
	// The plot, the listing and the store's run.
	res, err := http.Get(base + "/api/runs/" + itoa(started.ID) + "/plot.svg")
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), "Branching factor") {
		t.Errorf("plot: %d %.200s", res.StatusCode, svg)
	}
	var list []RunSummary
	call(t, "GET", base+"/api/runs?game=tic-tac-toe.zrf", nil, &list)
	if len(list) != 1 || list[0].ID != started.ID || list[0].Status != "done" || list[0].Done != 30 {
		t.Errorf("list: %+v", list)
	}
	call(t, "GET", base+"/api/runs?game=chess.zrf", nil, &list)
	if len(list) != 0 {
		t.Errorf("the runs of chess: %+v", list)
	}
	ri, err := srv.cfg.Store.GetRunInfo(context.Background(), started.ID)
	if err != nil || ri.Kind != runs.KindBalance || ri.Done != 30 || ri.Status != "done" || !strings.Contains(ri.Command, "ludus balance tic-tac-toe.zrf --bot random --games 30 --seed 7") {
		t.Errorf("the store's run: %+v %v", ri, err)
	}
	var shown strings.Builder
	for _, k := range runs.Kinds() {
		if k.Name == runs.KindBalance {
			results, _ := srv.cfg.Store.Results(context.Background(), started.ID)
			if err := k.Show(&shown, ri, results); err != nil {
				t.Fatal(err)
			}
		}
	}
	if first := strings.SplitN(shown.String(), "\n", 2)[0]; !strings.HasPrefix(v.Text, first) {
		t.Errorf("ludus runs show prints %q, the page %q", first, strings.SplitN(v.Text, "\n", 2)[0])
	}
	files, _ := srv.cfg.Store.Files(context.Background(), started.ID)
	if !strings.Contains(string(files["balance.svg"]), "<svg") {
		t.Errorf("the run's files: %v", len(files))
	}
}

// A run request is checked as a bot spec is, and bounded: games, kinds,
// seats, engine programs, threads, the runs of a client and of the
// server, the time of a run; the key of a run cancels it.
func TestRunBudget(t *testing.T) {
	_, hs := testServer(t, Config{RunWorkers: 1, MaxRuns: 2, MaxRunGames: 500, Limits: Limits{Runs: 1}})
	base := hs.URL
	slow := RunRequest{Kind: "balance", Game: "chess.zrf", Bots: []string{"mcts:iterations=3000"}, Games: 500, Seed: 1}
	var e apiErr
	for _, tt := range []struct {
		req  RunRequest
		code int
		why  string
	}{
		{RunRequest{Kind: "tournament", Game: "chess.zrf", Bots: []string{"random"}, Games: 2}, 422, "balance or match"},
		{RunRequest{Kind: "balance", Game: "chess.zrf", Bots: []string{"random"}, Games: 501}, 422, "--max-run-games"},
		{RunRequest{Kind: "balance", Game: "chess.zrf", Bots: []string{"random"}, Games: 0}, 422, "1 to 500"},
		{RunRequest{Kind: "balance", Game: "nothing.zrf", Bots: []string{"random"}, Games: 2}, 404, "no game"},
		{RunRequest{Kind: "match", Game: "chess.zrf", Bots: []string{"random"}, Games: 2}, 422, "want 2"},
		{RunRequest{Kind: "balance", Game: "chess.zrf", Bots: []string{"gtp:gnugo --mode gtp"}, Games: 2}, 422, "engine programs"},
		{RunRequest{Kind: "balance", Game: "chess.zrf", Bots: []string{"mcts:time=1h"}, Games: 2}, 422, "--move-time"},
		{RunRequest{Kind: "balance", Game: "chess.zrf", Bots: []string{"mcts:threads=2"}, Games: 2}, 422, "one thread"},
		{RunRequest{Kind: "balance", Game: "chess.zrf", Bots: []string{"nonsense"}, Games: 2}, 422, "nonsense"},
		{RunRequest{Kind: "balance", Game: "chess.zrf", Bots: []string{"random"}, Games: 2, Openings: 1000}, 422, "opening"},
	} {
		if code := call(t, "POST", base+"/api/runs", tt.req, &e); code != tt.code || !strings.Contains(e.Error, tt.why) {
			t.Errorf("%+v: %d %q, want %d %q", tt.req, code, e.Error, tt.code, tt.why)
		}
	}

	var first RunStarted
	if code := call(t, "POST", base+"/api/runs", slow, &first); code != 201 {
		t.Fatalf("a long run: %d", code)
	}
	// The same run again is the one under way; another is over the
	// client's bound.
	var again RunStarted
	if code := call(t, "POST", base+"/api/runs", slow, &again); code != 200 || again.ID != first.ID || again.Key != "" {
		t.Errorf("the same run again: %d %+v", code, again)
	}
	other := slow
	other.Seed = 2
	if code := call(t, "POST", base+"/api/runs", other, &e); code != 429 {
		t.Errorf("a second run of the client: %d %s", code, e.Error)
	}
	for key, code := range map[string]int{"": 401, "wrong": 403} {
		if got := keyed(t, "POST", base+"/api/runs/"+itoa(first.ID)+"/cancel", key, "", nil); got != code {
			t.Errorf("cancel with key %q: %d, want %d", key, got, code)
		}
	}
	if code := keyed(t, "POST", base+"/api/runs/"+itoa(first.ID)+"/cancel", first.Key, "", nil); code != 204 {
		t.Fatalf("cancel: %d", code)
	}
	if v := waitRun(t, base, first.ID, 10*time.Second); v.Status != "interrupted" || v.Done >= 500 {
		t.Errorf("cancelled: %+v", v.RunSummary)
	}
	if code := keyed(t, "POST", base+"/api/runs/"+itoa(first.ID)+"/cancel", first.Key, "", nil); code != 409 {
		t.Errorf("cancel of a run that ended: %d", code)
	}
	if code := call(t, "POST", base+"/api/runs", other, nil); code != 201 {
		t.Errorf("a run once the first ended: %d", code)
	}
}

// The time of a run is bounded, and rules that fail end their run with
// the reason: neither holds a slot for ever.
func TestRunTimeAndFailure(t *testing.T) {
	_, hs := testServer(t, Config{RunWorkers: 1, RunTime: 300 * time.Millisecond})
	base := hs.URL
	var run RunStarted
	if code := call(t, "POST", base+"/api/runs", RunRequest{Kind: "match", Game: "chess.zrf", Bots: []string{"mcts:iterations=5000", "random"}, Games: 100}, &run); code != 201 {
		t.Fatalf("start: %d", code)
	}
	v := waitRun(t, base, run.ID, 10*time.Second)
	if v.Status != "failed" || !strings.Contains(v.Error, "--run-time") || v.Done >= 100 {
		t.Errorf("a run over its time: %+v", v.RunSummary)
	}

	const line = `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (1 0))) (directions (e 1 0) (w -1 0))))`
	trap := `(game (title "Trap") (players A B) (turn-order A B) ` + line + `
  (piece (name Runner) (moves ((e (verify empty?) add))))
  (piece (name Spinner) (moves (move-type spin) ((while true mark) add)))
  (board-setup (A (Runner a)) (B (Spinner c))))`
	if code := call(t, "POST", base+"/api/games?name=trap.zrf", trap, nil); code != 201 {
		t.Fatalf("upload: %d", code)
	}
	if code := call(t, "POST", base+"/api/runs", RunRequest{Kind: "balance", Game: "trap.zrf", Bots: []string{"random"}, Games: 3}, &run); code != 201 {
		t.Fatalf("start: %d", code)
	}
	v = waitRun(t, base, run.ID, 10*time.Second)
	if v.Status != "failed" || !strings.Contains(v.Error, "did not stop") {
		t.Errorf("a run whose rules fail: %+v", v.RunSummary)
	}
}

// The bots of the registry are listed for the page's form.
func TestBotKinds(t *testing.T) {
	_, hs := testServer(t, Config{})
	var kinds []BotKind
	call(t, "GET", hs.URL+"/api/bots", nil, &kinds)
	names := map[string]bool{}
	for _, k := range kinds {
		names[k.Name] = true
	}
	if !names["random"] || !names["mcts"] || !names["alphabeta"] {
		t.Errorf("kinds: %+v", kinds)
	}
}

// A run under way when the server closes ends interrupted, and resumes
// with the games it played when it is started again.
func TestRunAcrossRestart(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "s.db")
	r := start(t, dsn, Config{RunWorkers: 1})
	req := RunRequest{Kind: "balance", Game: "tic-tac-toe.zrf", Bots: []string{"mcts:iterations=3000"}, Games: 500, Seed: 3}
	var run RunStarted
	if code := call(t, "POST", r.hs.URL+"/api/runs", req, &run); code != 201 {
		t.Fatalf("start: %d", code)
	}
	var v RunView
	deadline := time.Now().Add(20 * time.Second)
	for v.Done < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("no games played: %+v", v.RunSummary)
		}
		time.Sleep(20 * time.Millisecond)
		call(t, "GET", r.hs.URL+"/api/runs/"+itoa(run.ID), nil, &v)
	}
	began := time.Now()
	r.stop()
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("closing with a run under way took %v", took)
	}
	r = start(t, dsn, Config{RunWorkers: 1})
	var stored RunView
	call(t, "GET", r.hs.URL+"/api/runs/"+itoa(run.ID), nil, &stored)
	if stored.Status != "interrupted" || stored.Done < 3 || stored.Done >= 500 {
		t.Fatalf("after the restart: %+v", stored.RunSummary)
	}
	var again RunStarted
	if code := call(t, "POST", r.hs.URL+"/api/runs", req, &again); code != 201 || again.ID != run.ID || again.Done != stored.Done {
		t.Errorf("started again: %d, run %d with %d games (was run %d with %d)", code, again.ID, again.Done, run.ID, stored.Done)
	}
	keyed(t, "POST", r.hs.URL+"/api/runs/"+itoa(again.ID)+"/cancel", again.Key, "", nil)
}
