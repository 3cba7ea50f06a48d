package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/internal/testenv"
	"github.com/ludus-games/ludus/server"
)

// serveProc is a ludus serve process started by a test.
type serveProc struct {
	t   *testing.T
	cmd *exec.Cmd
	url string

	mu     sync.Mutex
	stderr bytes.Buffer
}

func (p *serveProc) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.Write(b)
}

// startServe starts ludus serve (the test binary, as the scripts run it)
// on a free loopback port and returns once it listens.
func startServe(t *testing.T, args ...string) *serveProc {
	t.Helper()
	exe, err := exec.LookPath("ludus")
	if err != nil {
		t.Fatalf("ludus is not on the PATH that TestMain makes: %v", err)
	}
	p := &serveProc{t: t, cmd: exec.Command(exe, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)}
	p.cmd.Stderr = p
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.stop)
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		io.Copy(io.Discard, out)
	}()
	select {
	case line := <-lines:
		m := regexp.MustCompile(`^ludus serve: (http://\S+)`).FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("ludus serve said %q, then: %s", line, p.errors())
		}
		p.url = m[1]
	case <-time.After(time.Minute):
		t.Fatalf("ludus serve did not listen within a minute: %s", p.errors())
	}
	return p
}

func (p *serveProc) errors() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// kill ends the process at once, as a crash or kill -9 would.
func (p *serveProc) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	p.cmd.Wait()
}

// stop ends the process as an operator would (SIGTERM), killing it after
// ten seconds; what it wrote to stderr is shown when the test failed.
func (p *serveProc) stop() {
	if p.cmd.ProcessState == nil {
		p.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() {
			p.cmd.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			p.cmd.Process.Kill()
			<-done
		}
	}
	if p.t.Failed() {
		p.t.Logf("%s stderr:\n%s", p.url, p.errors())
	}
}

// api sends a request to a server and decodes the answer into out,
// returning the status.
func api(t *testing.T, method, url string, body, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		js, _ := json.Marshal(body)
		rd = bytes.NewReader(js)
	}
	req, _ := http.NewRequest(method, url, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && json.Unmarshal(data, out) != nil && resp.StatusCode < 300 {
		t.Fatalf("%s %s: %s", method, url, data)
	}
	if resp.StatusCode >= 300 {
		t.Logf("%s %s: %d %s", method, url, resp.StatusCode, bytes.TrimSpace(data))
	}
	return resp.StatusCode
}

// stateWhen polls a server's state of a session until cond holds.
func stateWhen(t *testing.T, base, id string, within time.Duration, cond func(server.State) bool) server.State {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		var st server.State
		if code := api(t, "GET", base+"/api/sessions/"+id, nil, &st); code != 200 {
			t.Fatalf("state of %s: %d", id, code)
		}
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %v on %s; state at version %d, moves %v, thinking %v", within, base, st.Version, st.Moves, st.Thinking)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// watchEvents follows a session's event stream (SSE) on a server.
func watchEvents(t *testing.T, base, id string) <-chan server.Event {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/sessions/"+id+"/events?since=0", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("event stream of %s: %v %v", id, resp, err)
	}
	out := make(chan server.Event, 64)
	go func() {
		defer close(out)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var e server.Event
				if json.Unmarshal([]byte(data), &e) == nil {
					out <- e
				}
			}
		}
	}()
	return out
}

// nextEvent takes the watcher's next event, which must come within 10 s.
func nextEvent(t *testing.T, ch <-chan server.Event) server.Event {
	t.Helper()
	select {
	case e, ok := <-ch:
		if !ok {
			t.Fatal("the event stream ended")
		}
		return e
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10 s")
	}
	return server.Event{}
}

// storedEvent is a row of the store's event log.
type storedEvent struct {
	version, seat int
	kind, move    string
	created       time.Time
}

