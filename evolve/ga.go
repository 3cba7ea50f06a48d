package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// Individual is a genome of a GA population with its fitness.
type Individual[G any] struct {
	Genome  G       `json:"genome"`
	Fitness float64 `json:"fitness"`
	// Evals is the number of evaluations averaged into Fitness (more than
	// one only for noisy objectives with GANoise.Average).
	Evals int `json:"evals"`
	// Violation is how far the genome is from meeting the constraints of
	// a constrained run (GA.EvaluateConstrained): 0 when it meets them.
	Violation float64 `json:"violation,omitempty"`
}

// Feasible reports whether the individual meets its constraints.
func (ind Individual[G]) Feasible() bool { return ind.Violation <= 0 }

// Selection picks n parents from a population, given the fitness of each
// member, and returns their indices (an index may repeat).
type Selection func(r *rand.Rand, fitness []float64, goal Goal, n int) []int

// Crossover breeds two children from two parents. It must not modify the
// parents; genomes in a population are never changed in place.
type Crossover[G any] func(r *rand.Rand, a, b G) (G, G)

// Mutation returns a mutated genome: g itself when nothing changed, else a
// modified copy. It must not modify g.
type Mutation[G any] func(r *rand.Rand, g G) G

// Replacement says how children enter the population.
type Replacement int

// Replacement schemes.
const (
	// Generational replaces the whole population every generation but its
	// Elite best members.
	Generational Replacement = iota
	// SteadyState breeds Offspring children per generation; each replaces
	// the worst member of the population when it is better.
	SteadyState
)

// GANoise says how a GA treats a noisy objective, one whose value for the
// same genome changes from one evaluation to the next (a score averaged
// over random samples).
type GANoise struct {
	// Reevaluate scores every survivor again each generation on fresh
	// random numbers, so that a lucky evaluation does not keep a genome
	// alive for ever. Without it a genome is evaluated once.
	Reevaluate bool
	// Average keeps the running mean of all evaluations of a survivor
	// instead of the last one (with Reevaluate): the estimate sharpens the
	// longer a genome survives.
	Average bool
	// Common uses common random numbers: within a generation every
	// evaluation receives a generator with the same seed, so all genomes
	// are compared on the same samples and differences in fitness are
	// differences between genomes rather than between samples. It also
	// makes the run independent of the number of workers.
	Common bool
}

// GA is a genetic algorithm over genomes of any type G.
//
// A run starts from Initial genomes, filled up to PopSize with Init, and
// breeds generation after generation: parents are chosen by Select, paired
// and crossed over with probability CrossoverRate, and the children
// mutated; Replace decides how they enter the population. Evaluate runs on
// Workers goroutines, each with its own seeded generator, so a run is
// deterministic for a given Seed and worker count (and, with
// GANoise.Common, for any worker count), unless a time limit stops it.
//
// Genomes are values: operators return new genomes and never change their
// arguments, so survivors can be shared between generations without
// copying.
type GA[G any] struct {
	// Goal says whether Evaluate is maximised or minimised.
	Goal Goal
	// Evaluate returns the objective of g. r is the evaluation's random
	// generator, for objectives estimated by sampling. With more than one
	// worker it is called concurrently. Required.
	Evaluate func(g G, r *rand.Rand) float64
	// EvaluateConstrained, instead of Evaluate, makes the run constrained:
	// it returns the objective of g and its violation, how far g is from
	// meeting the constraints (0 when it meets them, more the further it
	// is). Constraints says how the violation ranks genomes.
	EvaluateConstrained func(g G, r *rand.Rand) (fitness, violation float64)
	// Constraints is the handling of a constrained run:
	// ConstrainedTournament (default) or DeathPenalty.
	Constraints ConstraintHandling
	// Init returns a random genome; required unless Initial fills the
	// population.
	Init func(r *rand.Rand) G
	// Initial genomes start the population (at most PopSize of them).
	Initial []G
	// PopSize is the population size (default 20).
	PopSize int
	// Elite is the number of best members copied unchanged into the next
	// generation (Generational only).
	Elite int
	// Select chooses parents (default Tournament(2)).
	Select Selection
	// Crossover breeds children; nil copies the parents.
	Crossover     Crossover[G]
	CrossoverRate float64
	// Mutate changes a child; nil leaves it alone.
	Mutate Mutation[G]
	// Replace is Generational (default) or SteadyState.
	Replace Replacement
	// Offspring is the number of children per generation of SteadyState
	// (default 2).
	Offspring int
	// Noise sets the handling of noisy objectives.
	Noise GANoise
	// Workers is the number of evaluating goroutines (default 1).
	Workers int
	// Seed seeds every random generator of the run.
	Seed uint64
	// Stop ends the run; it is checked after every generation. Required:
	// combine GAGenerations, GAReached, GANoChange and GATimeLimit with
	// And and Or.
	Stop GAStop
	// Hooks run every so many generations (statistics, logs, pictures).
	Hooks []GAHook[G]
	// Checkpoint, when set, is a file the run saves itself to every
	// CheckpointEvery generations (default 10) and when it stops, and
	// resumes from when it exists. G must encode to JSON.
	Checkpoint      string
	CheckpointEvery int
	// SaveState and RestoreState keep state of the caller's in the
	// checkpoint beside the population, so that both are written in one
	// atomic step and a run killed at any moment resumes with the two of
	// the same generation. SaveState is called at every save and what it
	// returns is written as JSON; RestoreState gets that JSON back on
	// resume (it is not called for a checkpoint saved without state).
	SaveState    func() any
	RestoreState func(json.RawMessage) error
}

