package search

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/ludus-games/ludus/game"
)

// ChanceRule says how alpha-beta searches the chance player's moves.
type ChanceRule int

const (
	// Star1 takes the probability-weighted mean of the outcomes, like
	// Expect, but narrows each outcome's window from the bounds of the
	// others and stops as soon as the mean cannot fall inside the node's
	// window (Ballard's Star1). It relies on results lying in [0, 1], as
	// they do in board games.
	Star1 ChanceRule = iota
	// Expect searches every outcome with a full window and averages them:
	// plain expectimax, for games whose results are not in [0, 1].
	Expect
)

// AlphaBeta is minimax search with alpha-beta pruning, iterative
// deepening, a transposition table (keyed by Position.Key) that also
// supplies the first move to try at each node, and killer and history
// move ordering when MoveKey is set. Chance nodes are searched as in
// expectimax (see ChanceRule); they do not count as plies.
//
// With more than two players it follows the paranoid rule: the players
// other than the one choosing at the root are taken as one coalition
// minimising its score, which keeps the pruning sound (max^n, in MaxN,
// keeps every player's own interest instead).
//
// Scores are kept on one scale: a finished game is worth its result, the
// root player's payoff less the others' mean (+1 a win, -1 a loss, 0 a
// draw, nudged towards 0 by the plies it takes to get there so that
// quicker wins and slower losses are preferred), and Eval's estimates are
// mapped to the same scale and kept strictly inside it, so that a proven
// result always outranks an estimate while a chance of winning still
// weighs as a probability.
type AlphaBeta[M any, P game.Position[M]] struct {
	// Eval estimates positions at the depth limit; nil calls every such
	// position even, so only results the search can see count.
	Eval Eval[P]
	// MoveKey, when set, names moves for the killer and history
	// heuristics: equal keys for the same move in different positions
	// (from and to squares and the move's kind, say).
	MoveKey func(m M) uint64
	Budget  Budget
	// TableBits is log2 of the transposition table's entries (32 bytes
	// each); 0 means 18.
	TableBits int
	Chance    ChanceRule

	noTable bool // tests compare the search without its table to plain minimax
}

// Score constants. A finished game is worth its result difference d in
// [-1, 1] less plyCost per ply from the root when d > 0 (more when
// d < 0); estimates are clipped to ±estimateMax; beyond ±proven a score is
// a forced result.
const (
	plyCost     = 1e-7
	estimateMax = 0.998
	proven      = 0.999
)

// Choose returns the best move for the player to move in pos.
func (a *AlphaBeta[M, P]) Choose(ctx context.Context, pos P) (Decision[M], error) {
	return a.choose(ctx, pos, nil, nil)
}

// choose searches pos; an, when not nil, receives what the search found
// beyond its move (see Analyse).
func (a *AlphaBeta[M, P]) choose(ctx context.Context, pos P, sess *abSession[M, P], an *Analysis[M]) (Decision[M], error) {
	start := time.Now()
	b := a.Budget
	if b.Depth <= 0 && b.Time <= 0 && b.Nodes <= 0 {
		return Decision[M]{}, errBudget
	}
	moves, err := rootMoves[M](pos)
	if err != nil {
		return Decision[M]{}, err
	}
	s := &abState[M, P]{
		a: a, pos: pos, me: pos.ToMove(), n: pos.Players(),
		eval: evalOrEven[M](a.Eval), lim: newLimits(ctx, b, start, pos),
	}
	defer s.lim.close()
	s.salt = uint64(s.me+1) * 0x9E3779B97F4A7C15
	if sess != nil {
		s.tt, s.history = sess.tt, sess.history
		s.tt.age()
	} else {
		s.tt = getABTable(a.tableBits())
		defer putABTable(s.tt)
		s.tt.forget()
		s.history = make([]float64, historySize)
	}
	last := b.Depth
	if last <= 0 {
		last = maxDepth
	}
	order := make([]int, len(moves))
	for i := range order {
		order[i] = i
	}
	var best Decision[M]
	found := false
	score, whole := 0.0, false // the root's score and whether the whole tree was seen
	for depth := 1; depth <= last; depth++ {
		v, i, complete := s.root(moves, order, depth)
		if !complete {
			break
		}
		best, found = Decision[M]{Move: moves[i], Value: s.payoff(v), Depth: depth}, true
		score, whole = v, !s.cutByDepth
		if math.Abs(v) > proven || !s.cutByDepth {
			break // a forced result, or the whole tree was seen
		}
	}
	if err := ctx.Err(); err != nil {
		return Decision[M]{}, err
	}
	if !found {
		best = Decision[M]{Move: moves[0]} // not one ply fitted the budget
	}
	if an != nil {
		an.PV = s.line(best.Move, max(best.Depth, 1))
		an.Proven = found && (whole || math.Abs(score) > proven)
		if found && math.Abs(score) > proven {
			// The result itself, not the score nudged by the plies to it.
			an.Plies = int(math.Round((1 - math.Abs(score)) / plyCost))
			an.Value = s.payoff(math.Copysign(1, score))
		}
	}
	best.Nodes, best.Evals, best.Hits = s.lim.nodes, s.evals, s.hits
	best.Time = time.Since(start)
	return checked(pos, best)
}

