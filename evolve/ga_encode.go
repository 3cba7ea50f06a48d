package evolve

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// BitsNeeded returns the number of bits that encode every integer of
// [lo, hi].
func BitsNeeded(lo, hi int) int {
	if hi <= lo {
		return 0
	}
	return bits.Len64(uint64(hi - lo))
}

// EncodeBinary writes v, clamped to [lo, hi], as v-lo in BitsNeeded(lo, hi)
// bits, most significant first.
func EncodeBinary(v, lo, hi int) []bool {
	n := BitsNeeded(lo, hi)
	x := uint64(min(max(v, lo), hi) - lo)
	out := make([]bool, n)
	for i := range out {
		out[i] = x>>(n-1-i)&1 == 1
	}
	return out
}

// DecodeBinary reads bits written by EncodeBinary. Bit strings beyond hi
// (when hi-lo+1 is not a power of two) decode to hi.
func DecodeBinary(b []bool, lo, hi int) int {
	var x uint64
	for _, bit := range b {
		x <<= 1
		if bit {
			x |= 1
		}
	}
	return int(min(x, uint64(hi-lo))) + lo
}

// EncodeGray is EncodeBinary in reflected Gray code: consecutive values
// differ in one bit, so a point mutation moves a value to a neighbour
// more often than in plain binary.
func EncodeGray(v, lo, hi int) []bool {
	b := EncodeBinary(v, lo, hi)
	g := make([]bool, len(b))
	for i := range b {
		g[i] = b[i] != (i > 0 && b[i-1])
	}
	return g
}

// DecodeGray reads bits written by EncodeGray.
func DecodeGray(g []bool, lo, hi int) int {
	b := make([]bool, len(g))
	prev := false
	for i, bit := range g {
		prev = prev != bit
		b[i] = prev
	}
	return DecodeBinary(b, lo, hi)
}

// EncodeGrayReal discretises x in [lo, hi] into 2^n-1 steps and writes it
// in n bits of Gray code (n from 1 to 52, a float64's precision), for
// binary GAs over real variables.
func EncodeGrayReal(x, lo, hi float64, n int) []bool {
	n = min(max(n, 1), 52)
	steps := int(uint64(1)<<n - 1)
	k := int(math.Round((min(max(x, lo), hi) - lo) / (hi - lo) * float64(steps)))
	return EncodeGray(k, 0, steps)
}

// DecodeGrayReal reads a real written by EncodeGrayReal.
func DecodeGrayReal(g []bool, lo, hi float64) float64 {
	if len(g) == 0 || len(g) > 52 {
		return lo
	}
	steps := int(uint64(1)<<len(g) - 1)
	return lo + (hi-lo)*float64(DecodeGray(g, 0, steps))/float64(steps)
}

// RandomBits returns an Init function drawing n uniform random bits.
func RandomBits(n int) func(r *rand.Rand) []bool {
	return func(r *rand.Rand) []bool {
		g := make([]bool, n)
		for i := range g {
			g[i] = r.Uint64()&1 == 1
		}
		return g
	}
}

// RandomReals returns an Init function drawing each gene uniformly within
// its bounds, which must be given for every gene.
func RandomReals(b Bounds) func(r *rand.Rand) []float64 {
	return func(r *rand.Rand) []float64 {
		g := make([]float64, min(len(b.Lo), len(b.Hi)))
		for i := range g {
			g[i] = b.Lo[i] + r.Float64()*(b.Hi[i]-b.Lo[i])
		}
		return g
	}
}
