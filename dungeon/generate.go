package dungeon

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/internal/cputime"
)

// Options tune one generation.
type Options struct {
	// Seed makes the layout reproducible: the same spec, seed and options
	// give the same layout.
	Seed uint64
	// TimeLimit bounds the search; 0 means DefaultTimeLimit.
	TimeLimit time.Duration
	// CPULimit, when positive, also bounds the processor time the calling
	// OS thread spends on the search, so that benchmarks on a machine busy
	// with other work give every run the same work; the caller keeps its
	// goroutine on one thread (runtime.LockOSThread). Where the system does
	// not tell a thread's processor time, it is ignored.
	CPULimit time.Duration
	// Trace, when set, receives the steps of the search (see Trace).
	Trace *Trace
	// annealingOnly leaves out the exhaustive search (for tests that
	// check one search against the other).
	annealingOnly bool
	// exactFirst gives the exhaustive search its first turn at once.
	exactFirst bool
}

// DefaultTimeLimit is the time limit of a generation that sets none.
const DefaultTimeLimit = time.Minute

// Stats describe how a layout was found.
type Stats struct {
	// Iterations counts annealing moves and greedy position trials.
	Iterations int
	// Chains is the number of chains; Extensions the partial layouts
	// produced, Backtracks how often the search went back to an older
	// partial layout, Restarts how often it started afresh.
	Chains, Extensions, Backtracks, Restarts int
	// ExactSteps counts the steps of the exhaustive search that runs by
	// turns with the annealing one on levels with loops it fails to lay
	// out at once.
	ExactSteps int
	Duration   time.Duration
	// Stuck names, when no layout was found in time, the rooms that most
	// often found no place: where the level is too tight.
	Stuck []string
}

// ErrTimeLimit is returned (wrapped) when no layout was found in time.
var ErrTimeLimit = errors.New("time limit reached")

// node is a partial layout on the search stack, with the lazy source of
// its extensions by the next chain.
type node struct {
	st    *state
	chain int
	next  func() (*state, bool)
	stop  func()
	// yielded counts the extensions produced so far.
	yielded int
}

// Generate lays out the level. The search is a depth-first walk over
// partial layouts: each node extends its layout by the next chain, lazily,
// one extension at a time, and a node whose extensions are all used up is
// dropped so that its parent offers another; a chain that finds no place
// at all sends the search back to the last chain next to it (backjump).
// After a number of backtracks without laying out more chains than before
// (see patience), or when everything is used up, the search starts
// afresh, switching between the two chain decompositions, until the time
// limit.
func (g *Generator) Generate(ctx context.Context, opt Options) (*Layout, Stats, error) {
	began := time.Now()
	limit := opt.TimeLimit
	if limit <= 0 {
		limit = DefaultTimeLimit
	}
	deadline := began.Add(limit)
	s := &search{g: g, rng: evolve.WorkerRand(opt.Seed, 0), trace: opt.Trace,
		cnt: &counters{stall: stallBase, expired: expiry(ctx, deadline, opt.CPULimit)}}
	defer s.clear()
	if s.trace != nil {
		s.trace.begin(g)
	}
	s.start()
	s.stats.Chains = len(s.chains)
	var ex *exactRun
	if !opt.annealingOnly {
		ex = g.startExact(opt.Seed, s.cnt.expired)
	}
	if ex != nil {
		defer ex.stop()
	}
	turn := exactDelay
	if opt.exactFirst {
		turn = 0
	}
	for {
		if ex != nil && s.cnt.iterations >= turn {
			l, done, err := s.exactTurn(ex)
			if done && err == nil {
				s.step(StepExact, -1, len(s.chains), ex.x.st)
			}
			if done {
				s.stats.Iterations, s.stats.Duration = s.cnt.iterations, time.Since(began)
				return l, s.stats, err
			}
			turn = s.cnt.iterations + exactSlice
		}
		if s.cnt.expired() {
			s.stats.Iterations, s.stats.Duration = s.cnt.iterations, time.Since(began)
			if err := ctx.Err(); err != nil {
				return nil, s.stats, err
			}
			spent := limit.String()
			if opt.CPULimit > 0 && time.Now().Before(deadline) {
				spent = opt.CPULimit.String() + " of processor time"
			}
			stuck := g.stuckAt(&s.dead, &s.stats)
			return nil, s.stats, fmt.Errorf("%s: no layout found in %s (%d iterations, %d restarts%s): %w",
				g.spec.Source, spent, s.cnt.iterations, s.stats.Restarts, stuck, ErrTimeLimit)
		}
		top := s.stack[len(s.stack)-1]
		if top.chain == len(s.chains) {
			s.stats.Iterations, s.stats.Duration = s.cnt.iterations, time.Since(began)
			return g.layout(top.st), s.stats, nil
		}
		if child, ok := top.next(); ok {
			top.yielded++
			s.stats.Extensions++
			s.push(child, top.chain+1)
			if s.trace != nil {
				kind := StepChain
				if top.chain+1 == len(s.chains) {
					kind = StepDone
				}
				s.step(kind, top.chain, top.chain+1, child)
			}
			if top.chain+1 > s.depth {
				// Progress: a large level backtracks a little at many
				// chains on its way and must not lose the chains behind.
				s.depth, s.sinceRestart = top.chain+1, 0
			}
			continue
		}
		top.stop()
		s.stack = s.stack[:len(s.stack)-1]
		if top.yielded == 0 {
			s.dead.add(s.variant, top.chain, len(s.chains))
			s.backjump(top.chain)
		}
		switch {
		case len(s.stack) == 0:
			// Every partial layout failed: let each annealing run try
			// longer than before.
			s.cnt.stall = stallBase << min(s.stats.Restarts+1, stallGrowth)
			s.restart()
		case s.sinceRestart >= s.patience():
			// Deep trouble usually comes from an early choice that
			// chronological backtracking would reach only after a very
			// long time: start afresh instead.
			s.restart()
		default:
			s.stats.Backtracks++
			s.sinceRestart++
			if s.trace != nil {
				back := s.stack[len(s.stack)-1]
				s.step(StepBacktrack, top.chain, back.chain, back.st)
			}
		}
	}
}

