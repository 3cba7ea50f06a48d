package linjat

import (
	"errors"
	"math/bits"
)

// MaxSearchNodes bounds the exact search, so that a pathological puzzle ends
// with ErrSearchLimit instead of running for hours.
var MaxSearchNodes = 2_000_000

// ErrSearchLimit is returned when the exact search gives up.
var ErrSearchLimit = errors.New("linjat: exact search limit reached")

// Solve finds up to limit solutions of p by exhaustive search.
func Solve(p *Puzzle, limit int) ([]Solution, error) {
	var v Solver
	return v.Solve(p, limit)
}

// Count returns the number of solutions of p, counting no further than
// limit: Count(p, 2) == 1 means the solution is unique.
func (v *Solver) Count(p *Puzzle, limit int) (int, error) {
	sols, err := v.search(p, limit, false)
	return len(sols), err
}

// Solve finds up to limit solutions of p by exhaustive search.
func (v *Solver) Solve(p *Puzzle, limit int) ([]Solution, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return v.search(p, limit, true)
}

// search explores the placements depth first, propagating the sound
// deductions (a dot only one number reaches; the cells a number surely
// covers) at every node. It branches on the uncovered dot with the fewest
// placements through it, and once every dot is covered on the number with
// the fewest placements left, so every leaf is a distinct solution.
func (v *Solver) search(p *Puzzle, limit int, keep bool) ([]Solution, error) {
	if limit < 1 {
		return nil, nil
	}
	v.load(p)
	e := exactSearch{v: v, limit: limit, keep: keep}
	e.visit(0, &v.s)
	return e.sols, e.err
}

type exactSearch struct {
	v     *Solver
	limit int
	keep  bool
	nodes int
	sols  []Solution
	err   error
}

func (e *exactSearch) done() bool { return e.err != nil || len(e.sols) >= e.limit }

func (e *exactSearch) visit(depth int, s *state) {
	if e.nodes++; e.nodes > MaxSearchNodes {
		e.err = ErrSearchLimit
		return
	}
	s.propagate()
	if s.bad {
		return
	}
	b := s.b
	branch, nb := -1, 0 // number to branch on, or -1
	dot, nd := -1, 1<<30
	for wi := range s.dots {
		for x := s.dots[wi] &^ s.ownAll[wi]; x != 0; x &= x - 1 {
			c := wi<<6 | bits.TrailingZeros64(x)
			n := 0
			s.reachers(c, func(i int) {
				for k := b.first[i]; k < b.first[i+1]; k++ {
					if s.alive[k] && hasBit(b.mask(k), c) {
						n++
					}
				}
			})
			if n < nd {
				dot, nd = c, n
			}
		}
	}
	if dot < 0 {
		for i := range b.nums {
			if s.nalive[i] > 1 && (branch < 0 || s.nalive[i] < nb) {
				branch, nb = i, s.nalive[i]
			}
		}
		if branch < 0 {
			if sol, ok := s.solution(); ok {
				if !e.keep {
					sol = nil
				}
				e.sols = append(e.sols, sol)
			}
			return
		}
	}
	child := e.child(depth + 1)
	for k := range b.plNum {
		if !s.alive[k] || (dot >= 0 && !hasBit(b.mask(k), dot)) || (dot < 0 && b.plNum[k] != branch) {
			continue
		}
		child.copyFrom(s)
		child.commit(k)
		e.visit(depth+1, child)
		if e.done() {
			return
		}
	}
}

// child returns the state kept for the given depth of the search.
func (e *exactSearch) child(depth int) *state {
	for len(e.v.stack) <= depth {
		e.v.stack = append(e.v.stack, new(state))
	}
	return e.v.stack[depth]
}

// commit fixes placement k for its number.
func (s *state) commit(k int) {
	i := s.b.plNum[k]
	for j := s.b.first[i]; j < s.b.first[i+1]; j++ {
		if j != k {
			s.drop(j)
		}
	}
	s.refresh()
	s.claimInter(i, nil)
}

// propagate applies the Cover and CantFit deductions until neither finds
// anything or the state is contradictory.
func (s *state) propagate() {
	for !s.bad {
		s.refresh()
		changed := false
		for wi := range s.dots {
			for x := s.dots[wi] &^ s.ownAll[wi] & s.reach1[wi] &^ s.reach2[wi]; x != 0; x &= x - 1 {
				c := wi<<6 | bits.TrailingZeros64(x)
				s.reachers(c, func(i int) {
					if s.claim(c, i) {
						changed = true
					}
				})
			}
		}
		if changed {
			s.refresh()
		}
		for i := range s.b.nums {
			switch {
			case !s.dirty[i]:
			case s.stale[i]:
				changed = true // lost placements since the refresh: next round
			default:
				s.dirty[i] = false
				if s.claimInter(i, nil) > 0 {
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}
