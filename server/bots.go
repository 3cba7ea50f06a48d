package server

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
	"github.com/ludus-games/ludus/store"
)

// maxBots bounds the bots kept built, one per game and spec.
const maxBots = 256

type botKey struct {
	eng  *games.Game
	spec string
}

// sharedBot is a bot built from a spec within the server's caps, with the
// share of the bot pool one of its moves takes (its threads) and what one
// of its moves is expected to cost (the time it asks, times its threads).
type sharedBot struct {
	bot    search.Bot[engine.Ply, *engine.Position]
	weight int
	expect time.Duration
}

// close ends the programs of an engine bot (others have none); one in
// the middle of a move ends when the move does.
func (sb *sharedBot) close() {
	if c, ok := sb.bot.(io.Closer); ok {
		c.Close()
	}
}

// bot returns the shared bot of a spec for a game: bots hold no game
// state, so one serves every session that seats it. A spec over the
// server's caps (see limitSpec) is held to them: sessions stored before a
// cap was lowered keep playing.
func (s *Server) bot(eng *games.Game, spec string) (search.Bot[engine.Ply, *engine.Position], error) {
	sb, err := s.sharedBot(eng, spec)
	if err != nil {
		return nil, err
	}
	return sb.bot, nil
}

func (s *Server) sharedBot(eng *games.Game, spec string) (*sharedBot, error) {
	key := botKey{eng, spec}
	if sb, ok := s.botCache.get(key); ok {
		return sb, nil
	}
	// The operator's named engines first: they and the refusal of gtp:
	// and uci: specs are Engines' to say. An engine's program thinks on
	// its own processor, one move at a time.
	if b, named, err := s.cfg.Engines.Bot(eng.Compiled, spec); named {
		if err != nil {
			return nil, err
		}
		sb := &sharedBot{bot: b, weight: 1, expect: s.cfg.MoveTime}
		s.botCache.put(key, sb)
		return sb, nil
	}
	lim, _, err := s.limitSpec(spec)
	if err != nil {
		return nil, err
	}
	b, err := eng.Bots.Bot(lim.spec.String())
	if err != nil {
		return nil, err
	}
	sb := &sharedBot{bot: b, weight: lim.threads, expect: lim.time * time.Duration(lim.threads)}
	s.botCache.put(key, sb)
	return sb, nil
}

// checkSpec refuses a client's bot spec that asks for more than the
// server's caps, saying which and why.
func (s *Server) checkSpec(spec string) error {
	_, over, err := s.limitSpec(spec)
	if err != nil {
		return err
	}
	if len(over) > 0 {
		return fmt.Errorf("%s: over this server's caps: %s", spec, over[0])
	}
	return nil
}

// queued is a bot move waiting for the pool or being thought about.
type queued struct {
	botJob
	weight int
	// start is the pool's virtual time when the session's earlier bot
	// moves, each charged its thinking time times its threads, are paid
	// for; finish adds what this move is expected to cost. The move of
	// least finish goes first.
	start, finish time.Duration
}

// botJob asks the bot of the seat to move in a session for a move, for
// the session as it was at version: if the session moved on meanwhile (an
// undo), the answer is dropped.
type botJob struct {
	ss      *session
	version int
}

// botPool computes bot moves on a fixed number of workers, whose
// processors the moves share by their threads. Sessions share the pool
// fairly (start-time fair queueing): each session's bot moves are charged
// their thinking time times their threads, and the move of the session
// that has been charged least goes first, so that a session of cheap bots
// is not kept waiting behind sessions whose bots think long.
type botPool struct {
	ctx      context.Context
	mu       sync.Mutex
	cond     *sync.Cond
	capacity int
	free     int
	queue    []queued
	vtime    time.Duration       // the start of the last move started
	accounts map[string]*account // by session
	wg       sync.WaitGroup
}

// account is what a session's bot moves have cost the pool.
type account struct {
	paid time.Duration // the virtual time its next move starts from
	last time.Duration // what its last move cost
	used bool          // last is known
}