// exactTurn gives the exhaustive search its turn and reports whether it
// answered: with a layout, or with the proof that there is none.
func (s *search) exactTurn(ex *exactRun) (*Layout, bool, error) {
	out := ex.turn(exactShare * exactSlice)
	s.stats.ExactSteps = ex.x.nodes
	switch {
	case out == exactFound && s.g.valid(ex.x.st):
		return s.g.layout(ex.x.st), true, nil
	case out == exactNone:
		return nil, true, s.g.noLayoutError(ex.x)
	}
	return nil, false, nil
}

// expiry returns the test of the end of a search: ctx done, the deadline
// passed or, with cpuLimit, the calling thread's processor time spent. The
// thread's clock, a system call, is read at most every few milliseconds.
func expiry(ctx context.Context, deadline time.Time, cpuLimit time.Duration) func() bool {
	cpu0, ok := cputime.Thread()
	if cpuLimit <= 0 || !ok {
		return func() bool { return ctx.Err() != nil || time.Now().After(deadline) }
	}
	var next time.Time
	spent := false
	return func() bool {
		now := time.Now()
		if ctx.Err() != nil || now.After(deadline) {
			return true
		}
		if !spent && now.After(next) {
			next = now.Add(2 * time.Millisecond)
			c, _ := cputime.Thread()
			spent = c-cpu0 >= cpuLimit
		}
		return spent
	}
}

// search is the state of one Generate call.
type search struct {
	g            *Generator
	rng          *rand.Rand
	cnt          *counters
	trace        *Trace
	chains       []chain
	stack        []*node
	stats        Stats
	sinceRestart int
	// variant is the decomposition in use; depth the most chains laid out
	// in this attempt; tries and progress (summed depth fractions) count
	// the attempts of each decomposition.
	variant  int
	depth    int
	tries    [2]int
	progress [2]float64
	// spent counts the iterations of the attempts with each
	// decomposition, begun the iterations at the start of this attempt.
	spent [wholeVariant + 1]int
	begun int
	dead  deadEnds
}

// wholeVariant is the index of the wholeCore decomposition in
// Generator.chains, where a level has it.
const wholeVariant = 2

// wholeShare is the share of the iterations after the first attempts
// that go to laying out all loops as one chain, where a level has that
// decomposition.
const wholeShare = 0.75

// start pushes the empty layout, choosing a decomposition: the first
// (trees last, as in the reference) twice, the second once, then the one
// whose attempts got furthest on average, the other every fourth attempt
// or so; on small levels with several loops, every attempt that keeps
// the loops-as-one-chain decomposition at its share of the iterations
// (see wholeCore) uses that one.
func (s *search) start() {
	total := 0
	for _, n := range s.spent {
		total += n
	}
	switch {
	case s.stats.Restarts < 3:
		s.variant = s.stats.Restarts / 2
	case len(s.g.chains) > wholeVariant && float64(s.spent[wholeVariant]) <= wholeShare*float64(total):
		s.variant = wholeVariant
	default:
		best, other := 0, 1
		if s.progress[1]*float64(s.tries[0]) > s.progress[0]*float64(s.tries[1]) {
			best, other = 1, 0
		}
		s.variant = best
		if 4*s.tries[other] < s.tries[best] {
			s.variant = other
		}
	}
	s.begun = s.cnt.iterations
	s.chains = s.g.chains[s.variant]
	if s.variant < len(s.tries) {
		s.tries[s.variant]++
	}
	s.depth, s.sinceRestart = 0, 0
	st := newState(len(s.g.rooms), len(s.g.edges))
	s.push(st, 0)
	if s.trace != nil {
		kind := StepStart
		if s.stats.Restarts > 0 {
			kind = StepRestart
		}
		s.step(kind, -1, 0, st)
	}
}

