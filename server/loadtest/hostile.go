package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ludus-games/ludus/internal/hostilerules"
	"github.com/ludus-games/ludus/server"
)

// HostileOptions set up a hostile run: kinds of clients that try to take a
// server's resources, each from a loopback address of its own (127.0.0.2
// and on, so that the server's bounds per client see them apart from one
// another and from the bystander, on 127.0.0.1), while a bystander reads
// its own session's state and times each answer.
type HostileOptions struct {
	URL        string // the server, listening on 127.0.0.1
	Duration   time.Duration
	SlowBodies int // connections that send a request body a byte a second (default 1100)
	Flooders   int // clients that send requests as fast as they are answered (default 16)
	Uploaders  int // clients that upload costly rules files again and again (default 2)
	Watchers   int // event streams opened on one session (default 300)
	// WalkerSize is the side of the costly rules' board (default 99): a
	// drop program that walks the board from each empty position, about
	// n^4 steps a position's moves.
	WalkerSize int
}

// HostileReport is what a hostile run saw: for each kind of client, how
// its requests were answered, and the bystander's answer times.
type HostileReport struct {
	Elapsed time.Duration
	Kinds   []KindReport
	// The bystander's GETs of its session's state.
	Gets, GetFailures        int
	GetP50, GetP99, GetWorst time.Duration
}

// KindReport counts how one kind of hostile client was answered: by
// status ("429"), or how its connection ended ("closed", "held to the
// end").
type KindReport struct {
	Kind    string
	From    string
	Tries   int
	Answers map[string]int
}

// Summary writes the answers, most frequent first.
func (k KindReport) Summary() string {
	type kv struct {
		k string
		n int
	}
	var all []kv
	for a, n := range k.Answers {
		all = append(all, kv{a, n})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n > all[j].n || all[i].n == all[j].n && all[i].k < all[j].k })
	var parts []string
	for _, x := range all {
		parts = append(parts, fmt.Sprintf("%s: %d", x.k, x.n))
	}
	return strings.Join(parts, ", ")
}

// tally counts a kind's answers, from many goroutines.
type tally struct {
	mu sync.Mutex
	KindReport
}

func (t *tally) add(answer string) {
	t.mu.Lock()
	t.Tries++
	t.Answers[answer]++
	t.mu.Unlock()
}

