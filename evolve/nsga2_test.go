package evolve

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// zdt returns the ZDT1 or ZDT2 problem of Zitzler, Deb and Thiele on n
// variables in [0, 1]: f1 = x1, g = 1 + 9 (x2 + ... + xn) / (n-1), and
// f2 = g (1 - sqrt(f1/g)) (ZDT1, a convex front) or g (1 - (f1/g)^2)
// (ZDT2, a concave one). The Pareto front is g = 1.
func zdt(second bool) func(x []float64, _ *rand.Rand) ([]float64, float64) {
	return func(x []float64, _ *rand.Rand) ([]float64, float64) {
		s := 0.0
		for _, v := range x[1:] {
			s += v
		}
		g := 1 + 9*s/float64(len(x)-1)
		f1 := x[0]
		f2 := g * (1 - math.Sqrt(f1/g))
		if second {
			f2 = g * (1 - (f1/g)*(f1/g))
		}
		return []float64{f1, f2}, 0
	}
}

func zdtNSGA2(eval func([]float64, *rand.Rand) ([]float64, float64), seed uint64, gens int) *NSGA2[[]float64] {
	const n = 30
	b := Bounds{Lo: make([]float64, n), Hi: make([]float64, n)}
	for i := range b.Hi {
		b.Hi[i] = 1
	}
	return &NSGA2[[]float64]{
		Goals: []Goal{Minimize, Minimize}, Evaluate: eval,
		Init: RandomReals(b), PopSize: 100,
		Crossover: SBX(15, b), CrossoverRate: 0.9, Mutate: PolynomialMutation(1.0/n, 20, b),
		Seed: seed, Workers: 2, Stop: GAGenerations(gens),
	}
}

func frontPoints(res *NSGA2Result[[]float64]) [][]float64 {
	var pts [][]float64
	for _, ind := range res.Front() {
		pts = append(pts, ind.Objectives)
	}
	return pts
}

// TestNSGA2ZDT runs NSGA-II on ZDT1 and ZDT2 for 25,000 evaluations and
// compares the hypervolume of its front (reference point (1, 1)) with
// that of the true front: 2/3 for ZDT1, 1/3 for ZDT2.
func TestNSGA2ZDT(t *testing.T) {
	for _, tc := range []struct {
		name   string
		second bool
		best   float64
	}{
		{"ZDT1", false, 2.0 / 3},
		{"ZDT2", true, 1.0 / 3},
	} {
		for _, seed := range []uint64{1, 2} {
			res, err := zdtNSGA2(zdt(tc.second), seed, 250).Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			pts := frontPoints(res)
			hv, err := Hypervolume(pts, []float64{1, 1}, []Goal{Minimize, Minimize})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s seed %d: %d points on the front, hypervolume %.4f of %.4f (%.1f%%)",
				tc.name, seed, len(pts), hv, tc.best, 100*hv/tc.best)
			if hv < 0.97*tc.best || hv > tc.best {
				t.Errorf("%s seed %d: hypervolume %.4f, want within 3%% below %.4f", tc.name, seed, hv, tc.best)
			}
			if len(pts) < 90 {
				t.Errorf("%s seed %d: %d points on the front, want a spread-out front of nearly 100", tc.name, seed, len(pts))
			}
		}
	}
}

// TestNSGA2Constrained cuts ZDT1 with the constraint f1 >= 0.5: the front
// must be feasible and cover the true front's remaining part, whose
// hypervolume from (1, 1) is the integral of sqrt(x) over [0.5, 1].
func TestNSGA2Constrained(t *testing.T) {
	base := zdt(false)
	eval := func(x []float64, r *rand.Rand) ([]float64, float64) {
		f, _ := base(x, r)
		return f, max(0, 0.5-f[0])
	}
	res, err := zdtNSGA2(eval, 3, 200).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	pts := frontPoints(res)
	for _, ind := range res.Front() {
		if ind.Violation > 0 {
			t.Fatalf("infeasible member on the front: %v", ind.Objectives)
		}
	}
	want := 2.0 / 3 * (1 - math.Pow(0.5, 1.5))
	hv, _ := Hypervolume(pts, []float64{1, 1}, []Goal{Minimize, Minimize})
	t.Logf("constrained ZDT1: hypervolume %.4f of %.4f", hv, want)
	if hv < 0.97*want || hv > want+1e-9 {
		t.Errorf("hypervolume %.4f, want within 3%% below %.4f", hv, want)
	}
}

// TestNSGA2Deterministic: the same seed gives the same front for any
// worker count (the evaluation here draws no random numbers).
func TestNSGA2Deterministic(t *testing.T) {
	run := func(workers int) [][]float64 {
		a := zdtNSGA2(zdt(false), 5, 20)
		a.Workers = workers
		res, err := a.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return frontPoints(res)
	}
	x, y := run(1), run(3)
	if len(x) != len(y) {
		t.Fatalf("fronts of %d and %d points", len(x), len(y))
	}
	for i := range x {
		if x[i][0] != y[i][0] || x[i][1] != y[i][1] {
			t.Fatalf("point %d differs: %v and %v", i, x[i], y[i])
		}
	}
}

func TestHypervolume(t *testing.T) {
	min2 := []Goal{Minimize, Minimize}
	for _, tc := range []struct {
		name  string
		pts   [][]float64
		ref   []float64
		goals []Goal
		want  float64
	}{
		{"one point", [][]float64{{0, 0}}, []float64{1, 1}, min2, 1},
		{"staircase", [][]float64{{0, 2}, {1, 1}, {2, 0}}, []float64{3, 3}, min2, 6},
		{"dominated point adds nothing", [][]float64{{1, 1}, {2, 2}}, []float64{3, 3}, min2, 4},
		{"outside the reference", [][]float64{{4, 0}, {1, 1}}, []float64{3, 3}, min2, 4},
		{"maximised", [][]float64{{2, 1}, {1, 2}}, []float64{0, 0}, []Goal{Maximize, Maximize}, 3},
		{"mixed goals", [][]float64{{0.5, 2}}, []float64{1, 0}, []Goal{Minimize, Maximize}, 1},
		{"three objectives", [][]float64{{0, 0, 1}, {1, 1, 0}}, []float64{2, 2, 2}, []Goal{Minimize, Minimize, Minimize}, 4 + 2 - 1},
	} {
		got, err := Hypervolume(tc.pts, tc.ref, tc.goals)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	if _, err := Hypervolume([][]float64{{1}}, []float64{1, 1}, []Goal{Minimize, Minimize}); err == nil {
		t.Error("a point of the wrong dimension: no error")
	}
}

func TestDominates(t *testing.T) {
	g := []Goal{Minimize, Maximize}
	for _, tc := range []struct {
		x, y []float64
		want bool
	}{
		{[]float64{1, 5}, []float64{2, 4}, true},
		{[]float64{1, 5}, []float64{1, 5}, false},
		{[]float64{1, 4}, []float64{1, 5}, false},
		{[]float64{1, 5}, []float64{1, 4}, true},
		{[]float64{0, 3}, []float64{1, 4}, false},
	} {
		if got := Dominates(g, tc.x, tc.y); got != tc.want {
			t.Errorf("Dominates(%v, %v) = %v", tc.x, tc.y, got)
		}
	}
}
