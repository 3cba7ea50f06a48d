package evolve

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

// TestESMinimizesSphere: the strategy finds the minimum of a shifted
// sphere, also with noise, and shrinks its step as it closes in.
func TestESMinimizesSphere(t *testing.T) {
	target := []float64{3, -2, 0.5, 1, -1}
	for _, noise := range []float64{0, 0.01} {
		es := &ES{
			Goal: Minimize, Start: make([]float64, len(target)), Sigma: 1, Generations: 150, Seed: 7, Workers: 3,
			Evaluate: func(x []float64, r *rand.Rand) float64 {
				var d float64
				for i := range x {
					d += (x[i] - target[i]) * (x[i] - target[i])
				}
				return d + noise*r.NormFloat64()
			},
		}
		st, err := es.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for i := range target {
			if math.Abs(st.Mean[i]-target[i]) > 0.1 {
				t.Fatalf("noise %g: mean %v, want %v", noise, st.Mean, target)
			}
		}
		if noise == 0 && st.Sigma > 0.05 {
			t.Fatalf("sigma %g did not shrink", st.Sigma)
		}
	}
}

// TestESResumes: a run stopped and resumed from its checkpoint ends where
// one run straight through does, and the worker count changes nothing.
func TestESResumes(t *testing.T) {
	eval := func(x []float64, r *rand.Rand) float64 { return x[0]*x[0] + math.Abs(x[1]) + 0.1*r.Float64() }
	mk := func(gens, workers int, ckpt string) *ES {
		return &ES{Goal: Minimize, Start: []float64{2, 2}, Scale: []float64{1, 0.5}, Generations: gens,
			Seed: 3, Workers: workers, Evaluate: eval, Checkpoint: ckpt, Bounds: Bounds{Lo: []float64{-1, -1}}}
	}
	straight, _ := mk(20, 1, "").Run(context.Background())
	ckpt := filepath.Join(t.TempDir(), "es.json")
	if _, err := mk(8, 2, ckpt).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	resumed, err := mk(20, 4, ckpt).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(straight.Mean, resumed.Mean) || straight.Sigma != resumed.Sigma || straight.Evaluations != resumed.Evaluations {
		t.Fatalf("resumed %+v, straight %+v", resumed, straight)
	}
}