// backjump drops the partial layouts above the last one that laid out a
// chain with a room next to chain c, which found no place at all: the
// chains in between do not touch c, and their other layouts would most
// likely leave it in the same trouble. On a large level, chronological
// backtracking spent its budget on such chains and seldom got back to
// the chain that walled c in.
func (s *search) backjump(c int) {
	for len(s.stack) > 0 {
		top := s.stack[len(s.stack)-1]
		if s.touches(top.chain, c) {
			return
		}
		top.stop()
		s.stack = s.stack[:len(s.stack)-1]
	}
}

// touches reports whether chain a has a room next to a room of chain b.
func (s *search) touches(a, b int) bool {
	for _, v := range s.chains[a].rooms {
		for _, ad := range s.g.rooms[v].adj {
			if slices.Contains(s.chains[b].rooms, ad.room) {
				return true
			}
		}
	}
	return false
}

// patience is the number of backtracks without progress after which the
// search starts afresh: restartAfter, or five per chain on levels of at
// least manyChains chains, where an attempt that got far cost much and
// is worth more backtracks (on smaller levels, more of them only delay
// the fresh start that a dense level needs).
func (s *search) patience() int {
	if len(s.chains) >= manyChains {
		return 5 * len(s.chains)
	}
	return restartAfter
}

func (s *search) restart() {
	if s.variant < len(s.progress) {
		s.progress[s.variant] += float64(s.depth) / float64(len(s.chains))
	}
	s.spent[s.variant] += s.cnt.iterations - s.begun
	s.clear()
	s.stats.Restarts++
	s.start()
}

// clear stops the extension sources of every node on the stack.
func (s *search) clear() {
	for _, n := range s.stack {
		n.stop()
	}
	s.stack = s.stack[:0]
	s.stats.Iterations = s.cnt.iterations
}

func (s *search) push(st *state, ci int) {
	n := &node{st: st, chain: ci}
	if ci < len(s.chains) {
		n.next, n.stop = iter.Pull(s.g.extensions(st, &s.chains[ci], s.rng, s.cnt))
	} else {
		n.next, n.stop = func() (*state, bool) { return nil, false }, func() {}
	}
	s.stack = append(s.stack, n)
}

// extensions yields distinct valid extensions of st by chain ch: for a
// tree chain, a few greedy placements; for a cycle, or a tree the greedy
// placement cannot fit, annealing from the greedy placement; and when that
// finds none, annealing in which the placed rooms next to the chain may
// move too (a loop closing between two rooms placed too far apart or too
// close together needs them to give way).
func (g *Generator) extensions(st *state, ch *chain, rng *rand.Rand, cnt *counters) iter.Seq[*state] {
	return func(yield func(*state) bool) {
		r := newChainRun(g, st, ch, nil, rng, cnt)
		attempts := 1
		if !ch.cycle {
			attempts = treeAttempts
		}
		for range attempts {
			if cnt.expired() {
				return
			}
			r.greedy()
			if r.valid && r.different() {
				r.record()
				if !yield(r.st.clone()) || len(r.found) >= maxBranches {
					return
				}
			}
		}
		if len(r.found) > 0 && !ch.cycle {
			return
		}
		stopped := false
		r.anneal(func(s *state) bool {
			stopped = !yield(s)
			return !stopped
		})
		if stopped || len(r.found) > 0 || cnt.expired() {
			return
		}
		// No layout of the chain fits between the rooms placed before:
		// let the placed rooms next to it move as well.
		loose := placedNeighbours(g, st, ch)
		if len(loose) == 0 {
			return
		}
		w := newChainRun(g, st, ch, loose, rng, cnt)
		w.greedy()
		if w.valid {
			w.record()
			if !yield(w.st.clone()) {
				return
			}
		}
		w.anneal(yield)
	}
}

// placedNeighbours returns the placed rooms next to chain ch.
func placedNeighbours(g *Generator, st *state, ch *chain) []int {
	seen := map[int]bool{}
	var out []int
	for _, v := range ch.rooms {
		for _, ad := range g.rooms[v].adj {
			if w := ad.room; !seen[w] && st.shape[w] >= 0 {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}
