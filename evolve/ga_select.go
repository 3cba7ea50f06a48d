package evolve

import (
	"math/rand/v2"
	"slices"
)

// Tournament returns tournament selection: each parent is the best of k
// members drawn at random (with replacement). Larger k selects harder.
func Tournament(k int) Selection {
	k = max(k, 1)
	return func(r *rand.Rand, fit []float64, goal Goal, n int) []int {
		out := make([]int, n)
		for i := range out {
			best := r.IntN(len(fit))
			for range k - 1 {
				if c := r.IntN(len(fit)); goal.Better(fit[c], fit[best]) {
					best = c
				}
			}
			out[i] = best
		}
		return out
	}
}

// Roulette returns fitness-proportionate selection. Since fitness may be
// negative or minimised, a member's weight is its distance from the worst
// fitness of the population (windowing): the worst is never picked, and
// when all are equal every member is equally likely.
func Roulette() Selection {
	return func(r *rand.Rand, fit []float64, goal Goal, n int) []int {
		w := windowed(fit, goal)
		out := make([]int, n)
		for i := range out {
			out[i] = spin(w, r.Float64()*w[len(w)-1])
		}
		return out
	}
}

// SUS returns stochastic universal sampling: fitness-proportionate like
// Roulette, but with n evenly spaced pointers on one spin, so every member
// is picked within one of its expected number of times. The picks are
// shuffled so that the pairing of parents is random.
func SUS() Selection {
	return func(r *rand.Rand, fit []float64, goal Goal, n int) []int {
		return universal(r, windowed(fit, goal), n)
	}
}

// Rank returns linear rank selection: members are weighted by rank alone,
// from 2-pressure for the worst to pressure for the best (pressure in
// [1, 2]; 1 is uniform), and sampled universally. It ignores the scale of
// the fitness, which suits noisy or badly scaled objectives.
func Rank(pressure float64) Selection {
	pressure = min(max(pressure, 1), 2)
	return func(r *rand.Rand, fit []float64, goal Goal, n int) []int {
		order := make([]int, len(fit)) // worst first
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case goal.Better(fit[b], fit[a]):
				return -1
			case goal.Better(fit[a], fit[b]):
				return 1
			}
			return 0
		})
		m := float64(len(fit))
		weight := make([]float64, len(fit))
		for rank, i := range order {
			weight[i] = 2 - pressure
			if m > 1 {
				weight[i] += 2 * (pressure - 1) * float64(rank) / (m - 1)
			}
		}
		return universal(r, cumulative(weight), n)
	}
}

// windowed returns the cumulative weights of roulette selection.
func windowed(fit []float64, goal Goal) []float64 {
	worst := fit[0]
	for _, f := range fit {
		if goal.Better(worst, f) {
			worst = f
		}
	}
	w := make([]float64, len(fit))
	for i, f := range fit {
		w[i] = f - worst
		if goal == Minimize {
			w[i] = worst - f
		}
	}
	return cumulative(w)
}

// cumulative turns weights into running sums; all-zero weights become
// uniform.
func cumulative(w []float64) []float64 {
	sum := 0.0
	for i, x := range w {
		sum += x
		w[i] = sum
	}
	if sum <= 0 {
		for i := range w {
			w[i] = float64(i + 1)
		}
	}
	return w
}

// spin returns the member whose slice of the wheel holds x.
func spin(cum []float64, x float64) int {
	i, _ := slices.BinarySearch(cum, x)
	for i < len(cum)-1 && cum[i] <= x {
		i++ // skip zero-width slices
	}
	return min(i, len(cum)-1)
}

func universal(r *rand.Rand, cum []float64, n int) []int {
	out := make([]int, n)
	step := cum[len(cum)-1] / float64(n)
	x := r.Float64() * step
	for i := range out {
		out[i] = spin(cum, x)
		x += step
	}
	r.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
