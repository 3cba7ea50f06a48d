package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"time"

	"github.com/ludus-games/ludus/store"
)

// defaultMaxEvents bounds a session's events when Config.MaxEvents is 0:
// far more than any game takes, and a log that replays quickly.
const defaultMaxEvents = 10000

// repeatable reports whether events of a kind can come without end (moves,
// undos, offers and their answers), and so count against the bound of a
// session's events; the others come once each (a seat is joined once, a
// game ends once), so that a session at its bound can still end.
func repeatable(kind string) bool {
	switch kind {
	case kindJoin, kindResign, kindTimeout, kindClose:
		return false
	}
	return true
}

// checkCap refuses an event over the session's bound. The caller holds mu.
func (ss *session) checkCap(kind string) error {
	if n := ss.srv.cfg.MaxEvents; repeatable(kind) && ss.version() >= n {
		return failf(http.StatusConflict, "the session has %d events, the most a session may have: resign, or start a new game", n)
	}
	return nil
}

// clientName is the name the store keeps of a request's client, for
// counting its live sessions.
func clientName(ctx context.Context) string {
	p, _ := ctx.Value(clientCtxKey{}).(netip.Prefix)
	if !p.IsValid() {
		return ""
	}
	return p.String()
}

// checkQuota refuses a client that has as many live sessions as it may.
// The caller holds the client's createMu, so that concurrent creates of
// one server cannot both take the last place.
func (s *Server) checkQuota(ctx context.Context, client string) error {
	limit := s.cfg.Limits.Sessions
	if limit <= 0 || client == "" {
		return nil
	}
	n, err := s.cfg.Store.LiveSessions(ctx, client)
	if err != nil {
		return err
	}
	if n >= limit {
		return tooMany(http.StatusTooManyRequests, time.Minute,
			"your address has %d live sessions, the most it may have: finish, resign or delete one first", n)
	}
	return nil
}

// storeClosed tells the store that a session whose game is over, or which
// was closed, no longer counts among its client's live sessions. The
// caller holds mu.
func (ss *session) storeClosed(ctx context.Context) {
	if ss.table.stored || ss.table.deleted || (ss.table.closed == "" && !ss.over()) {
		return
	}
	if err := ss.srv.cfg.Store.CloseSession(context.WithoutCancel(ctx), ss.id, time.Now()); err != nil {
		ss.srv.cfg.Logf("session %s: %v", ss.id, err)
		return
	}
	ss.table.stored = true
}

// tend does what is due in a session when it is read: a loss on time, a
// takeback everyone agreed to, telling the store that the game is over.
// It is how these happen for sessions nobody watches, after a restart.
func (ss *session) tend(ctx context.Context) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.tendLocked(ctx)
}

func (ss *session) tendLocked(ctx context.Context) {
	if c := ss.table.clock; c != nil && c.timer == nil {
		ss.armClock() // a session just loaded
	}
	if _, err := ss.checkFlag(ctx); err != nil {
		ss.srv.cfg.Logf("session %s: the clock: %v", ss.id, err)
	}
	if err := ss.finishTakeback(ctx); err != nil {
		ss.srv.cfg.Logf("session %s: a takeback: %v", ss.id, err)
	}
	ss.storeClosed(ctx)
}

// expireLoop closes the sessions nobody has played or watched for the
// server's SessionTTL, now and then, until the server stops.
func (s *Server) expireLoop() {
	t := time.NewTicker(min(max(s.cfg.SessionTTL/4, 10*time.Millisecond), time.Minute))
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.expireIdle(s.ctx)
		}
	}
}

// expirePage is how many idle sessions are asked of the store at once.
const expirePage = 100

