package evolve

import (
	"math"
	"math/rand/v2"
	"slices"
)

// OnePoint returns one-point crossover of slice genomes: both parents are
// cut at the same random point and the tails swapped. Parents of different
// lengths are cut within the shorter one.
func OnePoint[T any]() Crossover[[]T] {
	return func(r *rand.Rand, a, b []T) ([]T, []T) {
		n := min(len(a), len(b))
		if n < 2 {
			return a, b
		}
		c := 1 + r.IntN(n-1)
		return swapRange(a, b, c, max(len(a), len(b)))
	}
}

// TwoPoint returns two-point crossover: the segment between two random cut
// points is swapped.
func TwoPoint[T any]() Crossover[[]T] {
	return func(r *rand.Rand, a, b []T) ([]T, []T) {
		n := min(len(a), len(b))
		if n < 2 {
			return a, b
		}
		i, j := r.IntN(n), r.IntN(n)
		if i > j {
			i, j = j, i
		}
		return swapRange(a, b, i, j+1)
	}
}

// swapRange returns copies of a and b with the elements in [from, to)
// exchanged (as far as each parent reaches).
func swapRange[T any](a, b []T, from, to int) ([]T, []T) {
	x, y := slices.Clone(a), slices.Clone(b)
	for i := from; i < to && i < len(a) && i < len(b); i++ {
		x[i], y[i] = b[i], a[i]
	}
	return x, y
}

// Uniform returns uniform crossover: each gene is swapped between the
// children with probability p (0.5 is the classic choice).
func Uniform[T any](p float64) Crossover[[]T] {
	return func(r *rand.Rand, a, b []T) ([]T, []T) {
		x, y := slices.Clone(a), slices.Clone(b)
		for i := range min(len(a), len(b)) {
			if r.Float64() < p {
				x[i], y[i] = b[i], a[i]
			}
		}
		return x, y
	}
}

// Bounds limits the genes of a real-valued genome: gene i stays within
// [Lo[i], Hi[i]]. Nil slices mean no limit.
type Bounds struct{ Lo, Hi []float64 }

func (b Bounds) clamp(i int, x float64) float64 {
	if i < len(b.Lo) {
		x = max(x, b.Lo[i])
	}
	if i < len(b.Hi) {
		x = min(x, b.Hi[i])
	}
	return x
}

// BLXAlpha returns blend crossover: each child gene is drawn uniformly
// from the parents' interval widened by alpha times its length on both
// sides (alpha 0.5 is usual), then clamped to the bounds.
func BLXAlpha(alpha float64, b Bounds) Crossover[[]float64] {
	return func(r *rand.Rand, x, y []float64) ([]float64, []float64) {
		n := min(len(x), len(y))
		c1, c2 := make([]float64, n), make([]float64, n)
		for i := range n {
			lo, hi := min(x[i], y[i]), max(x[i], y[i])
			d := alpha * (hi - lo)
			c1[i] = b.clamp(i, lo-d+r.Float64()*(hi-lo+2*d))
			c2[i] = b.clamp(i, lo-d+r.Float64()*(hi-lo+2*d))
		}
		return c1, c2
	}
}

// SBX returns simulated binary crossover (Deb and Agrawal) as NSGA-II
// uses it: children are spread around the parents as one-point crossover
// spreads binary-coded values; a larger distribution index eta keeps them
// closer (2 to 20 is usual). Each gene crosses with probability 1/2; where
// both bounds are set the spread is drawn within them (Deb's bounded
// form), elsewhere it is unbounded and clamped. The two children's values
// of a gene are then exchanged with probability 1/2, which recombines the
// genes of the parents besides perturbing them.
func SBX(eta float64, b Bounds) Crossover[[]float64] {
	return func(r *rand.Rand, x, y []float64) ([]float64, []float64) {
		n := min(len(x), len(y))
		c1, c2 := slices.Clone(x[:n]), slices.Clone(y[:n])
		for i := range n {
			if r.Float64() >= 0.5 || math.Abs(x[i]-y[i]) < 1e-14 {
				continue
			}
			y1, y2 := min(x[i], y[i]), max(x[i], y[i])
			lo, hi := math.Inf(-1), math.Inf(1)
			if i < len(b.Lo) && i < len(b.Hi) {
				lo, hi = b.Lo[i], b.Hi[i]
			}
			u := r.Float64()
			a := (y1 + y2 - sbxBeta(u, eta, 1+2*(y1-lo)/(y2-y1))*(y2-y1)) / 2
			z := (y1 + y2 + sbxBeta(u, eta, 1+2*(hi-y2)/(y2-y1))*(y2-y1)) / 2
			a, z = b.clamp(i, a), b.clamp(i, z)
			if r.Float64() < 0.5 {
				a, z = z, a
			}
			c1[i], c2[i] = a, z
		}
		return c1, c2
	}
}

// sbxBeta draws SBX's spread factor for uniform u, truncated so that the
// child stays within the bound whose distance from the parents is beta
// (+Inf: no bound).
func sbxBeta(u, eta, beta float64) float64 {
	alpha := 2 - math.Pow(beta, -(eta+1))
	if u <= 1/alpha {
		return math.Pow(u*alpha, 1/(eta+1))
	}
	return math.Pow(1/(2-u*alpha), 1/(eta+1))
}

