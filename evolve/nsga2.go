package evolve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"
)

// MOIndividual is a member of a multi-objective population.
type MOIndividual[G any] struct {
	Genome     G         `json:"genome"`
	Objectives []float64 `json:"objectives"`
	// Violation is how far the genome is from meeting the constraints (0
	// when it meets them).
	Violation float64 `json:"violation,omitempty"`
	// Rank is the non-dominated front the member belongs to (0: the
	// Pareto front of the population) and Crowding its crowding distance
	// within that front (larger: more isolated; +Inf at the ends).
	Rank     int     `json:"rank"`
	Crowding float64 `json:"-"`
}

// NSGA2 is the multi-objective genetic algorithm NSGA-II (Deb, Pratap,
// Agarwal and Meyarivan, 2002). Each generation breeds PopSize children by
// binary tournaments on (front, crowding distance), crossover and
// mutation, and keeps the PopSize best of parents and children: whole
// non-dominated fronts first, the last front thinned by crowding distance
// so that the front stays spread out. Constraints use constrained
// domination: a feasible genome dominates every infeasible one, and of two
// infeasible genomes the one violating less dominates.
//
// Seeds, workers, determinism, noise handling and stop conditions work as
// in GA; Stop sees a GAStatus whose Generation, Evaluations and Elapsed
// are set (Best and Mean are not: use GAGenerations or GATimeLimit).
type NSGA2[G any] struct {
	// Goals gives the direction of each objective; its length is the
	// number of objectives. Required.
	Goals []Goal
	// Evaluate returns the objectives of g, one per goal, and the
	// violation of its constraints (0 for an unconstrained problem).
	// Required.
	Evaluate func(g G, r *rand.Rand) (objectives []float64, violation float64)
	// Init returns a random genome; required unless Initial fills the
	// population.
	Init    func(r *rand.Rand) G
	Initial []G
	// PopSize is the population size (default 100).
	PopSize int
	// Crossover (applied with probability CrossoverRate) and Mutate breed
	// the children, as in GA.
	Crossover     Crossover[G]
	CrossoverRate float64
	Mutate        Mutation[G]
	// Noise: with Reevaluate the parents are scored again every
	// generation beside the children; with Common all members of a
	// generation are scored on identically seeded generators.
	Noise   GANoise
	Workers int
	Seed    uint64
	Stop    GAStop
	// Hooks run every so many generations with the population sorted by
	// rank and crowding (the Pareto front first).
	Hooks []NSGA2Hook[G]
}

// NSGA2Hook is called after every Every-th generation, generation 0
// included.
type NSGA2Hook[G any] struct {
	Every int
	Func  func(s *GAStatus, pop []MOIndividual[G]) error
}

// NSGA2Result is the outcome of an NSGA2 run.
type NSGA2Result[G any] struct {
	// Population is the final population sorted by rank, then by
	// decreasing crowding distance.
	Population []MOIndividual[G]
	Status     GAStatus
}

// Front returns the members of rank 0: the Pareto front of the final
// population. With constraints, when any member is feasible, only feasible
// members are in it.
func (res *NSGA2Result[G]) Front() []MOIndividual[G] {
	var out []MOIndividual[G]
	for _, ind := range res.Population {
		if ind.Rank == 0 {
			out = append(out, ind)
		}
	}
	return out
}

func (a *NSGA2[G]) defaults() error {
	if len(a.Goals) == 0 {
		return errors.New("nsga2: Goals is required")
	}
	if a.Evaluate == nil || a.Stop == nil {
		return errors.New("nsga2: Evaluate and Stop are required")
	}
	if a.PopSize == 0 {
		a.PopSize = 100
	}
	if a.PopSize < 2 {
		return fmt.Errorf("nsga2: population of %d, want at least 2", a.PopSize)
	}
	if a.Init == nil && len(a.Initial) < a.PopSize {
		return errors.New("nsga2: Init is required unless Initial fills the population")
	}
	a.Workers = max(a.Workers, 1)
	return nil
}

