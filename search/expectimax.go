package search

import (
	"context"
	"math"
	"time"

	"github.com/ludus-games/ludus/game"
)

// Expectimax searches games with chance: the player who chooses at the
// root maximises, other players minimise (the paranoid assumption, exact
// for two-player zero-sum games), and chance nodes take the
// probability-weighted mean of their outcomes.
//
// Three refinements keep it affordable. A branch whose probability from
// the root falls below MinProb is evaluated where its next chance event
// would be drawn instead of searched. Chance nodes are cached in a
// transposition table by position key and reused when they were searched at
// least as deep (this is where transpositions meet in dice games and in
// 2048, where many spawn-and-slide orders lead to the same board). And the
// budget bounds depth, time or nodes.
type Expectimax[M any, P game.Position[M]] struct {
	// Eval scores leaves and finished games for player p, higher is better.
	// It is called on positions at the depth limit, at the cut-off, and on
	// finished games (where it would usually read pos.Result()).
	Eval   func(pos P, p game.Player) float64
	Budget Budget
	// MinProb is the cumulative-probability cut-off; 0 searches every
	// branch to the depth limit.
	MinProb float64
	// TableBits is log2 of the transposition table's entries (24 bytes
	// each); 0 means 18.
	TableBits int
	// Resign, when set, is a value the choosing player can always take
	// instead of moving: the player's nodes below the root are worth at
	// least *Resign. nneonneo's 2048 search works this way with 0, the
	// value it gives a lost game.
	Resign *float64
}

// Choose returns the best move for the player to move in pos.
func (e *Expectimax[M, P]) Choose(ctx context.Context, pos P) (Decision[M], error) {
	start := time.Now()
	if e.Budget.Depth <= 0 && e.Budget.Time <= 0 && e.Budget.Nodes <= 0 {
		return Decision[M]{}, errBudget
	}
	me := pos.ToMove()
	moves, err := rootMoves[M](pos)
	if err != nil {
		return Decision[M]{}, err
	}
	bits := e.TableBits
	if bits <= 0 {
		bits = 18
	}
	tt := getTable(bits)
	defer putTable(tt)
	s := &expectiState[M, P]{e: e, pos: pos, me: me, tt: tt, lim: newLimits(ctx, e.Budget, start, pos)}
	defer s.lim.close()

	iterative := e.Budget.Time > 0 || e.Budget.Nodes > 0
	first, last := e.Budget.Depth, e.Budget.Depth
	if iterative {
		first = 1
		if last <= 0 {
			last = math.MaxInt32
		}
	}
	var best Decision[M]
	found := false
	for depth := first; depth <= last; depth++ {
		tt.next()
		d, complete := s.root(moves, depth)
		if !complete {
			break
		}
		best, found = d, true
		if !iterative || s.exhausted {
			break
		}
	}
	if !found {
		if err := ctx.Err(); err != nil {
			return Decision[M]{}, err
		}
		// Not even one ply fitted the budget: any legal move beats none.
		best = Decision[M]{Move: moves[0]}
	}
	best.Nodes, best.Evals, best.Hits = s.lim.nodes, s.evals, s.hits
	best.Time = time.Since(start)
	return checked(pos, best)
}

// expectiState is one decision's search.
type expectiState[M any, P game.Position[M]] struct {
	e     *Expectimax[M, P]
	pos   P
	me    game.Player
	tt    *table
	lim   *limits
	moves [][]M               // move buffers by ply
	outs  [][]game.Outcome[M] // outcome buffers by ply
	evals int64
	hits  int64
	// exhausted is set when a search reached no leaf by depth: deeper
	// searches would give the same answer.
	exhausted  bool
	cutByDepth bool
}

// root searches every root move to depth plies; complete is false when the
// budget ran out first.
func (s *expectiState[M, P]) root(moves []M, depth int) (d Decision[M], complete bool) {
	s.cutByDepth = false
	best := math.Inf(-1)
	for _, m := range moves {
		s.pos.Play(m)
		v := s.value(depth-1, 1, 1)
		s.pos.Undo()
		if s.lim.stopped != nil {
			return d, false
		}
		if v > best {
			best, d.Move = v, m
		}
	}
	d.Value, d.Depth = best, depth
	s.exhausted = !s.cutByDepth
	return d, true
}

// value is the value for the root player of the current position with
// plies player moves left to search; prob is its probability from the
// root and ply its distance from the root (to index buffers).
func (s *expectiState[M, P]) value(plies int, prob float64, ply int) float64 {
	if s.lim.visit() {
		return 0
	}
	if _, over := s.pos.Result(); over {
		return s.eval()
	}
	who := s.pos.ToMove()
	if who == game.Chance {
		return s.chance(plies, prob, ply)
	}
	if plies <= 0 {
		s.cutByDepth = true
		return s.eval()
	}
	moves := s.pos.Moves(s.moveBuf(ply))
	s.moves[ply] = moves
	if len(moves) == 0 {
		return s.eval()
	}
	maximise := who == s.me
	best := math.Inf(1)
	if maximise {
		best = math.Inf(-1)
		if s.e.Resign != nil {
			best = *s.e.Resign
		}
	}
	for _, m := range moves {
		s.pos.Play(m)
		v := s.value(plies-1, prob, ply+1)
		s.pos.Undo()
		if s.lim.stopped != nil {
			return 0 // the root throws the unfinished depth away
		}
		if maximise && v > best || !maximise && v < best {
			best = v
		}
	}
	return best
}

func (s *expectiState[M, P]) chance(plies int, prob float64, ply int) float64 {
	if plies <= 0 || prob < s.e.MinProb {
		s.cutByDepth = true // deeper searches would see more here
		return s.eval()
	}
	key := s.pos.Key()
	if v, ok := s.tt.get(key, plies); ok {
		s.hits++
		return v
	}
	outs := s.pos.Outcomes(s.outBuf(ply))
	s.outs[ply] = outs
	var sum float64
	for _, o := range outs {
		s.pos.Play(o.Move)
		sum += o.Prob * s.value(plies, prob*o.Prob, ply+1)
		s.pos.Undo()
		if s.lim.stopped != nil {
			return 0
		}
	}
	s.tt.put(key, plies, sum)
	return sum
}

func (s *expectiState[M, P]) eval() float64 {
	s.evals++
	return s.e.Eval(s.pos, s.me)
}

func (s *expectiState[M, P]) moveBuf(ply int) []M {
	for len(s.moves) <= ply {
		s.moves = append(s.moves, nil)
	}
	return s.moves[ply][:0]
}

func (s *expectiState[M, P]) outBuf(ply int) []game.Outcome[M] {
	for len(s.outs) <= ply {
		s.outs = append(s.outs, nil)
	}
	return s.outs[ply][:0]
}
