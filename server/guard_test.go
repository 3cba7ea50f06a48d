package server

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// send makes a request with the given Host (empty: the URL's) and
// headers, and returns the status, the headers and the body.
func send(t *testing.T, c *http.Client, method, url, host, body string, hdr ...string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusSwitchingProtocols {
		return resp.StatusCode, resp.Header, ""
	}
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(data)
}

// upgrade is the header of a WebSocket handshake.
var upgrade = []string{"Connection", "Upgrade", "Upgrade", "websocket", "Sec-WebSocket-Version", "13", "Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}

const ticTacToe = `{"game":"tic-tac-toe.zrf","seats":[{"kind":"human"},{"kind":"human"}]}`

// A page that rebinds its own name to the server's address (DNS
// rebinding: a foreign Host, and the same foreign Origin) can neither
// upload, create a session and read its tokens, read a session, nor open
// its event stream; the names the server has are served.
func TestHostAllowList(t *testing.T) {
	_, hs := testServer(t, Config{Hosts: []string{"games.example.org"}})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(hs.URL, "http://"))
	events := "/api/sessions/" + c.ID + "/events"
	requests := []struct {
		method, path, body string
		hdr                []string
		ok                 int
	}{
		{"POST", "/api/games?name=rebound.zrf", "(game (title \"x\"))", []string{"Content-Type", "text/plain"}, 422},
		{"POST", "/api/sessions", ticTacToe, []string{"Content-Type", "application/json"}, 201},
		{"GET", "/api/sessions/" + c.ID, "", nil, 200},
		{"GET", events, "", upgrade, 101},
	}
	hosts := []struct {
		host string
		ok   bool
	}{
		{"rebind.attacker.example:" + port, false},
		{"rebind.attacker.example", false},
		{"localhost.attacker.example:" + port, false},
		{"localhost:" + port, true},
		{"LOCALHOST.:" + port, true},
		{"127.0.0.1:" + port, true},
		{"[::1]:" + port, true},
		{"192.168.1.5:" + port, true},
		{"games.example.org", true},
		{"Games.Example.Org:" + port, true},
	}
	for _, h := range hosts {
		for _, rq := range requests {
			hdr := append([]string{"Origin", "http://" + h.host}, rq.hdr...)
			code, _, body := send(t, nil, rq.method, hs.URL+rq.path, h.host, rq.body, hdr...)
			switch {
			case !h.ok && (code != http.StatusMisdirectedRequest || !strings.Contains(body, "--host")):
				t.Errorf("Host %s: %s %s: %d %.200s, want 421", h.host, rq.method, rq.path, code, body)
			case h.ok && code != rq.ok:
				t.Errorf("Host %s: %s %s: %d %.200s, want %d", h.host, rq.method, rq.path, code, body, rq.ok)
			}
		}
	}
	// "*" serves every name.
	_, any := testServer(t, Config{Hosts: []string{"*"}})
	if code, _, body := send(t, nil, "GET", any.URL+"/api/games", "whatever.example", ""); code != 200 {
		t.Errorf("--host '*': %d %.200s", code, body)
	}
}

// A page of another site may not act here: a WebSocket or a request that
// changes something, with a foreign Origin, is refused, whatever its Host;
// the server's own pages are served.
func TestOriginCheck(t *testing.T) {
	_, hs := testServer(t, Config{Hosts: []string{"games.example.org"}})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	self := strings.TrimPrefix(hs.URL, "http://")
	_, port, _ := net.SplitHostPort(self)
	origins := []struct {
		origin string
		ok     bool
	}{
		{"http://" + self, true},
		{"http://localhost:" + port, true},
		{"https://games.example.org", true},
		{"http://evil.example", false},
		{"http://127.0.0.1:1", false}, // another port of this machine: another site
		{"http://localhost:1", false},
		{"null", false},
		{"file://", false},
	}
	for _, o := range origins {
		for _, rq := range []struct {
			method, path, body string
			hdr                []string
			ok                 int
		}{
			{"POST", "/api/sessions", ticTacToe, []string{"Content-Type", "application/json"}, 201},
			{"GET", "/api/sessions/" + c.ID + "/events", "", upgrade, 101},
		} {
			code, _, body := send(t, nil, rq.method, hs.URL+rq.path, "", rq.body, append([]string{"Origin", o.origin}, rq.hdr...)...)
			if want := map[bool]int{true: rq.ok, false: 403}[o.ok]; code != want {
				t.Errorf("Origin %s: %s %s: %d %.200s, want %d", o.origin, rq.method, rq.path, code, body, want)
			}
		}
	}
}