// expireIdle closes and evicts the sessions idle for longer than the
// SessionTTL; their records stay in the store.
func (s *Server) expireIdle(ctx context.Context) {
	now := time.Now()
	after := ""
	for ctx.Err() == nil {
		ids, err := s.cfg.Store.IdleSessions(ctx, now.Add(-s.cfg.SessionTTL), after, expirePage)
		if err != nil {
			s.cfg.Logf("expiring sessions: %v", err)
			return
		}
		for _, id := range ids {
			ss, err := s.session(ctx, id)
			if err != nil {
				// A session that no longer loads (its rules file gone,
				// say) is closed in the store, not tried again and again.
				s.cfg.Logf("expiring session %s: %v", id, err)
				if !errors.Is(err, context.Canceled) {
					s.cfg.Store.CloseSession(ctx, id, now)
				}
				continue
			}
			if ss.expire(ctx, now) {
				s.drop(ss)
			}
		}
		if len(ids) < expirePage {
			return
		}
		after = ids[len(ids)-1]
	}
}

// expire closes a session that has had neither a move nor a watcher for
// the SessionTTL, reporting whether it did.
func (ss *session) expire(ctx context.Context, now time.Time) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.tendLocked(ctx)
	ttl := ss.srv.cfg.SessionTTL
	if ss.table.closed != "" || ss.over() || len(ss.watchers) > 0 || ss.thinking || now.Sub(ss.table.active) < ttl {
		return false
	}
	err := ss.append(ctx, store.SessionEvent{Kind: kindClose, Seat: -1, Note: fmt.Sprintf("closed after %v without a move", ttl)})
	if err != nil {
		ss.srv.cfg.Logf("expiring session %s: %v", ss.id, err)
		return false
	}
	return true
}

// drop evicts a session from memory (the store keeps it, unless deleted).
func (s *Server) drop(ss *session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sessions[ss.id] == ss {
		delete(s.sessions, ss.id)
		delete(s.lastUsed, ss.id)
	}
}

// remove deletes a session for its creator: watchers are told (a close
// event, after which their streams end) and the store forgets it.
func (s *Server) remove(ctx context.Context, ss *session, token string) error {
	ss.mu.Lock()
	if ss.table.opts.Creator == "" || token == "" || hashToken(token) != ss.table.opts.Creator {
		ss.mu.Unlock()
		return failf(http.StatusForbidden, "only the session's creator may delete it, with the creator token its creation answered")
	}
	ss.table.deleted = true
	if ss.table.closed == "" {
		if err := ss.append(ctx, store.SessionEvent{Kind: kindClose, Seat: -1, Note: "deleted by its creator"}); err != nil {
			ss.table.deleted = false
			ss.mu.Unlock()
			return err
		}
	}
	err := s.cfg.Store.DeleteSession(context.WithoutCancel(ctx), ss.id)
	ss.notify()
	ss.mu.Unlock()
	s.drop(ss)
	if errors.Is(err, store.ErrNotFound) {
		return nil // deleted meanwhile
	}
	return err
}

// storeFault handles an event of a move nobody chooses (a bot's, a
// chance move) that could not be appended: a refusal (the bound of
// events) is reported; a failure of the store is reported too, and the
// move asked for again later, so that the session goes on when the store
// does. The caller holds mu.
func (ss *session) storeFault(err error) {
	if errors.Is(err, store.ErrConflict) {
		return // another server moved first: the session goes on from there
	}
	ss.thinking = false
	var ae *apiError
	if errors.As(err, &ae) {
		ss.table.fault = ae.msg
		return
	}
	ss.table.faults++
	wait := min(100*time.Millisecond<<min(ss.table.faults-1, 9), 30*time.Second)
	ss.table.fault = fmt.Sprintf("storing a move failed (%s): trying again in %v", clipMessage(err.Error()), wait.Round(time.Millisecond))
	ss.srv.cfg.Logf("session %s: %v", ss.id, err)
	v := ss.version()
	ss.srv.tasks.after(wait, func() { ss.srv.retry(ss, v) })
}

// retry asks again for the move a fault of the store lost, if the session
// is where it was.
func (s *Server) retry(ss *session, version int) {
	if !s.loaded(ss) || s.ctx.Err() != nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.version() != version || ss.thinking || ss.table.fault == "" {
		return
	}
	if err := ss.advance(s.ctx); err != nil {
		s.cfg.Logf("session %s: %v", ss.id, err)
	}
}
