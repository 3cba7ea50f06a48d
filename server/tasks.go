package server

import (
	"sync"
	"time"
)

// closeWait bounds the time Close waits for the server's background work
// to end: every piece of it stops at the server's context, and a store
// that does not answer is the one thing that could hold it longer.
const closeWait = 10 * time.Second

// tasks are the goroutines and timers a server starts on its own rather
// than for a request: its loops, catching up with what other servers of
// its store did, going on after a conflict, asking again for a move
// another server claimed or the store failed to keep. Close waits for
// them, so that a server closed touches its store no more; once closed,
// tasks starts nothing new.
type tasks struct {
	mu     sync.Mutex
	closed bool
	timers map[*time.Timer]struct{}
	wg     sync.WaitGroup
}

// run runs fn on a goroutine of its own, unless the tasks are closed.
func (t *tasks) run(fn func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return
	}
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		fn()
	}()
}

// after runs fn once d has passed, unless the tasks are closed by then.
func (t *tasks) after(d time.Duration, fn func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return
	}
	if t.timers == nil {
		t.timers = map[*time.Timer]struct{}{}
	}
	var tm *time.Timer
	// The callback takes mu, which is held until tm is set.
	tm = time.AfterFunc(d, func() {
		t.mu.Lock()
		delete(t.timers, tm)
		if t.closed {
			t.mu.Unlock()
			return
		}
		t.wg.Add(1)
		t.mu.Unlock()
		defer t.wg.Done()
		fn()
	})
	t.timers[tm] = struct{}{}
}

// close stops the timers not yet fired and waits for the goroutines under
// way, at most for bound; it reports whether they all ended.
func (t *tasks) close(bound time.Duration) bool {
	t.mu.Lock()
	t.closed = true
	for tm := range t.timers {
		tm.Stop()
	}
	t.timers = nil
	t.mu.Unlock()
	done := make(chan struct{})
	go func() {
		t.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(bound):
		return false
	}
}
