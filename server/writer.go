package server

import (
	"context"
	"errors"

	"github.com/ludus-games/ludus/store"
)

// maxBatch bounds the events committed in one transaction.
const maxBatch = 512

// eventWriter commits the events of every session through one goroutine,
// gathering those that arrive while a commit is under way into the next
// transaction (group commit): a move costs a share of a commit instead of
// a commit of its own, and SQLite's one writer never waits on a lock.
type eventWriter struct {
	st      *store.Store
	ch      chan pendingWrite
	stopped chan struct{}
}

type pendingWrite struct {
	pe   store.PendingEvent
	done chan error
}

var errStopped = errors.New("the server is stopping")

func newEventWriter(ctx context.Context, st *store.Store) *eventWriter {
	w := &eventWriter{st: st, ch: make(chan pendingWrite, maxBatch), stopped: make(chan struct{})}
	go w.run(ctx)
	return w
}

// append stores an event and returns when it is committed (or refused).
func (w *eventWriter) append(id string, e store.SessionEvent) error {
	done := make(chan error, 1)
	select {
	case w.ch <- pendingWrite{pe: store.PendingEvent{Session: id, Event: e}, done: done}:
	case <-w.stopped:
		return errStopped
	}
	select {
	case err := <-done:
		return err
	case <-w.stopped:
		// The writer answers everything it took before it stops.
		select {
		case err := <-done:
			return err
		default:
			return errStopped
		}
	}
}

func (w *eventWriter) run(ctx context.Context) {
	defer close(w.stopped)
	batch := make([]pendingWrite, 0, maxBatch)
	for {
		select {
		case p := <-w.ch:
			batch = append(batch[:0], p)
		case <-ctx.Done():
			return
		}
	gather:
		for len(batch) < maxBatch {
			select {
			case p := <-w.ch:
				batch = append(batch, p)
			default:
				break gather
			}
		}
		pes := make([]store.PendingEvent, len(batch))
		for i, p := range batch {
			pes[i] = p.pe
		}
		// Committed whatever the server's context: a move the client is
		// told about must be stored.
		errs, err := w.st.AppendEvents(context.Background(), pes)
		for i, p := range batch {
			if err != nil {
				p.done <- err
			} else {
				p.done <- errs[i]
			}
		}
	}
}
