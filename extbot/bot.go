package extbot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/gtp"
	"github.com/ludus-games/ludus/engine/uci"
	"github.com/ludus-games/ludus/search"
)

// options are the settings of a bot's engine, from its spec.
type options struct {
	proto   string   // "gtp" or "uci"
	argv    []string // the program and its arguments
	timeout time.Duration
	// GTP: the time of a move, told with time_settings (0: none).
	time time.Duration
	// UCI: the limits of go (0: not given) and the options set (-1:
	// not set).
	movetime                  time.Duration
	depth                     int
	nodes                     int64
	skill, elo, threads, hash int
}

// moveTimeout is the most genmove may take: the move's time and timeout.
func (o *options) moveTimeout() time.Duration {
	return o.time + o.movetime + o.timeout
}

// helloTimeout is the least time a program has to start and greet:
// loading a network takes a while.
const helloTimeout = 30 * time.Second

// idleTimeout is how long an engine of a pool waits unused before it is
// closed.
const idleTimeout = time.Minute

// maxIdle is the most engines a pool keeps waiting.
const maxIdle = 4

// Bot is an engine program as a bot of package search. Each game it plays
// through a Session runs the program in a child process of its own,
// started at the first move and ended when the session is closed; Choose
// without a session takes a program from a pool (starting one when none
// is free), which sets it up at the position asked. The program follows
// the game move by move; its answers are checked against the rules, and
// one that is not a legal move, or that does not come in time, is a
// *search.Forfeit. A cancelled context kills the program at once.
//
// A Bot is safe for concurrent use. Close ends the programs of its pool.
type Bot struct {
	o     options
	board *gtp.Board
	chess *uci.Chess
	slots *limiter // nil: any number of programs

	mu     sync.Mutex
	idle   []*seat
	closed bool
}

// Choose asks an engine of the pool for its move in pos.
func (b *Bot) Choose(ctx context.Context, pos *engine.Position) (search.Decision[engine.Ply], error) {
	s := b.take()
	d, err := s.choose(ctx, pos)
	b.give(s)
	return d, err
}

// Session returns a player for one game with a program of its own. The
// seed is not used: an engine program has its own randomness.
func (b *Bot) Session(uint64) search.Session[engine.Ply, *engine.Position] {
	return &session{s: &seat{b: b}}
}

// Close ends the engines of the pool; those in use end when their move
// is made.
func (b *Bot) Close() error {
	b.mu.Lock()
	idle := b.idle
	b.idle, b.closed = nil, true
	b.mu.Unlock()
	for _, s := range idle {
		s.close()
	}
	return nil
}

// take returns the engine of the pool used last, or a new one.
func (b *Bot) take() *seat {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n := len(b.idle); n > 0 {
		s := b.idle[n-1]
		b.idle = b.idle[:n-1]
		return s
	}
	return &seat{b: b}
}

// give puts an engine back in the pool, or ends it when the pool is
// closed or full.
func (b *Bot) give(s *seat) {
	if s.proc == nil {
		return
	}
	b.mu.Lock()
	if b.closed || len(b.idle) >= maxIdle {
		b.mu.Unlock()
		s.close()
		return
	}
	s.idleSince = time.Now()
	b.idle = append(b.idle, s)
	b.mu.Unlock()
	time.AfterFunc(idleTimeout, b.reap)
}

// reap ends the engines of the pool unused for idleTimeout.
func (b *Bot) reap() {
	b.mu.Lock()
	var old []*seat
	keep := b.idle[:0]
	for _, s := range b.idle {
		if time.Since(s.idleSince) >= idleTimeout {
			old = append(old, s)
		} else {
			keep = append(keep, s)
		}
	}
	b.idle = keep
	b.mu.Unlock()
	for _, s := range old {
		s.close()
	}
}

// closeIdle ends one engine of the pool, if one is waiting, to free its
// slot for another; it reports whether it did.
func (b *Bot) closeIdle() bool {
	b.mu.Lock()
	if len(b.idle) == 0 {
		b.mu.Unlock()
		return false
	}
	s := b.idle[0]
	b.idle = b.idle[1:]
	b.mu.Unlock()
	s.close()
	return true
}

// session is a bot's player for one game.
type session struct{ s *seat }

func (ss *session) Choose(ctx context.Context, pos *engine.Position) (search.Decision[engine.Ply], error) {
	return ss.s.choose(ctx, pos)
}

func (ss *session) Close() { ss.s.close() }

// seat is one engine program and the game it follows. It is used by one
// goroutine at a time.
type seat struct {
	b         *Bot
	proc      *process
	conn      conn
	at        *engine.Position // the position the engine is in; nil: none yet
	slot      bool             // holds one of b.slots
	idleSince time.Time
}

// choose brings the engine to pos and asks for its move.
func (s *seat) choose(ctx context.Context, pos *engine.Position) (search.Decision[engine.Ply], error) {
	var d search.Decision[engine.Ply]
	if err := ctx.Err(); err != nil {
		return d, err
	}
	if s.proc == nil {
		if err := s.start(ctx); err != nil {
			return d, err
		}
	}
	if err := s.sync(ctx, pos); err != nil {
		return d, err
	}
	limit := s.b.o.moveTimeout()
	op, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	d, err := s.conn.genmove(op, pos)
	if err != nil {
		return d, s.failed(ctx, op, "genmove", limit, err)
	}
	s.at = pos.Copy()
	s.at.Play(d.Move)
	return d, nil
}