// Run runs the algorithm until Stop says so or ctx is cancelled (then it
// returns what it has with ctx's error).
func (a *NSGA2[G]) Run(ctx context.Context) (*NSGA2Result[G], error) {
	if err := a.defaults(); err != nil {
		return nil, err
	}
	start := time.Now()
	var st GAStatus
	rnd := func(stream int) *rand.Rand {
		g := uint64(st.Generation)
		return WorkerRand(a.Seed^(g*0xbf58476d1ce4e5b9+0x94d049bb133111eb), stream)
	}
	var pop []MOIndividual[G]
	for _, g := range a.Initial[:min(len(a.Initial), a.PopSize)] {
		pop = append(pop, MOIndividual[G]{Genome: g})
	}
	for r := rnd(-1); len(pop) < a.PopSize; {
		pop = append(pop, MOIndividual[G]{Genome: a.Init(r)})
	}
	if err := a.evaluate(pop, &st, rnd); err != nil {
		return nil, err
	}
	pop = a.survive(pop, a.PopSize)
	result := func() *NSGA2Result[G] {
		st.Elapsed = time.Since(start)
		return &NSGA2Result[G]{Population: slices.Clone(pop), Status: st}
	}
	if err := a.after(&st, pop, start); err != nil {
		return result(), err
	}
	for !a.Stop(&st) {
		if err := ctx.Err(); err != nil {
			return result(), err
		}
		st.Generation++
		children := a.breed(rnd(-1), pop)
		all := append(slices.Clone(pop), children...)
		toScore := all[len(pop):]
		if a.Noise.Reevaluate {
			toScore = all
		}
		if err := a.evaluate(toScore, &st, rnd); err != nil {
			return result(), err
		}
		pop = a.survive(all, a.PopSize)
		if err := a.after(&st, pop, start); err != nil {
			return result(), err
		}
	}
	return result(), nil
}

func (a *NSGA2[G]) after(st *GAStatus, pop []MOIndividual[G], start time.Time) error {
	st.Elapsed = time.Since(start)
	st.Feasible = 0
	for _, ind := range pop {
		if ind.Violation <= 0 {
			st.Feasible++
		}
	}
	for _, h := range a.Hooks {
		if h.Every > 0 && st.Generation%h.Every == 0 {
			if err := h.Func(st, pop); err != nil {
				return fmt.Errorf("nsga2: hook at generation %d: %w", st.Generation, err)
			}
		}
	}
	return nil
}

// evaluate scores inds in place on the workers, like GA's evaluate.
func (a *NSGA2[G]) evaluate(inds []MOIndividual[G], st *GAStatus, rnd func(int) *rand.Rand) error {
	workers := min(a.Workers, len(inds))
	common := rnd(-2).Uint64()
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rnd(w)
			for i := w; i < len(inds); i += workers {
				er := r
				if a.Noise.Common {
					er = rand.New(rand.NewPCG(common, uint64(st.Generation)))
				}
				obj, viol := a.Evaluate(inds[i].Genome, er)
				if len(obj) != len(a.Goals) {
					errs[w] = fmt.Errorf("nsga2: Evaluate returned %d objectives, want %d", len(obj), len(a.Goals))
					return
				}
				inds[i].Objectives, inds[i].Violation = obj, max(viol, 0)
			}
		}()
	}
	wg.Wait()
	st.Evaluations += len(inds)
	return errors.Join(errs...)
}

// breed makes PopSize children by binary tournaments on rank and crowding.
func (a *NSGA2[G]) breed(r *rand.Rand, pop []MOIndividual[G]) []MOIndividual[G] {
	pick := func() G {
		i, j := r.IntN(len(pop)), r.IntN(len(pop))
		if crowdedBetter(pop[j], pop[i]) {
			i = j
		}
		return pop[i].Genome
	}
	children := make([]MOIndividual[G], 0, a.PopSize+1)
	for len(children) < a.PopSize {
		x, y := pick(), pick()
		if a.Crossover != nil && r.Float64() < a.CrossoverRate {
			x, y = a.Crossover(r, x, y)
		}
		if a.Mutate != nil {
			x, y = a.Mutate(r, x), a.Mutate(r, y)
		}
		children = append(children, MOIndividual[G]{Genome: x}, MOIndividual[G]{Genome: y})
	}
	return children[:a.PopSize]
}

