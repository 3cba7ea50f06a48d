package engine

import (
	"errors"
	"fmt"
)

// Budget bounds the work that running a game's rules on a state may do: a
// program that plays rules files from people it does not trust (a server)
// gives its states a budget, so that no file, however written, costs it
// more than it allows. The steps limits of the rules themselves
// (maxLoopSteps, maxEvalSteps) bound one loop or one expression; a budget
// bounds everything done on the state, however many of them there are.
type Budget struct {
	// Steps bounds the steps taken from when the budget is set until it
	// is set again: runs of a move program, iterations of its loops and
	// positions an expression visits, in Moves, Result and everything
	// built on them (0: no bound).
	Steps int64
	// Stop ends the work under way, and all that follows, once it is
	// closed (nil: never). A context's Done channel gives a deadline.
	Stop <-chan struct{}
}

// ErrBudget is wrapped by the error of work that went over its state's
// Budget.Steps.
var ErrBudget = errors.New("over the budget of steps")

// ErrStopped is wrapped by the error of work that its state's Budget.Stop
// ended.
var ErrStopped = errors.New("stopped before the end")

// stopEvery is how many steps pass between two looks at Budget.Stop:
// often enough to stop within a fraction of a millisecond, rarely enough
// to cost nothing measurable.
const stopEvery = 1 << 12

// meter is a state's budget as it is spent.
type meter struct {
	b       Budget
	on      bool  // a bound or a stop is set
	left    int64 // steps left under b.Steps
	counted int64 // steps since the budget was set
}

// SetBudget bounds the work done on s from now on (see Budget); a zero
// Budget removes the bounds. Clones of s take the budget as it stands.
func (s *State) SetBudget(b Budget) {
	s.meter = meter{b: b, on: b.Steps > 0 || b.Stop != nil, left: b.Steps}
}

// StepsTaken returns the steps counted since the budget was last set: what
// a caller measures to choose a budget.
func (s *State) StepsTaken() int64 { return s.meter.counted }

// SetBudget bounds the work done on the position's state (see
// State.SetBudget). An error the budget raises is kept in Err, as any
// error of the rules is.
func (p *Position) SetBudget(b Budget) { p.s.SetBudget(b) }

// spend charges n steps to the state's budget; false (with the error set)
// when the budget is spent or stopped. f is the program running, or nil.
func (gn *generator) spend(f *frame, n int) bool {
	m := &gn.s.meter
	if !m.on {
		return true
	}
	before := m.counted
	m.counted += int64(n)
	if m.b.Steps > 0 {
		if m.left -= int64(n); m.left < 0 {
			gn.failBudget(f, fmt.Errorf("%w (%d)", ErrBudget, m.b.Steps))
			return false
		}
	}
	if m.b.Stop != nil && before/stopEvery != m.counted/stopEvery {
		select {
		case <-m.b.Stop:
			gn.failBudget(f, ErrStopped)
			return false
		default:
		}
	}
	return true
}

// failBudget records a budget's error, naming the program that was
// running when there was one.
func (gn *generator) failBudget(f *frame, err error) {
	if gn.err != nil {
		return
	}
	if f == nil {
		gn.err = err
		return
	}
	gn.fail(f, "%w", err)
}
