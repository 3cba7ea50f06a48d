package server

import (
	"context"
	"net/http"
	"time"

	"github.com/ludus-games/ludus/store"
)

// Bounds of a session's clock.
const (
	minClockBase = time.Second
	maxClockBase = 7 * 24 * time.Hour
	maxIncrement = time.Hour
)

// ClockRequest is the clock of POST /api/sessions: each seat's time for
// the game ("5m") and what each of its moves adds ("3s").
type ClockRequest struct {
	Base      string `json:"base"`
	Increment string `json:"increment"`
}

// clockSpec is a clock as stored with the session.
type clockSpec struct {
	BaseMS      int64 `json:"base_ms"`
	IncrementMS int64 `json:"increment_ms"`
}

func (c clockSpec) base() time.Duration      { return time.Duration(c.BaseMS) * time.Millisecond }
func (c clockSpec) increment() time.Duration { return time.Duration(c.IncrementMS) * time.Millisecond }

// spec reads a clock request, within the bounds.
func (r *ClockRequest) spec() (*clockSpec, error) {
	base, err := time.ParseDuration(r.Base)
	if err != nil || base < minClockBase || base > maxClockBase {
		return nil, failf(http.StatusUnprocessableEntity, "clock base %q: want a duration from %v to %v, such as \"5m\"",
			truncate(r.Base, maxEcho), minClockBase, maxClockBase)
	}
	var inc time.Duration
	if r.Increment != "" {
		inc, err = time.ParseDuration(r.Increment)
		if err != nil || inc < 0 || inc > maxIncrement {
			return nil, failf(http.StatusUnprocessableEntity, "clock increment %q: want a duration from 0 to %v, such as \"3s\"",
				truncate(r.Increment, maxEcho), maxIncrement)
		}
	}
	return &clockSpec{BaseMS: base.Milliseconds(), IncrementMS: inc.Milliseconds()}, nil
}

// clock is the time each seat has left. It is derived from the event log
// alone (the times of its events), so that it survives a restart: the
// time between two events is charged to the seat that was to move, and a
// move adds the increment. It starts once every seat has its player.
type clock struct {
	spec    clockSpec
	started bool
	last    time.Time       // the time of the last event (or the start)
	left    []time.Duration // by seat, at last
	mover   int             // the seat whose time runs, or -1
	timer   *time.Timer     // fires when the mover's time runs out
}

func newClock(spec clockSpec, seats int) *clock {
	c := &clock{spec: spec, left: make([]time.Duration, seats), mover: -1}
	for i := range c.left {
		c.left[i] = spec.base()
	}
	return c
}

// ClockState is a session's clock as GET /api/sessions/{id} answers it.
type ClockState struct {
	BaseMS      int64 `json:"base_ms"`
	IncrementMS int64 `json:"increment_ms"`
	// LeftMS is each seat's time left at the moment of the answer.
	LeftMS []int64 `json:"left_ms"`
	// Running is the seat whose time runs, or null (the clock has not
	// started, or the game is over).
	Running *int `json:"running"`
}

// startClock starts the clock at the given time once every seat has its
// player. The caller holds mu.
func (ss *session) startClock(at time.Time) {
	c := ss.table.clock
	if c == nil || c.started {
		return
	}
	for _, st := range ss.seats {
		if st.isOpen() {
			return
		}
	}
	c.started, c.last, c.mover = true, at, ss.toMove()
}

// charge gives the time up to an event to the seat that was to move.
func (ss *session) charge(at time.Time) {
	c := ss.table.clock
	if c == nil || !c.started || !at.After(c.last) {
		return
	}
	if c.mover >= 0 {
		c.left[c.mover] -= at.Sub(c.last)
	}
	c.last = at
}

// clockState describes the clock now; the caller holds mu.
func (ss *session) clockState(now time.Time) *ClockState {
	c := ss.table.clock
	if c == nil {
		return nil
	}
	out := &ClockState{BaseMS: c.spec.BaseMS, IncrementMS: c.spec.IncrementMS, LeftMS: make([]int64, len(c.left))}
	for i, l := range c.left {
		if c.started && i == c.mover {
			l -= now.Sub(c.last)
			mover := i
			out.Running = &mover
		}
		out.LeftMS[i] = max(l, 0).Milliseconds()
	}
	return out
}

// flagDue returns the seat whose time has run out by now, and when it did,
// or -1.
func (ss *session) flagDue(now time.Time) (int, time.Time) {
	c := ss.table.clock
	if c == nil || !c.started || c.mover < 0 || ss.table.ended != nil || ss.table.closed != "" {
		return -1, time.Time{}
	}
	if c.left[c.mover]-now.Sub(c.last) > 0 {
		return -1, time.Time{}
	}
	return c.mover, c.last.Add(max(c.left[c.mover], 0))
}

// checkFlag ends the game when the time of the seat to move has run out,
// with a timeout event dated when it did; it reports whether it did. The
// caller holds mu.
func (ss *session) checkFlag(ctx context.Context) (bool, error) {
	seatIdx, at := ss.flagDue(time.Now())
	if seatIdx < 0 {
		return false, nil
	}
	err := ss.append(ctx, store.SessionEvent{Kind: kindTimeout, Seat: seatIdx, Created: at})
	return err == nil, err
}

// armClock sets the timer of the seat to move, so that its loss on time
// is an event when it happens, whoever is connected. The caller holds mu.
func (ss *session) armClock() {
	c := ss.table.clock
	if c == nil {
		return
	}
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	if !c.started || c.mover < 0 || ss.table.ended != nil || ss.table.closed != "" {
		return
	}
	d := c.left[c.mover] - time.Since(c.last)
	c.timer = time.AfterFunc(max(d, 0)+time.Millisecond, func() { ss.srv.flagFell(ss) })
}

// flagFell is the clock's timer: the session, if it is still the one
// loaded, records the loss on time.
func (s *Server) flagFell(ss *session) {
	if !s.loaded(ss) || s.ctx.Err() != nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if _, err := ss.checkFlag(s.ctx); err != nil {
		s.cfg.Logf("session %s: the clock: %v", ss.id, err)
	}
}

// loaded reports whether ss is the session of its id in memory.
func (s *Server) loaded(ss *session) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[ss.id] == ss
}

// botTime is how long the bot to move may think: the server's bound, and
// a share of the time left on its clock.
func (ss *session) botTime() time.Duration {
	d := ss.srv.cfg.MoveTime
	if c := ss.table.clock; c != nil && c.started && c.mover >= 0 {
		left := c.left[c.mover] - time.Since(c.last)
		d = min(d, max(left/20+c.spec.increment()/2, 10*time.Millisecond))
	}
	return d
}
