package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/ludus-games/ludus/store"
)

// Several servers on one PostgreSQL store, behind a load balancer, serve
// the same sessions. The store orders every session's events by version:
// an event whose version another server took first is refused there
// (store.ErrConflict), and this server then reads the events it missed
// and answers 409. Each server hears of the others' events (LISTEN/NOTIFY)
// and applies them to the sessions it holds, so that its watchers see
// them. A bot's move is claimed in the store before it is thought about,
// so that one server makes it; a server that stops mid-move lets another
// claim it once its claim runs out.

// claimMargin is what a claim on a bot's move lasts beyond the bot's time
// and slack: the time to store the move once found.
const claimMargin = time.Second

// reclaimMargin is how long after another server's claim runs out this one
// claims the move again: the other's move, stored just in time, is heard
// of meanwhile.
const reclaimMargin = 50 * time.Millisecond

// listenLoop applies the events other servers append to the sessions this
// one holds, until the server stops. It never waits for a session's lock
// (a request may hold it for as long as its rules work takes, and the news
// of every session would wait): a session that may be behind is caught up
// on a goroutine of its own, one at a time.
func (s *Server) listenLoop() {
	s.cfg.Store.Listen(s.ctx, func(id string, version int) {
		if id == "" {
			s.tasks.run(s.catchUpAll)
			return
		}
		s.mu.Lock()
		ss := s.sessions[id]
		s.mu.Unlock()
		if ss == nil {
			return
		}
		if version == 0 {
			ss.hear(math.MaxInt64) // deleted: read whatever the version
		} else {
			ss.hear(int64(version))
		}
		if ss.mu.TryLock() {
			behind := version == 0 || version > ss.version()
			ss.mu.Unlock()
			if !behind {
				return // this server's own event, or one it has read
			}
		}
		s.catchUpSoon(ss)
	}, func(err error) { s.cfg.Logf("hearing of other servers' moves: %v (listening again)", err) })
}

// hear notes that the store has the session's events up to version v.
func (ss *session) hear(v int64) {
	for h := ss.heardUpTo.Load(); h < v && !ss.heardUpTo.CompareAndSwap(h, v); h = ss.heardUpTo.Load() {
	}
}

// catchUpSoon catches a session up on a goroutine of its own, unless one
// is under way: that one then goes round again.
func (s *Server) catchUpSoon(ss *session) {
	ss.heard.Store(true)
	if ss.catching.CompareAndSwap(false, true) {
		s.tasks.run(func() {
			for {
				ss.heard.Store(false)
				s.catchUp(ss)
				ss.catching.Store(false)
				if !ss.heard.Load() || !ss.catching.CompareAndSwap(false, true) {
					return
				}
			}
		})
	}
}

// catchUpAll brings every session held up to date, after a time when
// other servers' events may have gone unheard.
func (s *Server) catchUpAll() {
	s.mu.Lock()
	all := make([]*session, 0, len(s.sessions))
	for _, ss := range s.sessions {
		all = append(all, ss)
	}
	s.mu.Unlock()
	for _, ss := range all {
		if s.ctx.Err() != nil {
			return
		}
		ss.hear(math.MaxInt64)
		s.catchUp(ss)
	}
}

// catchUp applies the events of a session that other servers appended,
// then lets it go on from there (a bot to move is asked). The store is
// read holding neither the session's lock nor a rules worker, which the
// requests of its clients and the catch-ups of other sessions need.
func (s *Server) catchUp(ss *session) {
	ss.mu.Lock()
	v := ss.version()
	ss.mu.Unlock()
	heard := ss.heardUpTo.Load()
	if int64(v) >= heard {
		return // a request has read what was heard of
	}
	// Whatever is heard of from now on is read next time.
	ss.heardUpTo.CompareAndSwap(heard, 0)
	// later reads the session again in a second: its watchers must not
	// wait for its next event.
	later := func(err error) {
		if s.ctx.Err() == nil {
			s.cfg.Logf("session %s: reading other servers' events: %v (again in a second)", ss.id, err)
			ss.hear(math.MaxInt64)
			s.tasks.after(time.Second, func() { s.catchUpSoon(ss) })
		}
	}
	evs, gone, err := ss.eventsAfter(s.ctx, v)
	if err != nil {
		later(err)
		return
	}
	if len(evs) == 0 && !gone {
		return
	}
	release, err := s.rules.playing(s.ctx)
	if err != nil {
		later(err) // every rules worker busy for long
		return
	}
	defer release()
	ss.mu.Lock()
	moved, err := ss.applyRead(evs, gone)
	if err == nil && moved && !ss.table.deleted {
		err = ss.advance(s.ctx)
	}
	deleted := ss.table.deleted
	ss.mu.Unlock()
	if err != nil && s.ctx.Err() == nil {
		s.cfg.Logf("session %s: reading other servers' events: %v", ss.id, err)
	}
	if deleted {
		s.drop(ss)
	}
}

