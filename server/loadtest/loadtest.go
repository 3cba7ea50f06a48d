// Package loadtest loads a game server over its JSON API as many clients
// would: each plays random legal moves against a bot, game after game,
// following its session's event stream, and every finished game is
// replayed by the rules and compared with the server's record. "ludus
// bench serve" runs it against a server on a loopback port.
package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/server"
)

// Options set up a load run against a server: Sessions clients at once,
// each playing random legal moves against a bot over the JSON API, game
// after game, until Games games are finished or Duration has passed.
type Options struct {
	URL string // the server, e.g. http://localhost:8080
	// URLs, in place of URL, are several servers of one store (ludus
	// serve processes on one PostgreSQL database), among which the
	// clients spread their requests as a load balancer would: each
	// client creates its session on one, follows its events and reads
	// its state on the next, and sends its moves to each in turn.
	URLs     []string
	Game     string // a game the server offers (default tic-tac-toe.zrf)
	Bot      string // the bot spec of the other seat (default random)
	Sessions int    // concurrent clients (default 1000)
	Games    int    // games to finish in all (0: until Duration)
	Duration time.Duration
	Seed     uint64
	// Sample, when set, is called about every second with the figures so
	// far (for progress and memory samples).
	Sample func(Report)
}

// Report is what a load run measured. A correct server has no lost
// moves, no mismatched records and no accepted bad moves.
type Report struct {
	Games        int           `json:"games"`
	Moves        int           `json:"moves"`         // the clients' moves accepted
	Elapsed      time.Duration `json:"elapsed"`       // wall time
	MovesPerSec  float64       `json:"moves_per_sec"` // every move played (clients' and bots')
	MoveP50      time.Duration `json:"move_p50"`      // POST of a move to its answer
	MoveP99      time.Duration `json:"move_p99"`
	MoveMax      time.Duration `json:"move_max"`
	ReplyP50     time.Duration `json:"reply_p50"` // POST of a move to the bot's answer arriving
	ReplyP99     time.Duration `json:"reply_p99"`
	BadAccepted  int           `json:"bad_accepted"`  // moves with a wrong token or a stale version that were accepted
	BadRefused   int           `json:"bad_refused"`   // ... and refused, as they must be
	Mismatched   int           `json:"mismatched"`    // records that did not replay to the server's result or moves
	Conflicts    int           `json:"conflicts"`     // legal moves answered 409 (a server behind another), sent again
	Failures     int           `json:"failures"`      // other errors (network, 5xx)
	FirstFailure string        `json:"first_failure"` // the first of them
	HeapMiB      float64       `json:"heap_mib"`      // live heap of this process at the end
	// Servers has the figures of each server, in the order of URLs.
	Servers []ServerReport `json:"servers"`
}

// Run runs clients against a server until the games are played or the
// time is up, and checks every finished game against the rules.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Game == "" {
		o.Game = "tic-tac-toe.zrf"
	}
	if o.Bot == "" {
		o.Bot = "random"
	}
	if o.Sessions <= 0 {
		o.Sessions = 1000
	}
	src, ok := games.Source(o.Game)
	if !ok {
		return nil, fmt.Errorf("load: %s is not a bundled game", o.Game)
	}
	g, err := games.Read(o.Game, src, games.Options{})
	if err != nil {
		return nil, err
	}
	if len(o.URLs) == 0 {
		o.URLs = []string{o.URL}
	}
	l := &loadRun{o: o, game: g, client: &http.Client{Transport: &http.Transport{
		MaxIdleConns: o.Sessions * 2, MaxIdleConnsPerHost: o.Sessions * 2, IdleConnTimeout: time.Minute}},
		servers: make([]serverStats, len(o.URLs))}
	if o.Duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Duration)
		defer cancel()
	}
	start := time.Now()
	stopSample := l.sampleEvery(ctx, start)
	var wg sync.WaitGroup
	for i := range o.Sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(o.Seed, uint64(i)))
			for g := 0; ctx.Err() == nil && (o.Games == 0 || l.started.Add(1) <= int64(o.Games)); g++ {
				if err := l.playGame(ctx, rng, (i+g)%len(o.URLs)); err != nil && ctx.Err() == nil {
					l.fail(err)
				}
			}
		}()
	}
	wg.Wait()
	stopSample()
	return l.report(time.Since(start)), nil
}

type loadRun struct {
	o      Options
	game   *games.Game
	client *http.Client

	started atomic.Int64
	mu      sync.Mutex
	rep     Report
	moveLat latencies
	reply   latencies
	all     int
	servers []serverStats
}

func (l *loadRun) fail(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.rep.Failures == 0 {
		l.rep.FirstFailure = err.Error()
	}
	l.rep.Failures++
	var se *serverError
	if errors.As(err, &se) {
		l.servers[se.server].failures++
	}
}

