package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

const (
	// maxWatchers bounds the watchers of one session.
	maxWatchers = 256
	// keepAlive is how often an idle stream says it is alive.
	keepAlive = 25 * time.Second
	// watcherRetry is when a watcher over a bound is told to try again.
	watcherRetry = 10 * time.Second
)

// Event is one event of a session's log as clients receive it.
type Event struct {
	Version int    `json:"version"`
	Kind    string `json:"kind"`
	Seat    int    `json:"seat"`
	Move    string `json:"move,omitempty"`
	// Ply is the number of moves on the line after the event.
	Ply  int    `json:"ply"`
	Note string `json:"note,omitempty"`
}

// eventsSince returns the events after version v; the caller holds ss.mu.
func (ss *session) eventsSince(v int) []Event {
	out := make([]Event, 0, len(ss.events)-v)
	for i := v; i < len(ss.events); i++ {
		e := ss.events[i]
		if e.Kind == kindJoin {
			e.Move = "" // the seat's token's hash is not for watchers
		}
		out = append(out, Event{Version: e.Version, Kind: e.Kind, Seat: e.Seat, Move: e.Move, Ply: ss.plies[i], Note: e.Note})
	}
	return out
}

// serveEvents streams a session's events from ?since=V: over a WebSocket,
// as Server-Sent Events, or (a plain GET) as one JSON array of the events
// so far.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request, ss *session) error {
	since, err := sinceOf(r)
	if err != nil {
		return err
	}
	ss.mu.Lock()
	v := ss.version()
	ss.mu.Unlock()
	switch {
	case since > v:
		return failf(http.StatusBadRequest, "since=%d: the session is at version %d", since, v)
	case v-since > s.cfg.MaxBacklog:
		return failf(http.StatusConflict, "since=%d: %d events behind, over %d: fetch the state instead", since, v-since, s.cfg.MaxBacklog)
	}
	ws := strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
	if ws || strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
		// The watcher's place is taken before the stream is answered, so
		// that one over a bound is told so (with Retry-After) rather than
		// given a stream that ends at once, which browsers open again and
		// again.
		ch, stop, err := s.watch(r, ss)
		if err != nil {
			return err
		}
		defer stop()
		if ws {
			return s.streamWebSocket(w, r, ss, since, ch)
		}
		return s.streamSSE(w, r, ss, since, ch)
	}
	ss.mu.Lock()
	evs := ss.eventsSince(since)
	ss.mu.Unlock()
	return writeJSON(w, http.StatusOK, evs)
}

// sinceOf reads ?since= (or an SSE client's Last-Event-ID).
func sinceOf(r *http.Request) (int, error) {
	text := r.URL.Query().Get("since")
	if text == "" {
		text = r.Header.Get("Last-Event-ID")
	}
	if text == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return 0, failf(http.StatusBadRequest, "since=%q: want a version, 0 or more", text)
	}
	return n, nil
}

// watch registers a watcher of the session for the request's client,
// within the client's bound of event streams (429) and the session's
// (503).
func (s *Server) watch(r *http.Request, ss *session) (chan struct{}, func(), error) {
	client := requestClient(r)
	if !s.limits.watchers.acquire(client) {
		return nil, nil, tooMany(http.StatusTooManyRequests, watcherRetry,
			"your address has %d event streams open already: close some", s.limits.watchers.max)
	}
	ch, stop, err := ss.watch()
	if err != nil {
		s.limits.watchers.release(client)
		return nil, nil, err
	}
	return ch, func() {
		stop()
		s.limits.watchers.release(client)
	}, nil
}

// watch registers a watcher of the session; the returned channel gets a
// signal after each new event (signals merge while the watcher is busy).
func (ss *session) watch() (chan struct{}, func(), error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if len(ss.watchers) >= maxWatchers {
		return nil, nil, tooMany(http.StatusServiceUnavailable, watcherRetry,
			"session %s has %d watchers already: try again later", ss.id, maxWatchers)
	}
	ch := make(chan struct{}, 1)
	ss.watchers[ch] = struct{}{}
	return ch, func() {
		ss.mu.Lock()
		delete(ss.watchers, ch)
		ss.table.active = time.Now() // a session watched until now is not idle
		ss.mu.Unlock()
	}, nil
}

// pump sends the events after since, then every new one (signalled on
// ch, the watcher's channel), until the client or the server goes away.
// send fails for a client that does not read.
func (s *Server) pump(ctx context.Context, ss *session, since int, ch chan struct{}, send func([]Event) error, idle func() error) error {
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		ss.mu.Lock()
		var evs []Event
		if since < ss.version() {
			evs = ss.eventsSince(since)
		} else if since > ss.version() {
			since = ss.version() // events taken back cannot be: versions only grow
		}
		deleted := ss.table.deleted
		ss.mu.Unlock()
		if len(evs) > 0 {
			if err := send(evs); err != nil {
				return err
			}
			since = evs[len(evs)-1].Version
		}
		if deleted {
			return nil // its last event said so
		}
		select {
		case <-ch:
		case <-tick.C:
			if err := idle(); err != nil {
				return err
			}
		case <-ctx.Done():
			return nil
		case <-s.ctx.Done():
			return nil
		}
	}
}

func (s *Server) streamWebSocket(w http.ResponseWriter, r *http.Request, ss *session, since int, ch chan struct{}) error {
	// The socket library's errors quote these headers whole.
	for _, h := range []string{"Connection", "Sec-WebSocket-Version", "Sec-WebSocket-Key"} {
		if v := r.Header.Get(h); len(v) > maxEcho {
			return failf(http.StatusBadRequest, "WebSocket handshake: a %s header of %d bytes", h, len(v))
		}
	}
	// The guard has checked the Origin against the names of the server,
	// which may be more than the Host the socket library compares with.
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil // Accept has answered the client
	}
	defer c.CloseNow()
	ctx := c.CloseRead(r.Context()) // the client only listens
	err = s.pump(ctx, ss, since, ch, func(evs []Event) error {
		for _, e := range evs {
			wctx, cancel := context.WithTimeout(ctx, s.cfg.WriteTimeout)
			err := wsjson.Write(wctx, c, e)
			cancel()
			if err != nil {
				return err
			}
		}
		return nil
	}, func() error {
		pctx, cancel := context.WithTimeout(ctx, s.cfg.WriteTimeout)
		defer cancel()
		return c.Ping(pctx)
	})
	if err != nil {
		c.Close(websocket.StatusPolicyViolation, truncate(err.Error(), 120))
		return nil
	}
	c.Close(websocket.StatusNormalClosure, "")
	return nil
}

func (s *Server) streamSSE(w http.ResponseWriter, r *http.Request, ss *session, since int, ch chan struct{}) error {
	rc := http.NewResponseController(w)
	// Nothing more is read from a stream's client: a read deadline left
	// by the http.Server (its ReadTimeout) would end the stream, and its
	// context, when it passed.
	rc.SetReadDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	write := func(text string) error {
		rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		if _, err := fmt.Fprint(w, text); err != nil {
			return err
		}
		return rc.Flush()
	}
	if err := write(": events of session " + ss.id + "\n\n"); err != nil {
		return nil
	}
	s.pump(r.Context(), ss, since, ch, func(evs []Event) error {
		var b strings.Builder
		for _, e := range evs {
			js, _ := json.Marshal(e)
			fmt.Fprintf(&b, "id: %d\ndata: %s\n\n", e.Version, js)
		}
		return write(b.String())
	}, func() error { return write(": alive\n\n") })
	return nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
