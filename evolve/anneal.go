package evolve

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// Annealer runs simulated annealing over states of any type S: it proposes
// a random change of the current state, always keeps a change that lowers
// the energy, and keeps a change that raises it with a probability that
// falls with the temperature. The temperature is set once per stage of
// StageSteps trials by a Cooling schedule.
//
// States are either values (Perturb returns a new state and leaves its
// argument alone) or are changed in place (Perturb changes its argument and
// returns it; Undo restores the state before the last Perturb). In-place
// states let a caller update its energy incrementally, which is what makes
// annealing fast on large states.
//
// A run is deterministic for a given random generator, unless it is cut
// short by TimeLimit.
type Annealer[S any] struct {
	// Perturb returns a random neighbour of s. Required.
	Perturb func(r *rand.Rand, s S) S
	// Energy returns the energy of s; lower is better. Required.
	Energy func(s S) float64
	// Undo, when set, means Perturb works in place: a rejected change is
	// taken back by calling Undo on the state Perturb returned.
	Undo func(s S)
	// Clone copies an in-place state; when set, the best state seen is kept
	// as a clone. Value states need no Clone.
	Clone func(s S) S

	// Cooling sets the temperature of each stage; nil means
	// GeometricCooling{Start: 1, End: 0.01}.
	Cooling Cooling
	// Accept gives the probability of keeping a worsening change; nil means
	// Metropolis.
	Accept Acceptance
	// Steps is the number of trials of a full run; 0 means no step limit,
	// in which case TimeLimit or Visit must end the run.
	Steps int
	// StageSteps is the number of trials at one temperature (default 100).
	StageSteps int
	// TimeLimit stops the run after this much time (0: none). It is checked
	// every few trials.
	TimeLimit time.Duration
	// Visit, when set, is called after every trial with the current state
	// and its energy; returning true stops the run.
	Visit func(step int, s S, energy float64) bool
}

// AnnealResult is the outcome of an annealing run.
type AnnealResult[S any] struct {
	// Final is the current state when the run stopped.
	Final       S
	FinalEnergy float64
	// Best is the lowest-energy state seen; for in-place states it is set
	// only when Clone is.
	Best       S
	BestEnergy float64
	// Steps is the number of trials made, Accepted how many were kept.
	Steps, Accepted int
	// Stop says why the run ended.
	Stop AnnealStop
}

// AnnealStop is the reason an annealing run ended.
type AnnealStop int

// Reasons for the end of a run.
const (
	AnnealStepLimit AnnealStop = iota // the step budget was used up
	AnnealTimeLimit                   // TimeLimit was reached
	AnnealStopped                     // Visit asked to stop
)

// String names the reason.
func (s AnnealStop) String() string {
	switch s {
	case AnnealTimeLimit:
		return "time limit"
	case AnnealStopped:
		return "stopped"
	}
	return "steps"
}

// CoolingStage describes the progress of a run when a new temperature is chosen.
type CoolingStage struct {
	// Index counts the stages from 0.
	Index int
	// Fraction is the share of the step budget or of the time limit used so
	// far, whichever is larger, in [0, 1]; 0 when the run has neither.
	Fraction float64
	// Temp is the temperature of the previous stage (0 for the first).
	Temp float64
	// Worse and AcceptedWorse count the worsening changes proposed and kept
	// during the previous stage.
	Worse, AcceptedWorse int
}

// Cooling is a temperature schedule.
type Cooling interface {
	// Temperature returns the temperature of the stage about to start.
	Temperature(st CoolingStage) float64
}

// GeometricCooling falls from Start to End geometrically over the run's
// budget (steps or time): T = Start * (End/Start)^fraction.
type GeometricCooling struct{ Start, End float64 }

// Temperature implements Cooling.
func (g GeometricCooling) Temperature(st CoolingStage) float64 {
	return g.Start * math.Pow(g.End/g.Start, st.Fraction)
}

// ExponentialCooling multiplies the temperature by Decay at every stage,
// whatever the budget: T = Start * Decay^stage. It suits open-ended runs
// stopped by Visit.
type ExponentialCooling struct{ Start, Decay float64 }

// Temperature implements Cooling.
func (e ExponentialCooling) Temperature(st CoolingStage) float64 {
	return e.Start * math.Pow(e.Decay, float64(st.Index))
}

// LinearCooling falls from Start to End linearly over the run's budget.
type LinearCooling struct{ Start, End float64 }

// Temperature implements Cooling.
func (l LinearCooling) Temperature(st CoolingStage) float64 {
	return l.Start + (l.End-l.Start)*st.Fraction
}

// AdaptiveCooling steers the temperature so that the share of worsening
// changes kept follows a target that falls geometrically from AcceptStart
// to AcceptEnd over the budget. After each stage the temperature is
// multiplied by Factor if too few worsening changes were kept and divided
// by it if too many were.
type AdaptiveCooling struct {
	Start                  float64
	AcceptStart, AcceptEnd float64
	Factor                 float64 // > 1; default 1.25
}