// GAResult is the outcome of a GA run.
type GAResult[G any] struct {
	// Best is the best member of the final population. For a noisy
	// objective its fitness is an estimate (and, being the best of many,
	// an optimistic one): score it again on a fresh sample.
	Best Individual[G]
	// Population is the final population, best first.
	Population []Individual[G]
	// Status is the state of the run when it stopped.
	Status GAStatus
}

// run is the state of a GA run between generations.
type gaRun[G any] struct {
	ga      *GA[G]
	pop     []Individual[G]
	status  GAStatus
	started time.Time
	offset  time.Duration // elapsed before a resume
}

func (ga *GA[G]) defaults() error {
	if (ga.Evaluate == nil) == (ga.EvaluateConstrained == nil) {
		return errors.New("ga: set one of Evaluate and EvaluateConstrained")
	}
	if ga.Stop == nil {
		return errors.New("ga: Stop is required")
	}
	if ga.PopSize == 0 {
		ga.PopSize = 20
	}
	if ga.PopSize < 2 {
		return fmt.Errorf("ga: population of %d, want at least 2", ga.PopSize)
	}
	if ga.Elite < 0 || ga.Elite >= ga.PopSize {
		return fmt.Errorf("ga: elite %d out of range 0..%d", ga.Elite, ga.PopSize-1)
	}
	if ga.Init == nil && len(ga.Initial) < ga.PopSize {
		return errors.New("ga: Init is required unless Initial fills the population")
	}
	if ga.Select == nil {
		ga.Select = Tournament(2)
	}
	if ga.Offspring <= 0 {
		ga.Offspring = 2
	}
	if ga.Workers <= 0 {
		ga.Workers = 1
	}
	if ga.CheckpointEvery <= 0 {
		ga.CheckpointEvery = 10
	}
	return nil
}

// Run runs the GA until Stop says so or ctx is cancelled. A cancelled run
// saves its checkpoint and returns what it has with ctx's error.
func (ga *GA[G]) Run(ctx context.Context) (*GAResult[G], error) {
	if err := ga.defaults(); err != nil {
		return nil, err
	}
	run := &gaRun[G]{ga: ga, started: time.Now()}
	resumed, err := run.resume()
	if err != nil {
		return nil, err
	}
	if !resumed {
		run.initialize()
		if err := run.afterGeneration(); err != nil {
			return run.result(), err
		}
	}
	for !ga.Stop(&run.status) {
		if err := ctx.Err(); err != nil {
			return run.result(), errors.Join(err, run.save())
		}
		run.status.Generation++
		if ga.Replace == SteadyState {
			run.steadyState()
		} else {
			run.generational()
		}
		if err := run.afterGeneration(); err != nil {
			return run.result(), err
		}
	}
	if err := run.save(); err != nil {
		return run.result(), err
	}
	return run.result(), nil
}

// genRand returns the generator of one stream of one generation. Deriving
// it from the seed and the generation number, rather than carrying a
// generator along, makes a resumed run continue exactly as the
// uninterrupted one would.
func (run *gaRun[G]) genRand(stream int) *rand.Rand {
	g := uint64(run.status.Generation)
	return WorkerRand(run.ga.Seed^(g*0xbf58476d1ce4e5b9+0x94d049bb133111eb), stream)
}

