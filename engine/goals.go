package engine

import "fmt"

// Result says whether the game is over and how each player scored.
type Result struct {
	Over bool
	// Scores[p] is 1 for a win, 0 for a loss and 0.5 for a draw.
	Scores []float64
	// Reason names the goal that ended the game ("win-condition of White
	// at chess.zrf:12:3") or "no moves".
	Reason string
}

// Result evaluates the goals after the last move. The goals of the player
// who just moved are checked first, then the others' in player order;
// within a player, in file order. A player with no move and no goal that
// says what that means ends the game in a draw.
func (s *State) Result() (Result, error) {
	return s.result(false)
}

// staticOver reports whether a goal that does not depend on the side to
// move having moves is met (what perft stops at).
func (s *State) staticOver() bool {
	r, _ := s.result(true)
	return r.Over
}

type goalEval struct {
	// With incremental set, the position before the last move met no
	// goal, so a configuration goal can only have become true around the
	// changed cells.
	incremental bool
	changed     []int32
	s           *State
	next        int
	static      bool
	known       bool
	noMoves     bool
	err         error
}

func (s *State) result(static bool) (Result, error) {
	return s.resultWith(&goalEval{s: s, next: s.ToMove(), static: static})
}

// resultKnown evaluates the goals when the moves of the player to move are
// already known.
func (s *State) resultKnown(noMoves bool) (Result, error) {
	return s.resultWith(&goalEval{s: s, next: s.ToMove(), known: true, noMoves: noMoves})
}

