package search

import (
	"math"
	"math/rand/v2"

	"github.com/ludus-games/ludus/game"
)

// mnode is a node of an MCTS tree, without its move, visits and reward
// (see nodeStore). Children are stored side by side, so a node names them
// by the first one's index and their count.
type mnode struct {
	prob   float64 // of a chance outcome
	key    uint64  // position key, known once visited
	first  int32   // first child; -1 until expanded
	count  int32
	index  int32 // the move's index in Moves or Outcomes order
	player int8  // who made the move into this node; -1 for chance
	toMove int8  // who moves here, once expanded; -1 for chance
	dead   bool  // finished game, or no move to make
}

// mstat is what UCB reads of a node: its visits and the summed result of
// the player who moved into it.
type mstat struct {
	visits float64
	reward float64
}

// tree is an MCTS tree with the walker that searches it alone. Node 0 is
// the root, the position being decided. Tree parallelism adds walkers of
// its own (see iterateShared).
type tree[M any, P game.Position[M]] struct {
	nodeStore[M]
	spare nodeStore[M] // the other store of re-rooting
	walker[M, P]
}

// walker is what one goroutine needs to run iterations: its generator and
// buffers. A walker serves one goroutine at a time.
type walker[M any, P game.Position[M]] struct {
	rng    *rand.Rand
	play   Playouter[M, P] // shares rng
	path   []int32
	line   []M // the moves of path, played outside the lock of a shared tree
	played int // how many of line are played on the walker's position
	moves  []M
	outs   []game.Outcome[M]
	perm   []int32 // the order children are stored in
	res    game.Result
	depth  int // deepest selection of this decision
}

func newWalker[M any, P game.Position[M]](rng *rand.Rand) walker[M, P] {
	return walker[M, P]{rng: rng, play: Playouter[M, P]{Rand: rng}}
}

func newTree[M any, P game.Position[M]](rng *rand.Rand) *tree[M, P] {
	t := &tree[M, P]{walker: newWalker[M, P](rng)}
	t.reset()
	return t
}

// reset empties the tree to a bare root.
func (t *tree[M, P]) reset() {
	t.nodeStore.reset()
	root := t.alloc(1)
	*t.node(root), *t.stat(root) = mnode{first: -1, player: -1, index: -1}, mstat{}
}

// iterate runs one selection, expansion, playout and backup from pos,
// which it leaves as it found it.
func (t *tree[M, P]) iterate(pos P, m *MCTS[M, P], c float64) {
	cur := int32(0)
	t.path = append(t.path[:0], 0)
	plies := 0
	for !t.node(cur).dead {
		if t.node(cur).first < 0 && !t.expand(&t.walker, pos, cur, m.maxNodes()) {
			break
		}
		cur = t.choose(&t.walker, cur, c)
		pos.Play(t.move(cur))
		plies++
		t.path = append(t.path, cur)
		if t.stat(cur).visits == 0 {
			t.node(cur).key = pos.Key()
			break
		}
	}
	t.depth = max(t.depth, plies)
	r := t.playout(pos, m)
	for ; plies > 0; plies-- {
		pos.Undo()
	}
	for _, i := range t.path {
		st := t.stat(i)
		st.visits++
		if p := t.node(i).player; p >= 0 && int(p) < len(r) {
			st.reward += r[p]
		}
	}
}

// expand adds the children of node i, listed by w; it reports false,
// leaving the node a leaf, when the game is over there or the tree is
// full.
func (t *tree[M, P]) expand(w *walker[M, P], pos P, i int32, maxNodes int) bool {
	who, over := w.generate(pos)
	return t.attach(w, i, who, over, maxNodes)
}

// generate lists the moves (or chance outcomes) of pos in w's buffers and
// says who is to move, or that the game is over.
func (w *walker[M, P]) generate(pos P) (who game.Player, over bool) {
	if _, over := pos.Result(); over {
		return 0, true
	}
	who = pos.ToMove()
	if who == game.Chance {
		w.outs = pos.Outcomes(w.outs[:0])
	} else {
		w.moves = pos.Moves(w.moves[:0])
	}
	return who, false
}

