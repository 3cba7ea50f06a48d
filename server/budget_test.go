package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/hostilerules"
	"github.com/ludus-games/ludus/store"
)

// gridRules is a game of drops on an n by n board and nothing else.
func gridRules(n int) string {
	var cols, rows []string
	for i := range n {
		cols = append(cols, fmt.Sprintf("c%d", i))
		rows = append(rows, fmt.Sprintf("r%d", i))
	}
	return fmt.Sprintf(`(game (title "Grid") (players A B) (turn-order A B)
 (board (grid (start-rectangle 0 0 10 10) (dimensions ("%s" (10 0)) ("%s" (0 10)))
  (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
 (piece (name P) (drops ((verify empty?) add)))
 (board-setup (A (P off 9)) (B (P off 9))))`, strings.Join(cols, "/"), strings.Join(rows, "/"))
}

// watchLatency asks for url again and again until the returned stop is
// called, which returns the slowest answer: how long a request of another
// client waited meanwhile.
func watchLatency(t *testing.T, url string) (stop func() time.Duration) {
	t.Helper()
	done := make(chan struct{})
	slowest := make(chan time.Duration, 1)
	go func() {
		var worst time.Duration
		defer func() { slowest <- worst }()
		client := &http.Client{Timeout: 30 * time.Second}
		for {
			select {
			case <-done:
				return
			default:
			}
			begin := time.Now()
			resp, err := client.Get(url)
			if err == nil {
				resp.Body.Close()
			}
			worst = max(worst, time.Since(begin))
			time.Sleep(10 * time.Millisecond)
		}
	}()
	return func() time.Duration {
		close(done)
		return <-slowest
	}
}

// timedSend makes one request within a time limit, decoding a JSON answer into
// out; it returns the status and the time taken (a request cut at the
// limit fails the test).
func timedSend(t *testing.T, method, url, body string, limit time.Duration, out any) (int, time.Duration) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	resp, err := (&http.Client{Timeout: limit}).Do(req)
	took := time.Since(begin)
	if err != nil {
		t.Fatalf("%s %s: no answer within %v: %v", method, url, limit, err)
	}
	defer resp.Body.Close()
	if out != nil {
		json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode, took
}

