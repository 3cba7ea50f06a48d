package evolve_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ludus-games/ludus/evolve"
)

// A binary GA maximising OneMax, the number of ones in a 40-bit genome,
// stopping at the optimum or after 300 generations, whichever comes first.
func ExampleGA() {
	ga := &evolve.GA[[]bool]{
		Goal: evolve.Maximize,
		Evaluate: func(g []bool, _ *rand.Rand) float64 {
			n := 0.0
			for _, b := range g {
				if b {
					n++
				}
			}
			return n
		},
		Init:          evolve.RandomBits(40),
		PopSize:       30,
		Elite:         2,
		Select:        evolve.Tournament(3),
		Crossover:     evolve.TwoPoint[bool](),
		CrossoverRate: 0.9,
		Mutate:        evolve.BitFlip(1.0 / 40),
		Seed:          1,
		Stop:          evolve.GAReached(40).Or(evolve.GAGenerations(300)),
	}
	res, err := ga.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("ones:", res.Best.Fitness, "optimum reached:", res.Status.Generation < 300)
	// Output: ones: 40 optimum reached: true
}

// A real-valued GA minimising the Rastrigin function in two dimensions
// with blend crossover and Gaussian mutation, on two workers, with hooks
// every 50 generations and a time limit as a safety net.
func ExampleGA_realValued() {
	bounds := evolve.Bounds{Lo: []float64{-5.12, -5.12}, Hi: []float64{5.12, 5.12}}
	rastrigin := func(x []float64, _ *rand.Rand) float64 {
		s := 20.0
		for _, v := range x {
			s += v*v - 10*math.Cos(2*math.Pi*v)
		}
		return s
	}
	hooks := 0
	ga := &evolve.GA[[]float64]{
		Goal:          evolve.Minimize,
		Evaluate:      rastrigin,
		Init:          evolve.RandomReals(bounds),
		PopSize:       60,
		Elite:         2,
		Select:        evolve.Rank(1.8),
		Crossover:     evolve.BLXAlpha(0.5, bounds),
		CrossoverRate: 0.9,
		Mutate:        evolve.GaussianMutation(0.2, 0.2, bounds),
		Workers:       2,
		Seed:          2,
		Stop:          evolve.GAGenerations(200).Or(evolve.GATimeLimit(time.Minute)),
		Hooks: []evolve.GAHook[[]float64]{{Every: 50, Func: func(*evolve.GAStatus, []evolve.Individual[[]float64]) error {
			hooks++
			return nil
		}}},
	}
	res, err := ga.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("minimum %.3f at (%.2f, %.2f), %d hook calls\n",
		res.Best.Fitness, math.Abs(res.Best.Genome[0]), math.Abs(res.Best.Genome[1]), hooks)
	// Output: minimum 0.000 at (0.00, 0.00), 5 hook calls
}

// A noisy objective: each evaluation sees Gaussian noise. Common random
// numbers compare a generation's genomes on the same noise, and survivors
// average their evaluations.
func ExampleGANoise() {
	ga := &evolve.GA[[]bool]{
		Goal: evolve.Maximize,
		Evaluate: func(g []bool, r *rand.Rand) float64 {
			n := 0.0
			for _, b := range g {
				if b {
					n++
				}
			}
			return n + 3*r.NormFloat64()
		},
		Init:    evolve.RandomBits(30),
		PopSize: 40, Elite: 10,
		Select:    evolve.Tournament(2),
		Crossover: evolve.Uniform[bool](0.5), CrossoverRate: 0.8,
		Mutate: evolve.PointMutation(0.5),
		Noise:  evolve.GANoise{Reevaluate: true, Average: true, Common: true},
		Seed:   3,
		Stop:   evolve.GAGenerations(150),
	}
	res, err := ga.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	ones := 0
	for _, b := range res.Best.Genome {
		if b {
			ones++
		}
	}
	fmt.Println("at least 27 ones of 30:", ones >= 27)
	// Output: at least 27 ones of 30: true
}

// Gray code: consecutive values differ in one bit.
func ExampleEncodeGray() {
	for v := 0; v < 4; v++ {
		fmt.Println(v, evolve.EncodeBinary(v, 0, 3), evolve.EncodeGray(v, 0, 3))
	}
	// Output:
	// 0 [false false] [false false]
	// 1 [false true] [false true]
	// 2 [true false] [true true]
	// 3 [true true] [true false]
}
