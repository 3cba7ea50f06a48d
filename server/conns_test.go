package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/ludus-games/ludus/store"
)

// serveReal serves a server as ludus serve does (HTTPServer on Listener)
// on a loopback port, and returns it and its address.
func serveReal(t *testing.T, cfg Config) (*Server, string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	srv, err := New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := srv.HTTPServer()
	go hs.Serve(srv.Listener(ln))
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return srv, ln.Addr().String()
}

// dialFrom opens a TCP connection from a local address of the loopback
// network (skipping when there is none such).
func dialFrom(t *testing.T, from, to string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", to)
	if err != nil {
		t.Skipf("cannot connect from %s: %v", from, err)
	}
	return c
}

// A client holds at most its bound of connections: the next one is
// answered 429 with Retry-After and closed, while other clients are
// served; a connection closed gives its place back.
func TestConnsPerClient(t *testing.T) {
	_, addr := serveReal(t, Config{Limits: Limits{ConnsPerClient: 4}})
	var held []net.Conn
	for range 4 {
		c := dialFrom(t, "127.0.0.2", addr)
		defer c.Close()
		held = append(held, c)
	}
	over := dialFrom(t, "127.0.0.2", addr)
	defer over.Close()
	over.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(over, "GET /api/games HTTP/1.1\r\nHost: localhost\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(over), nil)
	if err != nil || resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("the fifth connection: %v %v", resp, err)
	}
	if code, _, body := send(t, nil, "GET", "http://"+addr+"/api/games", "", ""); code != 200 {
		t.Fatalf("another client: %d %.200s", code, body)
	}
	held[0].Close()
	client := fromAddr(t, "127.0.0.2")
	deadline := time.Now().Add(5 * time.Second)
	for {
		req, _ := http.NewRequest("GET", "http://"+addr+"/api/games", nil)
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("a connection closed did not give its place back: %v %v", resp, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A request body that does not arrive within the read timeout is cut
// off, answered 408, and its connection closed.
func TestSlowBody(t *testing.T) {
	_, addr := serveReal(t, Config{ReadTimeout: 300 * time.Millisecond})
	for _, path := range []string{"/api/sessions", "/api/games?name=slow.zrf"} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", path)
		start := time.Now()
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		data, err := io.ReadAll(c) // to the server's close
		if err != nil || time.Since(start) > 4*time.Second {
			t.Fatalf("%s: a body that never arrives: %v after %v (%q)", path, err, time.Since(start), data)
		}
		if path == "/api/sessions" && !strings.HasPrefix(string(data), "HTTP/1.1 408") {
			t.Errorf("%s: answered %.100q", path, data)
		}
	}
}

// Event streams are not cut by the server's timeouts: a WebSocket and an
// SSE stream opened before the read, write and idle timeouts pass still
// bring the next move's event.
func TestStreamsOutliveTimeouts(t *testing.T) {
	d := 200 * time.Millisecond
	_, addr := serveReal(t, Config{ReadTimeout: d, ResponseTimeout: d, IdleTimeout: d})
	base := "http://" + addr
	c := newSession(t, base, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+addr+"/api/sessions/"+c.ID+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/sessions/"+c.ID+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("SSE: %v %v", resp, err)
	}
	defer resp.Body.Close()
	time.Sleep(4 * d)
	if code := call(t, "POST", base+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": "b2"}, nil); code != 200 {
		t.Fatalf("move: %d", code)
	}
	var e Event
	if err := wsjson.Read(ctx, ws, &e); err != nil || e.Version != 1 {
		t.Errorf("WebSocket after the timeouts: %+v %v", e, err)
	}
	if evs := readSSE(t, resp.Body, 1); len(evs) != 1 || evs[0].Version != 1 {
		t.Errorf("SSE after the timeouts: %+v", evs)
	}
}

// Many clients sending request bodies that never end (1,100, from one
// address) do not take the server from the others: a server process
// with 512 files to open keeps answering every GET of another client at
// once. (Without the bounds, the slow clients took every file and the
// GETs went unanswered.)
func TestSlowClientsKeepServing(t *testing.T) {
	if dir := os.Getenv("LUDUS_SLOW_CLIENTS_SERVER"); dir != "" {
		serveWithFewFiles(t, dir)
		return
	}
	if runtime.GOOS != "linux" {
		t.Skip("uses the loopback addresses 127.0.0.2 and the open-file limit of Linux")
	}
	const slow = 1100
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl) != nil || rl.Cur < slow+200 {
		t.Skipf("this process may open %d files: too few for %d clients", rl.Cur, slow)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSlowClientsKeepServing$")
	cmd.Env = append(os.Environ(), "LUDUS_SLOW_CLIENTS_SERVER="+t.TempDir())
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	sc := bufio.NewScanner(stdout)
	addr := ""
	for addr == "" && sc.Scan() {
		addr, _ = strings.CutPrefix(sc.Text(), "listening on ")
	}
	if addr == "" {
		t.Fatal("the server did not start")
	}
	go io.Copy(io.Discard, stdout)

	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range slow {
		c := dialFrom(t, "127.0.0.2", addr)
		conns = append(conns, c)
		fmt.Fprintf(c, "POST /api/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
	}
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	var slowest time.Duration
	for i := range 20 {
		start := time.Now()
		resp, err := client.Get("http://" + addr + "/api/games")
		if err != nil {
			t.Fatalf("GET %d beside %d slow clients: %v", i+1, slow, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("GET %d beside %d slow clients: %s", i+1, slow, resp.Status)
		}
		slowest = max(slowest, time.Since(start))
	}
	held := countOpen(conns)
	t.Logf("%d slow clients, %d of them still connected; the slowest of 20 GETs beside them took %v", slow, held, slowest)
}

// countOpen counts the connections the server has not closed.
func countOpen(conns []net.Conn) int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
			buf := make([]byte, 4096)
			for {
				if _, err := c.Read(buf); err != nil {
					if ne, ok := err.(net.Error); ok && ne.Timeout() {
						mu.Lock()
						n++
						mu.Unlock()
					}
					return
				}
			}
		}()
	}
	wg.Wait()
	return n
}

// serveWithFewFiles is the server of TestSlowClientsKeepServing, in a
// process that may open 512 files: it serves as ludus serve does, with
// the default limits, until its standard input closes.
func serveWithFewFiles(t *testing.T, dir string) {
	lim := syscall.Rlimit{Cur: 512, Max: 512}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(dir, "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := New(ctx, Config{Store: st, Limits: DefaultLimits})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := srv.HTTPServer()
	go hs.Serve(srv.Listener(ln))
	defer hs.Close()
	fmt.Printf("listening on %s\n", ln.Addr())
	io.Copy(io.Discard, os.Stdin)
}
