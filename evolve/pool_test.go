package evolve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// bitsProblem maximises the number of ones in a 40-bit string: fresh
// candidates are random, a mutation flips one bit.
func bitsPool(seed uint64, iterations int64, workers int) *Pool[string] {
	return &Pool[string]{
		Iterations: iterations, Workers: workers, Seed: seed,
		New: func(j *Job) (string, float64, bool) {
			b := make([]byte, 40)
			for i := range b {
				b[i] = '0' + byte(j.Rand.IntN(2))
			}
			return string(b), ones(string(b)), true
		},
		Mutate: func(j *Job, parent string) (string, float64, bool) {
			b := []byte(parent)
			i := j.Rand.IntN(len(b))
			b[i] ^= 1
			return string(b), ones(string(b)), true
		},
	}
}

func ones(s string) float64 {
	n := 0.0
	for _, c := range s {
		if c == '1' {
			n++
		}
	}
	return n
}

func TestPoolClimbs(t *testing.T) {
	res, err := bitsPool(1, 3000, 2).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Best.Score != 40 {
		t.Fatalf("best %v after %d iterations, want 40", res.Best.Score, res.Iterations)
	}
	if res.Iterations != 3000 || len(res.Pool) != 10 || res.Accepted == 0 {
		t.Fatalf("result %+v", res)
	}
	for i := 1; i < len(res.Pool); i++ {
		if res.Pool[i].Score > res.Pool[i-1].Score {
			t.Fatalf("pool not sorted best first: %v", res.Pool)
		}
	}
}

// The result depends on the seed, not on the number of workers.
func TestPoolDeterministic(t *testing.T) {
	run := func(seed uint64, workers int) string {
		res, err := bitsPool(seed, 200, workers).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(res.Pool)
	}
	a, c := run(5, 1), run(6, 2)
	for _, w := range []int{2, 3, 8} {
		if b := run(5, w); a != b {
			t.Errorf("1 and %d workers differ:\n%s\n%s", w, a, b)
		}
	}
	if a == c {
		t.Errorf("seeds 5 and 6 gave the same pool")
	}
}

// A run interrupted and resumed from its checkpoint ends where an
// uninterrupted run ends.
func TestPoolResume(t *testing.T) {
	full, err := bitsPool(9, 320, 2).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "pool.json")
	first := bitsPool(9, 320, 2)
	first.Checkpoint = path
	ctx, cancel := context.WithCancel(context.Background())
	first.CheckpointEvery = time.Nanosecond
	first.Mutate = func(j *Job, parent string) (string, float64, bool) {
		if j.Index > 170 {
			cancel() // mid-round: merged results stop at a gap
		}
		return bitsPool(9, 0, 0).Mutate(j, parent)
	}
	if _, err := first.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: err = %v", err)
	}
	second := bitsPool(9, 320, 1)
	second.Checkpoint = path
	res, err := second.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(res.Pool) != fmt.Sprint(full.Pool) || res.Iterations != 320 {
		t.Fatalf("resumed run differs:\n%v\n%v", res.Pool, full.Pool)
	}
	other := bitsPool(10, 320, 1)
	other.Checkpoint = path
	if _, err := other.Run(context.Background()); err == nil {
		t.Fatal("a checkpoint of another seed was accepted")
	}
}

func TestPoolOptions(t *testing.T) {
	t.Run("minimize", func(t *testing.T) {
		p := bitsPool(2, 3000, 1)
		p.Goal = Minimize
		res, err := p.Run(context.Background())
		if err != nil || res.Best.Score != 0 {
			t.Fatalf("best %v, %v; want 0", res.Best.Score, err)
		}
	})
	t.Run("key keeps members distinct", func(t *testing.T) {
		p := bitsPool(3, 500, 1)
		p.Key = func(s string) string { return s }
		res, err := p.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, m := range res.Pool {
			if seen[m.Value] {
				t.Fatalf("duplicate member %s", m.Value)
			}
			seen[m.Value] = true
		}
	})
	t.Run("time budget", func(t *testing.T) {
		p := bitsPool(4, 0, 1)
		p.Time = 30 * time.Millisecond
		start := time.Now()
		res, err := p.Run(context.Background())
		if err != nil || res.Iterations == 0 || time.Since(start) > 5*time.Second {
			t.Fatalf("%d iterations in %v, %v", res.Iterations, time.Since(start), err)
		}
	})
	t.Run("job bar", func(t *testing.T) {
		p := bitsPool(4, 200, 1)
		mutate := p.Mutate
		p.Mutate = func(j *Job, parent string) (string, float64, bool) {
			if math.IsInf(j.Bar, 0) {
				t.Errorf("mutation %d sees no bar with a full pool", j.Index)
			}
			return mutate(j, parent)
		}
		if _, err := p.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPoolErrors(t *testing.T) {
	never := bitsPool(1, 10, 1)
	never.New = func(*Job) (string, float64, bool) { return "", 0, false }
	never.MaxFresh = 50
	if _, err := never.Run(context.Background()); err == nil {
		t.Error("a pool that cannot be filled succeeded")
	}
	noBudget := bitsPool(1, 0, 1)
	if _, err := noBudget.Run(context.Background()); err == nil {
		t.Error("a run without budget succeeded")
	}
	if _, err := (&Pool[int]{Iterations: 1}).Run(context.Background()); err == nil {
		t.Error("a pool without functions succeeded")
	}
}

// A pool hill-climber looking for the integer whose square is closest to
// 2000: candidates are ints, a mutation moves by up to 10.
func ExamplePool() {
	p := &Pool[int]{
		Goal:       Minimize,
		Iterations: 2000,
		Seed:       1,
		New: func(j *Job) (int, float64, bool) {
			x := j.Rand.IntN(1000)
			return x, math.Abs(float64(x*x - 2000)), true
		},
		Mutate: func(j *Job, parent int) (int, float64, bool) {
			x := parent + j.Rand.IntN(21) - 10
			return x, math.Abs(float64(x*x - 2000)), true
		},
		Key: strconv.Itoa,
	}
	res, err := p.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(max(res.Best.Value, -res.Best.Value), res.Best.Score)
	// Output: 45 25
}
