package linjat

import (
	"fmt"
	"math/bits"
)

// Rule is a kind of deduction of the rating solver. The rules are tried in
// the order of their values, simplest first; Uncontested and SingleSolution
// are the uniqueness leaks: they hold only for a puzzle with one solution.
type Rule int

// The deduction rules.
const (
	// Uncontested: a number that can reach no uncovered dot, shares cells
	// with another number, and has exactly one placement on cells nobody else
	// can reach takes that placement (any solution could move it there).
	Uncontested Rule = iota
	// Cover: a dot only one number can reach is covered by it.
	Cover
	// SingleSolution: two or more placements of a number that cover no dot
	// and lie on cells nobody else can reach would be interchangeable, so a
	// puzzle with one solution uses none of them.
	SingleSolution
	// CantFit: the cells common to all placements of a number are its own.
	CantFit
	// Square: two dots that exactly the same two numbers can reach, one of
	// which cannot cover both, so the other must cover at least one.
	Square
	// Dependency: every line through dot D also covers dot E, so E is covered
	// by D's line and placements covering E but not D go.
	Dependency
	// OneOf: of two numbers in line with a cell X at most one takes X, so
	// the cells one of them then surely covers are taken; a third number
	// cannot touch both sets.
	OneOf
	// NumRules is the number of rules.
	NumRules
)

var ruleNames = [NumRules]string{"uncontested", "cover", "single_solution", "cant_fit", "square", "dependency", "one_of"}

// String returns the rule's name as used in traces, weights and flags.
func (r Rule) String() string {
	if r >= 0 && r < NumRules {
		return ruleNames[r]
	}
	return fmt.Sprintf("rule(%d)", int(r))
}

// ParseRule returns the rule with the given name.
func ParseRule(name string) (Rule, error) {
	for r, n := range ruleNames {
		if n == name {
			return Rule(r), nil
		}
	}
	return 0, fmt.Errorf("unknown rule %q", name)
}

// Leak reports whether the rule reasons from the uniqueness of the solution.
func (r Rule) Leak() bool { return r == Uncontested || r == SingleSolution }

// RuleSet is a set of rules, bit r for Rule r.
type RuleSet uint32

// Rule sets.
const (
	AllRules   RuleSet = 1<<NumRules - 1
	LeakRules  RuleSet = 1<<Uncontested | 1<<SingleSolution
	SoundRules         = AllRules &^ LeakRules
	BasicRules RuleSet = 1<<Cover | 1<<CantFit
)

// Has reports whether r is in the set.
func (s RuleSet) Has(r Rule) bool { return s&(1<<r) != 0 }

// step collects the deductions of one layer before they are applied, so
// that every deduction of a layer is made from the same state.
type step struct {
	rule     Rule
	width    int
	drops    []int
	dropped  []bool // per placement
	claims   [][2]int
	subjects []int
	isSubj   []bool // per number
	focus    []int
}

func (st *step) reset(nplace, nnum int) {
	st.width = 0
	if len(st.dropped) != nplace || len(st.isSubj) != nnum {
		st.dropped, st.isSubj = resize(st.dropped, nplace), resize(st.isSubj, nnum)
	} else {
		for _, k := range st.drops {
			st.dropped[k] = false
		}
		for _, i := range st.subjects {
			st.isSubj[i] = false
		}
	}
	st.drops, st.claims, st.subjects, st.focus = st.drops[:0], st.claims[:0], st.subjects[:0], st.focus[:0]
}

func (st *step) drop(s *state, k int) {
	if !st.dropped[k] {
		st.dropped[k] = true
		st.drops = append(st.drops, k)
		st.subject(s.b.plNum[k])
	}
}

func (st *step) subject(i int) {
	if !st.isSubj[i] {
		st.isSubj[i] = true
		st.subjects = append(st.subjects, i)
	}
}

func (st *step) empty() bool {
	return len(st.drops) == 0 && len(st.claims) == 0 && len(st.subjects) == 0
}

// exclusive writes to dst the cells exactly one number can reach.
func (s *state) exclusive(dst []uint64) {
	for j := range dst {
		dst[j] = s.reach1[j] &^ s.reach2[j]
	}
}

// uncovered writes to dst the dots no number owns yet.
func (s *state) uncovered(dst []uint64) {
	for j := range dst {
		dst[j] = s.dots[j] &^ s.ownAll[j]
	}
}

