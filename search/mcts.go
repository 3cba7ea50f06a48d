package search

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/ludus-games/ludus/game"
)

// MCTS is Monte Carlo tree search with the UCT rule: each iteration walks
// down the tree choosing moves by their upper confidence bound (UCB1),
// adds the children of the node it stops at, plays random moves from
// there to the end of the game and credits the result to every node on
// the way, each node to the player who moved into it (so that it also
// serves more than two players, as in max^n). The chance player's
// outcomes are drawn by their probabilities, in the tree and in playouts.
// The move played is the one tried most.
//
// Results must lie in [0, 1], as in board games: C is tuned to that scale.
//
// Workers above 1 search that many independent trees on as many
// goroutines, each with its share of the iterations and its own
// generator, and add up their root statistics (root parallelism), which
// keeps results deterministic for a seed. Workers need copies of the
// position: a position that is not a game.Copier is searched by one.
//
// A session (see Session) keeps the subtree of the position reached
// between the player's moves; without one, every decision starts afresh
// from a generator seeded by Seed and the position's key.
type MCTS[M any, P game.Position[M]] struct {
	// Iterations per decision, over all workers; Time bounds the
	// decision's duration instead or as well (then results depend on the
	// machine).
	Iterations int
	Time       time.Duration
	// C is the exploration constant of UCB1; 0 means √2.
	C       float64
	Workers int
	Seed    uint64
	// MaxPlayout bounds a playout's plies (0: 1000); a playout cut short
	// is scored by Eval, or as even when Eval is nil.
	MaxPlayout int
	Eval       Eval[P]
	// MaxNodes bounds each tree (0: 1<<20 nodes); a full tree stops
	// growing but its iterations go on.
	MaxNodes int
}

// Choose returns the move tried most after the budgeted iterations.
func (m *MCTS[M, P]) Choose(ctx context.Context, pos P) (Decision[M], error) {
	return m.choose(ctx, pos, nil)
}

func (m *MCTS[M, P]) maxNodes() int {
	if m.MaxNodes <= 0 {
		return 1 << 20
	}
	return max(m.MaxNodes, 2)
}

func (m *MCTS[M, P]) eval(pos P, p game.Player) float64 {
	if m.Eval == nil {
		return 1 / float64(max(pos.Players(), 1))
	}
	return m.Eval(pos, p)
}

// workers returns the number of trees to search pos with.
func (m *MCTS[M, P]) workers(pos P) int {
	if _, ok := any(pos).(game.Copier[P]); !ok {
		return 1
	}
	return max(m.Workers, 1)
}

func (m *MCTS[M, P]) choose(ctx context.Context, pos P, sess *mctsSession[M, P]) (Decision[M], error) {
	start := time.Now()
	if m.Iterations <= 0 && m.Time <= 0 {
		return Decision[M]{}, errBudget
	}
	moves, err := rootMoves[M](pos)
	if err != nil {
		return Decision[M]{}, err
	}
	w := m.workers(pos)
	var trees []*tree[M, P]
	if sess != nil {
		trees = sess.trees(pos, w)
	} else {
		trees = make([]*tree[M, P], w)
		for k := range trees {
			trees[k] = newTree[M, P](rand.New(rand.NewPCG(mixSeed(m.Seed, pos.Key()), uint64(k))))
		}
	}
	var deadline time.Time
	if m.Time > 0 {
		deadline = start.Add(m.Time)
	}
	key := pos.Key()
	positions := make([]P, w)
	for k, t := range trees {
		t.nodes[0].key = key
		positions[k] = pos
		if k > 0 { // copied before any worker starts playing on pos
			positions[k] = any(pos).(game.Copier[P]).Copy()
		}
	}
	iters := make([]int64, w)
	run := func(k int) {
		quota := -1
		if m.Iterations > 0 {
			quota = m.Iterations / w
			if k < m.Iterations%w {
				quota++
			}
		}
		iters[k] = m.search(ctx, trees[k], positions[k], quota, deadline)
	}
	if w == 1 {
		run(0)
	} else {
		var wg sync.WaitGroup
		for k := 0; k < w; k++ {
			wg.Go(func() { run(k) })
		}
		wg.Wait()
	}
	d := best(trees, moves)
	for k, t := range trees {
		d.Nodes += iters[k]
		d.Depth = max(d.Depth, t.depth)
	}
	if err := ctx.Err(); err != nil {
		return Decision[M]{}, err
	}
	d.Time = time.Since(start)
	return checked(pos, d)
}

// search runs quota iterations (any number when quota < 0) until the
// deadline, the context's end or an error of the rules, checking the clock
// every few iterations.
func (m *MCTS[M, P]) search(ctx context.Context, t *tree[M, P], pos P, quota int, deadline time.Time) int64 {
	c := m.C
	if c == 0 {
		c = math.Sqrt2
	}
	t.depth = 0
	fault, _ := any(pos).(game.Faulter)
	var n int64
	for quota < 0 || n < int64(quota) {
		if n&15 == 0 && (ctx.Err() != nil || !deadline.IsZero() && time.Now().After(deadline)) {
			break
		}
		if fault != nil && fault.Err() != nil {
			break // the rules failed: Choose reports it
		}
		t.iterate(pos, m, c)
		n++
	}
	return n
}

// best adds up the root children of the trees by move and returns the
// move tried most (then the one scoring best, then the first generated).
func best[M any, P game.Position[M]](trees []*tree[M, P], moves []M) Decision[M] {
	visits := make([]float64, len(moves))
	reward := make([]float64, len(moves))
	for _, t := range trees {
		root := &t.nodes[0]
		if root.first < 0 {
			continue
		}
		for _, kid := range t.nodes[root.first : root.first+root.count] {
			if int(kid.index) < len(moves) {
				visits[kid.index] += kid.visits
				reward[kid.index] += kid.reward
			}
		}
	}
	bi := 0
	mean := func(i int) float64 { return reward[i] / max(visits[i], 1) }
	for i := range moves {
		if visits[i] > visits[bi] || visits[i] == visits[bi] && mean(i) > mean(bi) {
			bi = i
		}
	}
	return Decision[M]{Move: moves[bi], Value: mean(bi)}
}

// Session returns a player for one game that keeps, between its moves,
// the part of each tree below the position reached, and draws its random
// numbers from Seed and seed.
func (m *MCTS[M, P]) Session(seed uint64) Session[M, P] {
	return &mctsSession[M, P]{m: m, seed: mixSeed(m.Seed, seed)}
}

// mctsSession is an MCTS player for one game.
type mctsSession[M any, P game.Position[M]] struct {
	m    *MCTS[M, P]
	seed uint64
	all  []*tree[M, P]
}

// Choose searches from the trees kept since the last decision.
func (s *mctsSession[M, P]) Choose(ctx context.Context, pos P) (Decision[M], error) {
	return s.m.choose(ctx, pos, s)
}

// Close drops the trees.
func (s *mctsSession[M, P]) Close() { s.all = nil }

// trees returns w trees rooted at pos: the subtrees of the last decision
// where pos is found in them, fresh trees elsewhere.
func (s *mctsSession[M, P]) trees(pos P, w int) []*tree[M, P] {
	for k := len(s.all); k < w; k++ {
		s.all = append(s.all, newTree[M, P](rand.New(rand.NewPCG(s.seed, uint64(k)))))
	}
	key, who := pos.Key(), pos.ToMove()
	for _, t := range s.all[:w] {
		if i := t.find(key, who); i >= 0 {
			t.reroot(i)
		} else {
			t.reset()
		}
	}
	return s.all[:w]
}
