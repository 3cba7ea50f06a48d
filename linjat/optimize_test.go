package linjat

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/evolve"
)

func TestGenerateMakesUniquePuzzles(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var v Solver
	made := 0
	for tries := 0; made < 20 && tries < 2000; tries++ {
		d := Difficulties[tries%len(Difficulties)]
		p := randomNumbers(d.Rows, d.Cols, d.MinNumbers, r)
		if p == nil {
			continue
		}
		numbers := p.Numbers()
		if !v.Generate(p, d.Rules, r) {
			continue
		}
		made++
		if n, err := v.Count(p, 2); err != nil || n != 1 {
			t.Fatalf("generated puzzle has %d solutions (%v):\n%s", n, err, p)
		}
		if got := p.Numbers(); len(got) != len(numbers) {
			t.Fatalf("the generator changed the numbers")
		}
		res := v.run(p, d.Rules, false)
		if !res.Solved {
			t.Fatalf("the generator's own rules cannot solve its puzzle:\n%s", p)
		}
	}
	if made < 20 {
		t.Fatalf("only %d puzzles generated", made)
	}
}

func TestOptimizeDeterministicAndFiltered(t *testing.T) {
	for _, d := range Difficulties {
		t.Run(d.Name, func(t *testing.T) {
			set := QualitySettings(d, 3, 150, 1)
			a, err := Optimize(context.Background(), set)
			if err != nil {
				t.Fatal(err)
			}
			set.Workers = 2
			b, err := Optimize(context.Background(), set)
			if err != nil {
				t.Fatal(err)
			}
			if a.Puzzle.String() != b.Puzzle.String() || a.Result.Score != b.Result.Score {
				t.Fatalf("1 and 2 workers differ:\n%s\n%s", a.Puzzle, b.Puzzle)
			}
			if !a.Result.Solved || !d.Accepts(&a.Result.Rating) {
				t.Fatalf("result does not pass the %s filters: %+v", d.Name, a.Result.Rating)
			}
			if a.Puzzle.Rows != d.Rows || a.Puzzle.Cols != d.Cols || len(a.Puzzle.Numbers()) != set.Numbers {
				t.Fatalf("wrong shape:\n%s", a.Puzzle)
			}
			if n, err := Solve(a.Puzzle, 2); err != nil || len(n) != 1 {
				t.Fatalf("%d solutions (%v)", len(n), err)
			}
		})
	}
}

func TestOptimizeImproves(t *testing.T) {
	d := Difficulties[3]
	short, err := Optimize(context.Background(), QualitySettings(d, 1, 16, 2))
	if err != nil {
		t.Fatal(err)
	}
	long, err := Optimize(context.Background(), QualitySettings(d, 1, 1500, 2))
	if err != nil {
		t.Fatal(err)
	}
	if long.Result.Score < short.Result.Score {
		t.Fatalf("1500 iterations scored %v, fewer than 16 iterations' %v", long.Result.Score, short.Result.Score)
	}
}

func TestOptimizeCheckpointResumes(t *testing.T) {
	d := Difficulties[0]
	set := QualitySettings(d, 2, 96, 1)
	full, err := Optimize(context.Background(), set)
	if err != nil {
		t.Fatal(err)
	}
	set.Checkpoint = filepath.Join(t.TempDir(), "opt.json")
	ctx, cancel := context.WithCancel(context.Background())
	set.Progress = func(p evolve.Progress) {
		if p.Iterations >= 48 {
			cancel()
		}
	}
	if _, err := Optimize(ctx, set); err == nil {
		t.Fatal("interrupted run returned no error")
	}
	set.Progress = nil
	resumed, err := Optimize(context.Background(), set)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Puzzle.String() != full.Puzzle.String() {
		t.Fatalf("resumed run differs:\n%s\n%s", resumed.Puzzle, full.Puzzle)
	}
}

func TestOptimizeBadSettings(t *testing.T) {
	set := QualitySettings(Difficulties[0], 1, 10, 1)
	set.Numbers = 1000
	if _, err := Optimize(context.Background(), set); err == nil {
		t.Fatal("1000 numbers on a 9x6 grid accepted")
	}
}

func TestMutateKeepsNumbers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	p := randomNumbers(9, 6, 8, r)
	for range 500 {
		mutate(p, r)
		ns := p.Numbers()
		if len(ns) != 8 {
			t.Fatalf("%d numbers after mutation", len(ns))
		}
		for _, n := range ns {
			if n.Value < MinValue || n.Value > MaxValue {
				t.Fatalf("value %d out of range", n.Value)
			}
		}
	}
}