// Every answer, JSON, picture or error, says not to sniff its type, not
// to be framed, and carries a policy that lets it load and run nothing.
func TestSecurityHeaders(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	base := hs.URL + "/api/sessions/" + c.ID
	for _, path := range []string{"/api/games", "/api/sessions/nope", base[len(hs.URL):], base[len(hs.URL):] + "/board.svg",
		base[len(hs.URL):] + "/record?format=sgf", "/api/tiles/sets", "/nowhere"} {
		code, h, _ := send(t, nil, "GET", hs.URL+path, "", "")
		csp := h.Get("Content-Security-Policy")
		if h.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(csp, "default-src 'none'") ||
			!strings.Contains(csp, "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" || h.Get("Referrer-Policy") == "" {
			t.Errorf("GET %s (%d): nosniff %q, CSP %q, X-Frame-Options %q, Referrer-Policy %q", path, code,
				h.Get("X-Content-Type-Options"), csp, h.Get("X-Frame-Options"), h.Get("Referrer-Policy"))
		}
	}
}

// An error that quotes what the client sent quotes its start only: a
// 900 KB move, game name, bot spec or query is not sent back whole.
func TestErrorTextsClipped(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	var g2048 struct{ ID string }
	if code := call(t, "POST", hs.URL+"/api/2048/games", map[string]any{"seed": 1}, &g2048); code != 201 {
		t.Fatalf("2048: %d", code)
	}
	huge := strings.Repeat("a1 ", 300<<10)
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	tests := []struct {
		name, method, path, body string
		code                     int
	}{
		{"move", "POST", "/api/sessions/" + c.ID + "/moves", js(map[string]any{"token": c.Seats[0].Token, "move": huge}), 422},
		{"4 KB move", "POST", "/api/sessions/" + c.ID + "/moves", js(map[string]any{"token": c.Seats[0].Token, "move": huge[:maxMoveText-1]}), 422},
		{"game", "POST", "/api/sessions", js(map[string]any{"game": huge, "seats": []any{}}), 404},
		{"bot spec", "POST", "/api/sessions", js(map[string]any{"game": "tic-tac-toe.zrf",
			"seats": []any{map[string]string{"kind": "human"}, map[string]string{"kind": "bot", "spec": "random:" + huge}}}), 422},
		{"seat kind", "POST", "/api/sessions", js(map[string]any{"game": "tic-tac-toe.zrf",
			"seats": []any{map[string]string{"kind": huge}, map[string]string{"kind": "human"}}}), 422},
		{"2048 move", "POST", "/api/2048/games/" + g2048.ID + "/moves", js(map[string]any{"move": huge}), 422},
		{"since", "GET", "/api/sessions/" + c.ID + "/events?since=" + strings.Repeat("9", 30<<10), "", 400},
		{"upload name", "POST", "/api/games?name=" + strings.Repeat("n", 30<<10) + ".zrf", "x", 400},
		{"WebSocket handshake", "GET", "/api/sessions/" + c.ID + "/events", "", 400},
	}
	for _, tc := range tests {
		hdr := []string{"Content-Type", "application/json"}
		if tc.name == "WebSocket handshake" {
			hdr = append(upgrade[2:], "Connection", "keep-alive, "+strings.Repeat("x", 30<<10))
		}
		code, _, body := send(t, nil, tc.method, hs.URL+tc.path, "", tc.body, hdr...)
		var e apiErr
		json.Unmarshal([]byte(body), &e)
		if code != tc.code || len(body) > 1000 || e.Error == "" || (strings.Contains(e.Error, `"a1 a1`) && !strings.Contains(e.Error, "…")) {
			t.Errorf("%s: %d, %d bytes: %.300s", tc.name, code, len(body), body)
		}
	}
}

func TestClipMessage(t *testing.T) {
	long := strings.Repeat("é", 150) // 300 bytes
	tests := []struct{ in, want string }{
		{"short", "short"},
		{`"` + long + `" is not a legal move here`, `"` + strings.Repeat("é", 100) + `…" is not a legal move here`},
		{`seat 1: "\"` + long + `\"": no`, `seat 1: "\"` + strings.Repeat("é", 99) + `…": no`},
		{strings.Repeat("x", 3000), strings.Repeat("x", maxMessage) + "…"},
		{`unclosed "` + strings.Repeat("x", 3000), `unclosed "` + strings.Repeat("x", maxMessage-10) + "…"},
	}
	for _, tc := range tests {
		if got := clipMessage(tc.in); got != tc.want {
			t.Errorf("clipMessage(%.40q...) = %.300q, want %.300q", tc.in, got, tc.want)
		}
	}
}

// The 257th watcher of a session is told to come back later (503 with
// Retry-After), before any stream is opened; a client over its own bound
// of streams is told 429.
func TestWatcherCaps(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID + "/events"
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0}}
	open := func() (int, http.Header, string) {
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		req.Header.Set("Accept", "text/event-stream")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == 200 {
			t.Cleanup(func() { resp.Body.Close() })
			return 200, resp.Header, ""
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(b)
	}
	for i := range maxWatchers {
		if code, _, body := open(); code != 200 {
			t.Fatalf("watcher %d: %d %s", i+1, code, body)
		}
	}
	code, h, body := open()
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || !strings.Contains(body, "watchers already") {
		t.Fatalf("watcher %d: %d Retry-After %q %s", maxWatchers+1, code, h.Get("Retry-After"), body)
	}

	_, hs = testServer(t, Config{Limits: Limits{WatchersPerClient: 2}})
	c = newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url = hs.URL + "/api/sessions/" + c.ID + "/events"
	for i := range 2 {
		if code, _, body := open(); code != 200 {
			t.Fatalf("stream %d: %d %s", i+1, code, body)
		}
	}
	for _, hdr := range [][]string{{"Accept", "text/event-stream"}, upgrade} {
		code, h, body := send(t, nil, "GET", url, "", "", hdr...)
		if code != http.StatusTooManyRequests || h.Get("Retry-After") == "" {
			t.Errorf("third stream %v: %d Retry-After %q %s", hdr, code, h.Get("Retry-After"), body)
		}
	}
	// A plain GET of the events is no stream.
	if code, _, body := send(t, nil, "GET", url, "", ""); code != 200 {
		t.Errorf("events as JSON: %d %s", code, body)
	}
}

