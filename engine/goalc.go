package engine

import (
	"fmt"
	"math/bits"
)

// Compiled goals: each goal condition with the tables that make checking
// it cheap after every move, built once per game.

// cgoal is a compiled goal condition.
type cgoal struct {
	c    *GoalCond
	args []cgoal
	// rel: the placements of a relative-config pattern.
	rel *relTable
	// abs[player] is the bit set of the positions of an absolute-config
	// (zones read for that player).
	abs [][]uint64
	// static: the condition may hold when checked without the moves of
	// the player to move (perft, playouts), where stalemated and
	// checkmated read false; otherwise such a check skips it.
	static bool
}

// relTable lists every placement of a relative-config pattern on the
// board. A placement is named by its anchor, the position of the first
// spec: cells[a*k+i] is where spec i falls, and anchors the positions
// whose whole pattern lies on the board. cover[q] lists the placements
// that put some spec on q, as (anchor, spec) pairs.
type relTable struct {
	k       int
	cells   []int32
	anchors []int32
	cover   []int32 // coverA[cover[q]:cover[q+1]]
	coverA  []int32
	coverI  []int32
	// line >= 0: the pattern is k equal specs in a row along direction
	// line (n in a row), checked by counting from the changed cell both
	// ways.
	line int
}

// compileGoals builds the compiled goals and the text of each outcome.
func (g *Game) compileGoals() {
	r := g.Rules
	g.goals = make([]cgoal, len(r.Goals))
	g.reasons = make([][]string, len(r.Goals))
	g.goalsOf = make([][]int, g.nplayers)
	for i := range r.Goals {
		goal := &r.Goals[i]
		for p := range g.goalsOf {
			if containsInt(goal.Players, p) {
				g.goalsOf[p] = append(g.goalsOf[p], i)
			}
		}
		g.goals[i] = g.compileCond(&goal.Cond)
		g.reasons[i] = make([]string, g.nplayers)
		for p := range g.reasons[i] {
			g.reasons[i][p] = fmt.Sprintf("%s-condition of %s at %s", goal.Kind, r.Players[p].Name, goal.Src)
		}
	}
}

func (g *Game) compileCond(c *GoalCond) cgoal {
	out := cgoal{c: c}
	all, any := true, false
	for i := range c.Args {
		out.args = append(out.args, g.compileCond(&c.Args[i]))
		all = all && out.args[i].static
		any = any || out.args[i].static
	}
	switch c.Kind {
	case GoalStalemated, GoalCheckmated:
		out.static = false // false whenever the moves are not looked at
	case GoalAnd:
		out.static = all
	case GoalOr:
		out.static = any
	default:
		out.static = true // a not of a condition that reads false is true
	}
	switch c.Kind {
	case GoalRelativeConfig:
		out.rel = g.relTable(c)
	case GoalAbsoluteConfig:
		out.abs = g.absSets(c)
	}
	return out
}

func (g *Game) relTable(c *GoalCond) *relTable {
	links := g.Rules.Board.Links
	k := len(c.Specs)
	t := &relTable{k: k, cells: make([]int32, g.np*k), cover: make([]int32, g.np+1), line: g.lineDir(c)}
	for a := 0; a < g.np; a++ {
		q := int32(a)
		ok := k > 0
		for i := 0; i < k && ok; i++ {
			t.cells[a*k+i] = q
			if i < len(c.Steps) && i < k-1 {
				if q = links[int(q)*g.nd+c.Steps[i]]; q < 0 {
					ok = false
				}
			}
		}
		if ok {
			t.anchors = append(t.anchors, int32(a))
			for i := 0; i < k; i++ {
				t.cover[t.cells[a*k+i]+1]++
			}
		}
	}
	for q := 0; q < g.np; q++ {
		t.cover[q+1] += t.cover[q]
	}
	t.coverA = make([]int32, t.cover[g.np])
	t.coverI = make([]int32, t.cover[g.np])
	fill := append([]int32(nil), t.cover[:g.np]...)
	for _, a := range t.anchors {
		for i := 0; i < k; i++ {
			q := t.cells[int(a)*k+i]
			t.coverA[fill[q]], t.coverI[fill[q]] = a, int32(i)
			fill[q]++
		}
	}
	return t
}

