package queue_test

import (
	"context"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// BenchmarkTrivialJobs measures jobs per second through the queue: jobs
// that do nothing, enqueued, taken by one in-process worker running 16 at
// once, their results stored. It needs PostgreSQL (a throw-away cluster
// made with initdb, fsync off, or $LUDUS_TEST_POSTGRES).
func BenchmarkTrivialJobs(b *testing.B) {
	url := pgtest.URL(b)
	ctx := context.Background()
	st, err := store.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	q, err := queue.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer q.Close()
	run, err := st.CreateRun(ctx, store.RunSpec{Kind: "bench", Jobs: b.N, Status: store.StatusQueued})
	if err != nil {
		b.Fatal(err)
	}
	jobs := make([]queue.Job, b.N)
	for i := range jobs {
		jobs[i] = queue.Job{RunID: run, Index: i, Task: "square", Seed: uint64(i)}
	}
	b.ResetTimer()
	if _, err := q.Enqueue(ctx, jobs); err != nil {
		b.Fatal(err)
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error)
	go func() { done <- q.Work(wctx, map[string]queue.Func{"square": square}, queue.WorkOptions{Workers: 16}) }()
	for {
		ri, err := st.GetRunInfo(ctx, run)
		if err != nil {
			b.Fatal(err)
		}
		if ri.Done >= b.N {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
	stop()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
}
