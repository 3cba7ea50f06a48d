package evolve

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// countOnes counts the set bits of g.
func countOnes(g []bool) int {
	n := 0
	for _, b := range g {
		if b {
			n++
		}
	}
	return n
}

// TestGAConstrainedOneMax maximises the number of ones under "at most 10
// ones" from random strings of about 20: every start is infeasible, and
// the constrained tournament must lead the search inside and then to the
// constrained optimum, exactly 10.
func TestGAConstrainedOneMax(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		ga := &GA[[]bool]{
			Goal: Maximize,
			EvaluateConstrained: func(g []bool, _ *rand.Rand) (float64, float64) {
				n := countOnes(g)
				return float64(n), float64(max(0, n-10))
			},
			Init: RandomBits(40), PopSize: 30, Elite: 2, Select: Tournament(2),
			Crossover: Uniform[bool](0.5), CrossoverRate: 0.8, Mutate: BitFlip(1.0 / 40),
			Seed: seed, Stop: GAGenerations(150),
		}
		res, err := ga.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Best; got.Fitness != 10 || !got.Feasible() {
			t.Errorf("seed %d: best has %v ones, violation %v; want 10 and feasible", seed, got.Fitness, got.Violation)
		}
		if res.Status.BestEver != 10 || res.Status.Feasible == 0 {
			t.Errorf("seed %d: status %+v", seed, res.Status)
		}
	}
}

// TestGADeathPenalty maximises ones with the first 5 bits forced to zero:
// about one random string in 32 is feasible, and the death penalty keeps
// only those to breed from; the optimum has 35 ones.
func TestGADeathPenalty(t *testing.T) {
	ga := &GA[[]bool]{
		Goal: Maximize,
		EvaluateConstrained: func(g []bool, _ *rand.Rand) (float64, float64) {
			return float64(countOnes(g)), float64(countOnes(g[:5]))
		},
		Constraints: DeathPenalty,
		Init:        RandomBits(40), PopSize: 64, Elite: 2, Select: Tournament(3),
		Crossover: Uniform[bool](0.5), CrossoverRate: 0.8, Mutate: BitFlip(1.0 / 40),
		Seed: 7, Stop: GAReached(35).Or(GAGenerations(400)),
	}
	res, err := ga.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Best.Fitness != 35 || !res.Best.Feasible() {
		t.Errorf("best %v ones, violation %v; want 35, feasible", res.Best.Fitness, res.Best.Violation)
	}
}

// TestConstrainedRanking checks what the selection sees and how the
// population is sorted, for both handlings: feasible members by fitness
// above all infeasible ones; infeasible ones by violation under the
// constrained tournament, all alike under the death penalty.
func TestConstrainedRanking(t *testing.T) {
	// genome i has fitness fit[i] and violation viol[i].
	fit := []float64{5, 9, 1, 7, 3}
	viol := []float64{0, 2, 0, 0.5, 0}
	for _, tc := range []struct {
		handling ConstraintHandling
		goal     Goal
		order    []int // expected sort, best first
	}{
		{ConstrainedTournament, Maximize, []int{0, 4, 2, 3, 1}},
		{ConstrainedTournament, Minimize, []int{2, 4, 0, 3, 1}},
		{DeathPenalty, Maximize, []int{0, 4, 2, 1, 3}}, // infeasible tie: original order after the stable sort
	} {
		var seen []float64
		ga := &GA[int]{
			Goal: tc.goal,
			EvaluateConstrained: func(g int, _ *rand.Rand) (float64, float64) {
				return fit[g], viol[g]
			},
			Initial: []int{0, 1, 2, 3, 4}, PopSize: 5, Constraints: tc.handling,
			Select: func(r *rand.Rand, f []float64, goal Goal, n int) []int {
				if seen == nil {
					seen = append([]float64(nil), f...)
				}
				return make([]int, n)
			},
			Stop: GAGenerations(1), Elite: 4,
		}
		run := &gaRun[int]{ga: ga}
		if err := ga.defaults(); err != nil {
			t.Fatal(err)
		}
		run.initialize()
		run.sortPop()
		var order []int
		for _, ind := range run.pop {
			order = append(order, ind.Genome)
		}
		if !slices.Equal(order, tc.order) {
			t.Errorf("%v %v: order %v, want %v", tc.handling, tc.goal, order, tc.order)
		}
		// The selection's values must rank the members the same way.
		run.breed(rand.New(rand.NewPCG(1, 1)), 2)
		for i := 0; i+1 < len(order); i++ {
			a, b := seen[i], seen[i+1]
			if tc.goal.Better(b, a) {
				t.Errorf("%v %v: selection value of rank %d (%v) below rank %d (%v)", tc.handling, tc.goal, i, a, i+1, b)
			}
			if tc.handling == DeathPenalty && viol[order[i]] > 0 && viol[order[i+1]] > 0 && a != b {
				t.Errorf("death penalty: infeasible members valued %v and %v, want equal", a, b)
			}
		}
	}
}