// lineDir returns the direction of a relative-config that is k equal
// specs along one direction whose links can be walked back, or -1.
func (g *Game) lineDir(c *GoalCond) int {
	if len(c.Specs) < 2 || len(c.Steps) != len(c.Specs)-1 {
		return -1
	}
	d := c.Steps[0]
	for i, sp := range c.Specs {
		if sp != c.Specs[0] || (i < len(c.Steps) && c.Steps[i] != d) {
			return -1
		}
	}
	for q := 0; q < g.np; q++ {
		if g.rev[q*g.nd+d] == -2 {
			return -1
		}
	}
	return d
}

func (g *Game) absSets(c *GoalCond) [][]uint64 {
	words := (g.np + 63) / 64
	out := make([][]uint64, g.nplayers)
	for p := range out {
		set := make([]uint64, words)
		add := func(q int) { set[q>>6] |= 1 << (q & 63) }
		for _, pos := range c.Positions {
			if pos >= 0 {
				add(pos)
				continue
			}
			if z := g.Rules.Board.Zones[-1-pos]; p < len(z.Positions) {
				for _, q := range z.Positions[p] {
					add(q)
				}
			}
		}
		out[p] = set
	}
	return out
}

// relativeAt reports whether the placement anchored at a matches for p.
func (e *goalEval) relativeAt(c *cgoal, a int32, p int) bool {
	t := c.rel
	cells := e.s.cells
	for i, q := range t.cells[int(a)*t.k : int(a+1)*t.k] {
		if !matches(c.c.Specs[i], cells[q], p) {
			return false
		}
	}
	return true
}

// relative checks a relative-config: with inc, only the placements over
// a changed cell (the spec on the changed cell first, the cheapest way
// to reject one).
func (e *goalEval) relative(c *cgoal, p int, inc bool) bool {
	t := c.rel
	if !inc {
		for _, a := range t.anchors {
			if e.relativeAt(c, a, p) {
				return true
			}
		}
		return false
	}
	if t.line >= 0 {
		return e.line(c, p)
	}
	cells := e.s.cells
	for _, q := range e.changed {
		v := cells[q]
		for j := t.cover[q]; j < t.cover[q+1]; j++ {
			if matches(c.c.Specs[t.coverI[j]], v, p) && e.relativeAt(c, t.coverA[j], p) {
				return true
			}
		}
	}
	return false
}

// line checks an n-in-a-row pattern around the changed cells.
func (e *goalEval) line(c *cgoal, p int) bool {
	g := e.s.g
	cells := e.s.cells
	sp := c.c.Specs[0]
	k := c.rel.k
	nd := g.nd
	d := c.rel.line
	links := g.Rules.Board.Links
	for _, q := range e.changed {
		if !matches(sp, cells[q], p) {
			continue
		}
		n := 1
		for r := links[int(q)*nd+d]; r >= 0 && n < k && matches(sp, cells[r], p); r = links[int(r)*nd+d] {
			n++
		}
		for r := g.rev[int(q)*nd+d]; r >= 0 && n < k && matches(sp, cells[r], p); r = g.rev[int(r)*nd+d] {
			n++
		}
		if n >= k {
			return true
		}
	}
	return false
}

// absolute checks an absolute-config: with inc, only the changed cells.
func (e *goalEval) absolute(c *cgoal, p int, inc bool) bool {
	set := c.abs[p]
	cells := e.s.cells
	if inc {
		for _, q := range e.changed {
			if set[q>>6]>>(q&63)&1 != 0 && anySpec(c.c.Specs, cells[q], p) {
				return true
			}
		}
		return false
	}
	for w, x := range set {
		for x != 0 {
			q := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			if anySpec(c.c.Specs, cells[q], p) {
				return true
			}
		}
	}
	return false
}
