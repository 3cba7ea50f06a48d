package search

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ludus-games/ludus/game"
)

// Parallelism is how the threads of an MCTS decision share its work.
type Parallelism int

const (
	// RootParallel searches independent trees, each with its own
	// generator and share of the iterations, and adds up their root
	// statistics. A decision with an iteration budget depends only on the
	// seed and the number of trees, not on the threads or the machine.
	RootParallel Parallelism = iota
	// TreeParallel grows one tree with every thread. A thread takes a
	// lock to walk down the tree and to credit the result, and counts its
	// visit on the way down, before the result is known (a virtual loss),
	// so that the others spread out over other moves meanwhile; move
	// generation and playouts run outside the lock. The tree is as deep as
	// a serial one of the same iterations, but which thread goes where
	// depends on timing: decisions with more than one thread are not
	// reproducible.
	TreeParallel
)

// String names the mode as bot specs write it.
func (p Parallelism) String() string {
	if p == TreeParallel {
		return "tree"
	}
	return "root"
}

// stopper tells the goroutines of a decision when to stop: at the
// deadline of a time budget or when the context ends. A timer and the
// context set a flag, which the goroutines read before every iteration
// (one atomic load); they also look at the clock and the context every
// few iterations themselves, since the timer's goroutine may wait for a
// processor while theirs keep every one busy.
type stopper struct {
	ctx      context.Context
	deadline time.Time
	flag     atomic.Bool
	release  func() bool
	timer    *time.Timer
}

func newStopper(ctx context.Context, deadline time.Time) *stopper {
	s := &stopper{ctx: ctx, deadline: deadline}
	set := func() { s.flag.Store(true) }
	if ctx.Err() != nil {
		set()
	}
	s.release = context.AfterFunc(ctx, set)
	if !deadline.IsZero() {
		s.timer = time.AfterFunc(time.Until(deadline), set)
	}
	return s
}

// stopped reports whether to stop before a goroutine's iteration n.
func (s *stopper) stopped(n int64) bool {
	if n&15 == 15 && (s.ctx.Err() != nil || !s.deadline.IsZero() && time.Now().After(s.deadline)) {
		s.flag.Store(true)
	}
	return s.flag.Load()
}

// close lets go of the context and the timer.
func (s *stopper) close() {
	s.release()
	if s.timer != nil {
		s.timer.Stop()
	}
}

// runRoot searches the trees on the goroutines that the positions are
// for (one position each, the first the caller's own): goroutine g takes
// trees g, g+G, g+2G, ..., a batch of iterations from each in turn, until
// each has run its quota (any number when the quota is negative) or the
// stopper says so. It returns the iterations run by each tree. Each tree
// sees only its own generator, so with quotas the result does not depend
// on how the trees are spread over goroutines.
func (m *MCTS[M, P]) runRoot(trees []*tree[M, P], positions []P, quotas []int, st *stopper, c float64) []int64 {
	const batch = 16
	iters := make([]int64, len(trees))
	g := len(positions)
	work := func(k int) {
		pos := positions[k]
		fault, _ := any(pos).(game.Faulter)
		// Counted here and stored at the end: counters side by side in
		// iters, written by different goroutines, would share a cache line.
		n := make([]int64, len(trees))
		defer func() {
			for i := k; i < len(trees); i += g {
				iters[i] = n[i]
			}
		}()
		for more := true; more; {
			more = false
			for i := k; i < len(trees); i += g {
				for b := 0; b < batch && (quotas[i] < 0 || n[i] < int64(quotas[i])); b++ {
					if st.stopped(n[i]) {
						return
					}
					if fault != nil && fault.Err() != nil {
						st.flag.Store(true) // the rules failed: the decision reports it
						return
					}
					trees[i].iterate(pos, m, c)
					n[i]++
					more = true
				}
			}
		}
	}
	if g == 1 {
		work(0)
		return iters
	}
	var wg sync.WaitGroup
	for k := range positions {
		wg.Go(func() { work(k) })
	}
	wg.Wait()
	return iters
}