// maxDepth bounds iterative deepening under a time or node budget; depths
// are stored in 16 bits, with exhaustiveDepth above every real one.
const (
	maxDepth        = 1 << 13
	exhaustiveDepth = 1 << 14
)

func (a *AlphaBeta[M, P]) tableBits() int {
	if a.TableBits <= 0 {
		return 18
	}
	return a.TableBits
}

// rootMoves returns the moves to choose from, or ErrNoMove, or the error
// the rules raised.
func rootMoves[M any, P game.Position[M]](pos P) ([]M, error) {
	if pos.ToMove() == game.Chance {
		return nil, ErrNoMove
	}
	_, over := pos.Result()
	var moves []M
	if !over {
		moves = pos.Moves(nil)
	}
	if err := game.Err(pos); err != nil {
		return nil, err
	}
	if len(moves) == 0 {
		return nil, ErrNoMove
	}
	return moves, nil
}

// abState is one decision's search.
type abState[M any, P game.Position[M]] struct {
	a       *AlphaBeta[M, P]
	pos     P
	me      game.Player
	n       int
	salt    uint64 // mixed into keys: scores are the root player's
	eval    Eval[P]
	tt      *abTable
	lim     *limits
	history []float64
	plies   []abPly[M]
	evals   int64
	hits    int64
	// cutByDepth is set when the current subtree met the depth limit: a
	// deeper search could see more there.
	cutByDepth bool
}

// abPly holds the buffers of one distance from the root.
type abPly[M any] struct {
	moves   []M
	index   []int32 // each move's index in Moves order
	score   []float64
	outs    []game.Outcome[M]
	killers [2]uint64
	nkill   int
}

func (s *abState[M, P]) ply(ply int) *abPly[M] {
	for len(s.plies) <= ply {
		s.plies = append(s.plies, abPly[M]{})
	}
	return &s.plies[ply]
}

