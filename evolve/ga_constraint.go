package evolve

import "math"

// ConstraintHandling says how a constrained GA (GA.EvaluateConstrained)
// ranks genomes that break their constraints.
type ConstraintHandling int

// Constraint handlings.
const (
	// ConstrainedTournament ranks a feasible genome above every infeasible
	// one, feasible genomes by fitness and infeasible ones by violation,
	// less first (Deb's rules; moo's constrained tournament). Infeasible
	// genomes still breed, so a search that starts outside the feasible
	// region is led into it.
	ConstrainedTournament ConstraintHandling = iota
	// DeathPenalty ranks every infeasible genome below every feasible one
	// and all infeasible genomes alike, whatever their violation: they
	// are picked as parents only when too few feasible genomes are left.
	DeathPenalty
)

// String names the handling as the command line does: "tournament" or
// "death".
func (c ConstraintHandling) String() string {
	if c == DeathPenalty {
		return "death"
	}
	return "tournament"
}

// better reports whether a ranks strictly above b: by fitness alone in an
// unconstrained run, else feasible first, then (under a constrained
// tournament) less violation, then fitness.
func (run *gaRun[G]) better(a, b Individual[G]) bool {
	ga := run.ga
	if ga.EvaluateConstrained == nil {
		return ga.Goal.Better(a.Fitness, b.Fitness)
	}
	fa, fb := a.Feasible(), b.Feasible()
	switch {
	case fa && fb:
		return ga.Goal.Better(a.Fitness, b.Fitness)
	case fa != fb:
		return fa
	case ga.Constraints == DeathPenalty:
		return false
	}
	return a.Violation < b.Violation
}

// selectionFitness returns the values the selection sees, one per member.
// Unconstrained, they are the fitness. Constrained, a feasible member keeps
// its fitness and an infeasible one gets a value worse than every feasible
// member's: by its violation under a constrained tournament (worse the more
// it violates), all the same under the death penalty. Any selection then
// applies the handling's ranking: tournaments exactly, proportionate
// selections with infeasible members at the bottom of the wheel.
func (run *gaRun[G]) selectionFitness() []float64 {
	ga := run.ga
	fit := make([]float64, len(run.pop))
	if ga.EvaluateConstrained == nil {
		for i, ind := range run.pop {
			fit[i] = ind.Fitness
		}
		return fit
	}
	// worst is the worst feasible fitness (or the worst of all when none is
	// feasible); span keeps the infeasible values clear of it.
	lo, hi := math.Inf(1), math.Inf(-1)
	worst, anyFeasible := 0.0, false
	for _, ind := range run.pop {
		lo, hi = min(lo, ind.Fitness), max(hi, ind.Fitness)
		if ind.Feasible() && (!anyFeasible || ga.Goal.Better(worst, ind.Fitness)) {
			worst, anyFeasible = ind.Fitness, true
		}
	}
	if !anyFeasible {
		worst = lo
		if ga.Goal == Minimize {
			worst = hi
		}
	}
	span := hi - lo + 1
	sign := -1.0 // worse means smaller when maximising
	if ga.Goal == Minimize {
		sign = 1
	}
	for i, ind := range run.pop {
		switch {
		case ind.Feasible():
			fit[i] = ind.Fitness
		case ga.Constraints == DeathPenalty:
			fit[i] = worst + sign*span
		default:
			fit[i] = worst + sign*(span+ind.Violation)
		}
	}
	return fit
}