func newBotPool(ctx context.Context, workers int) *botPool {
	p := &botPool{ctx: ctx, capacity: workers, free: workers, accounts: map[string]*account{}}
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

// submit queues a job; it never blocks. The caller holds j.ss.mu.
func (p *botPool) submit(j botJob) {
	weight, expect := 1, time.Duration(0)
	if t := j.ss.toMove(); t >= 0 && t < len(j.ss.seats) {
		if sb, err := j.ss.srv.sharedBot(j.ss.eng, j.ss.seats[t].Spec); err == nil {
			weight, expect = sb.weight, sb.expect
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	a := p.accounts[j.ss.id]
	if a == nil {
		a = &account{}
		p.accounts[j.ss.id] = a
	}
	if a.used {
		expect = a.last
	}
	start := max(p.vtime, a.paid)
	p.queue = append(p.queue, queued{botJob: j, weight: min(max(weight, 1), p.capacity), start: start, finish: start + expect})
	p.cond.Broadcast()
}

// wait returns when the workers have stopped (after the context ends).
func (p *botPool) wait() { p.wg.Wait() }

// next returns the index of the job to start: the least finish, the
// earliest queued among equals. The caller holds p.mu.
func (p *botPool) next() int {
	best := 0
	for i := range p.queue {
		if p.queue[i].finish < p.queue[best].finish {
			best = i
		}
	}
	return best
}

func (p *botPool) work() {
	defer p.wg.Done()
	for {
		p.mu.Lock()
		for p.ctx.Err() == nil && (len(p.queue) == 0 || p.queue[p.next()].weight > p.free) {
			p.cond.Wait()
		}
		if p.ctx.Err() != nil {
			p.mu.Unlock()
			return
		}
		i := p.next()
		q := p.queue[i]
		p.queue = append(p.queue[:i], p.queue[i+1:]...)
		p.free -= q.weight
		p.vtime = max(p.vtime, q.start)
		p.mu.Unlock()

		begin := time.Now()
		p.run(q.botJob)
		cost := time.Since(begin) * time.Duration(q.weight)

		p.mu.Lock()
		p.free += q.weight
		if a := p.accounts[q.ss.id]; a != nil {
			a.paid, a.last, a.used = q.start+cost, cost, true
		}
		p.forgetAccounts()
		p.cond.Broadcast()
		p.mu.Unlock()
	}
}

// forgetAccounts drops the accounts the virtual time has passed, of
// sessions with no move queued: their next move starts from it anyway,
// and is expected to cost what its spec says. The caller holds p.mu.
func (p *botPool) forgetAccounts() {
	if len(p.accounts) < 4*maxLoaded {
		return
	}
	queued := map[string]bool{}
	for _, q := range p.queue {
		queued[q.ss.id] = true
	}
	for id, a := range p.accounts {
		if a.paid <= p.vtime && !queued[id] {
			delete(p.accounts, id)
		}
	}
}

// slack is the time a bot is given beyond its move time to answer: a bot
// told to think for the move time ends its search then, and needs a
// moment to say what it found.
func slack(d time.Duration) time.Duration { return min(d/4, time.Second) }

// run thinks outside the session's lock, on a copy of its position, and
// plays the answer if the session has not moved on. The copy has a fault
// of its own and the rules' budget: a search stopped at the move time, or
// one that meets a failure of the rules deep in its tree, leaves the
// session as it is, and the seat plays a random legal move of the
// session's position instead.
func (p *botPool) run(j botJob) {
	ss := j.ss
	ss.mu.Lock()
	seatIdx := ss.toMove()
	if ss.version() != j.version || !ss.thinking || seatIdx < 0 || ss.bots[seatIdx] == nil {
		ss.mu.Unlock()
		return
	}
	bot, limit := ss.bots[seatIdx], ss.botTime()
	pos := engine.NewPosition(ss.pos.State().Clone(), ss.eng.Eval)
	ss.mu.Unlock()
	if !p.claim(j, limit) {
		return // another server of the store makes this move
	}

	text, note := "", ""
	func() {
		defer func() {
			if r := recover(); r != nil {
				note = fmt.Sprintf("the bot failed (%v)", r)
			}
		}()
		ctx, cancel := context.WithTimeout(p.ctx, limit+slack(limit))
		defer cancel()
		pos.SetBudget(engine.Budget{Steps: 0, Stop: ctx.Done()})
		d, err := bot.Choose(ctx, pos)
		switch {
		case err != nil:
			note = fmt.Sprintf("the bot failed (%v)", err)
		case pos.Err() != nil:
			note = fmt.Sprintf("the bot failed (%v)", pos.Err())
		default:
			text = pos.Notation(d.Move)
		}
	}()
	if p.ctx.Err() != nil {
		return // shutting down: the seat is asked again when the session is loaded
	}
	// The move is played and stored with the worker free: storing waits
	// for a commit, and with a store over the network (several servers on
	// PostgreSQL) the workers waited on commits more than they thought.
	ss.srv.tasks.run(func() { p.play(j, seatIdx, text, note) })
}

// play plays the move a bot found (text; a random move when it found
// none, as note says) if the session has not moved on meanwhile.
func (p *botPool) play(j botJob, seatIdx int, text, note string) {
	ss := j.ss
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.version() != j.version || p.ctx.Err() != nil {
		return
	}
	defer ss.srv.budget().start(ss.pos.State())()
	if text == "" {
		moves := ss.pos.Moves(nil)
		if len(moves) == 0 {
			ss.err, ss.thinking = ss.pos.Err(), false
			if ss.err == nil {
				ss.err = fmt.Errorf("the bot found no move: %s", note)
			}
			return
		}
		rng := rand.New(rand.NewPCG(uint64(j.version), ss.pos.Key()))
		text = ss.pos.Notation(moves[rng.IntN(len(moves))])
		note += ": a random move was played"
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

// Caps on what a bot spec may ask, beyond the time (--move-time) and the
// threads (--bot-workers): sizes that cost memory, and searches asked to
// go so deep that they could only be stopped by the move time.
const (
	maxBotDepth      = 64
	maxBotIterations = 10_000_000
	maxBotTreeNodes  = 1 << 20
	maxBotTableBits  = 20
	maxBotPlayout    = 10_000
)

// limitedSpec is a bot spec held to the server's caps.
type limitedSpec struct {
	spec search.Spec
	// threads are the processors one of the bot's moves takes; time is
	// the time it asks for a move (0: none given).
	threads int
	time    time.Duration
}

// limitSpec holds a bot spec to the server's caps: the time of a move
// within --move-time, threads and trees within the bot pool, depths,
// iterations and the sizes of trees and tables within sane bounds. It
// returns the spec held to them and, for each parameter it changed, what
// the cap is. Values that do not read are left to the bot's registry to
// refuse.
func (s *Server) limitSpec(text string) (limitedSpec, []string, error) {
	sp, err := search.ParseSpec(text)
	if err != nil {
		return limitedSpec{}, nil, err
	}
	lim := limitedSpec{spec: sp, threads: 1}
	var over []string
	capInt := func(i int, max uint64, why string) {
		if n, err := strconv.ParseUint(sp.Params[i].Value, 10, 63); err == nil && n > max {
			over = append(over, fmt.Sprintf("%s=%s: at most %d %s", sp.Params[i].Name, sp.Params[i].Value, max, why))
			sp.Params[i].Value = strconv.FormatUint(max, 10)
		}
	}
	pool := s.cfg.BotWorkers
	for i, p := range sp.Params {
		switch p.Name {
		case "time":
			if d, err := time.ParseDuration(p.Value); err == nil {
				lim.time = min(d, s.cfg.MoveTime)
				if d > s.cfg.MoveTime {
					over = append(over, fmt.Sprintf("time=%s: at most %v a move (--move-time)", p.Value, s.cfg.MoveTime))
					sp.Params[i].Value = s.cfg.MoveTime.String()
				}
			}
		case "threads", "workers":
			if p.Value == "0" && runtime.NumCPU() > pool {
				// 0 is one per core: more than the pool when it is smaller.
				sp.Params[i].Value = strconv.Itoa(pool)
				over = append(over, fmt.Sprintf("%s=0: at most %d threads (--bot-workers)", p.Name, pool))
			}
			capInt(i, uint64(pool), "threads (--bot-workers)")
			if n, err := strconv.Atoi(sp.Params[i].Value); err == nil {
				lim.threads = max(1, n)
				if n == 0 {
					lim.threads = runtime.NumCPU()
				}
			}
		case "trees":
			capInt(i, uint64(pool), "trees (--bot-workers)")
		case "depth":
			capInt(i, maxBotDepth, "plies")
		case "iterations":
			capInt(i, maxBotIterations, "iterations")
		case "nodes":
			if sp.Kind == "mcts" {
				capInt(i, maxBotTreeNodes, "nodes a tree")
			}
		case "tt":
			capInt(i, maxBotTableBits, "(a table of 2^20 entries)")
		case "playout":
			capInt(i, maxBotPlayout, "plies")
		}
	}
	lim.spec = sp
	lim.threads = min(lim.threads, pool)
	return lim, over, nil
}