// root searches every root move to depth plies, best of the last
// iteration first; complete is false when the budget ran out.
func (s *abState[M, P]) root(moves []M, order []int, depth int) (best float64, bi int, complete bool) {
	s.cutByDepth = false
	scores := make([]float64, len(moves))
	best, bi = math.Inf(-1), order[0]
	for _, i := range order {
		s.pos.Play(moves[i])
		v := s.value(depth-1, 1, best, math.Inf(1))
		s.pos.Undo()
		if s.lim.stopped != nil {
			return 0, 0, false
		}
		scores[i] = v
		if v > best {
			best, bi = v, i
		}
	}
	s.tt.store(s.pos.Key()^s.salt, depth, toTT(best, 0), boundExact, int32(bi)+1)
	slices.SortStableFunc(order, func(x, y int) int {
		switch {
		case x == bi:
			return -1
		case y == bi:
			return 1
		}
		return -cmpFloat(scores[x], scores[y])
	})
	return best, bi, true
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// value returns the root player's score of the current position searched
// depth plies deep, exact when it falls strictly inside (alpha, beta), an
// upper bound when at most alpha and a lower bound when at least beta.
func (s *abState[M, P]) value(depth, ply int, alpha, beta float64) float64 {
	if s.lim.visit() {
		return 0
	}
	if r, over := s.pos.Result(); over {
		return s.terminal(r, ply)
	}
	if depth <= 0 {
		s.cutByDepth = true
		return s.estimate()
	}
	key := s.pos.Key() ^ s.salt
	var ttMove int32
	if e, ok := s.tt.probe(key); ok && !s.a.noTable {
		ttMove = e.move
		if int(e.depth) >= depth {
			v := fromTT(e.value, ply)
			if e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha {
				s.hits++
				if int(e.depth) < exhaustiveDepth {
					s.cutByDepth = true
				}
				return v
			}
		}
	}
	outer := s.cutByDepth
	s.cutByDepth = false
	var v float64
	var move int32
	if who := s.pos.ToMove(); who == game.Chance {
		v = s.chance(depth, ply, alpha, beta)
	} else {
		v, move = s.decide(who, depth, ply, alpha, beta, ttMove)
	}
	if s.lim.stopped != nil {
		return 0
	}
	stored := depth
	if !s.cutByDepth {
		stored = exhaustiveDepth // no deeper search can change it
	}
	s.cutByDepth = s.cutByDepth || outer
	bound := boundExact
	if v <= alpha {
		bound = boundUpper
	} else if v >= beta {
		bound = boundLower
	}
	s.tt.store(key, stored, toTT(v, ply), bound, move)
	return v
}

// decide searches the moves of player who, best-looking first, and returns
// the value and the index of the best move (plus one).
func (s *abState[M, P]) decide(who game.Player, depth, ply int, alpha, beta float64, ttMove int32) (float64, int32) {
	b := s.ply(ply)
	b.moves = s.pos.Moves(b.moves[:0])
	moves := b.moves
	if len(moves) == 0 {
		return s.estimate(), 0
	}
	b.index, b.score = b.index[:0], b.score[:0]
	for i, m := range moves {
		b.index = append(b.index, int32(i))
		b.score = append(b.score, s.orderScore(b, m, int32(i), ttMove, who))
	}
	maximise := who == s.me
	best, bestIdx := math.Inf(1), int32(-1)
	if maximise {
		best = math.Inf(-1)
	}
	for k := range moves {
		b = s.ply(ply) // deeper plies may have grown s.plies
		pickBest(b, k)
		m := b.moves[k]
		s.pos.Play(m)
		v := s.value(depth-1, ply+1, alpha, beta)
		s.pos.Undo()
		if s.lim.stopped != nil {
			return 0, 0
		}
		b = s.ply(ply)
		if maximise && v > best || !maximise && v < best {
			best, bestIdx = v, b.index[k]
		}
		if maximise {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			s.cutoff(b, m, depth, who)
			break
		}
	}
	return best, bestIdx + 1
}

// pickBest moves the best-scored of the moves from k on to position k: a
// selection sort done lazily, since a cut-off often comes early.
func pickBest[M any](b *abPly[M], k int) {
	bi := k
	for j := k + 1; j < len(b.moves); j++ {
		if b.score[j] > b.score[bi] {
			bi = j
		}
	}
	b.moves[k], b.moves[bi] = b.moves[bi], b.moves[k]
	b.index[k], b.index[bi] = b.index[bi], b.index[k]
	b.score[k], b.score[bi] = b.score[bi], b.score[k]
}

// historySize is the number of history counters, indexed by a hash of the
// move key and the player.
const historySize = 1 << 12

// orderScore ranks a move for trying: the table's move, then the killers
// of this ply, then by history; without MoveKey, in the order generated.
func (s *abState[M, P]) orderScore(b *abPly[M], m M, i, ttMove int32, who game.Player) float64 {
	if i+1 == ttMove {
		return math.Inf(1)
	}
	if s.a.MoveKey == nil {
		return -float64(i)
	}
	k := s.a.MoveKey(m)
	for j := 0; j < b.nkill; j++ {
		if b.killers[j] == k {
			return 1e300 / float64(j+1)
		}
	}
	return s.history[historyIndex(k, who)] - float64(i)*1e-9
}

func historyIndex(k uint64, who game.Player) int {
	return int((k ^ uint64(who+2)*0xBF58476D1CE4E5B9) * 0x9E3779B97F4A7C15 >> (64 - 12))
}

// cutoff remembers a move that refuted its position.
func (s *abState[M, P]) cutoff(b *abPly[M], m M, depth int, who game.Player) {
	if s.a.MoveKey == nil {
		return
	}
	k := s.a.MoveKey(m)
	if b.nkill == 0 || b.killers[0] != k {
		b.killers[1], b.killers[0] = b.killers[0], k
		b.nkill = min(b.nkill+1, 2)
	}
	s.history[historyIndex(k, who)] += float64(depth * depth)
}

// chance averages the outcomes of a chance node.
func (s *abState[M, P]) chance(depth, ply int, alpha, beta float64) float64 {
	b := s.ply(ply)
	b.outs = s.pos.Outcomes(b.outs[:0])
	outs := b.outs
	if len(outs) == 0 {
		return s.estimate()
	}
	star := s.a.Chance == Star1 && s.n >= 2
	const lo, hi = -1.0, 1.0
	sum, rest := 0.0, 1.0
	for _, o := range outs {
		rest = max(rest-o.Prob, 0)
		// The outcome's window: the values for which the mean could still
		// fall inside (alpha, beta), whatever the outcomes left are worth.
		// Scores never leave [lo, hi], so a child failing at a clipped
		// edge has the edge's value exactly.
		ca, cb := math.Inf(-1), math.Inf(1)
		wa, wb := ca, cb
		if star {
			ca = (alpha - sum - hi*rest) / o.Prob
			cb = (beta - sum - lo*rest) / o.Prob
			wa, wb = max(ca, lo), min(cb, hi)
		}
		s.pos.Play(o.Move)
		v := s.value(depth, ply+1, wa, wb)
		s.pos.Undo()
		if s.lim.stopped != nil {
			return 0
		}
		sum += o.Prob * v
		if v >= cb {
			return sum + lo*rest // at least this, and at least beta
		}
		if v <= ca {
			return sum + hi*rest // at most this, and at most alpha
		}
	}
	return sum
}

// terminal scores a finished game for the root player.
func (s *abState[M, P]) terminal(r game.Result, ply int) float64 {
	d := s.diff(r)
	switch {
	case d > 0:
		d = max(d-float64(ply)*plyCost, 0)
	case d < 0:
		d = min(d+float64(ply)*plyCost, 0)
	}
	return d
}

// diff is the root player's payoff less the mean of the others'.
func (s *abState[M, P]) diff(r game.Result) float64 {
	if s.n < 2 {
		return r[s.me]
	}
	var others float64
	for q, v := range r {
		if game.Player(q) != s.me {
			others += v
		}
	}
	return r[s.me] - others/float64(s.n-1)
}

// estimate maps Eval's estimate of the root player's result to the score
// scale, assuming the others share the rest equally.
func (s *abState[M, P]) estimate() float64 {
	s.evals++
	v := s.eval(s.pos, s.me)
	if s.n < 2 {
		return v
	}
	d := v - (1-v)/float64(s.n-1)
	return min(max(d, -estimateMax), estimateMax)
}

// payoff maps a score back to the root player's result scale.
func (s *abState[M, P]) payoff(d float64) float64 {
	if s.n < 2 {
		return d
	}
	return (d*float64(s.n-1) + 1) / float64(s.n)
}

// toTT and fromTT store forced results by their distance from the node
// rather than from the root, so that they can be reused at another ply.
func toTT(v float64, ply int) float64 {
	switch {
	case v > proven:
		return v + float64(ply)*plyCost
	case v < -proven:
		return v - float64(ply)*plyCost
	}
	return v
}

func fromTT(v float64, ply int) float64 {
	switch {
	case v > proven:
		return v - float64(ply)*plyCost
	case v < -proven:
		return v + float64(ply)*plyCost
	}
	return v
}
