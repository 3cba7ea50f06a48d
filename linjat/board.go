package linjat

import (
	"math/bits"
	"slices"
)

// A cell set is a bitset over the cells of a grid (row-major), stored as w
// words; the solvers keep many of them side by side in one slice so that a
// whole solver state is a handful of flat slices, cheap to copy and reset.

func hasBit(s []uint64, i int) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }
func setBit(s []uint64, i int)      { s[i>>6] |= 1 << (uint(i) & 63) }

func intersects(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// subset reports whether a is contained in b.
func subset(a, b []uint64) bool {
	for i := range a {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

// forEach calls f for every cell in s, in increasing order.
func forEach(s []uint64, f func(cell int)) {
	for wi, x := range s {
		for x != 0 {
			f(wi<<6 | bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
}

// board is the geometry of a puzzle's numbers: every placement of every
// number, as a cell set. Dots do not enter it, so the generator keeps one
// board while it adds dots.
type board struct {
	rows, cols, ncell, w int
	nums                 []Number
	numCell              []int
	first                []int // placements of number i are first[i]..first[i+1]-1
	plNum                []int
	plStart              []int // top or left cell of the placement
	plVert               []bool
	masks                []uint64 // w words per placement
	numbers              []uint64 // cells holding numbers
	key, scratchKey      []int    // size and numbers the board was built for
}

func (b *board) mask(k int) []uint64 { return b.masks[k*b.w : (k+1)*b.w] }

// reset builds the board of p's numbers, reusing b's memory; a board
// already built for the same numbers is kept as it is.
func (b *board) reset(p *Puzzle) {
	k := append(b.scratchKey[:0], p.Rows, p.Cols)
	for i, v := range p.Cells {
		if v > 0 {
			k = append(k, i, v)
		}
	}
	b.scratchKey = k
	if slices.Equal(k, b.key) {
		return
	}
	b.key, b.scratchKey = k, b.key
	b.rows, b.cols, b.ncell = p.Rows, p.Cols, p.Rows*p.Cols
	b.w = (b.ncell + 63) / 64
	b.nums = b.nums[:0]
	b.numCell = b.numCell[:0]
	b.numbers = resize(b.numbers, b.w)
	for i, v := range p.Cells {
		if v > 0 {
			b.nums = append(b.nums, Number{Row: i / p.Cols, Col: i % p.Cols, Value: v})
			b.numCell = append(b.numCell, i)
			setBit(b.numbers, i)
		}
	}
	b.first = append(b.first[:0], 0)
	b.plNum, b.plStart, b.plVert = b.plNum[:0], b.plStart[:0], b.plVert[:0]
	most := 0 // placements at most: two per cell of each line
	for _, n := range b.nums {
		most += 2 * n.Value
	}
	b.masks = slices.Grow(b.masks[:0], most*b.w)
	for i, n := range b.nums {
		b.addPlacements(i, n, false)
		if n.Value > 1 {
			b.addPlacements(i, n, true)
		}
		b.first = append(b.first, len(b.plNum))
	}
}

// addPlacements appends the placements of number i in one direction: every
// segment of n.Value cells through the number that stays in the grid and
// holds no other number.
func (b *board) addPlacements(i int, n Number, vertical bool) {
	pos, limit, stride := n.Col, b.cols, 1
	if vertical {
		pos, limit, stride = n.Row, b.rows, b.cols
	}
	cell := b.numCell[i]
	// The free stretch around the number, as far as a line could reach.
	lo, hi := pos, pos
	for lo > max(0, pos-n.Value+1) && !hasBit(b.numbers, cell+(lo-1-pos)*stride) {
		lo--
	}
	for hi < min(limit-1, pos+n.Value-1) && !hasBit(b.numbers, cell+(hi+1-pos)*stride) {
		hi++
	}
	for s := lo; s+n.Value-1 <= hi; s++ {
		start := cell + (s-pos)*stride
		base := len(b.masks)
		b.masks = b.masks[:base+b.w]
		m := b.masks[base:]
		clear(m)
		for j, c := 0, start; j < n.Value; j, c = j+1, c+stride {
			m[c>>6] |= 1 << (uint(c) & 63)
		}
		b.plNum = append(b.plNum, i)
		b.plStart = append(b.plStart, start)
		b.plVert = append(b.plVert, vertical)
	}
}

// line returns placement k as a solution line.
func (b *board) line(k int) Line {
	n := b.nums[b.plNum[k]]
	r0, c0 := b.plStart[k]/b.cols, b.plStart[k]%b.cols
	l := Line{Row: n.Row, Col: n.Col, Value: n.Value, Vertical: b.plVert[k], R0: r0, C0: c0, R1: r0, C1: c0}
	if l.Vertical {
		l.R1 += n.Value - 1
	} else {
		l.C1 += n.Value - 1
	}
	return l
}

// resize returns s with length n, zeroed, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
