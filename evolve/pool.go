package evolve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"time"
)

// Pool is a pool hill-climber: it keeps the Size best candidates found so
// far; each iteration picks a random member, mutates a copy and, if the
// mutant scores better than the worst member, swaps it in. It is the
// optimizer of the Linjat level generator, where it beat simulated annealing
// and genetic algorithms, and works on any candidate type.
//
// Mutations are numbered over the whole run and counted in rounds of Batch.
// Mutation m draws its random numbers from its own generator (that of
// WorkerRand(Seed, j) for its job number j) and picks its parent from the
// pool as it stood at the end of the round before last; results enter the
// pool in mutation order. Workers can thus run up to a round ahead of the
// slowest without waiting at a barrier, and a run with an iteration budget
// gives the same result for the same Seed and Batch whatever the number of
// workers, as does a run resumed from a checkpoint. A time budget stops
// where the clock says and is, by nature, not reproducible.
type Pool[T any] struct {
	// Size is the number of candidates kept (default 10).
	Size int
	// Goal says whether scores are maximised (the default) or minimised.
	Goal Goal
	// Iterations is the number of mutants to evaluate; Time bounds the
	// wall-clock time of the run. At least one of them must be set; the
	// run stops at whichever comes first.
	Iterations int64
	Time       time.Duration
	// Workers is the number of goroutines (default GOMAXPROCS).
	Workers int
	// Batch is the number of mutations per round (default 16): how far
	// behind the newest pool a mutation's parent may be chosen.
	Batch int
	// Seed seeds every job.
	Seed uint64
	// MaxFresh bounds the attempts to fill the initial pool (default
	// 1000 x Size); a run that cannot fill it fails.
	MaxFresh int64

	// New makes a fresh candidate and its score; ok false means the attempt
	// failed (it is retried with another job).
	New func(job *Job) (value T, score float64, ok bool)
	// Mutate returns a changed copy of parent and its score; ok false
	// discards it. It must not modify parent, which other jobs may read.
	Mutate func(job *Job, parent T) (value T, score float64, ok bool)
	// Key, when set, identifies candidates: a mutant whose key is already in
	// the pool is discarded, so that the pool does not fill with copies.
	Key func(T) string

	// Checkpoint, when set, is a file where the state is saved (atomically,
	// as JSON, so T must marshal) every CheckpointEvery (default 30 s) and
	// at the end; a run finding it resumes from it.
	Checkpoint      string
	CheckpointEvery time.Duration
	// Progress, when set, is called after every round, one call at a time.
	Progress func(Progress)
}

// Job is what a New or Mutate call gets: its random generator, the worker
// running it (for per-worker scratch memory), its index in the run, and a
// score a result must reach to have a chance of entering the pool (the
// worst member's in the pool the parent came from, or an infinitely bad
// score while the pool fills; the pool only improves), so that costly checks
// can be skipped for results that will be discarded.
type Job struct {
	Rand   *rand.Rand
	Worker int
	Index  int64
	Bar    float64
}

// Member is a candidate in the pool with its score; Serial orders members by
// arrival.
type Member[T any] struct {
	Value  T       `json:"value"`
	Score  float64 `json:"score"`
	Serial int64   `json:"serial"`
}

// Progress reports a round's end.
type Progress struct {
	Iterations int64 // mutants evaluated so far
	Total      int64 // the iteration budget (0 with a time budget alone)
	Best       float64
	Elapsed    time.Duration
}

// PoolResult is the outcome of a run: the best candidate, the final pool
// (best first) and counts.
type PoolResult[T any] struct {
	Best       Member[T]
	Pool       []Member[T]
	Iterations int64 // mutants evaluated
	Accepted   int64 // mutants that entered the pool
	Fresh      int64 // New calls made to fill the pool
	Elapsed    time.Duration
}

// poolState is the checkpointed state of a run.
type poolState[T any] struct {
	Seed       uint64      `json:"seed"`
	Batch      int         `json:"batch"`
	NextSerial int64       `json:"next_serial"`
	Iterations int64       `json:"iterations"`
	Accepted   int64       `json:"accepted"`
	Fresh      int64       `json:"fresh"`
	Members    []Member[T] `json:"members"`
	// Rounds holds the pool at the end of the last two complete rounds,
	// older first: the parents of the mutations still to come.
	Rounds [2][]Member[T] `json:"rounds"`
}

// Run optimises until the budget is spent or ctx is cancelled; on
// cancellation it returns what it has with ctx's error.
func (p *Pool[T]) Run(ctx context.Context) (*PoolResult[T], error) {
	if p.New == nil || p.Mutate == nil {
		return nil, errors.New("evolve: pool needs New and Mutate")
	}
	if p.Iterations <= 0 && p.Time <= 0 {
		return nil, errors.New("evolve: pool needs an iteration or time budget")
	}
	size, batch := orDefault(p.Size, 10), orDefault(p.Batch, 16)
	workers := orDefault(p.Workers, runtime.GOMAXPROCS(0))
	st := &poolState[T]{Seed: p.Seed, Batch: batch}
	if p.Checkpoint != "" {
		found, err := LoadCheckpoint(p.Checkpoint, st)
		if err != nil {
			return nil, err
		}
		if found && (st.Seed != p.Seed || st.Batch != batch) {
			return nil, fmt.Errorf("%s: checkpoint of seed %d, batch %d; run has seed %d, batch %d",
				p.Checkpoint, st.Seed, st.Batch, p.Seed, batch)
		}
	}
	r := &poolRun[T]{p: p, st: st, size: size, batch: batch, workers: workers, start: time.Now()}
	err := r.loop(ctx)
	r.saves.Wait()
	if p.Checkpoint != "" {
		if cerr := SaveCheckpoint(p.Checkpoint, st); cerr != nil && err == nil {
			err = cerr
		}
	}
	res := &PoolResult[T]{Pool: st.Members, Iterations: st.Iterations, Accepted: st.Accepted,
		Fresh: st.Fresh, Elapsed: time.Since(r.start)}
	if len(st.Members) > 0 {
		res.Best = st.Members[0]
	}
	return res, err
}

func orDefault(v, def int) int {
	if v < 1 {
		return def
	}
	return v
}

// insert adds a candidate and drops the worst member if the pool is over
// size (the oldest among equals, so that the pool drifts across plateaus).
// It reports whether the candidate stayed.
func (r *poolRun[T]) insert(v T, score float64) bool {
	p, st := r.p, r.st
	if p.Key != nil {
		k := p.Key(v)
		for _, m := range st.Members {
			if p.Key(m.Value) == k {
				return false
			}
		}
	}
	m := Member[T]{Value: v, Score: score, Serial: st.NextSerial}
	st.NextSerial++
	st.Members = append(st.Members, m)
	sort.SliceStable(st.Members, func(i, j int) bool {
		a, b := st.Members[i], st.Members[j]
		if a.Score != b.Score {
			return p.Goal.Better(a.Score, b.Score)
		}
		return a.Serial > b.Serial
	})
	if len(st.Members) <= r.size {
		return true
	}
	dropped := st.Members[len(st.Members)-1]
	st.Members = st.Members[:len(st.Members)-1]
	return dropped.Serial != m.Serial
}
