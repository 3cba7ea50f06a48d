package linjat

import (
	"math/bits"
	"math/rand/v2"
)

// genScratch is the generator's working memory.
type genScratch struct {
	initReach []int // numbers that can reach each cell at the start
	reach     []int // numbers that can reach each cell now
}

// Generate adds dots to p (its numbers stay, its dots are kept) until the
// rating solver, restricted to the given sound rules, can solve it, and
// reports whether it succeeded. It alternates: solve while some rule
// applies; when stuck, add a dot in the free cell that the most lines could
// cover (at the start plus now, ties at random), so that each dot gives away
// as little as possible. Before each layer, a number that could settle
// through the Uncontested leak gets a dot among its cells, since the finished
// puzzle should not need the leak. Every dot only removes solutions, so the
// deductions made so far stay valid; a puzzle the sound rules finish has
// exactly one solution. On failure p holds the dots added so far.
func (v *Solver) Generate(p *Puzzle, rules RuleSet, r *rand.Rand) bool {
	rules &= SoundRules
	if p.Validate() != nil {
		return false
	}
	v.load(p)
	g := &v.gen
	g.initReach = resize(g.initReach, v.b.ncell)
	v.reachCounts(g.initReach)
	stuck := false
	// Every pass adds a dot or drops a placement or claims a cell.
	for limit := len(v.b.plNum) + 3*v.b.ncell; limit > 0; limit-- {
		if v.s.bad {
			return false
		}
		if v.s.solved() {
			_, ok := v.s.solution()
			return ok
		}
		try := rules
		if stuck {
			// Nothing applied before the last dot, and a dot changes nothing
			// but the dots: only the rules that look at dots can apply now.
			try &= dotRules
		} else {
			v.blockUncontested(p, r)
		}
		if _, ok := v.next(try, nil); ok {
			stuck = false
			continue
		}
		stuck = true
		if !v.addDot(p, r, -1) {
			return false
		}
	}
	return false
}

// dotRules are the sound rules whose deductions depend on the dots.
const dotRules RuleSet = 1<<Cover | 1<<Square | 1<<Dependency

// reachCounts writes the number of numbers that can reach each cell.
func (v *Solver) reachCounts(dst []int) {
	clear(dst)
	for i := range v.b.nums {
		forEach(v.s.uniOf(i), func(c int) { dst[c]++ })
	}
}

// blockUncontested adds a dot within reach of every number to which the
// Uncontested leak would apply.
func (v *Solver) blockUncontested(p *Puzzle, r *rand.Rand) {
	s := &v.s
	excl, unc := v.scratch(2), v.scratch(3)
	s.exclusive(excl)
	s.uncovered(unc)
	for i := range v.b.nums {
		u := s.uniOf(i)
		if s.nalive[i] < 2 || intersects(u, unc) || !intersects(u, s.reach2) {
			continue
		}
		for k := v.b.first[i]; k < v.b.first[i+1]; k++ {
			if s.alive[k] && subset(v.b.mask(k), excl) {
				v.addDot(p, r, i)
				break
			}
		}
	}
}

// addDot puts a dot in the free, unowned cell reachable now (by number only,
// if only >= 0) that the most lines could cover at the start and now; it
// reports false when there is no such cell.
func (v *Solver) addDot(p *Puzzle, r *rand.Rand, only int) bool {
	s, g := &v.s, &v.gen
	g.reach = resize(g.reach, v.b.ncell)
	v.reachCounts(g.reach)
	cand := s.reach1
	if only >= 0 {
		cand = s.uniOf(only)
	}
	best, bestScore, ties := -1, -1, 0
	for wi := range cand {
		for x := cand[wi] &^ s.ownAll[wi] &^ s.dots[wi] &^ v.b.numbers[wi]; x != 0; x &= x - 1 {
			c := wi<<6 | bits.TrailingZeros64(x)
			score := g.initReach[c] + g.reach[c]
			switch {
			case score > bestScore:
				best, bestScore, ties = c, score, 1
			case score == bestScore:
				ties++
				if r.IntN(ties) == 0 {
					best = c
				}
			}
		}
	}
	if best < 0 {
		return false
	}
	setBit(s.dots, best)
	p.Cells[best] = Dot
	return true
}