func (l *loadRun) report(elapsed time.Duration) *Report {
	l.mu.Lock()
	defer l.mu.Unlock()
	r := l.rep
	r.Elapsed = elapsed
	r.MovesPerSec = float64(l.all) / elapsed.Seconds()
	r.MoveP50, r.MoveP99, r.MoveMax = l.moveLat.quantile(0.5), l.moveLat.quantile(0.99), l.moveLat.max
	for i := range l.servers {
		r.Servers = append(r.Servers, l.servers[i].report(l.o.URLs[i], elapsed))
	}
	r.ReplyP50, r.ReplyP99 = l.reply.quantile(0.5), l.reply.quantile(0.99)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r.HeapMiB = float64(ms.HeapAlloc) / (1 << 20)
	return &r
}

func (l *loadRun) sampleEvery(ctx context.Context, start time.Time) func() {
	if l.o.Sample == nil {
		return func() {}
	}
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				l.o.Sample(*l.report(time.Since(start)))
			case <-done:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	// Stopping waits for a sample under way, so that none comes after.
	return func() { close(done); <-exited }
}

// latencies counts durations in buckets 1% wide on a log scale: a run of
// any length keeps a few kilobytes, and its quantiles are right to 1%.
type latencies struct {
	counts []int64
	n      int64
	max    time.Duration
}

// latencyStep is the ratio between the bounds of a bucket.
const latencyStep = 1.01

func (h *latencies) add(d time.Duration) {
	b := int(math.Log(float64(max(1, d.Microseconds()))) / math.Log(latencyStep))
	if b >= len(h.counts) {
		h.counts = append(h.counts, make([]int64, b+1-len(h.counts))...)
	}
	h.counts[b]++
	h.n++
	h.max = max(h.max, d)
}

// quantile returns the duration below which a share q of those added lie
// (the middle of its bucket).
func (h *latencies) quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	rank := min(h.n-1, int64(q*float64(h.n)))
	var cum int64
	for b, c := range h.counts {
		if cum += c; cum > rank {
			return time.Duration(math.Pow(latencyStep, float64(b)+0.5) * float64(time.Microsecond))
		}
	}
	return 0
}

// playGame plays one game: a session with the client on seat 0, the
// events on a stream, a random legal move whenever it is the client's turn,
// now and then a move with a wrong token or a stale version that must be
// refused; at the end the record is replayed by the rules. The session is
// created on server home, followed on the next, and the moves sent to
// each in turn.
func (l *loadRun) playGame(ctx context.Context, rng *rand.Rand, home int) error {
	var c server.Created
	if err := l.do(ctx, home, "POST", "/api/sessions", server.CreateRequest{Game: l.o.Game,
		Seats: []server.SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: l.o.Bot}}}, &c, http.StatusCreated); err != nil {
		return err
	}
	l.mu.Lock()
	l.servers[home].sessions++
	l.mu.Unlock()
	n := len(l.o.URLs)
	watch, mover := (home+1)%n, home
	events, stop, err := l.stream(ctx, watch, c.ID)
	if err != nil {
		return err
	}
	defer stop()
	var st server.State
	if err := l.do(ctx, watch, "GET", "/api/sessions/"+c.ID, nil, &st, 200); err != nil {
		return err
	}
	var played []string // every move, as the events told
	seen := 0
	for st.Result == nil {
		if st.ToMove == nil || *st.ToMove != 0 || st.Thinking || seen < st.Version {
			// Wait for the events up to the state we act on.
			e, ok := <-events
			if !ok {
				return fmt.Errorf("session %s: event stream ended", c.ID)
			}
			if e.Version != seen+1 {
				l.mismatch()
				return fmt.Errorf("session %s: event %d after %d", c.ID, e.Version, seen)
			}
			seen = e.Version
			played = append(played, e.Move)
			if err := l.do(ctx, watch, "GET", "/api/sessions/"+c.ID, nil, &st, 200); err != nil {
				return err
			}
			continue
		}
		l.tryBad(ctx, mover, c, st, rng)
		move := st.Legal[rng.IntN(len(st.Legal))]
		t0 := time.Now()
		var next server.State
		if err := l.move(ctx, mover, c, move, st.Version, &next); err != nil {
			return err
		}
		lat := time.Since(t0)
		// The answer shows the move applied, after the moves before it
		// (and, now and then, the bot's reply already).
		at := len(st.Moves)
		if len(next.Moves) <= at || next.Moves[at] != move {
			l.mismatch()
			return fmt.Errorf("session %s: played %q after %d moves, the state's moves are %v", c.ID, move, at, next.Moves)
		}
		// Wait for our move's event and, unless it ended the game, the
		// bot's answer: the state read next, from the stream's server,
		// then shows them (when another server took the move too).
		ours := st.Version + 1
		want := ours + 1
		if next.Result != nil && next.Version == ours {
			want = ours
		}
		for seen < want {
			e, ok := <-events
			if !ok {
				return fmt.Errorf("session %s: event stream ended", c.ID)
			}
			seen = e.Version
			played = append(played, e.Move)
		}
		var replyAt time.Duration
		if want > ours {
			replyAt = time.Since(t0)
		}
		l.mu.Lock()
		l.rep.Moves++
		l.all += 2
		l.moveLat.add(lat)
		l.servers[mover].moves++
		l.servers[mover].lat.add(lat)
		if replyAt > 0 {
			l.reply.add(replyAt)
		}
		l.mu.Unlock()
		mover = (mover + 1) % n
		if err := l.do(ctx, watch, "GET", "/api/sessions/"+c.ID, nil, &st, 200); err != nil {
			return err
		}
	}
	for seen < st.Version {
		e, ok := <-events
		if !ok {
			return fmt.Errorf("session %s: event stream ended", c.ID)
		}
		seen = e.Version
		played = append(played, e.Move)
	}
	return l.check(ctx, c.ID, st, played)
}

