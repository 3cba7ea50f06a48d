package server

import (
	"context"
	"errors"
	"fmt"
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

// listenLoop applies the events other servers append to the sessions this
// one holds, until the server stops.
func (s *Server) listenLoop() {
	defer s.loops.Done()
	s.cfg.Store.Listen(s.ctx, func(id string, version int) {
		if id == "" {
			go s.catchUpAll()
			return
		}
		s.mu.Lock()
		ss := s.sessions[id]
		s.mu.Unlock()
		if ss == nil {
			return
		}
		ss.mu.Lock()
		behind := version == 0 || version > ss.version()
		ss.mu.Unlock()
		if behind {
			go s.catchUp(ss)
		}
	}, func(err error) { s.cfg.Logf("hearing of other servers' moves: %v (listening again)", err) })
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
		s.catchUp(ss)
	}
}

// catchUp applies the events of a session that other servers appended,
// then lets it go on from there (a bot to move is asked).
func (s *Server) catchUp(ss *session) {
	release, err := s.rules.playing(s.ctx)
	if err != nil {
		return
	}
	defer release()
	ss.mu.Lock()
	moved, err := ss.catchUp(s.ctx)
	if err == nil && moved && !ss.table.deleted {
		err = ss.advance(s.ctx)
	}
	deleted := ss.table.deleted
	ss.mu.Unlock()
	if err != nil {
		s.cfg.Logf("session %s: reading other servers' events: %v", ss.id, err)
	}
	if deleted {
		s.drop(ss)
	}
}

// catchUp applies the events after the session's version that the store
// holds (another server appended them), and tells the watchers; it
// reports whether there were any. A session the store no longer holds
// was deleted: its watchers are told so. The caller holds mu.
func (ss *session) catchUp(ctx context.Context) (bool, error) {
	evs, err := ss.srv.cfg.Store.EventsAfter(ctx, ss.id, ss.version())
	if errors.Is(err, store.ErrNotFound) {
		ss.table.deleted, ss.thinking = true, false
		if ss.table.closed == "" {
			ss.table.closed = "deleted by its creator"
		}
		ss.notify()
		return true, nil
	}
	if err != nil || len(evs) == 0 {
		return false, err
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

// movedOn handles an event refused because another server appended one
// of the same version first: the session reads what it missed, goes on
// from there, and the event's maker is told 409. The caller holds mu.
func (ss *session) movedOn(ctx context.Context, err error) error {
	if _, cerr := ss.catchUp(ctx); cerr != nil {
		ss.srv.cfg.Logf("session %s: reading other servers' events: %v", ss.id, cerr)
	}
	// Not from here: the caller may be in the middle of advance.
	go ss.srv.goOn(ss)
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
// the bot may take; true when this server is to make it. When another
// server has claimed it, the session is looked at again once that claim
// has run out: if that server stopped, this one makes the move.
func (p *botPool) claim(j botJob, limit time.Duration) bool {
	ss := j.ss
	st := ss.srv.cfg.Store
	if !st.Shared() {
		return true
	}
	lease := limit + slack(limit) + claimMargin
	ok, _, err := st.ClaimMove(p.ctx, ss.id, j.version, ss.srv.owner, lease)
	if err != nil {
		ss.mu.Lock()
		if ss.version() == j.version {
			ss.storeFault(err)
		}
		ss.mu.Unlock()
		return false
	}
	if !ok {
		time.AfterFunc(lease, func() { ss.srv.reclaim(ss, j.version) })
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