// sync tells the engine the move that leads from the position it is in to
// pos, when one does (the opponent's); otherwise it sets pos up afresh.
func (s *seat) sync(ctx context.Context, pos *engine.Position) error {
	limit := s.b.o.timeout
	op, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	if s.at != nil {
		if s.at.Key() == pos.Key() {
			return nil
		}
		for _, m := range s.at.Moves(nil) {
			s.at.Play(m)
			reached := s.at.Key() == pos.Key()
			s.at.Undo()
			if !reached {
				continue
			}
			if err := s.conn.play(op, s.at, m); err != nil {
				return s.failed(ctx, op, "play", limit, err)
			}
			s.at.Play(m)
			return nil
		}
	}
	s.at = nil
	if err := s.conn.setup(op, pos); err != nil {
		return s.failed(ctx, op, "setting up the position", limit, err)
	}
	s.at = pos.Copy()
	return nil
}

// failed ends an engine that did not answer as it should (it is out of
// step with the game) and says whose fault it was: the caller's context,
// or the engine's, as a forfeit.
func (s *seat) failed(ctx, op context.Context, what string, limit time.Duration, err error) error {
	status := ""
	if s.proc != nil {
		exited := errors.Is(err, gtp.ErrClosed) || errors.Is(err, uci.ErrClosed)
		if !exited {
			s.proc.kill()
		}
		status = s.proc.status()
	}
	s.kill()
	var f *search.Forfeit
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(op.Err(), context.DeadlineExceeded):
		return &search.Forfeit{Reason: "no answer in time", Detail: fmt.Sprintf("%s: no answer within %v", what, limit)}
	case errors.As(err, &f):
		return f
	case errors.Is(err, gtp.ErrClosed) || errors.Is(err, uci.ErrClosed):
		return &search.Forfeit{Reason: "the engine ended", Detail: fmt.Sprintf("%s: %s", what, status)}
	}
	return fmt.Errorf("%s: %s: %w", s.b.o.argv[0], what, err)
}

// start runs the program and greets it. A program that does not start,
// or does not answer its greeting as its protocol says, is an error of
// the run, not a forfeit: the spec is wrong.
func (s *seat) start(ctx context.Context) error {
	o := &s.b.o
	if s.b.slots != nil {
		if err := s.b.slots.acquire(ctx); err != nil {
			return err
		}
		s.slot = true
	}
	p, err := start(o.argv)
	if err != nil {
		s.release()
		return fmt.Errorf("%s engine %s: %w", o.proto, o.argv[0], err)
	}
	s.proc = p
	if o.proto == "gtp" {
		s.conn = &gtpConn{c: gtp.NewClient(p.stdout, p.stdin), board: s.b.board, o: o}
	} else {
		s.conn = &uciConn{c: uci.NewClient(p.stdout, p.stdin), chess: s.b.chess, o: o}
	}
	op, cancel := context.WithTimeout(ctx, max(o.timeout, helloTimeout))
	defer cancel()
	if err := s.conn.hello(op); err != nil {
		p.kill()
		status := p.status()
		s.kill()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s engine %s did not start: %w (%s)", o.proto, o.argv[0], err, status)
	}
	return nil
}

// kill ends the program at once, if one runs.
func (s *seat) kill() {
	if s.proc != nil {
		s.proc.kill()
	}
	if s.conn != nil {
		s.conn.release()
	}
	s.proc, s.conn, s.at = nil, nil, nil
	s.release()
}

// close asks the program to end, and ends it if it does not within a
// moment.
func (s *seat) close() {
	if s.proc == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	s.conn.bye(ctx)
	cancel()
	s.proc.close(500 * time.Millisecond)
	s.kill()
}

func (s *seat) release() {
	if s.slot {
		s.b.slots.release()
		s.slot = false
	}
}

// limiter bounds the programs that the bots sharing it run at once; when
// all its slots are taken, an idle engine of one of the bots is ended to
// free one.
type limiter struct {
	slots chan struct{}
	mu    sync.Mutex
	bots  []*Bot
}

func newLimiter(n int) *limiter { return &limiter{slots: make(chan struct{}, n)} }

func (l *limiter) add(b *Bot) {
	l.mu.Lock()
	l.bots = append(l.bots, b)
	l.mu.Unlock()
}

func (l *limiter) acquire(ctx context.Context) error {
	for {
		select {
		case l.slots <- struct{}{}:
			return nil
		default:
		}
		l.mu.Lock()
		bots := append([]*Bot(nil), l.bots...)
		l.mu.Unlock()
		freed := false
		for _, b := range bots {
			if freed = b.closeIdle(); freed {
				break
			}
		}
		if freed {
			continue
		}
		select {
		case l.slots <- struct{}{}:
			return nil
		case <-ctx.Done():
			return fmt.Errorf("all %d engine programs are busy: %w", cap(l.slots), ctx.Err())
		}
	}
}

func (l *limiter) release() { <-l.slots }