// RunHostile runs the hostile clients and the bystander for the duration.
func RunHostile(ctx context.Context, o HostileOptions) (*HostileReport, error) {
	o.SlowBodies = cmpOr(o.SlowBodies, 1100)
	o.Flooders = cmpOr(o.Flooders, 16)
	o.Uploaders = cmpOr(o.Uploaders, 2)
	o.Watchers = cmpOr(o.Watchers, 300)
	o.WalkerSize = cmpOr(o.WalkerSize, 99)
	u, err := url.Parse(o.URL)
	if err != nil {
		return nil, err
	}
	// The bystander's session, made before the others start.
	by := clientFrom("127.0.0.1")
	var c server.Created
	if err := postJSON(ctx, by, o.URL+"/api/sessions", server.CreateRequest{Game: "tic-tac-toe.zrf",
		Seats: []server.SeatRequest{{Kind: "human"}, {Kind: "human"}}}, &c); err != nil {
		return nil, fmt.Errorf("hostile: the bystander's session: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, o.Duration)
	defer cancel()
	kinds := []*tally{
		newTally("slow request bodies", "127.0.0.2"),
		newTally("request flood", "127.0.0.3"),
		newTally("costly rules uploads", "127.0.0.4"),
		newTally("event streams on one session", "127.0.0.5"),
	}
	var wg sync.WaitGroup
	spawn := func(n int, f func(i int)) {
		for i := range n {
			wg.Add(1)
			go func() { defer wg.Done(); f(i) }()
		}
	}
	spawn(o.SlowBodies, func(int) { slowBody(ctx, u.Host, kinds[0]) })
	flood := clientFrom(kinds[1].From)
	spawn(o.Flooders, func(i int) { floodRequests(ctx, flood, o.URL, i, kinds[1]) })
	up := clientFrom(kinds[2].From)
	rules := hostilerules.Walker(o.WalkerSize)
	spawn(o.Uploaders, func(i int) { uploadCostly(ctx, up, o.URL, rules, i, kinds[2]) })
	watch := clientFrom(kinds[3].From)
	spawn(o.Watchers, func(int) { holdStream(ctx, watch, o.URL+"/api/sessions/"+c.ID+"/events", kinds[3]) })

	var lat latencies
	rep := &HostileReport{}
	begin := time.Now()
	for ctx.Err() == nil {
		t0 := time.Now()
		code, err := get(ctx, by, o.URL+"/api/sessions/"+c.ID)
		d := time.Since(t0)
		if ctx.Err() != nil {
			break
		}
		rep.Gets++
		lat.add(d)
		rep.GetWorst = max(rep.GetWorst, d)
		if err != nil || code != http.StatusOK {
			rep.GetFailures++
		}
		time.Sleep(10 * time.Millisecond)
	}
	rep.Elapsed = time.Since(begin)
	cancel()
	wg.Wait()
	rep.GetP50, rep.GetP99 = lat.quantile(0.5), lat.quantile(0.99)
	for _, k := range kinds {
		rep.Kinds = append(rep.Kinds, k.KindReport)
	}
	return rep, nil
}

func newTally(kind, from string) *tally {
	return &tally{KindReport: KindReport{Kind: kind, From: from, Answers: map[string]int{}}}
}

func cmpOr(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}

// dialerFrom dials from a local address (any loopback address of Linux);
// where that cannot be, from the default one.
func dialerFrom(local string) *net.Dialer {
	return &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 10 * time.Second}
}

func clientFrom(local string) *http.Client {
	return &http.Client{Transport: &http.Transport{DialContext: dialerFrom(local).DialContext,
		MaxIdleConnsPerHost: 64, ResponseHeaderTimeout: 30 * time.Second}}
}

func get(ctx context.Context, c *http.Client, url string) (int, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

func postJSON(ctx context.Context, c *http.Client, url string, body, out any) error {
	js, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(js))
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("%d %s", resp.StatusCode, b)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// answer names how a request ended for the tallies.
func answer(code int, err error, ctx context.Context) string {
	switch {
	case ctx.Err() != nil:
		return "held to the end"
	case err != nil:
		return "connection refused or closed"
	}
	return strconv.Itoa(code)
}

// slowBody sends a request whose body comes a byte a second, until the
// server answers or closes, or the run ends.
func slowBody(ctx context.Context, host string, t *tally) {
	conn, err := dialerFrom(t.From).DialContext(ctx, "tcp", host)
	if err != nil {
		t.add(answer(0, err, ctx))
		return
	}
	defer conn.Close()
	context.AfterFunc(ctx, func() { conn.Close() })
	fmt.Fprintf(conn, "POST /api/sessions HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{", host)
	answered := make(chan string, 1)
	go func() {
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			answered <- answer(0, err, ctx)
			return
		}
		resp.Body.Close()
		answered <- strconv.Itoa(resp.StatusCode)
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case a := <-answered:
			t.add(a)
			return
		case <-tick.C:
			conn.Write([]byte(" "))
		}
	}
}

// floodRequests lists the games and starts sessions as fast as it is
// answered.
func floodRequests(ctx context.Context, c *http.Client, base string, i int, t *tally) {
	body, _ := json.Marshal(server.CreateRequest{Game: "tic-tac-toe.zrf", Seats: []server.SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
	for n := 0; ctx.Err() == nil; n++ {
		var code int
		var err error
		if (n+i)%4 == 0 {
			req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/sessions", bytes.NewReader(body))
			var resp *http.Response
			if resp, err = c.Do(req); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				code = resp.StatusCode
			}
		} else {
			code, err = get(ctx, c, base+"/api/games")
		}
		if ctx.Err() == nil {
			t.add(answer(code, err, ctx))
		}
	}
}

// uploadCostly uploads rules whose moves cost billions of steps, under
// new names, again and again.
func uploadCostly(ctx context.Context, c *http.Client, base, rules string, i int, t *tally) {
	for n := 0; ctx.Err() == nil; n++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", fmt.Sprintf("%s/api/games?name=walker-%d-%d.zrf", base, i, n), strings.NewReader(rules))
		resp, err := c.Do(req)
		code := 0
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			code = resp.StatusCode
			if code == http.StatusTooManyRequests {
				wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
				t.add(answer(code, nil, ctx))
				select {
				case <-time.After(time.Duration(max(wait, 1)) * time.Second):
				case <-ctx.Done():
				}
				continue
			}
		}
		t.add(answer(code, err, ctx))
	}
}

// holdStream opens an event stream and holds it to the end of the run.
func holdStream(ctx context.Context, c *http.Client, url string, t *tally) {
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.Do(req)
	if err != nil {
		t.add(answer(0, err, ctx))
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.add(strconv.Itoa(resp.StatusCode))
		return
	}
	io.Copy(io.Discard, resp.Body)
	if ctx.Err() != nil {
		t.add("200, held to the end")
		return
	}
	t.add("200, closed before the end")
}
