package batch

import (
	"context"
	"errors"
	"sort"
	"testing"
)

func TestRunAllJobs(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 7, 100} {
		sum := map[int]int{}
		err := Run(context.Background(), workers, Seq(50),
			func(_ context.Context, id int) (int, error) { return id * id, nil },
			func(id, v int) error { sum[id] = v; return nil })
		if err != nil {
			t.Fatal(err)
		}
		if len(sum) != 50 {
			t.Fatalf("workers=%d: %d results, want 50", workers, len(sum))
		}
		for id, v := range sum {
			if v != id*id {
				t.Fatalf("result for %d = %d", id, v)
			}
		}
	}
}

func TestRunStopsAtFirstError(t *testing.T) {
	boom := errors.New("boom")
	var seen []int
	err := Run(context.Background(), 1, Seq(100),
		func(ctx context.Context, id int) (int, error) {
			if id == 3 {
				return 0, boom
			}
			return id, nil
		},
		func(id, _ int) error { seen = append(seen, id); return nil })
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	sort.Ints(seen)
	if len(seen) > 10 {
		t.Fatalf("ran on after the error: %v", seen)
	}
}

func TestRunEmpty(t *testing.T) {
	if err := Run[int](context.Background(), 4, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
}