func storedEvents(t *testing.T, db *sql.DB, id string) []storedEvent {
	t.Helper()
	rows, err := db.Query(`SELECT version, seat, kind, move, created_at FROM session_events WHERE session_id = $1 ORDER BY version`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []storedEvent
	for rows.Next() {
		var e storedEvent
		if err := rows.Scan(&e.version, &e.seat, &e.kind, &e.move, &e.created); err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// checkLog checks that a finished session's log is the same in the
// server's view and in the store, its versions 1, 2, ... with no gap,
// and that it begins with the moves acknowledged before the kill.
func checkLog(t *testing.T, db *sql.DB, base, id string, acked []string) {
	t.Helper()
	var evs []server.Event
	if code := api(t, "GET", base+"/api/sessions/"+id+"/events?since=0", nil, &evs); code != 200 {
		t.Fatalf("events of %s: %d", id, code)
	}
	rows := storedEvents(t, db, id)
	if len(evs) != len(rows) || len(rows) < len(acked) {
		t.Fatalf("session %s: %d events served, %d stored, %d moves acknowledged", id, len(evs), len(rows), len(acked))
	}
	for i, e := range evs {
		r := rows[i]
		if e.Version != i+1 || r.version != i+1 || e.Kind != r.kind || e.Move != r.move || e.Seat != r.seat {
			t.Fatalf("session %s event %d: served %+v, stored %+v", id, i+1, e, r)
		}
		if i < len(acked) && e.Move != acked[i] {
			t.Fatalf("session %s event %d: %q, acknowledged %q before the kill", id, i+1, e.Move, acked[i])
		}
	}
}

// Two ludus serve processes on one PostgreSQL store, and a kill -9 of one
// of them mid-game: the games go on through the other to their end, and
// nothing is lost. A human game is played through both processes, with a
// watcher on B that sees A's moves; in a game against a bot, A is killed
// while its bot thinks about a move A has claimed, and B makes the move
// once A's lease runs out.
func TestServeProcessesKilled(t *testing.T) {
	t.Parallel()
	// Several processes or servers on one PostgreSQL store: with
	// LUDUS_LONG=1 (docs/testing.md).
	testenv.SkipUnlessLong(t)
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster and two ludus serve processes")
	}
	dsn := pgtest.URL(t)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const think = 700 * time.Millisecond
	flags := []string{"--db", dsn, "--move-time", think.String()}
	a, b := startServe(t, flags...), startServe(t, flags...)

	var hh, hb server.Created
	if code := api(t, "POST", a.url+"/api/sessions", server.CreateRequest{Game: "tic-tac-toe.zrf",
		Seats: []server.SeatRequest{{Kind: "human"}, {Kind: "human"}}}, &hh); code != http.StatusCreated {
		t.Fatalf("creating on A: %d", code)
	}
	watcher := watchEvents(t, b.url, hh.ID)
	move := func(base string, c server.Created, seat int, st server.State) string {
		t.Helper()
		var after server.State
		body := map[string]any{"token": c.Seats[seat].Token, "move": st.Legal[0], "version": st.Version}
		if code := api(t, "POST", base+"/api/sessions/"+c.ID+"/moves", body, &after); code != 200 {
			t.Fatalf("move %d of %s on %s: %d", st.Version+1, c.ID, base, code)
		}
		return after.Moves[len(after.Moves)-1]
	}

	// Three moves, through A, B and A, each made once its server shows
	// the move before; B's watcher sees each, A's too.
	servers := []*serveProc{a, b}
	var acked []string
	for v := range 3 {
		srv := servers[v%2]
		st := stateWhen(t, srv.url, hh.ID, 10*time.Second, func(s server.State) bool { return s.Version == v })
		acked = append(acked, move(srv.url, hh, v%2, st))
		if e := nextEvent(t, watcher); e.Version != v+1 || e.Move != acked[v] || e.Seat != v%2 {
			t.Fatalf("B's watcher saw %+v, want %q by seat %d at version %d", e, acked[v], v%2, v+1)
		}
	}

	// Against a bot, on A only: A claims the bot's reply, and is killed
	// while its bot thinks.
	if code := api(t, "POST", a.url+"/api/sessions", server.CreateRequest{Game: "tic-tac-toe.zrf",
		Seats: []server.SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "mcts:time=" + think.String()}}}, &hb); code != http.StatusCreated {
		t.Fatalf("creating on A: %d", code)
	}
	botAcked := []string{move(a.url, hb, 0, stateWhen(t, a.url, hb.ID, 10*time.Second, func(server.State) bool { return true }))}
	var owner string
	var until time.Time
	deadline := time.Now().Add(10 * time.Second)
	for {
		var v int
		var o sql.NullString
		var u sql.NullTime
		if err := db.QueryRow(`SELECT bot_version, bot_owner, bot_until FROM sessions WHERE id = $1`, hb.ID).Scan(&v, &o, &u); err != nil {
			t.Fatal(err)
		}
		if v == 1 && o.Valid && u.Valid {
			owner, until = o.String, u.Time
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("A did not claim the bot's move within 10 s")
		}
		time.Sleep(2 * time.Millisecond)
	}
	a.kill()
	killed := time.Now()
	if n := len(storedEvents(t, db, hb.ID)); n != 1 {
		t.Fatalf("%d events before B took over: A's bot moved before it was killed (a machine too busy for a %v move?)", n, think)
	}

	// The human game goes on through B alone, to its end; the watcher
	// sees every move.
	for v := 3; ; v++ {
		st := stateWhen(t, b.url, hh.ID, 10*time.Second, func(s server.State) bool { return s.Version == v })
		if st.Result != nil {
			break
		}
		acked = append(acked, move(b.url, hh, v%2, st))
		if e := nextEvent(t, watcher); e.Version != v+1 || e.Move != acked[v] {
			t.Fatalf("B's watcher saw %+v, want %q at version %d", e, acked[v], v+1)
		}
	}
	checkLog(t, db, b.url, hh.ID, acked)

	// B makes the bot's move, once A's claim has run out and not before.
	st := stateWhen(t, b.url, hb.ID, 20*time.Second, func(s server.State) bool { return s.Version == 2 })
	took := time.Since(killed)
	rows := storedEvents(t, db, hb.ID)
	var newOwner string
	if err := db.QueryRow(`SELECT bot_owner FROM sessions WHERE id = $1`, hb.ID).Scan(&newOwner); err != nil {
		t.Fatal(err)
	}
	if newOwner == owner || rows[1].seat != 1 || rows[1].created.Before(until.Add(-10*time.Millisecond)) {
		t.Fatalf("the bot's move by %s at %v, A (%s) claimed it until %v", newOwner, rows[1].created, owner, until)
	}
	t.Logf("B made the move A claimed %v after the kill (A's lease ran out %v after it)", took.Round(time.Millisecond), until.Sub(killed).Round(time.Millisecond))
	// The rest of the game against B's bot.
	for st.Result == nil {
		if st.ToMove != nil && *st.ToMove == 0 && !st.Thinking {
			move(b.url, hb, 0, st)
		}
		v := st.Version
		st = stateWhen(t, b.url, hb.ID, 10*time.Second, func(s server.State) bool {
			return s.Result != nil || s.Version > v && !s.Thinking
		})
	}
	if st.Fault != "" || st.Error != "" {
		t.Fatalf("the game against the bot ended with a fault %q, error %q", st.Fault, st.Error)
	}
	checkLog(t, db, b.url, hb.ID, botAcked)
}
