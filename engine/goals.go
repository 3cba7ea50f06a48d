package engine

import (
	"math"
	"math/bits"

	"github.com/ludus-games/ludus/engine/rules"
)

// Result says whether the game is over and how each player scored.
type Result struct {
	Over bool
	// Scores[p] is 1 for a win, 0 for a loss and 0.5 for a draw.
	Scores []float64
	// Reason names the goal that ended the game ("win-condition of White
	// at chess.zrf:12:3") or "no moves".
	Reason string
	// Words say how the game ended as its players say it ("checkmate",
	// "three in a row", "repetition", "no moves"), or "" when the goal's
	// condition has no such words (a comparison of the rules' own).
	Words string
}

// Result evaluates the goals after the last move. The goals of the player
// who just moved are checked first, then the others' in player order;
// within a player, in file order. A player with no move and no goal that
// says what that means ends the game in a draw.
func (s *State) Result() (Result, error) {
	return s.result(false)
}

// staticOver reports whether a goal that does not depend on the side to
// move having moves is met (what perft stops at). A goal that fails (an
// expression past its step limit) counts as met, so that the Result the
// caller asks next reports the error.
func (s *State) staticOver() bool {
	over, err := s.staticEnd()
	return over || err != nil
}

// staticEnd is staticOver with the error of a goal that fails.
func (s *State) staticEnd() (bool, error) {
	if s.clear == len(s.frames) {
		return false, nil // checked already: no goal holds here
	}
	s.ge = goalEval{s: s, next: s.ToMove(), static: true, nmoves: -1}
	i, _ := s.metGoal(&s.ge)
	if i < 0 && s.ge.err == nil {
		s.clear = len(s.frames)
	}
	return i >= 0, s.ge.err
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
	known       bool // noMoves is known
	noMoves     bool
	// nmoves is the number of moves of the player to move, -1 until
	// counted.
	nmoves int
	err    error
}

func (s *State) result(static bool) (Result, error) {
	// The evaluation lives in the state: goal evaluations do not nest,
	// and a new one per call would be allocated (expressions may keep a
	// pointer to it).
	s.ge = goalEval{s: s, next: s.ToMove(), static: static, nmoves: -1}
	return s.resultWith(&s.ge)
}

// resultKnown evaluates the goals when the moves of the player to move are
// already known.
func (s *State) resultKnown(noMoves bool) (Result, error) {
	s.ge = goalEval{s: s, next: s.ToMove(), known: true, noMoves: noMoves, nmoves: -1}
	if noMoves {
		s.ge.nmoves = 0
	}
	return s.resultWith(&s.ge)
}

func (s *State) resultWith(e *goalEval) (Result, error) {
	i, p := s.metGoal(e)
	if i >= 0 {
		return s.outcome(i, p)
	}
	if e.err != nil {
		return Result{}, e.err
	}
	if !e.static && e.none() {
		return s.draw("no moves"), e.err
	}
	if e.err == nil {
		s.clear = len(s.frames)
	}
	return Result{}, e.err
}

