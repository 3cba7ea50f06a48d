package engine

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/ludus-games/ludus/engine/rules"
)

// Compiled goals: each goal condition with the tables that make checking
// it cheap after every move, built once per game.

// cgoal is a compiled goal condition.
type cgoal struct {
	c    *rules.GoalCond
	args []cgoal
	// rel: the placements of a relative-config pattern.
	rel *relTable
	// lines: an or whose arguments are all n-in-a-row patterns of one
	// spec, checked together.
	lines *lineSet
	// abs[player] is the bit set of the positions of an absolute-config
	// (zones read for that player).
	abs [][]uint64
	// absNot: the absolute-config has (not T) specs.
	absNot bool
	// static: the condition may hold when checked without the moves of
	// the player to move (perft, playouts), where stalemated and
	// checkmated read false; otherwise such a check skips it.
	static bool
	// x and y are a comparison's expressions; dl a connection's
	// direction list.
	x, y *cexpr
	dl   int
	// nb: a connection's neighbour sets (connect.go), or nil.
	nb []uint64
	// priority is the goal's (for the outermost condition of a goal).
	priority int
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
	g.goalWords = make([]string, len(r.Goals))
	g.goalsOf = make([][]int, g.nplayers)
	g.goalLevels = nil
	for i := range r.Goals {
		goal := &r.Goals[i]
		if !slices.Contains(g.goalLevels, goal.Priority) {
			g.goalLevels = append(g.goalLevels, goal.Priority)
		}
		for p := range g.goalsOf {
			if containsInt(goal.Players, p) {
				g.goalsOf[p] = append(g.goalsOf[p], i)
			}
		}
		g.goals[i] = g.compileCond(&goal.Cond)
		g.goals[i].priority = goal.Priority
		g.goalWords[i] = GoalWords(r, goal.Cond)
		g.reasons[i] = make([]string, g.nplayers)
		for p := range g.reasons[i] {
			g.reasons[i][p] = fmt.Sprintf("%s-condition of %s at %s", goal.Kind, r.Players[p].Name, goal.Src)
		}
	}
	for i := range g.goals {
		g.goalCells = g.goalCells || readsCells(&g.goals[i])
	}
	slices.SortFunc(g.goalLevels, func(a, b int) int { return b - a })
	g.score = g.compileExpr(r.Score)
	if r.Evaluation != nil {
		g.evaluation = make([]*cexpr, len(r.Evaluation))
		for p, x := range r.Evaluation {
			g.evaluation[p] = g.compileExpr(x)
		}
	}
	g.goalSeq = make([][]goalRef, g.nplayers)
	g.staticGoalSeq = make([][]goalRef, g.nplayers)
	for mover := range g.goalSeq {
		g.goalSeq[mover] = g.goalOrder(mover, false)
		g.staticGoalSeq[mover] = g.goalOrder(mover, true)
	}
}

// readsCells reports whether a condition looks at the cells a move
// changed when checked after it (configurations, connections).
func readsCells(c *cgoal) bool {
	switch c.c.Kind {
	case rules.GoalRelativeConfig, rules.GoalAbsoluteConfig, rules.GoalConnected:
		return true
	}
	return slices.ContainsFunc(c.args, func(a cgoal) bool { return readsCells(&a) })
}

// goalRef is a goal to check for a player.
type goalRef struct{ goal, player int32 }

// goalOrder lists the goals in the order Result checks them after a move
// of mover: a higher priority first; within one, the mover's goals, then
// the others' in player order, each in file order. With static, only the
// goals that may hold without looking at the moves.
func (g *Game) goalOrder(mover int, static bool) []goalRef {
	var out []goalRef
	levels := len(g.goalLevels) > 1
	for _, level := range g.goalLevels {
		for i := -1; i < g.nplayers; i++ {
			p := i
			if i < 0 {
				p = mover
			} else if i == mover {
				continue
			}
			for _, k := range g.goalsOf[p] {
				if static && !g.goals[k].static || levels && g.goals[k].priority != level {
					continue
				}
				out = append(out, goalRef{int32(k), int32(p)})
			}
		}
	}
	return out
}

