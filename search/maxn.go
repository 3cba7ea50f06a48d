package search

import (
	"context"
	"math"
	"time"

	"github.com/ludus-games/ludus/game"
)

// MaxN is the max^n search of games of more than two players (Luckhardt
// and Irani): a position is worth a vector of values, one per player, and
// the player to move takes the child best for itself; chance nodes average
// the vectors by probability. Unlike the paranoid rule of AlphaBeta it
// assumes every opponent plays for itself, which is closer to how people
// play but allows little pruning: a node stops searching only when its
// player is sure of the best result there is (immediate pruning). Among
// equal children the first generated is taken.
type MaxN[M any, P game.Position[M]] struct {
	// Eval estimates each player's result at the depth limit; nil shares
	// it equally.
	Eval   Eval[P]
	Budget Budget
	// Best is the highest result a player can get (1 in board games); a
	// node whose player reaches it searches no further. 0 means 1.
	Best float64
}

// Choose returns the move best for the player to move in pos.
func (x *MaxN[M, P]) Choose(ctx context.Context, pos P) (Decision[M], error) {
	start := time.Now()
	b := x.Budget
	if b.Depth <= 0 && b.Time <= 0 && b.Nodes <= 0 {
		return Decision[M]{}, errBudget
	}
	moves, err := rootMoves[M](pos)
	if err != nil {
		return Decision[M]{}, err
	}
	s := &maxnState[M, P]{x: x, pos: pos, n: pos.Players(), eval: evalOrEven[M](x.Eval), lim: newLimits(ctx, b, start, pos)}
	defer s.lim.close()
	s.top = x.Best
	if s.top == 0 {
		s.top = 1
	}
	me := pos.ToMove()
	first, last := b.Depth, b.Depth
	if b.Time > 0 || b.Nodes > 0 {
		first = 1
		if last <= 0 {
			last = maxDepth
		}
	}
	var d Decision[M]
	found := false
	for depth := first; depth <= last; depth++ {
		s.cutByDepth = false
		bi, v := -1, math.Inf(-1)
		for i, m := range moves {
			pos.Play(m)
			vec := s.value(depth-1, 1)
			pos.Undo()
			if s.lim.stopped != nil {
				break
			}
			if vec[me] > v {
				bi, v = i, vec[me]
			}
		}
		if s.lim.stopped != nil {
			break
		}
		d, found = Decision[M]{Move: moves[bi], Value: v, Depth: depth}, true
		if !s.cutByDepth {
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return Decision[M]{}, err
	}
	if !found {
		d = Decision[M]{Move: moves[0]}
	}
	d.Nodes, d.Evals = s.lim.nodes, s.evals
	d.Time = time.Since(start)
	return checked(pos, d)
}

// maxnState is one decision's search; vecs[ply] holds the value vector
// returned from that distance to the root.
type maxnState[M any, P game.Position[M]] struct {
	x          *MaxN[M, P]
	pos        P
	n          int
	top        float64
	eval       Eval[P]
	lim        *limits
	vecs       [][]float64
	moves      [][]M
	outs       [][]game.Outcome[M]
	evals      int64
	cutByDepth bool
}

// vec returns the zeroed value vector of a ply.
func (s *maxnState[M, P]) vec(ply int) []float64 {
	for len(s.vecs) <= ply {
		s.vecs = append(s.vecs, make([]float64, s.n))
		s.moves = append(s.moves, nil)
		s.outs = append(s.outs, nil)
	}
	v := s.vecs[ply]
	clear(v)
	return v
}

// value returns the value vector of the current position searched depth
// plies deep; it is valid until the next call at the same ply.
func (s *maxnState[M, P]) value(depth, ply int) []float64 {
	out := s.vec(ply)
	if s.lim.visit() {
		return out
	}
	if r, over := s.pos.Result(); over {
		copy(out, r)
		return out
	}
	if depth <= 0 {
		s.leaf(out)
		return out
	}
	who := s.pos.ToMove()
	if who == game.Chance {
		s.outs[ply] = s.pos.Outcomes(s.outs[ply][:0])
		for _, o := range s.outs[ply] {
			s.pos.Play(o.Move)
			child := s.value(depth, ply+1)
			s.pos.Undo()
			if s.lim.stopped != nil {
				break // the root throws the unfinished depth away
			}
			for p := range out {
				out[p] += o.Prob * child[p]
			}
		}
		return out
	}
	s.moves[ply] = s.pos.Moves(s.moves[ply][:0])
	if len(s.moves[ply]) == 0 {
		s.leaf(out)
		return out
	}
	best := math.Inf(-1)
	for _, m := range s.moves[ply] {
		s.pos.Play(m)
		child := s.value(depth-1, ply+1)
		s.pos.Undo()
		if child[who] > best {
			best = child[who]
			copy(out, child)
		}
		if best >= s.top || s.lim.stopped != nil {
			break
		}
	}
	return out
}

func (s *maxnState[M, P]) leaf(out []float64) {
	s.cutByDepth = true
	s.evals++
	for p := range out {
		out[p] = s.eval(s.pos, game.Player(p))
	}
}