// Rules whose moves cost seconds are refused, within a moment, with a 422
// that names the budget they went over; meanwhile another session's state
// is answered at once. The 2 KB walker on a 141 by 141 board made the
// creation of a session take 15 s and more, under the server's lock.
func TestCostlyRulesDoNotBlock(t *testing.T) {
	_, hs := testServer(t, Config{})
	other := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	for _, tt := range []struct {
		name, src, budget string
	}{
		{"walk141.zrf", hostilerules.Walker(141), "--max-cells"},
		{"walk100.zrf", hostilerules.Walker(100), "--max-steps"},
	} {
		stop := watchLatency(t, hs.URL+"/api/sessions/"+other.ID)
		var e apiErr
		code, took := timedSend(t, "POST", hs.URL+"/api/games?name="+tt.name, tt.src, 10*time.Second, &e)
		if code == http.StatusCreated {
			// Accepted: creating a session of it must then be refused.
			body, _ := json.Marshal(CreateRequest{Game: tt.name, Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
			code, took = timedSend(t, "POST", hs.URL+"/api/sessions", string(body), 10*time.Second, &e)
		}
		slowest := stop()
		if code != http.StatusUnprocessableEntity || !strings.Contains(e.Error, tt.budget) {
			t.Errorf("%s: %d %q, want 422 naming %s", tt.name, code, e.Error, tt.budget)
		}
		if took > 8*time.Second {
			t.Errorf("%s: refused after %v", tt.name, took)
		}
		if slowest > time.Second {
			t.Errorf("%s: another session's state took %v meanwhile", tt.name, slowest)
		}
	}
}

// A board of 65,536 positions is refused at upload, naming the budget: its
// picture and frame took 12 s each, under the session's lock.
func TestHugeBoardRefused(t *testing.T) {
	_, hs := testServer(t, Config{})
	var e apiErr
	code, took := timedSend(t, "POST", hs.URL+"/api/games?name=grid256.zrf", gridRules(256), 10*time.Second, &e)
	if code != http.StatusUnprocessableEntity || !strings.Contains(e.Error, "--max-cells") || !strings.Contains(e.Error, "grid256.zrf:2:") {
		t.Fatalf("a board of 65,536 positions: %d %q (after %v)", code, e.Error, took)
	}
}

// A stored upload over today's budget (eight grids of 256 by 256 in 22 KB,
// whose reading took 13.5 s before the server listened) is left out at
// start-up with a warning, at once; the other uploads are offered.
func TestStoredUploadOverBudget(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	huge, err := os.ReadFile(filepath.Join("testdata", "eight-grids.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	small := gridRules(3)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"eight-grids.zrf": string(huge), "small.zrf": small} {
		if _, err := db.Exec(`INSERT INTO game_files (name, source, created_at) VALUES ($1, $2, $3)`, name, src, time.Now().UTC().Format(time.RFC3339Nano)); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	st, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var mu sync.Mutex
	var logged bytes.Buffer
	begin := time.Now()
	srv, err := New(ctx, Config{Store: st, Logf: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(&logged, format+"\n", args...)
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if d := time.Since(begin); d > 5*time.Second {
		t.Errorf("starting took %v", d)
	}
	mu.Lock()
	if !strings.Contains(logged.String(), "eight-grids.zrf") || !strings.Contains(logged.String(), "--max-cells") {
		t.Errorf("no warning about the upload over the budget:\n%s", logged.String())
	}
	mu.Unlock()
	names := map[string]bool{}
	for _, g := range srv.catalog.list() {
		names[g.Name] = true
	}
	if names["eight-grids.zrf"] || !names["small.zrf"] {
		t.Errorf("games offered: %v", names)
	}
}

// With 4,096 sessions in memory, loading another evicts idle ones without
// waiting for a busy one: creates stalled 35 s behind a session's lock.
func TestEvictionSkipsBusySessions(t *testing.T) {
	srv, hs := testServer(t, Config{})
	long := time.Now().Add(-time.Hour)
	var busy *session
	srv.mu.Lock()
	for i := range maxLoaded {
		ss := &session{id: fmt.Sprintf("idle%d", i), watchers: map[chan struct{}]struct{}{}}
		if i == 0 {
			busy = ss
		}
		srv.sessions[ss.id] = ss
		srv.lastUsed[ss.id] = long.Add(time.Duration(i))
	}
	srv.mu.Unlock()
	busy.mu.Lock() // the oldest session is busy with a long piece of work
	defer busy.mu.Unlock()
	body, _ := json.Marshal(CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	code, took := timedSend(t, "POST", hs.URL+"/api/sessions", string(body), 5*time.Second, nil)
	if code != http.StatusCreated || took > 2*time.Second {
		t.Fatalf("create: %d after %v", code, took)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if len(srv.sessions) > maxLoaded || srv.sessions[busy.id] == nil {
		t.Errorf("%d sessions loaded; the busy one kept: %v", len(srv.sessions), srv.sessions[busy.id] != nil)
	}
}

// A client's bot spec is held to the server's caps: more time than
// --move-time, more threads than the bot pool, or sizes past the caps are
// refused with the cap.
func TestBotSpecCaps(t *testing.T) {
	_, hs := testServer(t, Config{BotWorkers: 2, MoveTime: time.Second})
	var e apiErr
	for spec, want := range map[string]string{
		"mcts:time=1h,threads=256":    "--move-time",
		"mcts:threads=256":            "--bot-workers",
		"mcts:iterations=99999999999": "iterations",
		"mcts:nodes=16777216":         "nodes",
		"alphabeta:depth=1000":        "plies",
		"alphabeta:tt=24":             "table",
	} {
		code := call(t, "POST", hs.URL+"/api/sessions", CreateRequest{Game: "chess.zrf",
			Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: spec}}}, &e)
		if code != http.StatusUnprocessableEntity || !strings.Contains(e.Error, want) {
			t.Errorf("%s: %d %q, want 422 naming %s", spec, code, e.Error, want)
		}
	}
	for _, spec := range []string{"mcts:time=1s,threads=2", "alphabeta:depth=60", "random"} {
		if code := call(t, "POST", hs.URL+"/api/sessions", CreateRequest{Game: "chess.zrf",
			Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: spec}}}, &e); code != http.StatusCreated {
			t.Errorf("%s: %d %s", spec, code, e.Error)
		}
	}
}

// Twelve sessions whose bots think for the whole move time, bot against
// bot, do not keep another session's random bot waiting for its turn
// behind all of theirs: the pool serves first the session it has served
// least. A random bot took 90 s to reply behind twelve such sessions.
func TestBotsShareFairly(t *testing.T) {
	const moveTime = 150 * time.Millisecond
	_, hs := testServer(t, Config{BotWorkers: 1, MoveTime: moveTime})
	heavy := SeatRequest{Kind: "bot", Spec: "mcts:time=150ms"}
	for range 12 {
		newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{heavy, heavy}})
	}
	time.Sleep(3 * moveTime) // the heavy sessions fill the queue
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
	var slowest time.Duration
	for i, m := range []string{"a1", "b1", "c1"} {
		var st State
		if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": m}, &st); code != 200 {
			if i > 0 {
				break // the random bot took the square
			}
			t.Fatalf("%s: %d", m, code)
		}
		begin := time.Now()
		waitFor(t, hs.URL, c.ID, func(s State) bool { return s.Version >= st.Version+1 })
		slowest = max(slowest, time.Since(begin))
	}
	t.Logf("the random bot's slowest reply: %v", slowest)
	if slowest > 6*moveTime {
		t.Errorf("the random bot took %v to reply behind twelve heavy sessions", slowest)
	}
}

// Upload names are normalised: control characters, empty stems and names
// that differ from a game offered only in case are refused.
func TestUploadNames(t *testing.T) {
	_, hs := testServer(t, Config{})
	src := gridRules(3)
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/games?name=" + url.QueryEscape("tic\ntac.zrf"), src, 400, "control characters"},
		{"POST", "/api/games?name=" + url.QueryEscape("tic\u202etac.zrf"), src, 400, "control characters"},
		{"POST", "/api/games?name=.zrf", src, 400, "nothing before .zrf"},
		{"POST", "/api/games?name=" + url.QueryEscape(" .zrf"), src, 400, "nothing before .zrf"},
		{"POST", "/api/games?name=" + url.QueryEscape(".hidden.zrf"), src, 400, "dot"},
		{"POST", "/api/games?name=CHESS.zrf", src, 409, "chess.zrf"},
		{"POST", "/api/games?name=Tic-Tac-Toe.ZRF", src, 409, "tic-tac-toe.zrf"},
	})
	var info GameInfo
	if code := call(t, "POST", hs.URL+"/api/games?name=Grid.ZRF", src, &info); code != 201 || info.Name != "Grid.zrf" {
		t.Fatalf("upload: %d %+v", code, info)
	}
	checkRejections(t, hs.URL, []rejection{{"POST", "/api/games?name=grid.zrf", src + " ", 409, "Grid.zrf"}})
}