func (v *Solver) ruleUncontested() {
	s, st, b := &v.s, &v.st, &v.b
	excl, unc := v.scratch(0), v.scratch(1)
	s.exclusive(excl)
	s.uncovered(unc)
	for i := range b.nums {
		if s.nalive[i] < 2 || !v.mayBeUncontested(i, excl, unc) {
			continue
		}
		pick, n := -1, 0
		for k := b.first[i]; k < b.first[i+1]; k++ {
			if s.alive[k] && subset(b.mask(k), excl) {
				pick, n = k, n+1
			}
		}
		if n != 1 {
			continue // several would prove two solutions: not for this rule
		}
		for k := b.first[i]; k < b.first[i+1]; k++ {
			if s.alive[k] && k != pick {
				st.drop(s, k)
			}
		}
		st.width++
		forEach(b.mask(pick), func(c int) { st.focus = append(st.focus, c) })
	}
}

// mayBeUncontested reports whether number i reaches no uncovered dot,
// shares a cell with another number, and has room for a line on cells only
// it reaches: the cheap test before its placements are looked at.
func (v *Solver) mayBeUncontested(i int, excl, unc []uint64) bool {
	s, w := &v.s, v.b.w
	if w > 2 {
		u := s.uniOf(i)
		return !intersects(u, unc) && intersects(u, s.reach2) && roomIn(u, excl) >= v.b.nums[i].Value
	}
	u0, u1, unc1, r21, ex1 := s.uni[i*w], uint64(0), uint64(0), uint64(0), uint64(0)
	if w == 2 {
		u1, unc1, r21, ex1 = s.uni[i*w+1], unc[1], s.reach2[1], excl[1]
	}
	return u0&unc[0]|u1&unc1 == 0 && u0&s.reach2[0]|u1&r21 != 0 &&
		bits.OnesCount64(u0&excl[0])+bits.OnesCount64(u1&ex1) >= v.b.nums[i].Value
}

func (v *Solver) ruleCover() {
	s, st := &v.s, &v.st
	for wi := range s.dots {
		for x := s.dots[wi] &^ s.ownAll[wi] & s.reach1[wi] &^ s.reach2[wi]; x != 0; x &= x - 1 {
			c := wi<<6 | bits.TrailingZeros64(x)
			s.reachers(c, func(i int) {
				st.claims = append(st.claims, [2]int{c, i})
				st.subject(i)
			})
			st.width++
			st.focus = append(st.focus, c)
		}
	}
}

func (v *Solver) ruleSingleSolution() {
	s, st, b := &v.s, &v.st, &v.b
	excl := v.scratch(0)
	s.exclusive(excl)
	for wi := range excl {
		excl[wi] &^= s.dots[wi]
	}
	for i := range b.nums {
		// Two interchangeable placements need more cells than one line.
		if roomIn(s.uniOf(i), excl) <= b.nums[i].Value {
			continue
		}
		n := 0
		for k := b.first[i]; k < b.first[i+1]; k++ {
			if s.alive[k] && v.interchangeable(k, excl) {
				n++
			}
		}
		if n < 2 || n == s.nalive[i] {
			continue
		}
		for k := b.first[i]; k < b.first[i+1]; k++ {
			if s.alive[k] && v.interchangeable(k, excl) {
				st.drop(s, k)
				forEach(b.mask(k), func(c int) { st.focus = append(st.focus, c) })
			}
		}
		st.width++
	}
}

// roomIn returns the number of cells of u in free.
func roomIn(u, free []uint64) int {
	n := 0
	for wi, x := range u {
		n += bits.OnesCount64(x & free[wi])
	}
	return n
}

// interchangeable reports whether placement k lies within free, i.e. on
// cells without dots that only its number can reach.
func (v *Solver) interchangeable(k int, free []uint64) bool {
	return subset(v.b.mask(k), free)
}

func (v *Solver) ruleCantFit() {
	s, st := &v.s, &v.st
	for i := range v.b.nums {
		in, own := s.interOf(i), s.ownOf(i)
		for j := range in {
			if in[j]&^own[j] != 0 {
				st.subject(i)
				st.width++
				break
			}
		}
	}
}

// coverBoth reports whether number i has a placement covering cells c and d.
func (v *Solver) coverBoth(i, c, d int) bool {
	for k := v.b.first[i]; k < v.b.first[i+1]; k++ {
		if v.s.alive[k] && hasBit(v.b.mask(k), c) && hasBit(v.b.mask(k), d) {
			return true
		}
	}
	return false
}

