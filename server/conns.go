package server

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

const (
	// headerTimeout bounds the arrival of a request's headers.
	headerTimeout = 10 * time.Second
	// maxHeaderBytes bounds a request's headers.
	maxHeaderBytes = 64 << 10
	// maxRefusing bounds the connections over a bound being answered at
	// once; beyond it they are closed without a word.
	maxRefusing = 64
	// refuseWait is how long a refused connection is given to take its
	// answer.
	refuseWait = 500 * time.Millisecond
)

// HTTPServer returns an http.Server for Handler with the server's
// timeouts: a request's headers must arrive within 10 s and its body
// within Config.ReadTimeout (set by the guard, so that the work after it
// is not cut short), an answer is written within Config.ResponseTimeout,
// and an idle connection is closed after Config.IdleTimeout. Event
// streams set their own write deadlines, event by event. Serve it on
// Listener(ln).
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: headerTimeout,
		WriteTimeout:      s.cfg.ResponseTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          log.New(logWriter(s.cfg.Logf), "", 0),
	}
}

// logWriter turns the lines of a log.Logger into calls of Logf.
type logWriter func(format string, args ...any)

func (f logWriter) Write(p []byte) (int, error) {
	f("%s", strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Listener bounds the connections of ln: at most Limits.ConnsPerClient
// from one client (trusted proxies aside) and Limits.Conns in all. A
// connection over a bound is answered 429 (its client's bound) or 503
// (the server's), with Retry-After, and closed: one client cannot take
// every file descriptor, and the server never runs out of them.
func (s *Server) Listener(ln net.Listener) net.Listener {
	total := s.cfg.Limits.Conns
	if total <= 0 {
		if fds := fdLimit(); fds > 0 {
			total = max(fds*3/4-maxRefusing, 32)
		}
	}
	return &capListener{Listener: ln, srv: s, perClient: newCounter(s.cfg.Limits.ConnsPerClient),
		max: total, refusing: make(chan struct{}, maxRefusing)}
}

// capListener is the listener of Server.Listener.
type capListener struct {
	net.Listener
	srv       *Server
	perClient *counter
	max       int // 0: no bound

	mu       sync.Mutex
	open     int
	refusing chan struct{}
}

// Accept returns the next connection within the bounds, answering and
// closing those over them.
func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		a := addrOf(c.RemoteAddr().String())
		key, bounded := clientKey(a), a.IsValid() && !l.srv.trusted(a)
		if bounded && !l.perClient.acquire(key) {
			l.refuse(c, http.StatusTooManyRequests, fmt.Sprintf("too many connections from your address (at most %d at once)", l.perClient.max))
			continue
		}
		if !l.take() {
			if bounded {
				l.perClient.release(key)
			}
			l.refuse(c, http.StatusServiceUnavailable, "the server has as many connections as it can hold: try again in a moment")
			continue
		}
		return &cappedConn{Conn: c, release: func() {
			l.give()
			if bounded {
				l.perClient.release(key)
			}
		}}, nil
	}
}

func (l *capListener) take() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.max > 0 && l.open >= l.max {
		return false
	}
	l.open++
	return true
}

func (l *capListener) give() {
	l.mu.Lock()
	l.open--
	l.mu.Unlock()
}

// refuse answers a connection over a bound and closes it. The answer is
// written before the request is read; the request is then read and
// dropped for a moment, so that closing does not reset the connection
// before the client has the answer.
func (l *capListener) refuse(c net.Conn, status int, why string) {
	select {
	case l.refusing <- struct{}{}:
	default:
		c.Close()
		return
	}
	go func() {
		defer func() { <-l.refusing }()
		defer c.Close()
		c.SetDeadline(time.Now().Add(refuseWait))
		body, _ := json.Marshal(map[string]string{"error": why})
		fmt.Fprintf(c, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"+
			"Retry-After: 5\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n%s\n",
			status, http.StatusText(status), len(body)+1, body)
		if cw, ok := c.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		}
		io.Copy(io.Discard, io.LimitReader(c, 64<<10))
	}()
}

// cappedConn gives its place back when it is closed (by the server, or by
// a WebSocket that took it over).
type cappedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *cappedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// CloseWrite lets the server shut its side of a TCP connection first, as
// it does before closing one whose request it refused.
func (c *cappedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
