package tiles

import (
	"cmp"
	"math"
	"slices"
)

// Bound is an upper bound on the objective of every set of some number of
// tiles on a board, in two parts that no set can both exceed.
type Bound struct {
	// Static is the best the terms counted on the set (bridged sides,
	// DupScore, fully connected tiles) can be, found exactly over the
	// counts of every side layout.
	Static float64
	// Layouts are the side layouts and counts that reach Static.
	Layouts map[Side]int
	// Boards is the best a single board can score: every pair joined and
	// no extra edge (with the default weights).
	Boards float64
	// Total is Static + Boards.
	Total float64
}

// UpperBound returns a bound on the objective of any set of n tiles on
// the scorer's board. It relaxes the set's two parts apart: the static
// terms depend only on how many sides of each layout the set has, and are
// maximised exactly (every further copy of a layout adds
// Weights.DupScore times an odd number more than the one before, so the
// best counts take the best marginal values first); the board terms are
// bounded board by board. It is a true bound but a loose one: the board
// part ignores that the layouts the static part prefers (few joins) are
// the ones that leave landmarks apart.
func (sc *Scorer) UpperBound(n int) Bound {
	w := sc.weights
	var b Bound
	b.Static, b.Layouts = staticOptimum(w, 2*n)
	pairs := float64(len(sc.pairs))
	b.Boards = max(0, w.LandmarkPair) * pairs
	if w.ExtraEdges > 0 {
		b.Boards += w.ExtraEdges * float64(len(sc.edges))
	}
	b.Total = b.Static + b.Boards
	return b
}

// staticOptimum maximises the static terms over the counts of the side
// layouts of sides sides. A fully connected side is credited half of its
// tile's weight, as two such sides may share one tile.
func staticOptimum(w Weights, sides int) (float64, map[Side]int) {
	layouts := Layouts()
	value := func(l Side) float64 { // the layout's own value per copy
		v := 0.0
		if l.NeedsBridge() {
			v += w.Bridges
		}
		if l.FullyConnected() {
			v += max(w.FullyConnected/2, w.FullyConnected)
		}
		return v
	}
	if w.DupScore > 0 {
		// A convex cost of repeats: the best is every side alike.
		best, bestL := math.Inf(-1), layouts[0]
		for _, l := range layouts {
			if v := float64(sides)*value(l) + w.DupScore*float64(sides*sides); v > best {
				best, bestL = v, l
			}
		}
		return best, map[Side]int{bestL: sides}
	}
	// The k-th copy of layout l adds value(l) + DupScore·(2k−1): take the
	// sides best marginal values; each layout's run is decreasing, so the
	// choice is a valid set of counts.
	type step struct {
		v float64
		l int
	}
	var steps []step
	for i, l := range layouts {
		for k := 1; k <= sides; k++ {
			steps = append(steps, step{value(l) + w.DupScore*float64(2*k-1), i})
		}
	}
	slices.SortStableFunc(steps, func(a, b step) int { return cmp.Compare(b.v, a.v) })
	counts := map[Side]int{}
	total := 0.0
	for _, s := range steps[:sides] {
		total += s.v
		counts[layouts[s.l]]++
	}
	return total, counts
}
