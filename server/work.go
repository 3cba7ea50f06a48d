package server

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
)

// queueWait is how long a request waits for a worker slot before it is
// told that the server is busy.
const queueWait = 10 * time.Second

// work runs heavy work (generating a puzzle or a layout, a search, a
// score) on one of a fixed number of slots, under a time limit, so that
// however many such requests arrive the server keeps answering the others.
// f gets a context that ends at the limit or when the client goes away;
// work that cannot watch a context is bounded by the sizes its request may
// give instead.
func (s *Server) work(ctx context.Context, limit time.Duration, f func(ctx context.Context) error) error {
	wait, cancel := context.WithTimeout(ctx, s.queueWait)
	defer cancel()
	select {
	case s.slots <- struct{}{}:
	case <-wait.Done():
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return failf(http.StatusServiceUnavailable, "the server is busy: try again in a moment")
	}
	defer func() { <-s.slots }()
	wctx, stop := context.WithTimeout(ctx, limit)
	defer stop()
	err := f(wctx)
	if err != nil && errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		return failf(http.StatusUnprocessableEntity, "not done within %v: ask for less", limit)
	}
	return err
}

// lru keeps the most recently used values up to a number of entries; it
// holds what is costly to make again (layouts, puzzles) and the 2048
// games, whose number it bounds.
type lru[K comparable, V any] struct {
	mu    sync.Mutex
	size  int
	order *list.List // of *lruEntry, most recent first
	items map[K]*list.Element
	// evicted, when set, is told of each value dropped to make room.
	evicted func(V)
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

func newLRU[K comparable, V any](size int) *lru[K, V] {
	return &lru[K, V]{size: size, order: list.New(), items: map[K]*list.Element{}}
}

// get returns the value of k and marks it used.
func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry[K, V]).val, true
	}
	var zero V
	return zero, false
}

// put stores v under k, dropping the least recently used entry when full.
func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		e.Value.(*lruEntry[K, V]).val = v
		c.order.MoveToFront(e)
		return
	}
	c.items[k] = c.order.PushFront(&lruEntry[K, V]{k, v})
	for c.order.Len() > c.size {
		last := c.order.Back()
		ent := last.Value.(*lruEntry[K, V])
		delete(c.items, ent.key)
		c.order.Remove(last)
		if c.evicted != nil {
			c.evicted(ent.val)
		}
	}
}

// values returns the values kept, most recent first.
func (c *lru[K, V]) values() []V {
	c.mu.Lock()
	defer c.mu.Unlock()
	vs := make([]V, 0, c.order.Len())
	for e := c.order.Front(); e != nil; e = e.Next() {
		vs = append(vs, e.Value.(*lruEntry[K, V]).val)
	}
	return vs
}

// Defaults of the rules budget (Config.MaxCells, MaxSteps, RulesTime).
const (
	defaultMaxCells  = 10000
	defaultMaxSteps  = 20_000_000
	defaultRulesTime = 5 * time.Second
)

// withBudgetDefaults fills in the budget's zero fields.
func withBudgetDefaults(cfg Config) Config {
	if cfg.MaxCells <= 0 {
		cfg.MaxCells = defaultMaxCells
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = defaultMaxSteps
	}
	if cfg.RulesTime <= 0 {
		cfg.RulesTime = defaultRulesTime
	}
	if cfg.RulesWorkers <= 0 {
		// A processor is left to answer the other requests.
		cfg.RulesWorkers = max(1, runtime.NumCPU()-1)
	}
	return cfg
}

// rulesBudget is what the rules of a game may cost the server for one
// piece of work: the positions of its board, the steps of the rules on one
// position, the time.
type rulesBudget struct {
	cells int
	steps int64
	time  time.Duration
}

func (s *Server) budget() rulesBudget {
	return rulesBudget{cells: s.cfg.MaxCells, steps: s.cfg.MaxSteps, time: s.cfg.RulesTime}
}

// start gives st the budget of one piece of work: the steps, and a stop at
// the time. The returned func ends the work's deadline; st keeps a budget
// of steps, so that work done on it later, if any, stays bounded.
func (b rulesBudget) start(st *engine.State) (done func()) {
	ctx, cancel := context.WithTimeout(context.Background(), b.time)
	st.SetBudget(engine.Budget{Steps: b.steps, Stop: ctx.Done()})
	return func() {
		st.SetBudget(engine.Budget{Steps: b.steps})
		cancel()
	}
}

// refusal turns an error of work that went over the budget into the 422
// that says which budget and how to raise it, still wrapping err; nil for
// any other error.
func (b rulesBudget) refusal(err error) error {
	const over = "over this server's budget"
	var msg string
	switch {
	case err == nil:
		return nil
	case errors.Is(err, zrf.ErrTooLarge):
		msg = fmt.Sprintf("%s of %d positions a board (--max-cells): %v", over, b.cells, err)
	case errors.Is(err, engine.ErrBudget):
		msg = fmt.Sprintf("%s of %d steps of the rules for one piece of work (--max-steps): %v", over, b.steps, err)
	case errors.Is(err, engine.ErrStopped), errors.Is(err, context.DeadlineExceeded):
		msg = fmt.Sprintf("%s of %v for the rules (--rules-time): %v", over, b.time, err)
	default:
		return nil
	}
	return &overBudget{&apiError{status: http.StatusUnprocessableEntity, msg: msg}, err}
}

