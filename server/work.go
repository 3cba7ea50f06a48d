package server

import (
	"container/list"
	"context"
	"errors"
	"net/http"
	"sync"
	"time"
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
		delete(c.items, last.Value.(*lruEntry[K, V]).key)
		c.order.Remove(last)
	}
}