// eventsAfter reads the events after version v that the store holds;
// gone reports a session the store no longer holds (it was deleted).
func (ss *session) eventsAfter(ctx context.Context, v int) (evs []store.SessionEvent, gone bool, err error) {
	evs, err = ss.srv.cfg.Store.EventsAfter(ctx, ss.id, v)
	if errors.Is(err, store.ErrNotFound) {
		return nil, true, nil
	}
	return evs, false, err
}

// catchUp applies the events after the session's version that the store
// holds (another server appended them), and tells the watchers; it
// reports whether there were any. A session the store no longer holds
// was deleted: its watchers are told so. The caller holds mu.
func (ss *session) catchUp(ctx context.Context) (bool, error) {
	evs, gone, err := ss.eventsAfter(ctx, ss.version())
	if err != nil {
		return false, err
	}
	return ss.applyRead(evs, gone)
}

// applyRead applies events read from the store, but for those the
// session has applied since they were read, or marks it deleted (gone);
// it reports whether anything changed. The caller holds mu.
func (ss *session) applyRead(evs []store.SessionEvent, gone bool) (bool, error) {
	if gone {
		ss.table.deleted, ss.thinking = true, false
		if ss.table.closed == "" {
			ss.table.closed = "deleted by its creator"
		}
		ss.notify()
		return true, nil
	}
	for len(evs) > 0 && evs[0].Version <= ss.version() {
		evs = evs[1:]
	}
	if len(evs) == 0 {
		return false, nil
	}
	for _, e := range evs {
		if e.Version != ss.version()+1 {
			return false, fmt.Errorf("event %d after version %d", e.Version, ss.version())
		}
		done := ss.srv.budget().start(ss.pos.State())
		err := ss.apply(e)
		done()
		if err != nil {
			ss.err = fmt.Errorf("session %s: %w", ss.id, err)
			break
		}
	}
	// A bot thinking about the position before is dropped when it
	// answers (its version has passed); the caller asks again.
	ss.thinking = false
	ss.table.fault, ss.table.faults = "", 0
	ss.armClock()
	ss.notify()
	return true, nil
}

// lagging brings the session up to date when a client knows more of it
// than this server does: a version after its own, or a seat's token it
// does not know (taken on another server). Behind a load balancer a
// client's requests reach any server, and the one a request reaches may
// not yet have heard of what the client saw on another. The caller holds
// mu.
func (ss *session) lagging(ctx context.Context) {
	if !ss.srv.cfg.Store.Shared() {
		return
	}
	moved, err := ss.catchUp(ctx)
	if err != nil {
		ss.srv.cfg.Logf("session %s: reading other servers' events: %v", ss.id, err)
	}
	if moved {
		// A bot to move is asked once the caller is done.
		ss.srv.tasks.run(func() { ss.srv.goOn(ss) })
	}
}

// movedOn handles an event refused because another server appended one
// of the same version first: the session reads what it missed, goes on
// from there, and the event's maker is told 409. The caller holds mu.
func (ss *session) movedOn(ctx context.Context, err error) error {
	if _, cerr := ss.catchUp(ctx); cerr != nil {
		ss.srv.cfg.Logf("session %s: reading other servers' events: %v", ss.id, cerr)
	}
	// Not from here: the caller may be in the middle of advance.
	ss.srv.tasks.run(func() { ss.srv.goOn(ss) })
	return &apiError{status: http.StatusConflict, cause: err,
		msg: fmt.Sprintf("the session moved on meanwhile (another server of its store): it is at version %d", ss.version())}
}

// goOn asks a bot to move in a session that no bot thinks about, if one
// is to move.
func (s *Server) goOn(ss *session) {
	if !s.loaded(ss) || s.ctx.Err() != nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.thinking || ss.table.deleted {
		return
	}
	if err := ss.advance(s.ctx); err != nil {
		s.cfg.Logf("session %s: %v", ss.id, err)
	}
}

// claim claims a bot's move in the store for this server, for as long as
// the bot may take (its lease); true when this server is to make it. When
// another server has claimed it, the session is looked at again once that
// claim has run out: if that server stopped, this one makes the move.
func (p *botPool) claim(j botJob, limit time.Duration) bool {
	ss := j.ss
	st := ss.srv.cfg.Store
	if !st.Shared() {
		return true
	}
	lease := limit + slack(limit) + claimMargin
	ok, left, err := st.ClaimMove(p.ctx, ss.id, j.version, ss.srv.owner, lease)
	if err != nil {
		ss.mu.Lock()
		if ss.version() == j.version {
			ss.storeFault(err)
		}
		ss.mu.Unlock()
		return false
	}
	if !ok {
		ss.srv.tasks.after(left+reclaimMargin, func() { ss.srv.reclaim(ss, j.version) })
	}
	return ok
}

// reclaim asks again for a bot's move that another server claimed, if
// the session is still where it was.
func (s *Server) reclaim(ss *session, version int) {
	if !s.loaded(ss) || s.ctx.Err() != nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.version() == version && ss.thinking {
		s.bots.submit(botJob{ss: ss, version: version})
	}
}
