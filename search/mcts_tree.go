package search

import (
	"math"
	"math/rand/v2"

	"github.com/ludus-games/ludus/game"
)

// mnode is a node of an MCTS tree. Children are stored side by side, so a
// node names them by the first one's index and their count.
type mnode[M any] struct {
	move   M
	prob   float64 // of a chance outcome
	visits float64
	reward float64 // summed result of player
	key    uint64  // position key, known once visited
	first  int32   // first child; -1 until expanded
	count  int32
	index  int32 // the move's index in Moves or Outcomes order
	player int8  // who made the move into this node; -1 for chance
	toMove int8  // who moves here, once expanded; -1 for chance
	dead   bool  // finished game, or no move to make
}

// tree is one worker's search tree with its generator and buffers. Node 0
// is the root, the position being decided.
type tree[M any, P game.Position[M]] struct {
	nodes []mnode[M]
	spare []mnode[M] // the other buffer of re-rooting
	rng   *rand.Rand
	play  Playouter[M, P] // shares rng
	path  []int32
	moves []M
	outs  []game.Outcome[M]
	res   game.Result
	depth int // deepest selection of this decision
}

func newTree[M any, P game.Position[M]](rng *rand.Rand) *tree[M, P] {
	t := &tree[M, P]{rng: rng, play: Playouter[M, P]{Rand: rng}}
	t.reset()
	return t
}

// reset empties the tree to a bare root.
func (t *tree[M, P]) reset() {
	t.nodes = append(t.nodes[:0], mnode[M]{first: -1, player: -1, index: -1})
}

// iterate runs one selection, expansion, playout and backup from pos,
// which it leaves as it found it.
func (t *tree[M, P]) iterate(pos P, m *MCTS[M, P], c float64) {
	cur := int32(0)
	t.path = append(t.path[:0], 0)
	plies := 0
	for !t.nodes[cur].dead {
		if t.nodes[cur].first < 0 && !t.expand(pos, cur, m.maxNodes()) {
			break
		}
		cur = t.choose(cur, c)
		pos.Play(t.nodes[cur].move)
		plies++
		t.path = append(t.path, cur)
		if t.nodes[cur].visits == 0 {
			t.nodes[cur].key = pos.Key()
			break
		}
	}
	t.depth = max(t.depth, plies)
	r := t.playout(pos, m)
	for ; plies > 0; plies-- {
		pos.Undo()
	}
	for _, i := range t.path {
		nd := &t.nodes[i]
		nd.visits++
		if nd.player >= 0 && int(nd.player) < len(r) {
			nd.reward += r[nd.player]
		}
	}
}

// expand adds the children of node i; it reports false, leaving the node
// a leaf, when the game is over there or the tree is full.
func (t *tree[M, P]) expand(pos P, i int32, maxNodes int) bool {
	if _, over := pos.Result(); over {
		t.nodes[i].dead = true
		return false
	}
	who := pos.ToMove()
	first := int32(len(t.nodes))
	if who == game.Chance {
		t.outs = pos.Outcomes(t.outs[:0])
		if len(t.nodes)+len(t.outs) > maxNodes {
			return false
		}
		for k, o := range t.outs {
			t.nodes = append(t.nodes, mnode[M]{move: o.Move, prob: o.Prob, first: -1, index: int32(k), player: -1})
		}
	} else {
		t.moves = pos.Moves(t.moves[:0])
		if len(t.nodes)+len(t.moves) > maxNodes {
			return false
		}
		for k, mv := range t.moves {
			t.nodes = append(t.nodes, mnode[M]{move: mv, first: -1, index: int32(k), player: int8(who)})
		}
		// Shuffled children are tried in random order before UCB ranks
		// them, without a random draw at every selection.
		kids := t.nodes[first:]
		t.rng.Shuffle(len(kids), func(a, b int) { kids[a], kids[b] = kids[b], kids[a] })
	}
	nd := &t.nodes[i]
	nd.first, nd.count, nd.toMove = first, int32(len(t.nodes))-first, int8(who)
	if nd.count == 0 {
		nd.dead = true
		return false
	}
	return true
}

// choose picks the child of node i to descend to: an outcome drawn by its
// probability at a chance node, else the first child never tried, else
// the child with the best upper confidence bound (UCB1).
func (t *tree[M, P]) choose(i int32, c float64) int32 {
	nd := &t.nodes[i]
	kids := t.nodes[nd.first : nd.first+nd.count]
	if nd.toMove < 0 {
		return nd.first + int32(drawOutcome(t.rng, len(kids), func(k int) float64 { return kids[k].prob }))
	}
	logN := math.Log(max(nd.visits, 1))
	best, bi := math.Inf(-1), 0
	for k := range kids {
		v := kids[k].visits
		if v == 0 {
			return nd.first + int32(k)
		}
		if u := kids[k].reward/v + c*math.Sqrt(logN/v); u > best {
			best, bi = u, k
		}
	}
	return nd.first + int32(bi)
}

// drawOutcome returns an index in [0, n) drawn with the probabilities
// prob(k), which add up to 1 (the last one takes any rounding left).
func drawOutcome(rng *rand.Rand, n int, prob func(k int) float64) int {
	x := rng.Float64()
	for k := 0; k < n-1; k++ {
		x -= prob(k)
		if x < 0 {
			return k
		}
	}
	return n - 1
}

// playout plays a random game from pos for the tree, scoring a game cut
// short with Eval (or as even).
func (t *tree[M, P]) playout(pos P, m *MCTS[M, P]) game.Result {
	t.play.MaxPlies = m.MaxPlayout
	r, _ := t.play.Play(pos)
	if r != nil {
		t.res = append(t.res[:0], r...)
	} else {
		t.res = t.res[:0]
		for p := 0; p < pos.Players(); p++ {
			t.res = append(t.res, m.eval(pos, game.Player(p)))
		}
		t.play.Undo(pos)
	}
	return t.res
}

// find returns the node within a few plies of the root that holds the
// position with key and player to move, or -1: the position the game has
// reached since the tree's last decision.
func (t *tree[M, P]) find(key uint64, who game.Player) int32 {
	const reach = 6 // plies searched: a few moves, with dice in between
	type item struct{ i, d int32 }
	queue := []item{{0, 0}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		nd := &t.nodes[it.i]
		if nd.visits > 0 && nd.key == key && nd.first >= 0 && game.Player(nd.toMove) == who {
			return it.i
		}
		if it.d == reach || nd.first < 0 {
			continue
		}
		for k := nd.first; k < nd.first+nd.count; k++ {
			if t.nodes[k].visits > 0 {
				queue = append(queue, item{k, it.d + 1})
			}
		}
	}
	return -1
}

// reroot makes node i the root, keeping its subtree and dropping the rest.
func (t *tree[M, P]) reroot(i int32) {
	if i == 0 {
		return
	}
	old := t.nodes
	fresh := append(t.spare[:0], old[i])
	fresh[0].player = -1
	for k := 0; k < len(fresh); k++ {
		f := fresh[k].first
		if f < 0 {
			continue
		}
		fresh[k].first = int32(len(fresh))
		fresh = append(fresh, old[f:f+fresh[k].count]...)
	}
	clear(old) // let go of the moves the dropped nodes hold
	t.nodes, t.spare = fresh, old[:0]
}