// explain says what went wrong with the rules: which budget, for work
// over one.
func (b rulesBudget) explain(err error) string {
	if r := b.refusal(err); r != nil {
		return r.Error()
	}
	return err.Error()
}

// overBudget is the 422 of work over the budget, which keeps the engine's
// error: one stopped by the time may not happen again, and is not kept.
type overBudget struct {
	answer *apiError
	cause  error
}

func (e *overBudget) Error() string   { return e.answer.msg }
func (e *overBudget) Unwrap() []error { return []error{e.answer, e.cause} }

// rulesPool bounds the rules work done for clients. Checking and compiling
// rules files, start positions, pictures and frames take one of the heavy
// slots, one per processor given; the rules work of moves and of loading
// sessions, each bounded by the budget, takes one of the play slots,
// eight per processor of the machine, so that costly files cannot starve
// the games being played. Nothing waits for a slot while it holds a lock
// that others need.
type rulesPool struct {
	heavy chan struct{}
	play  chan struct{}
	wait  time.Duration
}

func newRulesPool(workers int, wait time.Duration) *rulesPool {
	return &rulesPool{heavy: make(chan struct{}, workers), play: make(chan struct{}, 8*runtime.NumCPU()), wait: wait}
}

// acquire takes a slot of ch, waiting at most p.wait: 503 then.
func (p *rulesPool) acquire(ctx context.Context, ch chan struct{}) error {
	select {
	case ch <- struct{}{}:
		return nil
	default:
	}
	wait, cancel := context.WithTimeout(ctx, p.wait)
	defer cancel()
	select {
	case ch <- struct{}{}:
		return nil
	case <-wait.Done():
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return failf(http.StatusServiceUnavailable, "the server is busy with the rules of other games: try again in a moment")
	}
}

// playing takes a play slot for the rules work of a move; release it with
// the returned func.
func (p *rulesPool) playing(ctx context.Context) (release func(), err error) {
	if err := p.acquire(ctx, p.play); err != nil {
		return nil, err
	}
	return func() { <-p.play }, nil
}

// job is heavy rules work on the pool whose result any number of requests
// may wait for, and which is kept once done: a rules file is checked and
// compiled once, a picture drawn once.
type job[V any] struct {
	done chan struct{}
	val  V
	err  error
}

// runJob starts f on a heavy slot in a goroutine of its own, which keeps
// the slot until f returns: work the engine cannot stop (building,
// compiling) holds the pool's bound however its callers give up.
func runJob[V any](ctx context.Context, p *rulesPool, f func() (V, error)) (*job[V], error) {
	if err := p.acquire(ctx, p.heavy); err != nil {
		return nil, err
	}
	j := &job[V]{done: make(chan struct{})}
	go func() {
		defer func() { <-p.heavy }()
		defer close(j.done)
		defer func() {
			// A fault of the rules is the file's, not the server's.
			if v := recover(); v != nil {
				j.err = failf(http.StatusUnprocessableEntity, "the rules failed: %v", v)
			}
		}()
		j.val, j.err = f()
	}()
	return j, nil
}

// doneJob is a job whose result is known.
func doneJob[V any](v V, err error) *job[V] {
	j := &job[V]{done: make(chan struct{}), val: v, err: err}
	close(j.done)
	return j
}

// wait returns the job's result, or, when it is not done within limit
// (the work goes on, and keeps its result for the next to ask), a 422
// that names the budget of time.
func (j *job[V]) wait(ctx context.Context, b rulesBudget, what string) (V, error) {
	t := time.NewTimer(b.time)
	defer t.Stop()
	var zero V
	select {
	case <-j.done:
		return j.val, j.err
	case <-ctx.Done():
		return zero, ctx.Err()
	case <-t.C:
		return zero, failf(http.StatusUnprocessableEntity, "over this server's budget of %v for the rules (--rules-time): %s is not done", b.time, what)
	}
}

// transient reports whether a job's error may not happen again: the work
// was stopped, or the server was busy; such results are not kept.
func transient(err error) bool {
	var ae *apiError
	return errors.Is(err, engine.ErrStopped) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, context.Canceled) || errors.As(err, &ae) && ae.status == http.StatusServiceUnavailable
}

// byteCache keeps made bytes (pictures, frames) up to a total size, the
// least recently used dropped first.
type byteCache[K comparable] struct {
	mu    sync.Mutex
	limit int
	size  int
	order *list.List // of *byteEntry, most recent first
	items map[K]*list.Element
}

type byteEntry[K comparable] struct {
	key K
	val []byte
}

func newByteCache[K comparable](limit int) *byteCache[K] {
	return &byteCache[K]{limit: limit, order: list.New(), items: map[K]*list.Element{}}
}

func (c *byteCache[K]) get(k K) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*byteEntry[K]).val, true
	}
	return nil, false
}

// put keeps v under k; a value over the whole limit is not kept.
func (c *byteCache[K]) put(k K, v []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(v) > c.limit {
		return
	}
	if e, ok := c.items[k]; ok {
		c.size -= len(e.Value.(*byteEntry[K]).val)
		c.order.Remove(e)
	}
	c.items[k] = c.order.PushFront(&byteEntry[K]{k, v})
	c.size += len(v)
	for c.size > c.limit {
		last := c.order.Back()
		be := last.Value.(*byteEntry[K])
		c.size -= len(be.val)
		delete(c.items, be.key)
		c.order.Remove(last)
	}
}
