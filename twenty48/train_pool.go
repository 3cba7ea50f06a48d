package twenty48

import "math/rand/v2"

// poolSize is how many boards a start pool keeps for each tile.
const poolSize = 1000

// Salts that give the pool's generators streams apart from the games'.
const (
	pickSalt      = 0x7069636b // "pick"
	reservoirSalt = 0x72657376 // "resv"
)

// StartPool keeps boards from which training games may start instead of
// the empty board: for each tile of Ranks, a uniform sample (a reservoir)
// of the boards on which games first held that tile. Greedy self-play
// reaches the late stages in few games, so their weights would learn from
// few; games restarted from these boards spend the training's time there
// too (the idea of Jaśkowski's carousel shaping and of Yeh et al.'s
// multi-stage learning).
type StartPool struct {
	Ranks  []int      `json:"ranks"`  // tile ranks (13: 8192)
	Boards [][]uint64 `json:"boards"` // per rank, the sample
	Seen   []int64    `json:"seen"`   // per rank, the boards offered
}

// newStartPool makes the pool of a network with the given stage ranks:
// the tile below the first stage and the tile of each stage.
func newStartPool(stages []int) StartPool {
	var p StartPool
	if len(stages) == 0 {
		return p
	}
	if stages[0] > 1 {
		p.Ranks = append(p.Ranks, stages[0]-1)
	}
	p.Ranks = append(p.Ranks, stages...)
	p.Boards = make([][]uint64, len(p.Ranks))
	p.Seen = make([]int64, len(p.Ranks))
	return p
}

// valid reports whether the pool's slices agree (a checkpoint is input).
func (p *StartPool) valid() bool {
	if len(p.Boards) != len(p.Ranks) || len(p.Seen) != len(p.Ranks) {
		return false
	}
	for k, b := range p.Boards {
		if len(b) > poolSize || p.Seen[k] < int64(len(b)) {
			return false
		}
	}
	return true
}

// offer adds the boards a game first reached each pool rank on (firsts
// holds one per rank, 0 where it did not), each kept with the
// reservoir's probability, drawn from rng.
func (p *StartPool) offer(firsts []Board, rng *rand.Rand) {
	for k, b := range firsts {
		if b == 0 || k >= len(p.Ranks) {
			continue
		}
		p.Seen[k]++
		if len(p.Boards[k]) < poolSize {
			p.Boards[k] = append(p.Boards[k], uint64(b))
		} else if j := rng.Int64N(p.Seen[k]); j < poolSize {
			p.Boards[k][j] = uint64(b)
		}
	}
}

// pick returns a board to start a game from, with probability share,
// drawn from rng: a rank with boards uniformly, then one of its boards;
// 0 (start from the empty board) otherwise or while the pool is empty.
func (p *StartPool) pick(share float64, rng *rand.Rand) Board {
	if share <= 0 || rng.Float64() >= share {
		return 0
	}
	var ranks [16]int
	n := 0
	for k, b := range p.Boards {
		if len(b) > 0 && n < len(ranks) {
			ranks[n] = k
			n++
		}
	}
	if n == 0 {
		return 0
	}
	b := p.Boards[ranks[rng.IntN(n)]]
	return Board(b[rng.IntN(len(b))])
}

// firstReached notes b in firsts if it is the first board of the game to
// hold a pool rank: ranks lists the pool's ranks, top the largest rank the
// game has held so far, which it returns updated.
func firstReached(b Board, ranks []int, firsts []Board, top int) int {
	r := b.maxRank()
	if r <= top {
		return top
	}
	for k, pr := range ranks {
		if pr > top && pr <= r {
			firsts[k] = b
		}
	}
	return r
}