func (s *State) resultWith(e *goalEval) (Result, error) {
	g := s.g
	static := e.static
	if n := len(s.frames); n > 0 && s.frames[n-1].clearBefore {
		e.changed = s.changedCells(e.changed[:0])
		e.incremental = true
	}
	mover := g.prevPlayer(s.turn)
	if n := len(s.frames); n > 0 {
		mover = g.turns[s.frames[n-1].turn].Player
	}
	for i := -1; i < g.nplayers; i++ {
		p := i
		if i < 0 {
			p = mover
		} else if i == mover {
			continue
		}
		for i := range g.Rules.Goals {
			goal := &g.Rules.Goals[i]
			if !containsInt(goal.Players, p) {
				continue
			}
			if e.eval(&goal.Cond, p, e.incremental) {
				return s.outcome(goal, p), nil
			}
			if e.err != nil {
				return Result{}, e.err
			}
		}
	}
	if !static && e.none() {
		return s.draw("no moves"), e.err
	}
	if e.err == nil {
		s.clear = len(s.frames)
	}
	return Result{}, e.err
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

func (s *State) draw(reason string) Result {
	r := Result{Over: true, Scores: make([]float64, s.g.nplayers), Reason: reason}
	for i := range r.Scores {
		r.Scores[i] = 0.5
	}
	return r
}

func (s *State) outcome(goal *Goal, p int) Result {
	g := s.g
	name := g.Rules.Players[p].Name
	reason := fmt.Sprintf("%s-condition of %s at %s", goal.Kind, name, goal.Src)
	r := Result{Over: true, Scores: make([]float64, g.nplayers), Reason: reason}
	switch goal.Kind {
	case Win:
		r.Scores[p] = 1
	case Loss:
		for i := range r.Scores {
			if i != p && !g.randomPlayer[i] {
				r.Scores[i] = 1
			}
		}
	case Draw:
		return s.draw(reason)
	case Count:
		counts := make([]int, g.nplayers)
		best := -1
		for q := 0; q < g.np; q++ {
			if v := s.cells[q]; v != 0 && v&ghostBit == 0 {
				counts[v.Owner()]++
			}
		}
		for i, c := range counts {
			if !g.randomPlayer[i] && c > best {
				best = c
			}
		}
		n := 0
		for i, c := range counts {
			if c == best && !g.randomPlayer[i] {
				n++
			}
		}
		for i, c := range counts {
			if c == best && !g.randomPlayer[i] {
				r.Scores[i] = 1
				if n > 1 {
					r.Scores[i] = 0.5
				}
			}
		}
	}
	return r
}

// none reports whether the player to move has no legal move.
func (e *goalEval) none() bool {
	if !e.known {
		e.known = true
		ms, err := e.s.Moves(&e.s.scratch)
		e.err = err
		e.noMoves = len(ms) == 0
	}
	return e.noMoves
}

func (e *goalEval) count(p int, types []int) int {
	g := e.s.g
	n := 0
	for o := 0; o < g.nplayers; o++ {
		if p >= 0 && o != p {
			continue
		}
		for t := 0; t < g.ntypes; t++ {
			if len(types) == 0 || containsInt(types, t) {
				n += int(e.s.counts[o*g.ntypes+t])
			}
		}
	}
	return n
}

// changedCells lists the board positions the last move changed.
func (s *State) changedCells(out []int32) []int32 {
	f := s.frames[len(s.frames)-1]
	for _, c := range s.undo[f.n:] {
		if int(c.Pos) < s.g.np && !has(out, c.Pos) {
			out = append(out, c.Pos)
		}
	}
	return out
}

func (e *goalEval) matches(sp PieceSpec, v Piece, p int) bool {
	switch sp.Owner {
	case EmptySquare:
		return v == 0
	case OwnPiece:
		if v == 0 || v.Owner() != p {
			return false
		}
	case OpponentPiece:
		if v == 0 || v.Owner() == p {
			return false
		}
	case AnyOwner:
		if v == 0 {
			return false
		}
	}
	return sp.Type < 0 || v.Type() == sp.Type
}

// eval evaluates c for player p. With inc, c was false before the last
// move, so a configuration needs looking at only where the move changed the
// board; that holds through or, not through and or not.
func (e *goalEval) eval(c *GoalCond, p int, inc bool) bool {
	s := e.s
	g := s.g
	switch c.Kind {
	case GoalAnd:
		for i := range c.Args {
			if !e.eval(&c.Args[i], p, false) {
				return false
			}
		}
		return true
	case GoalOr:
		for i := range c.Args {
			if e.eval(&c.Args[i], p, inc) {
				return true
			}
		}
		return false
	case GoalNot:
		return !e.eval(&c.Args[0], p, false)
	case GoalStalemated:
		return !e.static && p == e.next && e.none()
	case GoalCheckmated:
		if e.static || p != e.next || !e.none() {
			return false
		}
		gn := s.generator()
		for q := 0; q < g.np; q++ {
			v := s.cells[q]
			if v != 0 && v.Owner() == p && containsInt(c.Types, v.Type()) && gn.threat(int32(q), p, false) {
				return true
			}
		}
		return false
	case GoalPiecesRemaining:
		return e.count(p, c.Types) == c.N
	case GoalTotalPieceCount:
		return e.count(-1, c.Types) == c.N
	case GoalCaptured:
		return e.count(p, c.Types) == 0
	case GoalAbsoluteConfig:
		if inc {
			for _, q := range e.changed {
				if e.anySpec(c.Specs, s.cells[q], p) && e.listed(c, q, p) {
					return true
				}
			}
			return false
		}
		for _, pos := range c.Positions {
			if pos < 0 {
				z := g.Rules.Board.Zones[-1-pos]
				if p < len(z.Positions) {
					for _, zp := range z.Positions[p] {
						if e.anySpec(c.Specs, s.cells[zp], p) {
							return true
						}
					}
				}
				continue
			}
			if e.anySpec(c.Specs, s.cells[pos], p) {
				return true
			}
		}
		return false
	case GoalRelativeConfig:
		return e.relative(c, p, inc)
	case GoalRepetition:
		return s.Repetitions() >= 3
	}
	return false
}

func (e *goalEval) anySpec(specs []PieceSpec, v Piece, p int) bool {
	for _, sp := range specs {
		if e.matches(sp, v, p) {
			return true
		}
	}
	return false
}

// listed reports whether position q is among the positions of an
// absolute-config (zones read for player p).
func (e *goalEval) listed(c *GoalCond, q int32, p int) bool {
	for _, pos := range c.Positions {
		if pos >= 0 {
			if int32(pos) == q {
				return true
			}
			continue
		}
		z := e.s.g.Rules.Board.Zones[-1-pos]
		if p < len(z.Positions) && containsInt(z.Positions[p], int(q)) {
			return true
		}
	}
	return false
}

func (e *goalEval) relative(c *GoalCond, p int, inc bool) bool {
	g := e.s.g
	if inc {
		if r, ok := e.relativeAround(c, p); ok {
			return r
		}
	}
	for a := 0; a < g.np; a++ {
		if e.relativeAt(c, int32(a), p) {
			return true
		}
	}
	return false
}

// relativeAround checks only the anchors whose pattern covers a changed
// cell, walking back from it; ok is false when a link cannot be walked
// back (two positions lead to the same one).
func (e *goalEval) relativeAround(c *GoalCond, p int) (found, ok bool) {
	g := e.s.g
	for _, q := range e.changed {
		for i := range c.Specs {
			a := q
			for j := i - 1; j >= 0 && a >= 0; j-- {
				a = g.rev[int(a)*g.nd+c.Steps[j]]
				if a == -2 {
					return false, false
				}
			}
			if a >= 0 && e.relativeAt(c, a, p) {
				return true, true
			}
		}
	}
	return false, true
}

func (e *goalEval) relativeAt(c *GoalCond, a int32, p int) bool {
	g := e.s.g
	links := g.Rules.Board.Links
	q := a
	for i, sp := range c.Specs {
		if !e.matches(sp, e.s.cells[q], p) {
			return false
		}
		if i < len(c.Steps) {
			if q = links[int(q)*g.nd+c.Steps[i]]; q < 0 {
				return false
			}
		}
	}
	return true
}