// Rules work stopped at --rules-time: a start position whose moves would
// take a second is refused at the time, naming the budget, and another
// session's state is answered at once meanwhile.
func TestRulesTimeBudget(t *testing.T) {
	_, hs := testServer(t, Config{MaxSteps: 1 << 50, RulesTime: 300 * time.Millisecond})
	other := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	stop := watchLatency(t, hs.URL+"/api/sessions/"+other.ID)
	var e apiErr
	code, took := timedSend(t, "POST", hs.URL+"/api/games?name=walk80.zrf", hostilerules.Walker(80), 10*time.Second, &e)
	slowest := stop()
	t.Logf("refused after %v; another session's slowest state meanwhile: %v", took, slowest)
	if code != http.StatusUnprocessableEntity || !strings.Contains(e.Error, "--rules-time") {
		t.Errorf("%d %q, want 422 naming --rules-time", code, e.Error)
	}
	if took > 3*time.Second || slowest > time.Second {
		t.Errorf("refused after %v; another session's state took %v meanwhile", took, slowest)
	}
}

// The picture and the frame of a board of 3,600 positions are drawn once,
// outside the session's lock, however many ask at once; asked again, they
// are answered from what was kept. Another request on the session is
// answered meanwhile.
func TestPicturesDrawnOnce(t *testing.T) {
	_, hs := testServer(t, Config{})
	if code := call(t, "POST", hs.URL+"/api/games?name=grid60.zrf", gridRules(60), nil); code != 201 {
		t.Fatalf("upload: %d", code)
	}
	c := newSession(t, hs.URL, CreateRequest{Game: "grid60.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID
	stop := watchLatency(t, url+"/tree")
	var wg sync.WaitGroup
	begin := time.Now()
	for i := range 8 {
		path := []string{"/board.svg", "/geometry"}[i%2]
		wg.Go(func() {
			if code, took := timedSend(t, "GET", url+path, "", 20*time.Second, nil); code != 200 {
				t.Errorf("%s: %d after %v", path, code, took)
			}
		})
	}
	wg.Wait()
	first := time.Since(begin)
	slowest := stop()
	begin = time.Now()
	for _, path := range []string{"/board.svg", "/geometry"} {
		if code, _ := timedSend(t, "GET", url+path, "", 5*time.Second, nil); code != 200 {
			t.Errorf("%s again: %d", path, code)
		}
	}
	again := time.Since(begin)
	t.Logf("four pictures and four frames at once: %v; again: %v; the session's tree meanwhile: %v", first, again, slowest)
	if again > 500*time.Millisecond || slowest > time.Second {
		t.Errorf("asked again: %v; the session's tree took %v meanwhile", again, slowest)
	}
}

// Rules that go over the budget only in a later position stop the session
// there, saying which budget, as a failure of the rules does.
func TestBudgetMidGame(t *testing.T) {
	_, hs := testServer(t, Config{MaxSteps: 20})
	var cells []string
	for i := range 40 {
		cells = append(cells, fmt.Sprintf("c%d", i))
	}
	src := `(game (title "Far") (players A B) (turn-order A B)
 (board (grid (start-rectangle 0 0 1 1) (dimensions ("` + strings.Join(cells, "/") + `" (1 0))) (directions (e 1 0) (w -1 0))))
 (piece (name Runner) (moves ((e (verify empty?) add))))
 (piece (name Walker) (moves (((while (empty? w) w) add))))
 (board-setup (A (Runner c0)) (B (Walker c39))))`
	if code := call(t, "POST", hs.URL+"/api/games?name=far.zrf", src, nil); code != 201 {
		t.Fatalf("upload: %d", code)
	}
	c := newSession(t, hs.URL, CreateRequest{Game: "far.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": "c0 - c1"}, nil); code != 200 {
		t.Fatalf("the first move: %d", code)
	}
	if st := getState(t, hs.URL, c.ID); !strings.Contains(st.Error, "--max-steps") || st.ToMove != nil {
		t.Fatalf("after the move: %+v", st)
	}
}
