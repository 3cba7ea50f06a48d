package linjat

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/ludus-games/ludus/internal/shareddata"
)

func shippedLevels(tb testing.TB) Collection {
	tb.Helper()
	path := shareddata.Path(tb, "linjat", "puzzles.json")
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	c, err := ReadCollection(f, path)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

func levelPuzzles(c Collection, name string) []*Puzzle {
	var ps []*Puzzle
	for _, l := range c[name] {
		if l.Puzzle != nil {
			ps = append(ps, l.Puzzle)
		}
	}
	return ps
}

// BenchmarkRate rates the shipped levels of each difficulty (no trace);
// ns/op is per puzzle, cpu-ns/op the processor time.
func BenchmarkRate(b *testing.B) {
	benchRating(b, func(v *Solver) func(*Puzzle, Weights) (*Result, error) { return v.Rating })
}

// BenchmarkRateUnique rates the shipped levels, known to be unique, without
// the uniqueness guard.
func BenchmarkRateUnique(b *testing.B) {
	benchRating(b, func(v *Solver) func(*Puzzle, Weights) (*Result, error) { return v.RatingUnique })
}

func benchRating(b *testing.B, method func(*Solver) func(*Puzzle, Weights) (*Result, error)) {
	c := shippedLevels(b)
	for _, d := range Difficulties {
		ps := levelPuzzles(c, d.Name)
		b.Run(fmt.Sprintf("%s_%dx%d", d.Name, d.Rows, d.Cols), func(b *testing.B) {
			var v Solver
			rate := method(&v)
			cpu := CPUTime()
			for i := 0; b.Loop(); i++ {
				if _, err := rate(ps[i%len(ps)], d.Weights); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((CPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkCount counts the solutions of the shipped levels (up to 2).
func BenchmarkCount(b *testing.B) {
	c := shippedLevels(b)
	for _, d := range Difficulties {
		ps := levelPuzzles(c, d.Name)
		b.Run(d.Name, func(b *testing.B) {
			var v Solver
			cpu := CPUTime()
			for i := 0; b.Loop(); i++ {
				if _, err := v.Count(ps[i%len(ps)], 2); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((CPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkOptimize runs the optimizer on one core; ns/op is per iteration.
func BenchmarkOptimize(b *testing.B) {
	for _, d := range Difficulties {
		b.Run(d.Name, func(b *testing.B) {
			set := QualitySettings(d, 1, int64(max(b.N, 100)), 1)
			cpu := CPUTime()
			b.ResetTimer()
			if _, err := Optimize(context.Background(), set); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(set.Iterations)/(CPUTime()-cpu).Seconds(), "cpu-it/s")
		})
	}
}