func (g *Game) compileCond(c *rules.GoalCond) cgoal {
	out := cgoal{c: c}
	all, any := true, false
	for i := range c.Args {
		out.args = append(out.args, g.compileCond(&c.Args[i]))
		all = all && out.args[i].static
		any = any || out.args[i].static
	}
	switch c.Kind {
	case rules.GoalStalemated, rules.GoalCheckmated:
		out.static = false // false whenever the moves are not looked at
	case rules.GoalCompare:
		out.x, out.y = g.compileExpr(c.X), g.compileExpr(c.Y)
		out.static = !countsMoves(c.X) && !countsMoves(c.Y)
	case rules.GoalConnected:
		out.dl = g.dirList(c.Dirs)
		out.nb = g.neighbourSets(out.dl)
		out.static = true
	case rules.GoalAnd:
		out.static = all
	case rules.GoalOr:
		out.static = any
	default:
		out.static = true // a not of a condition that reads false is true
	}
	switch c.Kind {
	case rules.GoalRelativeConfig:
		out.rel = g.relTable(c)
	case rules.GoalAbsoluteConfig:
		out.abs = g.absSets(c)
		out.absNot = slices.ContainsFunc(c.Specs, func(sp rules.PieceSpec) bool { return sp.Not })
	case rules.GoalOr:
		out.lines = lineSetOf(out.args)
		if out.lines != nil {
			g.lineWindows(out.lines)
		}
	}
	return out
}

// countsMoves reports whether an expression counts the legal moves.
func countsMoves(e *rules.Expr) bool {
	if e == nil {
		return false
	}
	if e.Kind == rules.ECountMoves {
		return true
	}
	for _, a := range e.Args {
		if countsMoves(a) {
			return true
		}
	}
	return false
}

// lineSet is an or of n-in-a-row patterns of one spec (four in a row
// across, up or along a diagonal): after a move, a changed cell is tested
// once against the spec before the lines through it are counted.
type lineSet struct {
	spec rules.PieceSpec
	dirs []int
	ks   []int
	// masks[p] tests the spec for player p as one masked compare, when
	// it can be written so (a type of one owner, or an empty cell).
	masks []pieceMask
	// win[wcell[q]:wcell[q+1]] are the sets of the k cells of every line
	// through q (k in a row along one of dirs), on a board of one word,
	// when no line meets itself: a line of a spec owned by p needs its
	// whole set in p's occupancy set, so one masked compare rules it out.
	win   []uint64
	wcell []int32
	// lines holds every line's set once (win lists each line once per
	// cell): a check of the whole board tests each of them.
	lines []uint64
}

// pieceMask matches a piece v when v&mask == want.
type pieceMask struct {
	mask, want Piece
	ok         bool
}

// maskOf returns the masked compare equal to matches(sp, v, p), if any.
func maskOf(sp rules.PieceSpec, p int) pieceMask {
	switch {
	case sp.Not:
		return pieceMask{}
	case sp.Owner == rules.EmptySquare:
		return pieceMask{^Piece(0), 0, true}
	case sp.Owner == rules.OwnPiece && sp.Type >= 0:
		return pieceMask{typeMask | ownerMask, MakePiece(sp.Type, p), true}
	case sp.Owner == rules.AnyOwner && sp.Type >= 0:
		return pieceMask{typeMask, Piece(sp.Type + 1), true}
	}
	return pieceMask{}
}

// lineSetOf returns the line set of an or's arguments, or nil when one is
// not an n-in-a-row pattern of the first one's spec.
func lineSetOf(args []cgoal) *lineSet {
	if len(args) < 2 {
		return nil
	}
	ls := &lineSet{}
	for i, a := range args {
		if a.rel == nil || a.rel.line < 0 || (i > 0 && a.c.Specs[0] != ls.spec) {
			return nil
		}
		ls.spec = a.c.Specs[0]
		ls.dirs = append(ls.dirs, a.rel.line)
		ls.ks = append(ls.ks, a.rel.k)
	}
	for p := 0; p < MaxPlayers; p++ {
		ls.masks = append(ls.masks, maskOf(ls.spec, p))
	}
	return ls
}

