package queue_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// square is a trivial task: its result follows from its seed alone.
func square(ctx context.Context, j queue.Job) (queue.Output, error) {
	data, _ := json.Marshal(map[string]uint64{"square": j.Seed * j.Seed})
	return queue.Output{Kind: "number", Data: data}, nil
}

func openBoth(t *testing.T) (*store.Store, *queue.Queue) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	url := pgtest.URL(t)
	ctx := context.Background()
	st, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	q, err := queue.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(q.Close)
	return st, q
}

func waitDone(t *testing.T, st *store.Store, run int64) store.RunInfo {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ri, err := st.GetRunInfo(context.Background(), run)
		if err != nil {
			t.Fatal(err)
		}
		if ri.Done == ri.Jobs && ri.Status == "done" {
			return ri
		}
		if time.Now().After(deadline) {
			t.Fatalf("run not done: %+v", ri)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Two workers take a run's jobs; each result is stored once, equal to the
// task run locally; enqueueing the run again adds nothing; a job that fails
// once is retried.
func TestQueue(t *testing.T) {
	st, q := openBoth(t)
	ctx := context.Background()
	const n = 60
	run, err := st.CreateRun(ctx, store.RunSpec{Kind: "test", Seed: 1, Jobs: n})
	if err != nil {
		t.Fatal(err)
	}
	var jobs []queue.Job
	for i := range n {
		jobs = append(jobs, queue.Job{RunID: run, Index: i, Task: "square", Seed: uint64(100 + i)})
	}
	if added, err := q.Enqueue(ctx, jobs); err != nil || added != n {
		t.Fatalf("enqueue: %d, %v", added, err)
	}
	if added, err := q.Enqueue(ctx, jobs[:10]); err != nil || added != 0 {
		t.Fatalf("enqueue again: %d, %v", added, err)
	}
	var mu sync.Mutex
	failed := map[int]bool{}
	flaky := func(ctx context.Context, j queue.Job) (queue.Output, error) {
		mu.Lock()
		first := !failed[j.Index] && j.Index%7 == 0
		failed[j.Index] = true
		mu.Unlock()
		if first {
			return queue.Output{}, errors.New("a passing fault")
		}
		return square(ctx, j)
	}
	wctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q.Work(wctx, map[string]queue.Func{"square": flaky}, queue.WorkOptions{Workers: 2})
		}()
	}
	ri := waitDone(t, st, run)
	stop()
	wg.Wait()
	res, err := st.Results(ctx, run)
	if err != nil || len(res) != n || ri.Done != n {
		t.Fatalf("results: %d, %v", len(res), err)
	}
	for i, r := range res {
		want, _ := square(ctx, jobs[i])
		var a, b map[string]uint64
		json.Unmarshal(r.Data, &a)
		json.Unmarshal(want.Data, &b)
		if r.Index != i || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("result %d: %s, want %s", i, r.Data, want.Data)
		}
	}
	counts, err := q.Counts(ctx, run)
	if err != nil || counts["completed"] != n {
		t.Fatalf("counts %v, %v", counts, err)
	}
}