func (v *Solver) ruleSquare() {
	s, st, b := &v.s, &v.st, &v.b
	v.pairs = v.pairs[:0]
	for wi := range s.dots {
		for x := s.dots[wi] &^ s.ownAll[wi] & s.reach2[wi] &^ s.reach3[wi]; x != 0; x &= x - 1 {
			c := wi<<6 | bits.TrailingZeros64(x)
			r := [2]int{-1, -1}
			s.reachers(c, func(i int) {
				if r[0] < 0 {
					r[0] = i
				} else {
					r[1] = i
				}
			})
			v.pairs = append(v.pairs, [3]int{c, r[0], r[1]})
		}
	}
	for x := range v.pairs {
		for y := x + 1; y < len(v.pairs); y++ {
			p, q := v.pairs[x], v.pairs[y]
			if p[1] != q[1] || p[2] != q[2] {
				continue
			}
			for _, xy := range [2][2]int{{p[1], p[2]}, {p[2], p[1]}} {
				if v.coverBoth(xy[1], p[0], q[0]) {
					continue
				}
				found := false
				for k := b.first[xy[0]]; k < b.first[xy[0]+1]; k++ {
					m := b.mask(k)
					if s.alive[k] && !hasBit(m, p[0]) && !hasBit(m, q[0]) {
						st.drop(s, k)
						found = true
					}
				}
				if found {
					st.width++
					st.focus = append(st.focus, p[0], q[0])
				}
			}
		}
	}
}

// throughInter writes to dst the cells common to number i's placements
// through cell c (or, with through false, avoiding c); it reports false if
// there is no such placement.
func (v *Solver) throughInter(dst []uint64, i, c int, through bool) bool {
	any := false
	for j := range dst {
		dst[j] = ^uint64(0)
	}
	for k := v.b.first[i]; k < v.b.first[i+1]; k++ {
		m := v.b.mask(k)
		if v.s.alive[k] && hasBit(m, c) == through {
			any = true
			for j := range dst {
				dst[j] &= m[j]
			}
		}
	}
	return any
}

func (v *Solver) ruleDependency() {
	s, b := &v.s, &v.b
	common, one := v.scratch(0), v.scratch(1)
	for wi := range s.dots {
		for x := s.dots[wi] &^ s.ownAll[wi] & s.reach2[wi]; x != 0; x &= x - 1 {
			d := wi<<6 | bits.TrailingZeros64(x)
			copy(common, s.dots)
			common[d>>6] &^= 1 << (uint(d) & 63)
			for i := range b.nums {
				if !s.reaches(i, d) {
					continue
				}
				v.throughInter(one, i, d, true)
				any := uint64(0)
				for j := range common {
					common[j] &= one[j]
					any |= common[j]
				}
				if any == 0 {
					break // no other dot lies on every line through d
				}
			}
			forEach(common, func(e int) { v.dependent(d, e) })
		}
	}
}

// dependent applies the Dependency rule to dots d and e, e being on every
// line that can cover d: the numbers that reach e but not d cannot cover e.
func (v *Solver) dependent(d, e int) {
	s, st, b := &v.s, &v.st, &v.b
	found := false
	for i := range b.nums {
		if !s.reaches(i, e) || s.reaches(i, d) {
			continue
		}
		for k := b.first[i]; k < b.first[i+1]; k++ {
			if s.alive[k] && hasBit(b.mask(k), e) {
				st.drop(s, k)
				found = true
			}
		}
	}
	if found {
		st.width++
		st.focus = append(st.focus, d, e)
	}
}

func (v *Solver) ruleOneOf() {
	s, b := &v.s, &v.b
	for a := range b.nums {
		for c := a + 1; c < len(b.nums); c++ {
			na, nc := b.nums[a], b.nums[c]
			if na.Row != nc.Row && na.Col != nc.Col {
				continue
			}
			ua, uc := s.uniOf(a), s.uniOf(c)
			for wi := range ua {
				for x := ua[wi] & uc[wi] &^ s.ownAll[wi]; x != 0; x &= x - 1 {
					cell := wi<<6 | bits.TrailingZeros64(x)
					if na.Row == nc.Row && cell/b.cols == na.Row || na.Col == nc.Col && cell%b.cols == na.Col {
						v.oneOf(cell, a, c)
					}
				}
			}
		}
	}
}

// oneOf applies the one_of rule to cell x and numbers a and c: one of them
// avoids x, so the cells common to its placements avoiding x are covered by
// it; no third number can touch both sets.
func (v *Solver) oneOf(x, a, c int) {
	s, st, b := &v.s, &v.st, &v.b
	sa, sc := v.scratch(0), v.scratch(1)
	if !v.throughInter(sa, a, x, false) || !v.throughInter(sc, c, x, false) {
		return
	}
	found := false
	for i := range b.nums {
		u := s.uniOf(i)
		if i == a || i == c || !intersects(u, sa) || !intersects(u, sc) {
			continue
		}
		for k := b.first[i]; k < b.first[i+1]; k++ {
			m := b.mask(k)
			if s.alive[k] && intersects(m, sa) && intersects(m, sc) {
				st.drop(s, k)
				found = true
			}
		}
	}
	if found {
		st.width++
		st.focus = append(st.focus, x)
	}
}
