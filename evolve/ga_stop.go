package evolve

import "time"

// GAStatus is the state of a GA run after a generation, as seen by stop
// conditions and hooks.
type GAStatus struct {
	Goal Goal `json:"goal"`
	// Generation counts generations bred; 0 is the initial population.
	Generation int `json:"generation"`
	// Evaluations counts calls of Evaluate.
	Evaluations int `json:"evaluations"`
	// Elapsed is the running time, across resumes.
	Elapsed time.Duration `json:"elapsed"`
	// Best, Mean and Worst summarise the fitness of the population.
	Best  float64 `json:"best"`
	Mean  float64 `json:"mean"`
	Worst float64 `json:"worst"`
	// BestViolation is the constraint violation of the best member (0 when
	// it is feasible), and Feasible the number of members meeting the
	// constraints (all of them in an unconstrained run).
	BestViolation float64 `json:"best_violation,omitempty"`
	Feasible      int     `json:"feasible"`
	// BestEver is the best Best of any generation whose best member was
	// feasible, and Stagnant the number of generations since it last
	// improved.
	BestEver float64 `json:"best_ever"`
	HasBest  bool    `json:"has_best"`
	Stagnant int     `json:"stagnant"`
}

// GAStop decides after each generation whether a GA run ends.
type GAStop func(s *GAStatus) bool

// GAGenerations stops after n generations.
func GAGenerations(n int) GAStop {
	return func(s *GAStatus) bool { return s.Generation >= n }
}

// GAReached stops once the best fitness of a generation reaches v (is at
// least v when maximising, at most v when minimising) with a feasible
// member.
func GAReached(v float64) GAStop {
	return func(s *GAStatus) bool { return s.HasBest && s.BestViolation <= 0 && !s.Goal.Better(v, s.Best) }
}

// GANoChange stops when the best fitness has not improved for n
// generations.
func GANoChange(n int) GAStop {
	return func(s *GAStatus) bool { return s.Stagnant >= n }
}

// GATimeLimit stops once the run has taken d.
func GATimeLimit(d time.Duration) GAStop {
	return func(s *GAStatus) bool { return s.Elapsed >= d }
}

// And stops when both conditions hold.
func (c GAStop) And(other GAStop) GAStop {
	return func(s *GAStatus) bool { return c(s) && other(s) }
}

// Or stops when either condition holds.
func (c GAStop) Or(other GAStop) GAStop {
	return func(s *GAStatus) bool { return c(s) || other(s) }
}

// GAHook is called after every Every-th generation, generation 0 (the
// initial population) included, with the status and the population, best
// first; a hook with Every below 1 never runs. Its error stops the run.
type GAHook[G any] struct {
	Every int
	Func  func(s *GAStatus, pop []Individual[G]) error
}