// PointMutation returns the mutation of moo's pointMutate: with
// probability p, exactly one random bit of the genome flips.
func PointMutation(p float64) Mutation[[]bool] {
	return func(r *rand.Rand, g []bool) []bool {
		if len(g) == 0 || r.Float64() >= p {
			return g
		}
		m := slices.Clone(g)
		i := r.IntN(len(m))
		m[i] = !m[i]
		return m
	}
}

// BitFlip returns the classic mutation: every bit flips independently with
// probability p (1/len is a common choice).
func BitFlip(p float64) Mutation[[]bool] {
	return AsymmetricMutation(p, p)
}

// AsymmetricMutation flips every 0 to 1 with probability p01 and every 1
// to 0 with probability p10, for problems where one value should be rare.
func AsymmetricMutation(p01, p10 float64) Mutation[[]bool] {
	return func(r *rand.Rand, g []bool) []bool {
		var m []bool
		for i, bit := range g {
			p := p01
			if bit {
				p = p10
			}
			if r.Float64() < p {
				if m == nil {
					m = slices.Clone(g)
				}
				m[i] = !bit
			}
		}
		if m == nil {
			return g
		}
		return m
	}
}

// GaussianMutation adds normal noise of standard deviation sigma to every
// gene with probability p, then clamps it to the bounds.
func GaussianMutation(p, sigma float64, b Bounds) Mutation[[]float64] {
	return func(r *rand.Rand, g []float64) []float64 {
		var m []float64
		for i := range g {
			if r.Float64() < p {
				if m == nil {
					m = slices.Clone(g)
				}
				m[i] = b.clamp(i, m[i]+sigma*r.NormFloat64())
			}
		}
		if m == nil {
			return g
		}
		return m
	}
}

// PolynomialMutation returns the polynomial mutation of NSGA-II (Deb and
// Goyal): every gene with probability p moves within its bounds by a
// perturbation whose spread shrinks as the distribution index eta grows
// (20 is usual); p = 1/len(genome) is the classic rate. Genes without both
// bounds are left alone.
func PolynomialMutation(p, eta float64, b Bounds) Mutation[[]float64] {
	return func(r *rand.Rand, g []float64) []float64 {
		var m []float64
		for i := range g {
			if i >= len(b.Lo) || i >= len(b.Hi) || b.Hi[i] <= b.Lo[i] || r.Float64() >= p {
				continue
			}
			if m == nil {
				m = slices.Clone(g)
			}
			lo, hi := b.Lo[i], b.Hi[i]
			x := m[i]
			d1, d2 := (x-lo)/(hi-lo), (hi-x)/(hi-lo)
			u, pow := r.Float64(), 1/(eta+1)
			var dq float64
			if u < 0.5 {
				v := 2*u + (1-2*u)*math.Pow(1-d1, eta+1)
				dq = math.Pow(v, pow) - 1
			} else {
				v := 2*(1-u) + 2*(u-0.5)*math.Pow(1-d2, eta+1)
				dq = 1 - math.Pow(v, pow)
			}
			m[i] = b.clamp(i, x+dq*(hi-lo))
		}
		if m == nil {
			return g
		}
		return m
	}
}

// UniformBlocks returns uniform crossover of genes made of size
// consecutive elements (a 12-bit field, a tile of 24 bits): each block is
// swapped between the children with probability p, never split.
func UniformBlocks[T any](size int, p float64) Crossover[[]T] {
	size = max(size, 1)
	return func(r *rand.Rand, a, b []T) ([]T, []T) {
		x, y := slices.Clone(a), slices.Clone(b)
		for i := 0; i < min(len(a), len(b)); i += size {
			if r.Float64() < p {
				for j := i; j < min(i+size, len(a), len(b)); j++ {
					x[j], y[j] = b[j], a[j]
				}
			}
		}
		return x, y
	}
}

// RandomBlock returns a mutation that, with probability p, redraws one
// random block of size bits (one whole gene of a binary genome).
func RandomBlock(size int, p float64) Mutation[[]bool] {
	size = max(size, 1)
	return func(r *rand.Rand, g []bool) []bool {
		n := len(g) / size
		if n == 0 || r.Float64() >= p {
			return g
		}
		m := slices.Clone(g)
		i := r.IntN(n) * size
		for j := i; j < i+size; j++ {
			m[j] = r.Uint64()&1 == 1
		}
		return m
	}
}

// SwapBlocks returns a mutation that, with probability p, exchanges two
// random blocks of size genes (two tiles of a set, two cities of a tour).
func SwapBlocks[T any](size int, p float64) Mutation[[]T] {
	size = max(size, 1)
	return func(r *rand.Rand, g []T) []T {
		n := len(g) / size
		if n < 2 || r.Float64() >= p {
			return g
		}
		m := slices.Clone(g)
		i, j := r.IntN(n)*size, r.IntN(n)*size
		for k := range size {
			m[i+k], m[j+k] = m[j+k], m[i+k]
		}
		return m
	}
}

// Chain returns a mutation applying each of ms in turn.
func Chain[G any](ms ...Mutation[G]) Mutation[G] {
	return func(r *rand.Rand, g G) G {
		for _, m := range ms {
			g = m(r, g)
		}
		return g
	}
}
