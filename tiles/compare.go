package tiles

import (
	"fmt"
	"math/rand/v2"
)

// Compare scores several sets on the same random boards and returns, for
// each, its objective minus that of sets[0] with the standard error of the
// difference, board by board. A board is a shuffle of the slots and a
// flip and turn per slot, which mean the same for any set of as many
// tiles; the differences between neighbouring sets are then measured
// many times more sharply than by scoring each on its own boards, as long
// as tile i of one set is tile i of the other (compare a set with its
// Neighbours, not with a reordered copy). The boards are the ones Score
// deals from the same r.
func (sc *Scorer) Compare(sets []Set, r *rand.Rand, boards int) ([]Estimate, error) {
	if len(sets) == 0 {
		return nil, nil
	}
	for i, set := range sets {
		if err := sc.check(set); err != nil {
			return nil, fmt.Errorf("set %d: %w", i+1, err)
		}
	}
	s := sc.begin(sets[0], r)
	defer sc.scratch.Put(s)
	ns := len(sc.board.Slots)
	orient := make([][][12]Side, len(sets))
	static := make([]float64, len(sets))
	w := sc.weights
	for k, set := range sets {
		if len(set) != len(sets[0]) {
			return nil, fmt.Errorf("set %d has %d tiles, set 1 has %d: compare sets of one size", k+1, len(set), len(sets[0]))
		}
		orient[k] = make([][12]Side, len(set))
		for i, t := range set {
			for o := range 12 {
				side := t.Top
				if o >= 6 {
					side = t.Bottom
				}
				orient[k][i][o] = side.Rotate(o % 6)
			}
		}
		static[k] = w.Static(set.Bridges(), set.DupScore(), set.FullyConnected())
	}
	sum, sum2 := make([]float64, len(sets)), make([]float64, len(sets))
	turn := make([]int32, ns)
	for range boards {
		p := s.perm
		for i := len(p) - 1; i > 0; i-- {
			j := s.dice.intn(uint32(i + 1))
			p[i], p[j] = p[j], p[i]
		}
		p = p[:ns]
		for slot := range p {
			turn[slot] = s.dice.intn(12)
		}
		base := 0.0
		for k := range sets {
			for slot, t := range p {
				s.cur[slot] = orient[k][t][turn[slot]]
			}
			x, j := sc.graph(s)
			v := w.ExtraEdges*float64(x) + w.LandmarkPair*float64(j)
			if k == 0 {
				base = v
			}
			d := v - base
			sum[k] += d
			sum2[k] += d * d
		}
	}
	out := make([]Estimate, len(sets))
	for k := range sets {
		out[k] = estimate(sum[k], sum2[k], boards)
		out[k].Mean += static[k] - static[0]
	}
	return out, nil
}