func (run *gaRun[G]) initialize() {
	ga := run.ga
	r := run.genRand(-1)
	for _, g := range ga.Initial[:min(len(ga.Initial), ga.PopSize)] {
		run.pop = append(run.pop, Individual[G]{Genome: g})
	}
	for len(run.pop) < ga.PopSize {
		run.pop = append(run.pop, Individual[G]{Genome: ga.Init(r)})
	}
	run.evaluate(run.pop)
}

// breed makes n children from parents chosen among the population.
func (run *gaRun[G]) breed(r *rand.Rand, n int) []Individual[G] {
	ga := run.ga
	fit := run.selectionFitness()
	parents := ga.Select(r, fit, ga.Goal, n+n%2)
	children := make([]Individual[G], 0, len(parents))
	for i := 0; i+1 < len(parents); i += 2 {
		a, b := run.pop[parents[i]].Genome, run.pop[parents[i+1]].Genome
		if ga.Crossover != nil && r.Float64() < ga.CrossoverRate {
			a, b = ga.Crossover(r, a, b)
		}
		if ga.Mutate != nil {
			a, b = ga.Mutate(r, a), ga.Mutate(r, b)
		}
		children = append(children, Individual[G]{Genome: a}, Individual[G]{Genome: b})
	}
	return children[:n]
}

func (run *gaRun[G]) generational() {
	ga := run.ga
	run.sortPop()
	children := run.breed(run.genRand(-1), ga.PopSize-ga.Elite)
	next := append(run.pop[:ga.Elite:ga.Elite], children...)
	if ga.Noise.Reevaluate {
		run.evaluate(next)
	} else {
		run.evaluate(next[ga.Elite:])
	}
	run.pop = next
}

func (run *gaRun[G]) steadyState() {
	ga := run.ga
	children := run.breed(run.genRand(-1), ga.Offspring)
	if ga.Noise.Reevaluate {
		all := append(run.pop, children...)
		run.evaluate(all)
		run.pop, children = all[:len(run.pop)], all[len(run.pop):]
	} else {
		run.evaluate(children)
	}
	for _, c := range children {
		worst := 0
		for i, ind := range run.pop {
			if run.better(run.pop[worst], ind) {
				worst = i
			}
		}
		if run.better(c, run.pop[worst]) {
			run.pop[worst] = c
		}
	}
}

// sortPop sorts the population best first (see better); ties keep their
// order, so the run stays deterministic.
func (run *gaRun[G]) sortPop() {
	slices.SortStableFunc(run.pop, func(a, b Individual[G]) int {
		switch {
		case run.better(a, b):
			return -1
		case run.better(b, a):
			return 1
		}
		return 0
	})
}

// afterGeneration updates the status, runs the hooks and saves a
// checkpoint when one is due.
func (run *gaRun[G]) afterGeneration() error {
	run.sortPop()
	st := &run.status
	st.Goal = run.ga.Goal
	st.Elapsed = run.offset + time.Since(run.started)
	st.Best, st.Worst = run.pop[0].Fitness, run.pop[len(run.pop)-1].Fitness
	sum := 0.0
	for _, ind := range run.pop {
		sum += ind.Fitness
	}
	st.Mean = sum / float64(len(run.pop))
	st.BestViolation, st.Feasible = run.pop[0].Violation, 0
	for _, ind := range run.pop {
		if ind.Feasible() {
			st.Feasible++
		}
	}
	if run.pop[0].Feasible() && (!st.HasBest || run.ga.Goal.Better(st.Best, st.BestEver)) {
		st.BestEver, st.HasBest, st.Stagnant = st.Best, true, 0
	} else {
		st.Stagnant++
	}
	for _, h := range run.ga.Hooks {
		if h.Every > 0 && st.Generation%h.Every == 0 {
			if err := h.Func(st, run.pop); err != nil {
				return fmt.Errorf("ga: hook at generation %d: %w", st.Generation, err)
			}
		}
	}
	if st.Generation%run.ga.CheckpointEvery == 0 {
		return run.save()
	}
	return nil
}

func (run *gaRun[G]) result() *GAResult[G] {
	run.status.Elapsed = run.offset + time.Since(run.started)
	res := &GAResult[G]{Population: slices.Clone(run.pop), Status: run.status}
	if len(res.Population) > 0 {
		res.Best = res.Population[0]
	}
	return res
}

// finite reports whether every fitness can be written to a checkpoint.
func finite[G any](pop []Individual[G]) bool {
	for _, ind := range pop {
		if math.IsNaN(ind.Fitness) || math.IsInf(ind.Fitness, 0) {
			return false
		}
	}
	return true
}
