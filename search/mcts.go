package search

import (
	"context"
	"math"
	"math/rand/v2"
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
// Threads above 1 search on that many goroutines, each with its own copy
// of the position, in one of two ways (see Parallelism): independent
// trees whose root statistics are added up (root parallelism, the
// default, reproducible for a seed), or one tree shared under a lock with
// virtual loss (tree parallelism). A position that is not a game.Copier
// is searched by one goroutine (root parallelism then still searches
// every tree, one after the other, and chooses the same move).
//
// A session (see Session) keeps the subtrees of the position reached
// between the player's moves; without one, every decision starts afresh
// from generators seeded by Seed and the position's key.
type MCTS[M any, P game.Position[M]] struct {
	// Iterations per decision, over all threads; Time bounds the
	// decision's duration instead or as well (then results depend on the
	// machine).
	Iterations int
	Time       time.Duration
	// C is the exploration constant of UCB1; 0 means √2.
	C    float64
	Seed uint64
	// Threads is the number of goroutines a decision runs on (0 or 1:
	// the caller's alone).
	Threads int
	// Parallel is how threads share the work: RootParallel (the zero
	// value) or TreeParallel.
	Parallel Parallelism
	// Trees is the number of independent trees of root parallelism (0:
	// one per thread). With an iteration budget, the decision depends on
	// Seed and Trees alone, however many threads search them.
	Trees int
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
	return m.choose(ctx, pos, nil, nil)
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

// trees returns the number of trees a decision searches.
func (m *MCTS[M, P]) trees() int {
	switch {
	case m.Parallel == TreeParallel:
		return 1
	case m.Trees > 0:
		return m.Trees
	}
	return max(m.Threads, 1)
}

// goroutines returns the number of goroutines that search pos: Threads,
// but no more than root parallelism's trees, and one for a position that
// cannot be copied.
func (m *MCTS[M, P]) goroutines(pos P) int {
	if _, ok := any(pos).(game.Copier[P]); !ok {
		return 1
	}
	n := max(m.Threads, 1)
	if m.Parallel == RootParallel {
		n = min(n, m.trees())
	}
	return n
}

// choose searches pos; an, when not nil, receives the line the trees
// expect (see Analyse).
func (m *MCTS[M, P]) choose(ctx context.Context, pos P, sess *mctsSession[M, P], an *Analysis[M]) (Decision[M], error) {
	start := time.Now()
	if m.Iterations <= 0 && m.Time <= 0 {
		return Decision[M]{}, errBudget
	}
	moves, err := rootMoves[M](pos)
	if err != nil {
		return Decision[M]{}, err
	}
	var trees []*tree[M, P]
	if sess != nil {
		trees = sess.trees(pos, m.trees())
	} else {
		trees = make([]*tree[M, P], m.trees())
		for k := range trees {
			trees[k] = newTree[M, P](lineRand(mixSeed(m.Seed, pos.Key()), uint64(k)))
		}
	}
	key := pos.Key()
	for _, t := range trees {
		t.node(0).key = key
		t.depth = 0
	}
	positions := make([]P, m.goroutines(pos))
	positions[0] = pos
	for k := 1; k < len(positions); k++ { // copied before any goroutine plays on pos
		positions[k] = any(pos).(game.Copier[P]).Copy()
	}
	var deadline time.Time
	if m.Time > 0 {
		deadline = start.Add(m.Time)
	}
	st := newStopper(ctx, deadline)
	defer st.close()
	c := m.C
	if c == 0 {
		c = math.Sqrt2
	}
	var d Decision[M]
	bi := 0 // the index of d's move
	if m.Parallel == TreeParallel {
		quota := -1
		if m.Iterations > 0 {
			quota = m.Iterations
		}
		n := m.runTree(trees[0], positions, quota, st, c)
		d, bi = best(trees, moves)
		d.Nodes = n
	} else {
		quotas := make([]int, len(trees))
		for k := range quotas {
			quotas[k] = -1
			if m.Iterations > 0 {
				quotas[k] = m.Iterations / len(trees)
				if k < m.Iterations%len(trees) {
					quotas[k]++
				}
			}
		}
		iters := m.runRoot(trees, positions, quotas, st, c)
		d, bi = best(trees, moves)
		for _, n := range iters {
			d.Nodes += n
		}
	}
	for _, t := range trees {
		d.Depth = max(d.Depth, t.depth)
	}
	if an != nil {
		an.PV = mostVisited(trees, bi, d.Move)
	}
	if err := ctx.Err(); err != nil {
		return Decision[M]{}, err
	}
	d.Time = time.Since(start)
	for _, p := range positions[1:] {
		if err := game.Err(p); err != nil {
			return Decision[M]{}, err
		}
	}
	return checked(pos, d)
}

// best adds up the root children of the trees by move and returns the
// move tried most (then the one scoring best, then the first generated),
// with its index in moves.
func best[M any, P game.Position[M]](trees []*tree[M, P], moves []M) (Decision[M], int) {
	visits := make([]float64, len(moves))
	reward := make([]float64, len(moves))
	for _, t := range trees {
		root := t.node(0)
		if root.first < 0 {
			continue
		}
		stats := t.kidStats(root)
		for k, kid := range t.kids(root) {
			if int(kid.index) < len(moves) {
				visits[kid.index] += stats[k].visits
				reward[kid.index] += stats[k].reward
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
	return Decision[M]{Move: moves[bi], Value: mean(bi)}, bi
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
	return s.m.choose(ctx, pos, s, nil)
}

// Close drops the trees.
func (s *mctsSession[M, P]) Close() { s.all = nil }

// trees returns w trees rooted at pos: the subtrees of the last decision
// where pos is found in them, fresh trees elsewhere.
func (s *mctsSession[M, P]) trees(pos P, w int) []*tree[M, P] {
	for k := len(s.all); k < w; k++ {
		s.all = append(s.all, newTree[M, P](lineRand(s.seed, uint64(k))))
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

// lineRand returns a generator whose state has a cache line of its own.
// The generators of parallel searches are made one after the other, and
// two 16-byte states side by side in one line would make the cores that
// draw from them wait on each other at every draw (false sharing): a
// fifth of breakthrough's time on two threads.
func lineRand(seed, seq uint64) *rand.Rand {
	type padded struct {
		pcg rand.PCG
		_   [64 - 16]byte
	}
	p := &padded{pcg: *rand.NewPCG(seed, seq)}
	return rand.New(&p.pcg)
}
