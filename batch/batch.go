// Package batch runs sets of independent, seeded jobs (games of a match,
// puzzles of a level pack, runs of a benchmark) on a pool of workers.
//
// Jobs are identified by an index from which they derive their own seed, so
// the results do not depend on the number of workers or on the order in
// which jobs finish; only the order of the done callbacks does.
package batch

import (
	"context"
	"runtime"
	"sync"
)

// Run calls job for every id in ids on up to workers goroutines (all cores
// when workers < 1) and hands each result to done, one call at a time, in the
// order the jobs finish. The first error from job or done cancels the
// remaining jobs and is returned; jobs already running see ctx cancelled.
func Run[T any](ctx context.Context, workers int, ids []int,
	job func(ctx context.Context, id int) (T, error),
	done func(id int, result T) error) error {
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(len(ids), 1))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		id  int
		val T
		err error
	}
	next := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range next {
				v, err := job(ctx, id)
				results <- result{id, v, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for _, id := range ids {
			select {
			case next <- id:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	var first error
	for r := range results {
		if first != nil {
			continue // drain so that workers can exit
		}
		err := r.err
		if err == nil && done != nil {
			err = done(r.id, r.val)
		}
		if err != nil {
			first = err
			cancel()
		}
	}
	if first == nil {
		first = ctx.Err()
	}
	return first
}

// Seq returns the ids 0..n-1.
func Seq(n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return ids
}