// crowdedBetter is NSGA-II's crowded comparison: lower rank, then larger
// crowding distance.
func crowdedBetter[G any](a, b MOIndividual[G]) bool {
	if a.Rank != b.Rank {
		return a.Rank < b.Rank
	}
	return a.Crowding > b.Crowding
}

// survive ranks all members and returns the n best by front, then by
// crowding distance, sorted so.
func (a *NSGA2[G]) survive(all []MOIndividual[G], n int) []MOIndividual[G] {
	fronts := a.sortFronts(all)
	next := make([]MOIndividual[G], 0, n)
	for rank, front := range fronts {
		members := make([]MOIndividual[G], len(front))
		for k, i := range front {
			members[k] = all[i]
			members[k].Rank = rank
		}
		crowding(members, len(a.Goals))
		slices.SortStableFunc(members, func(x, y MOIndividual[G]) int { return cmp.Compare(y.Crowding, x.Crowding) })
		next = append(next, members[:min(len(members), n-len(next))]...)
		if len(next) == n {
			break
		}
	}
	return next
}

// dominates reports whether x constrained-dominates y.
func (a *NSGA2[G]) dominates(x, y *MOIndividual[G]) bool {
	if x.Violation != y.Violation {
		return x.Violation < y.Violation
	}
	return Dominates(a.Goals, x.Objectives, y.Objectives)
}

// Dominates reports whether objectives x Pareto-dominate y under goals: x
// is at least as good in every objective and better in one.
func Dominates(goals []Goal, x, y []float64) bool {
	strictly := false
	for k, g := range goals {
		if g.Better(y[k], x[k]) {
			return false
		}
		if g.Better(x[k], y[k]) {
			strictly = true
		}
	}
	return strictly
}

// sortFronts is the fast non-dominated sort: the indices of all, front by
// front.
func (a *NSGA2[G]) sortFronts(all []MOIndividual[G]) [][]int {
	n := len(all)
	dominated := make([][]int, n) // members each one dominates
	count := make([]int, n)       // members dominating each one
	var front []int
	for i := range n {
		for j := i + 1; j < n; j++ {
			switch {
			case a.dominates(&all[i], &all[j]):
				dominated[i] = append(dominated[i], j)
				count[j]++
			case a.dominates(&all[j], &all[i]):
				dominated[j] = append(dominated[j], i)
				count[i]++
			}
		}
	}
	for i := range n {
		if count[i] == 0 {
			front = append(front, i)
		}
	}
	var fronts [][]int
	for len(front) > 0 {
		fronts = append(fronts, front)
		var next []int
		for _, i := range front {
			for _, j := range dominated[i] {
				if count[j]--; count[j] == 0 {
					next = append(next, j)
				}
			}
		}
		slices.Sort(next)
		front = next
	}
	return fronts
}

// crowding sets the crowding distance of the members of one front: the
// sum over objectives of the normalised gap between each member's two
// neighbours; the extremes of every objective get +Inf.
func crowding[G any](front []MOIndividual[G], m int) {
	for i := range front {
		front[i].Crowding = 0
	}
	idx := make([]int, len(front))
	for k := range m {
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(x, y int) int {
			return cmp.Compare(front[x].Objectives[k], front[y].Objectives[k])
		})
		lo, hi := front[idx[0]].Objectives[k], front[idx[len(idx)-1]].Objectives[k]
		front[idx[0]].Crowding = math.Inf(1)
		front[idx[len(idx)-1]].Crowding = math.Inf(1)
		if hi <= lo {
			continue
		}
		for p := 1; p+1 < len(idx); p++ {
			gap := front[idx[p+1]].Objectives[k] - front[idx[p-1]].Objectives[k]
			front[idx[p]].Crowding += gap / (hi - lo)
		}
	}
}