// metGoal returns the first goal that holds and its player, in the order
// Result checks them, or -1 (also when a goal fails: see e.err).
func (s *State) metGoal(e *goalEval) (goal, player int) {
	g := s.g
	if n := len(s.frames); n > 0 && s.frames[n-1].clearBefore {
		if g.goalCells {
			s.changed = s.changedCells(s.changed[:0])
			e.changed = s.changed
		}
		e.incremental = true
	}
	var mover int
	if n := len(s.frames); n > 0 {
		mover = g.turns[s.frames[n-1].turn].Player
	} else {
		mover = g.prevPlayer(s.turn)
	}
	seq := g.goalSeq[mover]
	if e.static {
		seq = g.staticGoalSeq[mover]
	}
	for _, r := range seq {
		if e.eval(&g.goals[r.goal], int(r.player), e.incremental) {
			return int(r.goal), int(r.player)
		}
		if e.err != nil {
			return -1, -1
		}
	}
	return -1, -1
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// floats returns a zeroed slice of one number per player: a new one, or
// while a playout runs (which returns only its last result), slice k of
// the state's own.
func (s *State) floats(k int) []float64 {
	n := s.g.nplayers
	if !s.inPlayout {
		return make([]float64, n)
	}
	if len(s.floatBuf) < 3*n {
		s.floatBuf = make([]float64, 3*n)
	}
	b := s.floatBuf[k*n : (k+1)*n]
	clear(b)
	return b
}

func (s *State) draw(reason string) Result {
	r := Result{Over: true, Scores: s.floats(0), Reason: reason, Words: reason}
	for i := range r.Scores {
		r.Scores[i] = 0.5
	}
	return r
}

func (s *State) outcome(i, p int) (Result, error) {
	g := s.g
	goal := &g.Rules.Goals[i]
	reason := g.reasons[i][p]
	r := Result{Over: true, Scores: s.floats(0), Reason: reason, Words: g.goalWords[i]}
	switch goal.Kind {
	case rules.Win:
		for o := range r.Scores {
			if g.allied(o, p) {
				r.Scores[o] = 1
			}
		}
	case rules.Loss:
		for o := range r.Scores {
			if !g.allied(o, p) && !g.randomPlayer[o] {
				r.Scores[o] = 1
			}
		}
	case rules.Draw:
		d := s.draw(reason)
		d.Words = g.goalWords[i]
		return d, nil
	case rules.Count:
		scores, err := s.scoresInto(s.floats(1))
		if err != nil {
			return Result{}, err
		}
		s.rank(scores, r.Scores)
	}
	return r, nil
}

// rank gives the players of the best coalition (by the sum of its
// members' scores) 1, shared as 1/2 when several coalitions tie.
func (s *State) rank(scores, out []float64) {
	g := s.g
	sums := s.floats(2)
	for o, v := range scores {
		if g.randomPlayer[o] {
			continue
		}
		for q := range sums {
			if g.allied(o, q) {
				sums[q] += v
			}
		}
	}
	best := math.Inf(-1)
	for o, v := range sums {
		if !g.randomPlayer[o] && v > best {
			best = v
		}
	}
	lead := -1 // a player of a leading coalition
	tie := false
	for o, v := range sums {
		if g.randomPlayer[o] || v != best {
			continue
		}
		if lead >= 0 && !g.allied(o, lead) {
			tie = true
		}
		if lead < 0 {
			lead = o
		}
	}
	for o, v := range sums {
		if !g.randomPlayer[o] && v == best {
			out[o] = 1
			if tie {
				out[o] = 0.5
			}
		}
	}
}

// Scores returns each player's score for a count goal: the rules' score
// expression (by default the player's pieces on the board) plus komi.
func (s *State) Scores() ([]float64, error) {
	return s.scoresInto(make([]float64, s.g.nplayers))
}

// scoresInto is Scores written to out, zeroed, one per player.
func (s *State) scoresInto(out []float64) ([]float64, error) {
	g := s.g
	if g.score == nil {
		for q := 0; q < g.np; q++ {
			if v := s.cells[q]; v != 0 && v&ghostBit == 0 {
				out[v.Owner()]++
			}
		}
	} else {
		gn := s.generator()
		for o := range out {
			out[o] = float64(gn.evalTop(g.score, &ectx{side: o, cur: -1}))
			if err := gn.takeErr(); err != nil {
				return nil, err
			}
		}
	}
	for o, k := range g.Rules.Komi {
		out[o] += k
	}
	return out, nil
}

// none reports whether the player to move has no legal move.
func (e *goalEval) none() bool {
	if e.known {
		return e.noMoves
	}
	return e.moves() == 0
}

// moves returns the number of legal moves of the player to move.
func (e *goalEval) moves() int {
	if e.nmoves < 0 {
		ms, err := e.s.Moves(&e.s.scratch)
		e.err = err
		e.nmoves = len(ms)
		e.known, e.noMoves = true, len(ms) == 0
	}
	return e.nmoves
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

func matches(sp rules.PieceSpec, v Piece, p int) bool {
	if sp.Not {
		sp.Not = false
		return !matches(sp, v, p)
	}
	switch sp.Owner {
	case rules.EmptySquare:
		return v == 0
	case rules.OwnPiece:
		if v == 0 || v.Owner() != p {
			return false
		}
	case rules.OpponentPiece:
		if v == 0 || v.Owner() == p {
			return false
		}
	case rules.AnyOwner:
		if v == 0 {
			return false
		}
	}
	return sp.Type < 0 || v.Type() == sp.Type
}

// eval evaluates c for player p. With inc, c was false before the last
// move, so a configuration needs looking at only where the move changed the
// board; that holds through or, not through and or not.
func (e *goalEval) eval(cc *cgoal, p int, inc bool) bool {
	s := e.s
	g := s.g
	c := cc.c
	switch c.Kind {
	case rules.GoalAnd:
		for i := range cc.args {
			if !e.eval(&cc.args[i], p, false) {
				return false
			}
		}
		return true
	case rules.GoalOr:
		if inc && cc.lines != nil {
			return e.lines(cc.lines, p)
		}
		if ls := cc.lines; ls != nil && ls.lines != nil && ls.masks[p].ok {
			return s.linesAnywhere(ls, ls.masks[p])
		}
		for i := range cc.args {
			if e.eval(&cc.args[i], p, inc) {
				return true
			}
		}
		return false
	case rules.GoalNot:
		return !e.eval(&cc.args[0], p, false)
	case rules.GoalStalemated:
		return !e.static && p == e.next && e.none()
	case rules.GoalCheckmated:
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
	case rules.GoalPiecesRemaining:
		return e.count(p, c.Types) == c.N
	case rules.GoalTotalPieceCount:
		return e.count(-1, c.Types) == c.N
	case rules.GoalCaptured:
		return e.count(p, c.Types) == 0
	case rules.GoalAbsoluteConfig:
		return e.absolute(cc, p, inc)
	case rules.GoalRelativeConfig:
		return e.relative(cc, p, inc)
	case rules.GoalRepetition:
		return s.Repetitions() >= 3
	case rules.GoalCompare:
		gn := s.generator()
		c := ectx{side: p, cur: -1, goal: e}
		gn.enterEval(&c, cc.c.X.Src)
		x := gn.eval(cc.x, &c)
		y := gn.eval(cc.y, &c)
		gn.evalDepth--
		if err := gn.takeErr(); err != nil {
			e.err = err
			return false
		}
		return cc.c.Op.Holds(x, y)
	case rules.GoalConnected:
		return e.connected(cc, p, inc)
	}
	return false
}

func anySpec(specs []rules.PieceSpec, v Piece, p int) bool {
	for _, sp := range specs {
		if matches(sp, v, p) {
			return true
		}
	}
	return false
}

// linesAnywhere reports whether a line of ls holds anywhere on the board
// (of one word), for the spec tested by m. It is the whole-board check of
// a position whose parent was not checked, one masked compare a line
// where the configurations walk every placement.
func (s *State) linesAnywhere(ls *lineSet, m pieceMask) bool {
	return s.linesHold(ls.lines, m)
}

// linesHold reports whether one of the line sets holds for the spec
// tested by m: a line whose cells all hold the owner's pieces is then
// tested cell by cell.
func (s *State) linesHold(sets []uint64, m pieceMask) bool {
	occ := s.occ[int(m.want&ownerMask)>>ownerShift]
	for _, set := range sets {
		if occ&set != set {
			continue
		}
		all := true
		for x := set; x != 0 && all; x &= x - 1 {
			all = s.cells[bits.TrailingZeros64(x)]&m.mask == m.want
		}
		if all {
			return true
		}
	}
	return false
}
