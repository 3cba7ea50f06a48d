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

// A job that always fails is tried MaxAttempts times and then given up;
// the run stays unfinished and says so.
func TestRetryCap(t *testing.T) {
	st, q := openBoth(t)
	ctx := context.Background()
	run, err := st.CreateRun(ctx, store.RunSpec{Kind: "test", Jobs: 2, Status: store.StatusQueued})
	if err != nil {
		t.Fatal(err)
	}
	jobs := []queue.Job{{RunID: run, Index: 0, Task: "square", Seed: 3}, {RunID: run, Index: 1, Task: "broken"}}
	if _, err := q.Enqueue(ctx, jobs); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	tries := 0
	broken := func(context.Context, queue.Job) (queue.Output, error) {
		mu.Lock()
		tries++
		mu.Unlock()
		return queue.Output{}, errors.New("always")
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		q.Work(wctx, map[string]queue.Func{"square": square, "broken": broken},
			queue.WorkOptions{Workers: 2, RetryDelay: func(int) time.Duration { return 10 * time.Millisecond }})
	}()
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, err := q.Counts(ctx, run)
		if err != nil {
			t.Fatal(err)
		}
		if c["discarded"] == 1 && c["completed"] == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("counts %v", c)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	<-done
	if tries != queue.MaxAttempts {
		t.Errorf("the failing job was tried %d times, want %d", tries, queue.MaxAttempts)
	}
	ri, err := st.GetRunInfo(ctx, run)
	if err != nil || ri.Done != 1 || ri.Status != store.StatusQueued {
		t.Fatalf("run %+v, %v", ri, err)
	}
}

// A job's follow-up runs in the transaction that completes it: here each
// job enqueues the next, and a follow-up that fails once stores nothing and
// queues nothing until the job is tried again.
func TestFollowUp(t *testing.T) {
	st, q := openBoth(t)
	ctx := context.Background()
	const n = 6
	run, err := st.CreateRun(ctx, store.RunSpec{Kind: "test", Jobs: n, Status: store.StatusQueued})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.Enqueue(ctx, []queue.Job{{RunID: run, Index: 0, Task: "chain", Seed: 1}}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	failedOnce := false
	chain := func(ctx context.Context, j queue.Job) (queue.Output, error) {
		out, _ := square(ctx, j)
		out.Then = func(ctx context.Context, tx *queue.Tx) (json.RawMessage, error) {
			mu.Lock()
			fail := j.Index == 3 && !failedOnce
			failedOnce = failedOnce || fail
			mu.Unlock()
			if j.Index+1 < n {
				next := queue.Job{RunID: run, Index: j.Index + 1, Task: "chain", Seed: j.Seed + 1}
				if err := tx.Enqueue(ctx, []queue.Job{next}); err != nil {
					return nil, err
				}
			}
			if fail {
				return nil, errors.New("a passing fault after enqueueing")
			}
			return nil, nil
		}
		return out, nil
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		q.Work(wctx, map[string]queue.Func{"chain": chain},
			queue.WorkOptions{Workers: 2, RetryDelay: func(int) time.Duration { return 10 * time.Millisecond }})
	}()
	waitDone(t, st, run)
	stop()
	<-done
	res, err := st.Results(ctx, run)
	if err != nil || len(res) != n {
		t.Fatalf("results %v, %v", res, err)
	}
	for i, r := range res {
		var got map[string]uint64
		json.Unmarshal(r.Data, &got)
		if want := uint64(1+i) * uint64(1+i); got["square"] != want {
			t.Errorf("result %d: %s, want square %d", i, r.Data, want)
		}
	}
	c, err := q.Counts(ctx, run)
	if err != nil || c["completed"] != n || len(c) != 1 {
		t.Fatalf("counts %v, %v: want %d completed jobs and nothing else", c, err, n)
	}
	if !failedOnce {
		t.Error("the follow-up never failed")
	}
}