// fromAddr returns a client whose connections come from a local address
// of the loopback network (127.0.0.2, ...), which Linux answers as its
// own: a second client on one machine.
func fromAddr(t *testing.T, ip string) *http.Client {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	probe, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Skipf("no loopback address %s here: %v", ip, err)
	}
	probe.Close()
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

// A client over its rate is answered 429 with Retry-After, other clients
// are not; starting sessions has a bucket of its own. X-Forwarded-For
// names the client only when its sender is a trusted proxy.
func TestRateLimits(t *testing.T) {
	_, hs := testServer(t, Config{Limits: Limits{Rate: Rate{PerSecond: 0.01, Burst: 6}, Create: Rate{PerSecond: 0.01, Burst: 2}}})
	other := fromAddr(t, "127.0.0.2")
	create := func(c *http.Client, hdr ...string) int {
		code, _, _ := send(t, c, "POST", hs.URL+"/api/sessions", "", ticTacToe, hdr...)
		return code
	}
	if a, b, c := create(nil), create(nil), create(nil); a != 201 || b != 201 || c != 429 {
		t.Fatalf("three sessions in a row: %d %d %d, want 201 201 429", a, b, c)
	}
	if code := create(other); code != 201 {
		t.Fatalf("another client's session: %d", code)
	}
	// Three requests taken of six (a refused session takes its request):
	// three more, then none.
	for i, want := range []int{200, 200, 200, 429} {
		code, h, body := send(t, nil, "GET", hs.URL+"/api/games", "", "")
		if code != want || (code == 429 && (h.Get("Retry-After") == "" || !strings.Contains(body, "try again"))) {
			t.Fatalf("request %d: %d Retry-After %q %.200s", i+4, code, h.Get("Retry-After"), body)
		}
	}
	// A forged X-Forwarded-For changes nothing...
	if code, _, _ := send(t, nil, "GET", hs.URL+"/api/games", "", "", "X-Forwarded-For", "203.0.113.9"); code != 429 {
		t.Fatalf("a forged X-Forwarded-For escaped the limit: %d", code)
	}
	// ...unless the peer is a trusted proxy: then each client has its own.
	_, hs = testServer(t, Config{TrustProxy: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
		Limits: Limits{Rate: Rate{PerSecond: 0.01, Burst: 1}}})
	for _, client := range []string{"203.0.113.9", "203.0.113.10", "198.51.100.1, 203.0.113.11"} {
		if code, _, _ := send(t, nil, "GET", hs.URL+"/api/games", "", "", "X-Forwarded-For", client); code != 200 {
			t.Fatalf("client %s behind the proxy: %d", client, code)
		}
	}
	if code, _, _ := send(t, nil, "GET", hs.URL+"/api/games", "", "", "X-Forwarded-For", "6.6.6.6, 203.0.113.9"); code != 429 {
		t.Fatalf("a client that names another before itself escaped the limit: %d", code)
	}
}

// The default limits hold nobody who plays in the page: a person moving
// every 300 ms without a pause for an hour, each move costing the page
// its requests, starting a game every half minute and uploading a file
// every ten seconds, is never refused, while a client flooding the server
// is within a second.
func TestDefaultLimitsLetAPersonPlay(t *testing.T) {
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	all, create, upload := newLimiter(DefaultLimits.Rate, clock), newLimiter(DefaultLimits.Create, clock), newLimiter(DefaultLimits.Upload, clock)
	me := clientKey(netip.MustParseAddr("192.0.2.1"))
	take := func(l *limiter, what string) {
		if ok, _ := l.take(me); !ok {
			t.Fatalf("%s refused at %v", what, now.Sub(time.Unix(0, 0)))
		}
	}
	for range 20 {
		take(all, "loading the page") // the page, its modules, the games
	}
	for step := 0; step < 12000; step++ { // an hour of moves every 300 ms
		now = now.Add(300 * time.Millisecond)
		for range 8 { // move, state, picture, tree, and again for the reply
			take(all, "a move")
		}
		if step%100 == 0 {
			take(create, "a new game")
		}
		if step%33 == 0 {
			take(upload, "an upload")
		}
	}
	refused := 0
	for range 2000 { // a flood: 2,000 requests within a second
		now = now.Add(500 * time.Microsecond)
		if ok, _ := all.take(me); !ok {
			refused++
		}
	}
	if refused < 1000 {
		t.Fatalf("a flood of 2,000 requests in a second: %d refused", refused)
	}
}