// tryBad sends, now and then, a move that must be refused.
func (l *loadRun) tryBad(ctx context.Context, srv int, c server.Created, st server.State, rng *rand.Rand) {
	if rng.IntN(8) != 0 {
		return
	}
	body := map[string]any{"token": "x" + c.Seats[0].Token, "move": st.Legal[0], "version": st.Version}
	want := http.StatusForbidden
	if rng.IntN(2) == 0 && st.Version > 0 {
		body = map[string]any{"token": c.Seats[0].Token, "move": st.Legal[0], "version": st.Version - 1}
		want = http.StatusConflict
	}
	err := l.do(ctx, srv, "POST", "/api/sessions/"+c.ID+"/moves", body, nil, want)
	switch {
	case ctx.Err() != nil:
	case err == nil:
		l.mu.Lock()
		l.rep.BadRefused++
		l.mu.Unlock()
	case strings.Contains(err.Error(), ": 200 OK"):
		l.mu.Lock()
		l.rep.BadAccepted++
		l.mu.Unlock()
	default:
		l.fail(err)
	}
}

func (l *loadRun) mismatch() {
	l.mu.Lock()
	l.rep.Mismatched++
	l.mu.Unlock()
}

// check replays the finished game's record with the rules: the moves must
// be legal, the same as the events told, and end in the server's result.
func (l *loadRun) check(ctx context.Context, id string, st server.State, played []string) error {
	pos := engine.NewPosition(engine.NewState(l.game.Compiled), nil)
	ok := slices.Equal(played, st.Moves)
	for _, m := range st.Moves {
		ply, err := pos.ParseMove(m)
		if err != nil {
			ok = false
			break
		}
		pos.Play(ply)
	}
	res, over := pos.Result()
	if !ok || !over || !slices.Equal([]float64(res), st.Result.Scores) {
		l.mismatch()
		return fmt.Errorf("session %s: the record does not replay to the server's result", id)
	}
	l.mu.Lock()
	l.rep.Games++
	l.mu.Unlock()
	return nil
}

// stream opens the session's event stream (SSE) and delivers its events.
func (l *loadRun) stream(ctx context.Context, srv int, id string) (<-chan server.Event, func(), error) {
	ctx, cancel := context.WithCancel(ctx)
	req, _ := http.NewRequestWithContext(ctx, "GET", l.o.URLs[srv]+"/api/sessions/"+id+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := l.client.Do(req)
	if err != nil {
		cancel()
		return nil, nil, &serverError{srv, 0, err}
	}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		cancel()
		return nil, nil, &serverError{srv, resp.StatusCode, fmt.Errorf("events of %s: %s", id, resp.Status)}
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
					select {
					case out <- e:
					case <-ctx.Done():
						return
					}
				}
			}
		}
	}()
	return out, cancel, nil
}

// do sends a request to server srv and decodes the answer, which must
// have status want; its errors are serverErrors.
func (l *loadRun) do(ctx context.Context, srv int, method, path string, body, out any, want int) error {
	status, err := l.send(ctx, l.o.URLs[srv], method, path, body, out, want)
	if err != nil {
		return &serverError{srv, status, err}
	}
	return nil
}

func (l *loadRun) send(ctx context.Context, base, method, path string, body, out any, want int) (int, error) {
	var rd io.Reader
	if body != nil {
		js, _ := json.Marshal(body)
		rd = bytes.NewReader(js)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return 0, err
	}
	resp, err := l.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode != want {
		return resp.StatusCode, fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, bytes.TrimSpace(data))
	}
	if out != nil {
		return resp.StatusCode, json.Unmarshal(data, out)
	}
	return resp.StatusCode, nil
}
