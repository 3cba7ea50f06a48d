package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/ludus-games/ludus/store"
)

// botJob asks the bot of the seat to move in a session for a move, for
// the session as it was at version: if the session moved on meanwhile (an
// undo), the answer is dropped.
type botJob struct {
	ss      *session
	version int
}

// botPool computes bot moves on a fixed number of workers, first asked
// first served, so that however many sessions wait for a bot the server
// keeps answering.
type botPool struct {
	ctx   context.Context
	mu    sync.Mutex
	cond  *sync.Cond
	queue []botJob
	wg    sync.WaitGroup
}

func newBotPool(ctx context.Context, workers int) *botPool {
	p := &botPool{ctx: ctx}
	p.cond = sync.NewCond(&p.mu)
	for range workers {
		p.wg.Add(1)
		go p.work()
	}
	go func() {
		<-ctx.Done()
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	}()
	return p
}

// submit queues a job; it never blocks.
func (p *botPool) submit(j botJob) {
	p.mu.Lock()
	p.queue = append(p.queue, j)
	p.cond.Signal()
	p.mu.Unlock()
}

// wait returns when the workers have stopped (after the context ends).
func (p *botPool) wait() { p.wg.Wait() }

func (p *botPool) work() {
	defer p.wg.Done()
	for {
		p.mu.Lock()
		for len(p.queue) == 0 && p.ctx.Err() == nil {
			p.cond.Wait()
		}
		if p.ctx.Err() != nil {
			p.mu.Unlock()
			return
		}
		j := p.queue[0]
		p.queue[0] = botJob{}
		p.queue = p.queue[1:]
		p.mu.Unlock()
		p.run(j)
	}
}

// run thinks outside the session's lock, on a copy of its position, and
// plays the answer if the session has not moved on.
func (p *botPool) run(j botJob) {
	ss := j.ss
	ss.mu.Lock()
	seatIdx := ss.toMove()
	if ss.version() != j.version || !ss.thinking || seatIdx < 0 || ss.bots[seatIdx] == nil {
		ss.mu.Unlock()
		return
	}
	bot, pos, limit := ss.bots[seatIdx], ss.pos.Copy(), ss.botTime()
	ss.mu.Unlock()

	text, note := "", ""
	func() {
		defer func() {
			if r := recover(); r != nil {
				note = fmt.Sprintf("the bot failed (%v)", r)
			}
		}()
		ctx, cancel := context.WithTimeout(p.ctx, limit)
		defer cancel()
		d, err := bot.Choose(ctx, pos)
		if err != nil {
			note = fmt.Sprintf("the bot failed (%v)", err)
			return
		}
		text = pos.Notation(d.Move)
	}()
	if p.ctx.Err() != nil {
		return // shutting down: the seat is asked again when the session is loaded
	}
	if text == "" {
		moves := pos.Moves(nil)
		if len(moves) == 0 {
			p.stopOnError(j, pos.Err())
			return
		}
		rng := rand.New(rand.NewPCG(uint64(j.version), pos.Key()))
		text = pos.Notation(moves[rng.IntN(len(moves))])
		note += ": a random move was played"
	}

	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.version() != j.version {
		return
	}
	if _, err := ss.pos.ParseMove(text); err != nil {
		ss.err = fmt.Errorf("bot move %q: %w", text, err)
		ss.thinking = false
		return
	}
	if err := ss.append(p.ctx, store.SessionEvent{Kind: "move", Seat: seatIdx, Move: text, Note: note}); err != nil {
		ss.storeFault(err) // reported, and the bot asked again when the store is back
		return
	}
	if err := ss.advance(p.ctx); err != nil {
		ss.srv.cfg.Logf("session %s: %v", ss.id, err)
	}
}

// stopOnError ends a session whose rules failed while its bot looked for a
// move (a move program that does not end, say), so that the seat is not
// left thinking for ever: the session keeps the error, as it does when the
// failure shows in its own position.
func (p *botPool) stopOnError(j botJob, err error) {
	if err == nil {
		return
	}
	ss := j.ss
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.version() == j.version && ss.err == nil {
		ss.err, ss.thinking = err, false
	}
}