// Temperature implements Cooling.
func (a AdaptiveCooling) Temperature(st CoolingStage) float64 {
	if st.Index == 0 || st.Temp <= 0 {
		return a.Start
	}
	if st.Worse == 0 {
		return st.Temp
	}
	f := a.Factor
	if f <= 1 {
		f = 1.25
	}
	target := a.AcceptStart * math.Pow(a.AcceptEnd/a.AcceptStart, st.Fraction)
	if rate := float64(st.AcceptedWorse) / float64(st.Worse); rate < target {
		return st.Temp * f
	}
	return st.Temp / f
}

// Acceptance returns the probability of keeping a change that raises the
// energy by delta > 0 at temperature temp; scale is the mean rise of the
// worsening changes proposed so far, for scale-free rules.
type Acceptance func(delta, temp, scale float64) float64

// Metropolis is the classic rule exp(-delta/temp).
func Metropolis(delta, temp, _ float64) float64 {
	if temp <= 0 {
		return 0
	}
	return math.Exp(-delta / temp)
}

// ScaledMetropolis is exp(-delta/(scale*temp)): the rise is measured against
// the mean rise seen so far, so the same temperatures work whatever the
// units of the energy.
func ScaledMetropolis(delta, temp, scale float64) float64 {
	if temp <= 0 || scale <= 0 {
		return 0
	}
	return math.Exp(-delta / (scale * temp))
}

// timeCheckEvery is how many trials pass between two looks at the clock:
// often enough for millisecond limits, rarely enough to cost nothing.
const timeCheckEvery = 16

// Run anneals from start using r as the only source of randomness.
func (a *Annealer[S]) Run(r *rand.Rand, start S) (AnnealResult[S], error) {
	var res AnnealResult[S]
	if a.Perturb == nil || a.Energy == nil {
		return res, errors.New("anneal: Perturb and Energy are required")
	}
	if a.Steps <= 0 && a.TimeLimit <= 0 && a.Visit == nil {
		return res, errors.New("anneal: no step limit, time limit or Visit: the run would never end")
	}
	if a.Steps < 0 || a.StageSteps < 0 || a.TimeLimit < 0 {
		return res, fmt.Errorf("anneal: negative limit (steps %d, stage steps %d, time %v)", a.Steps, a.StageSteps, a.TimeLimit)
	}
	cooling, accept := a.Cooling, a.Accept
	if cooling == nil {
		cooling = GeometricCooling{Start: 1, End: 0.01}
	}
	if accept == nil {
		accept = Metropolis
	}
	stageSteps := a.StageSteps
	if stageSteps == 0 {
		stageSteps = 100
	}
	var began time.Time
	if a.TimeLimit > 0 {
		began = time.Now()
	}

	cur, e := start, a.Energy(start)
	res.BestEnergy = e
	a.keepBest(&res, cur, e)
	var st CoolingStage
	var meanWorse float64
	var nWorse int
	temp := 0.0
	for step := 0; ; step++ {
		if a.Steps > 0 && step >= a.Steps {
			res.Stop = AnnealStepLimit
			break
		}
		if a.TimeLimit > 0 && step%timeCheckEvery == 0 && time.Since(began) >= a.TimeLimit {
			res.Stop = AnnealTimeLimit
			break
		}
		if step%stageSteps == 0 {
			st.Index = step / stageSteps
			st.Fraction = a.fraction(step, began)
			temp = cooling.Temperature(st)
			st.Temp, st.Worse, st.AcceptedWorse = temp, 0, 0
		}
		next := a.Perturb(r, cur)
		ne := a.Energy(next)
		keep := ne <= e
		if !keep {
			delta := ne - e
			nWorse++
			meanWorse += (delta - meanWorse) / float64(nWorse)
			st.Worse++
			if p := accept(delta, temp, meanWorse); p > 0 && r.Float64() < p {
				keep = true
				st.AcceptedWorse++
			}
		}
		res.Steps++
		if keep {
			cur, e = next, ne
			res.Accepted++
			if e < res.BestEnergy {
				res.BestEnergy = e
				a.keepBest(&res, cur, e)
			}
		} else if a.Undo != nil {
			a.Undo(next)
		}
		if a.Visit != nil && a.Visit(step, cur, e) {
			res.Stop = AnnealStopped
			break
		}
	}
	res.Final, res.FinalEnergy = cur, e
	return res, nil
}

// keepBest records s as the best state when it can be kept safely.
func (a *Annealer[S]) keepBest(res *AnnealResult[S], s S, e float64) {
	switch {
	case a.Undo == nil:
		res.Best = s
	case a.Clone != nil:
		res.Best = a.Clone(s)
	}
	res.BestEnergy = e
}

// fraction is the share of the budget used after step trials.
func (a *Annealer[S]) fraction(step int, began time.Time) float64 {
	f := 0.0
	if a.Steps > 0 {
		f = float64(step) / float64(a.Steps)
	}
	if a.TimeLimit > 0 {
		f = max(f, float64(time.Since(began))/float64(a.TimeLimit))
	}
	return min(f, 1)
}
