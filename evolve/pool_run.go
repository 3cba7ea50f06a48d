package evolve

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"
)

// poolRun is one Run of a Pool.
type poolRun[T any] struct {
	p                    *Pool[T]
	st                   *poolState[T]
	size, batch, workers int
	start                time.Time

	mu      sync.Mutex
	cond    *sync.Cond
	next    int64                  // next mutation to hand out
	stop    bool                   // no more mutations are handed out
	pending map[int64]jobResult[T] // finished, not yet merged
	err     error                  // from saving a checkpoint

	saves    sync.WaitGroup // checkpoint writes under way
	saveMu   sync.Mutex
	lastSave time.Time
	saved    int64 // iterations of the newest checkpoint written
}

type jobResult[T any] struct {
	value T
	score float64
	ok    bool
}

func (r *poolRun[T]) timeUp() bool { return r.p.Time > 0 && time.Since(r.start) >= r.p.Time }

// jobRand seeds g as WorkerRand(seed, job) would, without allocating.
func jobRand(pcg *rand.PCG, seed uint64, job int64) {
	pcg.Seed(seed, 0x9e3779b97f4a7c15^uint64(job))
}

func (r *poolRun[T]) loop(ctx context.Context) error {
	p, st := r.p, r.st
	maxFresh := p.MaxFresh
	if maxFresh <= 0 {
		maxFresh = 1000 * int64(r.size)
	}
	r.lastSave = time.Now()
	for len(st.Members) < r.size {
		if err := ctx.Err(); err != nil {
			return err
		}
		if st.Fresh >= maxFresh {
			return fmt.Errorf("evolve: no candidate after %d attempts", st.Fresh)
		}
		r.fill(int(min(int64(r.batch), maxFresh-st.Fresh)))
	}
	if st.Iterations == 0 {
		st.Rounds = [2][]Member[T]{nil, clone(st.Members)}
	}
	return r.mutateAll(ctx)
}

// fill runs n fresh-candidate jobs in parallel and adds the results in job
// order.
func (r *poolRun[T]) fill(n int) {
	p, st := r.p, r.st
	results := make([]jobResult[T], n)
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := range min(r.workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pcg := rand.NewPCG(0, 0)
			job := Job{Rand: rand.New(pcg), Worker: w, Bar: r.worstBar(nil)}
			for i := range jobs {
				job.Index = st.Fresh + int64(i)
				jobRand(pcg, p.Seed, job.Index)
				results[i].value, results[i].score, results[i].ok = p.New(&job)
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	st.Fresh += int64(n)
	for _, res := range results {
		if res.ok {
			r.insert(res.value, res.score)
		}
	}
}

// worstBar is the score a mutant of a parent from members must reach.
func (r *poolRun[T]) worstBar(members []Member[T]) float64 {
	if len(members) < r.size {
		if r.p.Goal == Minimize {
			return math.Inf(1)
		}
		return math.Inf(-1)
	}
	return members[len(members)-1].Score
}

// mutateAll runs the mutation phase: workers take mutations in order, each
// waiting only until the pool its parent comes from (end of the round
// before last) exists, and results are merged in order as they arrive.
func (r *poolRun[T]) mutateAll(ctx context.Context) error {
	r.cond = sync.NewCond(&r.mu)
	r.next = r.st.Iterations
	r.pending = map[int64]jobResult[T]{}
	stopOnCancel := context.AfterFunc(ctx, func() {
		r.mu.Lock()
		r.stop = true
		r.cond.Broadcast()
		r.mu.Unlock()
	})
	defer stopOnCancel()
	var wg sync.WaitGroup
	for w := range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.worker(w)
		}()
	}
	wg.Wait()
	if r.err != nil {
		return r.err
	}
	return ctx.Err()
}

func (r *poolRun[T]) worker(w int) {
	p, st := r.p, r.st
	pcg := rand.NewPCG(0, 0)
	job := Job{Rand: rand.New(pcg), Worker: w}
	for {
		r.mu.Lock()
		for !r.stop && r.next/int64(r.batch) > st.Iterations/int64(r.batch)+1 {
			r.cond.Wait() // the parent pool of the next mutation is not there yet
		}
		if r.stop || (p.Iterations > 0 && r.next >= p.Iterations) || r.timeUp() {
			r.stop = true
			r.cond.Broadcast()
			r.mu.Unlock()
			return
		}
		m := r.next
		r.next++
		parents := r.parents(m)
		r.mu.Unlock()

		job.Index, job.Bar = st.Fresh+m, r.worstBar(parents)
		jobRand(pcg, p.Seed, job.Index)
		parent := parents[job.Rand.IntN(len(parents))]
		var res jobResult[T]
		res.value, res.score, res.ok = p.Mutate(&job, parent.Value)

		r.mu.Lock()
		r.pending[m] = res
		r.mergeReady()
		r.cond.Broadcast()
		r.mu.Unlock()
	}
}

// parents returns the pool mutation m draws its parent from: the pool at
// the end of round m/Batch - 1 (the starting pool for the first two
// rounds). The caller holds r.mu.
func (r *poolRun[T]) parents(m int64) []Member[T] {
	want := max(m/int64(r.batch)-1, 0)       // round whose end is wanted
	have := r.st.Iterations / int64(r.batch) // newest complete round
	if want == have {
		return r.st.Rounds[1]
	}
	return r.st.Rounds[0]
}

// mergeReady merges the finished mutations that are next in order. The
// caller holds r.mu.
func (r *poolRun[T]) mergeReady() {
	p, st := r.p, r.st
	for {
		res, ok := r.pending[st.Iterations]
		if !ok {
			return
		}
		delete(r.pending, st.Iterations)
		if res.ok && r.insert(res.value, res.score) {
			st.Accepted++
		}
		st.Iterations++
		if st.Iterations%int64(r.batch) != 0 && st.Iterations != p.Iterations {
			continue
		}
		if st.Iterations%int64(r.batch) == 0 {
			st.Rounds = [2][]Member[T]{st.Rounds[1], clone(st.Members)}
		}
		if p.Progress != nil {
			p.Progress(Progress{Iterations: st.Iterations, Total: max(p.Iterations, 0),
				Best: st.Members[0].Score, Elapsed: time.Since(r.start)})
		}
		if p.Checkpoint != "" && time.Since(r.lastSave) >= r.checkpointEvery() {
			r.lastSave = time.Now()
			snap := cloneState(st)
			r.saves.Add(1)
			go r.save(snap) // outside the lock; save orders the writes
		}
	}
}

// save writes a checkpoint unless a newer one is already written.
func (r *poolRun[T]) save(st *poolState[T]) {
	defer r.saves.Done()
	r.saveMu.Lock()
	defer r.saveMu.Unlock()
	if st.Iterations <= r.saved {
		return
	}
	if err := SaveCheckpoint(r.p.Checkpoint, st); err != nil {
		r.mu.Lock()
		r.err, r.stop = err, true
		r.cond.Broadcast()
		r.mu.Unlock()
		return
	}
	r.saved = st.Iterations
}

func (r *poolRun[T]) checkpointEvery() time.Duration {
	if r.p.CheckpointEvery > 0 {
		return r.p.CheckpointEvery
	}
	return 30 * time.Second
}

func clone[T any](ms []Member[T]) []Member[T] { return append([]Member[T](nil), ms...) }

func cloneState[T any](st *poolState[T]) *poolState[T] {
	c := *st
	c.Members = clone(st.Members)
	c.Rounds = [2][]Member[T]{clone(st.Rounds[0]), clone(st.Rounds[1])}
	return &c
}