func (g *Game) relTable(c *rules.GoalCond) *relTable {
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
func (g *Game) lineDir(c *rules.GoalCond) int {
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

func (g *Game) absSets(c *rules.GoalCond) [][]uint64 {
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

// absoluteNot checks an absolute-config with (not T) specs: some position
// holds a piece of the other specs (if any), and none a T. It can only
// become true when a cell of its positions changes.
func (e *goalEval) absoluteNot(c *cgoal, p int, inc bool) bool {
	set := c.abs[p]
	if inc && !slices.ContainsFunc(e.changed, func(q int32) bool { return set[q>>6]>>(q&63)&1 != 0 }) {
		return false
	}
	found := true
	for _, sp := range c.c.Specs {
		found = found && sp.Not
	}
	for w, x := range set {
		for x != 0 {
			q := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			for _, sp := range c.c.Specs {
				in := sp
				in.Not = false
				switch m := matches(in, e.s.cells[q], p); {
				case m && sp.Not:
					return false
				case m:
					found = true
				}
			}
		}
	}
	return found
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
	sp := c.c.Specs[0]
	for _, q := range e.changed {
		if matches(sp, e.s.cells[q], p) && e.s.lineAt(q, sp, c.rel.line, c.rel.k, p) {
			return true
		}
	}
	return false
}

// lines checks a line set around the changed cells.
func (e *goalEval) lines(ls *lineSet, p int) bool {
	if m := ls.masks[p]; m.ok {
		return e.s.linesMasked(e.changed, ls, m)
	}
	for _, q := range e.changed {
		if !matches(ls.spec, e.s.cells[q], p) {
			continue
		}
		for i, d := range ls.dirs {
			if e.s.lineAt(q, ls.spec, d, ls.ks[i], p) {
				return true
			}
		}
	}
	return false
}

// lineWindows fills ls.win and ls.wcell when the board fits one word and
// every line is k distinct cells; otherwise it leaves them nil.
func (g *Game) lineWindows(ls *lineSet) {
	if g.np > 64 || ls.spec.Owner != rules.OwnPiece {
		return
	}
	links := g.Rules.Board.Links
	wcell := make([]int32, g.np+1)
	var win []uint64
	for q := 0; q < g.np; q++ {
		for i, d := range ls.dirs {
			k := ls.ks[i]
			// Walk back to the farthest start of a line through q, then
			// take each run of k cells that covers q.
			back := []int32{int32(q)}
			for r := g.rev[q*g.nd+d]; r >= 0 && len(back) < k; r = g.rev[int(r)*g.nd+d] {
				back = append(back, r)
			}
			for j := len(back) - 1; j >= 0; j-- {
				var set uint64
				n := 0
				for r := back[j]; r >= 0 && n < k; r = links[int(r)*g.nd+d] {
					if set>>r&1 != 0 {
						return // the line meets itself: the walk counts it twice
					}
					set |= 1 << r
					n++
				}
				if n == k {
					win = append(win, set)
				}
			}
		}
		wcell[q+1] = int32(len(win))
	}
	ls.win, ls.wcell = win, wcell
	seen := make(map[uint64]bool)
	for _, set := range win {
		if !seen[set] {
			seen[set] = true
			ls.lines = append(ls.lines, set)
		}
	}
}

// linesMasked is lines for a spec tested by a masked compare.
func (s *State) linesMasked(changed []int32, ls *lineSet, m pieceMask) bool {
	g := s.g
	cells := s.cells
	nd := g.nd
	links := g.Rules.Board.Links
	for _, q := range changed {
		if cells[q]&m.mask != m.want {
			continue
		}
		if ls.win != nil {
			if s.linesWindowed(q, ls, m) {
				return true
			}
			continue
		}
		for i, d := range ls.dirs {
			k := ls.ks[i]
			n := 1
			for r := links[int(q)*nd+d]; r >= 0 && n < k && cells[r]&m.mask == m.want; r = links[int(r)*nd+d] {
				n++
			}
			for r := g.rev[int(q)*nd+d]; r >= 0 && n < k && cells[r]&m.mask == m.want; r = g.rev[int(r)*nd+d] {
				n++
			}
			if n >= k {
				return true
			}
		}
	}
	return false
}

// linesWindowed is linesMasked at q by the line sets.
func (s *State) linesWindowed(q int32, ls *lineSet, m pieceMask) bool {
	return s.linesHold(ls.win[ls.wcell[q]:ls.wcell[q+1]], m)
}

// lineAt reports whether k cells matching sp for p lie in a row along
// direction d through q, whose own cell matches.
func (s *State) lineAt(q int32, sp rules.PieceSpec, d, k, p int) bool {
	g := s.g
	cells := s.cells
	nd := g.nd
	links := g.Rules.Board.Links
	n := 1
	for r := links[int(q)*nd+d]; r >= 0 && n < k && matches(sp, cells[r], p); r = links[int(r)*nd+d] {
		n++
	}
	for r := g.rev[int(q)*nd+d]; r >= 0 && n < k && matches(sp, cells[r], p); r = g.rev[int(r)*nd+d] {
		n++
	}
	return n >= k
}

// absolute checks an absolute-config: with inc, only the changed cells.
func (e *goalEval) absolute(c *cgoal, p int, inc bool) bool {
	set := c.abs[p]
	cells := e.s.cells
	if c.absNot {
		return e.absoluteNot(c, p, inc)
	}
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
