package evolve

import (
	"cmp"
	"fmt"
	"slices"
)

// Hypervolume returns the volume of the objective space dominated by
// points and bounded by the reference point ref, under goals: the
// standard quality measure of a Pareto front (larger is better; a front
// closer to the true one and more spread out dominates more). Points that
// do not strictly beat ref in every objective add nothing. It is exact
// (by slicing along the last objective), which is quick for the fronts of
// two or three objectives and a few hundred points that NSGA2 finds.
func Hypervolume(points [][]float64, ref []float64, goals []Goal) (float64, error) {
	m := len(goals)
	if len(ref) != m {
		return 0, fmt.Errorf("hypervolume: reference point has %d values, want %d", len(ref), m)
	}
	// Turn every objective into one to minimise with ref at the origin
	// side: v' = v - ref (minimise) or ref - v (maximise); a point counts
	// when all its v' are negative, and the volume is that of the union of
	// the boxes [v', 0].
	var pts [][]float64
	for _, p := range points {
		if len(p) != m {
			return 0, fmt.Errorf("hypervolume: point %v has %d values, want %d", p, len(p), m)
		}
		q := make([]float64, m)
		inside := true
		for k, g := range goals {
			q[k] = p[k] - ref[k]
			if g == Maximize {
				q[k] = ref[k] - p[k]
			}
			inside = inside && q[k] < 0
		}
		if inside {
			pts = append(pts, q)
		}
	}
	return sliceVolume(pts, m), nil
}

// sliceVolume is the volume of the union of boxes [p, 0] (every p < 0) in
// the first m coordinates: sweep the points by coordinate m-1 from the
// most negative, and add each slab's (m-1)-dimensional volume.
func sliceVolume(pts [][]float64, m int) float64 {
	if len(pts) == 0 {
		return 0
	}
	if m == 1 {
		lo := 0.0
		for _, p := range pts {
			lo = min(lo, p[0])
		}
		return -lo
	}
	sorted := slices.Clone(pts)
	slices.SortFunc(sorted, func(a, b []float64) int { return cmp.Compare(a[m-1], b[m-1]) })
	vol := 0.0
	for i := range sorted {
		top := 0.0
		if i+1 < len(sorted) {
			top = sorted[i+1][m-1]
		}
		if h := top - sorted[i][m-1]; h > 0 {
			vol += h * sliceVolume(sorted[:i+1], m-1)
		}
	}
	return vol
}