// attach makes the moves w generated the children of node i; it reports
// false, leaving the node a leaf, when the game is over there or the tree
// is full.
func (t *tree[M, P]) attach(w *walker[M, P], i int32, who game.Player, over bool, maxNodes int) bool {
	if over {
		t.node(i).dead = true
		return false
	}
	n := len(w.moves)
	if who == game.Chance {
		n = len(w.outs)
	}
	if t.used+n > maxNodes {
		return false
	}
	first := int32(-1)
	if n > 0 {
		first = t.alloc(n)
	}
	at := &mnode{first: first, count: int32(n)}
	kids, moves := t.kids(at), t.kidMoves(at)
	clear(t.kidStats(at))
	if who == game.Chance {
		for k, o := range w.outs {
			kids[k] = mnode{prob: o.Prob, first: -1, index: int32(k), player: -1}
			moves[k] = o.Move
		}
	} else {
		// Shuffled children are tried in random order before UCB ranks
		// them, without a random draw at every selection. The order is
		// drawn first and the children written in it.
		w.perm = w.perm[:0]
		for k := range n {
			w.perm = append(w.perm, int32(k))
		}
		perm := w.perm
		w.rng.Shuffle(n, func(a, b int) { perm[a], perm[b] = perm[b], perm[a] })
		for k, j := range perm {
			kids[k] = mnode{first: -1, index: j, player: int8(who)}
			moves[k] = w.moves[j]
		}
	}
	nd := t.node(i)
	nd.first, nd.count, nd.toMove = first, int32(n), int8(who)
	if n == 0 {
		nd.first = 0 // expanded, without a child
		nd.dead = true
		return false
	}
	return true
}

// choose picks the child of node i to descend to: an outcome drawn by its
// probability at a chance node, else the first child never tried, else
// the child with the best upper confidence bound (UCB1).
func (t *tree[M, P]) choose(w *walker[M, P], i int32, c float64) int32 {
	nd := t.node(i)
	if nd.toMove < 0 {
		kids := t.kids(nd)
		return nd.first + int32(drawOutcome(w.rng, len(kids), func(k int) float64 { return kids[k].prob }))
	}
	kids := t.kidStats(nd)
	logN := logVisits(t.stat(i).visits)
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

// logTable holds math.Log of the visit counts below its length: most
// nodes a selection passes are visited that few times, and the table
// gives the same numbers as math.Log for fewer cycles.
var logTable = func() (t [4096]float64) {
	for n := range t {
		t[n] = math.Log(max(float64(n), 1))
	}
	return t
}()

// logVisits returns math.Log(max(visits, 1)).
func logVisits(visits float64) float64 {
	if visits < float64(len(logTable)) {
		return logTable[int(visits)]
	}
	return math.Log(visits)
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

// playout plays a random game from pos for the walker, scoring a game
// cut short with Eval (or as even).
func (w *walker[M, P]) playout(pos P, m *MCTS[M, P]) game.Result {
	w.play.MaxPlies = m.MaxPlayout
	r, _ := w.play.Play(pos)
	if r != nil {
		w.res = append(w.res[:0], r...)
	} else {
		w.res = w.res[:0]
		for p := 0; p < pos.Players(); p++ {
			w.res = append(w.res, m.eval(pos, game.Player(p)))
		}
		w.play.Undo(pos)
	}
	return w.res
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
		nd := t.node(it.i)
		if t.stat(it.i).visits > 0 && nd.key == key && nd.first >= 0 && game.Player(nd.toMove) == who {
			return it.i
		}
		if it.d == reach || nd.first < 0 {
			continue
		}
		for k, kid := range t.kidStats(nd) {
			if kid.visits > 0 {
				queue = append(queue, item{nd.first + int32(k), it.d + 1})
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
	fresh := &t.spare
	fresh.reset()
	root := fresh.alloc(1)
	*fresh.node(root), *fresh.stat(root) = *t.node(i), *t.stat(i)
	fresh.node(root).player = -1
	// Breadth first, so that children stay side by side.
	queue := append(t.path[:0], root)
	for len(queue) > 0 {
		k := queue[0]
		queue = queue[1:]
		nd := *fresh.node(k)
		if nd.first < 0 || nd.count == 0 {
			continue
		}
		first := fresh.alloc(int(nd.count))
		moved := mnode{first: first, count: nd.count}
		copy(fresh.kids(&moved), t.kids(&nd))
		copy(fresh.kidStats(&moved), t.kidStats(&nd))
		copy(fresh.kidMoves(&moved), t.kidMoves(&nd))
		fresh.node(k).first = first
		for j := range nd.count {
			queue = append(queue, first+j)
		}
	}
	t.path = queue[:0]
	t.clearMoves() // let go of what the dropped nodes' moves hold
	t.nodeStore, t.spare = t.spare, t.nodeStore
}