// runTree searches one tree with a goroutine per position (the first the
// caller's own), quota iterations in all (any number when negative),
// and returns the iterations run. The tree's own walker serves the first
// goroutine; the others get walkers seeded from its generator.
func (m *MCTS[M, P]) runTree(t *tree[M, P], positions []P, quota int, st *stopper, c float64) int64 {
	if len(positions) == 1 {
		return m.runRoot([]*tree[M, P]{t}, positions, []int{quota}, st, c)[0]
	}
	var (
		mu            sync.Mutex
		claimed, done atomic.Int64
		wg            sync.WaitGroup
	)
	walkers := make([]*walker[M, P], len(positions))
	walkers[0] = &t.walker
	for k := 1; k < len(walkers); k++ {
		w := newWalker[M, P](lineRand(t.rng.Uint64(), uint64(k)))
		walkers[k] = &w
	}
	more := func(n int64) bool {
		return !st.stopped(n) && (quota < 0 || claimed.Add(1) <= int64(quota))
	}
	for k := range positions {
		wg.Go(func() { done.Add(t.searchShared(&mu, walkers[k], positions[k], m, c, more)) })
	}
	wg.Wait()
	for _, w := range walkers[1:] {
		t.depth = max(t.depth, w.depth)
	}
	return done.Load()
}

// searchShared runs iterations on a tree that other goroutines grow at
// the same time, each with its own walker and copy of the position,
// while more (given the number run so far) says so, and returns how many
// it ran. Walks down the tree and backups hold mu (a backup and the next
// walk down in one hold); the moves are generated and played, and the
// playouts run, without it. Visits are counted on the way down and
// rewards at the backup, so a node being explored by one goroutine
// looks, to the others, as if it had been lost.
func (t *tree[M, P]) searchShared(mu *sync.Mutex, w *walker[M, P], pos P, m *MCTS[M, P], c float64, more func(n int64) bool) int64 {
	var n int64
	fault, _ := any(pos).(game.Faulter)
	mu.Lock()
	defer mu.Unlock()
	for more(n) && (fault == nil || fault.Err() == nil) {
		cur, fresh := t.descend(mu, w, pos, m.maxNodes(), c)
		mu.Unlock()
		key, r := w.rollout(pos, m, fresh)
		mu.Lock()
		t.backup(w, cur, fresh, key, r)
		n++
	}
	return n
}

// rollout plays the walker's line on pos (from what descend played of
// it), takes the key of the node reached if it is new, plays a random
// game from there and takes every move back.
func (w *walker[M, P]) rollout(pos P, m *MCTS[M, P], fresh bool) (key uint64, r game.Result) {
	playLine(pos, w.line, w.played)
	if fresh {
		key = pos.Key()
	}
	r = w.playout(pos, m)
	for range w.line {
		pos.Undo()
	}
	return key, r
}

// backup credits result r to the walker's path, whose visits descend
// counted, and gives a new node its key; the caller holds the lock.
func (t *tree[M, P]) backup(w *walker[M, P], cur int32, fresh bool, key uint64, r game.Result) {
	if fresh {
		t.node(cur).key = key
	}
	for _, i := range w.path {
		if p := t.node(i).player; p >= 0 && int(p) < len(r) {
			t.stat(i).reward += r[p]
		}
	}
}

// descend walks down a shared tree, called and returning with mu held,
// and returns the node reached and whether it is new. Its path is left in
// w.path, the moves of the path in w.line, of which the first w.played
// are played on pos already (to generate the moves of a node to expand,
// which it does without mu).
func (t *tree[M, P]) descend(mu *sync.Mutex, w *walker[M, P], pos P, maxNodes int, c float64) (cur int32, fresh bool) {
	w.path, w.line, w.played = append(w.path[:0], 0), w.line[:0], 0
	t.stat(0).visits++
	for !t.node(cur).dead {
		if t.node(cur).first < 0 {
			mu.Unlock()
			w.played = playLine(pos, w.line, w.played)
			who, over := w.generate(pos)
			mu.Lock()
			if nd := t.node(cur); nd.first < 0 && !nd.dead {
				t.attach(w, cur, who, over, maxNodes) // unless another walker did
			}
			if nd := t.node(cur); nd.first < 0 || nd.dead {
				break // finished game, or full tree
			}
		}
		cur = t.choose(w, cur, c)
		st := t.stat(cur)
		fresh = st.visits == 0
		st.visits++ // the virtual loss: a visit whose reward comes later
		w.path = append(w.path, cur)
		w.line = append(w.line, t.move(cur))
		if fresh {
			break
		}
	}
	w.depth = max(w.depth, len(w.line))
	return cur, fresh
}

// playLine plays the moves of line from index from on and returns
// len(line), the index to continue from.
func playLine[M any, P game.Position[M]](pos P, line []M, from int) int {
	for _, mv := range line[from:] {
		pos.Play(mv)
	}
	return len(line)
}
