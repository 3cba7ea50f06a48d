package twenty48

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// TrainConfig are the learning settings of an n-tuple network. The shape,
// initial value and seed are fixed when training starts; the step sizes
// may change when it resumes (a later phase of the same training).
type TrainConfig struct {
	Seed  uint64 `json:"seed"`
	Shape Shape  `json:"shape"`
	// Init is the optimistic initial value of every board (see
	// Network.Init).
	Init float32 `json:"init"`
	// Alpha is the step size: a board's value moves by Alpha times its
	// temporal-difference error (each of its weights by Alpha divided by
	// the number of features). With TC it scales the per-weight rates.
	Alpha float64 `json:"alpha"`
	// Lambda weighs the lambda-return: 0 learns from the next afterstate
	// alone (TD(0)), larger values from longer stretches of the game.
	Lambda float64 `json:"lambda"`
	// TC turns on temporal coherence: each weight's step is scaled by how
	// consistently its errors point one way (|sum of errors| / sum of
	// |errors|), so that weights which have converged stop moving.
	TC bool `json:"tc"`
	// Every is the number of games per point of the learning curve.
	Every int `json:"every"`
	// Restarts is the share of games that start from a board of the
	// start pool (see StartPool) instead of the empty board.
	Restarts float64 `json:"restarts,omitempty"`
}

// DefaultTrainConfig is the training ludus's shipped network was made
// with, apart from the seed: temporal coherence with TD(0.5) from zero
// weights, and half the games restarted from the start pool. Optimistic
// initial values (Init 320000, plain TD) learnt four times slower over the
// first 30,000 games, temporal coherence and lambda 0.5 each learnt faster
// than plain TD(0), and with restarts the network played three times as
// many moves after making 16384 (docs/2048.md).
var DefaultTrainConfig = TrainConfig{
	Shape:    DefaultShape,
	Init:     0,
	Alpha:    1,
	Lambda:   0.5,
	TC:       true,
	Every:    1000,
	Restarts: 0.5,
}

// trainer plays and learns games on one goroutine.
type trainer struct {
	net    *Network
	cfg    TrainConfig
	ranks  []int // of the start pool
	after  []uint64
	reward []float32
	tcE    [][]float32 // temporal coherence: sums of errors, per weight
	tcA    [][]float32 // and sums of their magnitudes
	idx    [8 * 32]uint32
	batch  [4][8 * 32]uint32
}

// trainGame is what one training game did.
type trainGame struct {
	score, moves int
	maxTile      int
	restarted    bool    // from a board of the start pool
	firsts       []Board // per pool rank, the board that first held it
}

// afterstates returns the board after each move (b itself when the move
// changes nothing) and the move's score, in the order of Moves.
func afterstates(b Board) (next [4]Board, gain [4]float32) {
	x, t := uint64(b), uint64(b.Transpose())
	next = [4]Board{
		Board(slideRows(t, &rowLeft)).Transpose(), Board(slideRows(t, &rowRight)).Transpose(),
		Board(slideRows(x, &rowLeft)), Board(slideRows(x, &rowRight)),
	}
	gain = [4]float32{lineGains(t, &gainLeft), lineGains(t, &gainRight),
		lineGains(x, &gainLeft), lineGains(x, &gainRight)}
	return next, gain
}

func lineGains(x uint64, t *[65536]uint32) float32 {
	return float32(t[x&0xffff] + t[x>>16&0xffff] + t[x>>32&0xffff] + t[x>>48])
}

// spawnRandom adds a tile as the original game does: the value first (a 4
// with probability 0.1), then a cell uniformly among the empty ones.
func spawnRandom(b Board, rng *rand.Rand) Board {
	v := uint64(1)
	if rng.IntN(10) == 0 {
		v = 2
	}
	empty := b.emptyMask()
	for k := rng.IntN(bits.OnesCount64(empty)); k > 0; k-- {
		empty &= empty - 1
	}
	return b | Board((empty&-empty)*v)
}

// twoRank15 reports whether x holds two 32768 tiles or more: only then can
// a move overflow.
func twoRank15(x uint64) bool {
	y := x & (x >> 1) & (x >> 2) & (x >> 3) & 0x1111111111111111
	return y&(y-1) != 0
}

// game plays game i greedily on the current weights (the move with the
// largest score plus afterstate value), from start or, when start is 0,
// from the empty board, and then learns from it backwards, from the last
// afterstate to the first, so that each target already holds what the
// game taught about the positions after it.
func (tr *trainer) game(i int64, start Board) trainGame {
	rng := rand.New(rand.NewPCG(tr.cfg.Seed, uint64(i)))
	b := start
	if b == 0 {
		b = spawnRandom(b, rng)
		b = spawnRandom(b, rng)
	}
	tr.after, tr.reward = tr.after[:0], tr.reward[:0]
	res := trainGame{restarted: start != 0, firsts: make([]Board, len(tr.ranks))}
	top := b.maxRank()
	overflow := false
	for {
		next, gain := afterstates(b)
		vals := tr.net.values(b, &next, &tr.batch)
		best, bestV := -1, float32(0)
		for m, nb := range next {
			if nb == b {
				continue
			}
			if v := gain[m] + vals[m]; best < 0 || v > bestV {
				best, bestV = m, v
			}
		}
		if best < 0 {
			break
		}
		res.score += int(gain[best])
		res.moves++
		if twoRank15(uint64(b)) && b.Overflows(Moves[best]) {
			overflow = true
			break
		}
		tr.after = append(tr.after, uint64(next[best]))
		tr.reward = append(tr.reward, gain[best])
		b = spawnRandom(next[best], rng)
		top = firstReached(b, tr.ranks, res.firsts, top)
	}
	res.maxTile = b.MaxTile()
	if overflow {
		res.maxTile = 65536
	}
	tr.learn(overflow)
	return res
}

// learn updates the weights from the game just played: lambda-returns
// computed backwards, G(t) = r(t+1) + (1-λ) V(s(t+1)) + λ G(t+1), with
// G = 0 after the last afterstate (the spawn ends the game). A game cut
// short by a 65536 tile, which the board cannot hold, starts from the
// value of its last afterstate instead.
func (tr *trainer) learn(overflow bool) {
	nf := float32(tr.net.Features())
	idx := tr.idx[:]
	alpha, lambda := float32(tr.cfg.Alpha)/nf, float32(tr.cfg.Lambda)
	var g float32
	last := len(tr.after) - 1
	if overflow && last >= 0 {
		g = tr.net.value(tr.after[last])
	}
	for t := last; t >= 0; t-- {
		st := tr.net.features(tr.after[t], idx)
		delta := g - tr.net.valueOf(st, idx)
		if tr.tcE != nil {
			tr.net.addTC(st, idx, delta, alpha, tr.tcE, tr.tcA)
		} else {
			tr.net.add(st, idx, alpha*delta)
		}
		g = tr.reward[t] + (1-lambda)*tr.net.valueOf(st, idx) + lambda*g
	}
}

// addTC is add with temporal coherence: weight k moves by
// step*|E(k)|/A(k)*delta, where E(k) sums its errors and A(k) their
// magnitudes (a rate of 1 before the first error).
func (n *Network) addTC(st int, idx []uint32, delta, step float32, e, a [][]float32) {
	nt := len(n.ex)
	ad := float32(math.Abs(float64(delta)))
	for t := range n.ex {
		k := st*nt + t
		tb, te, ta := n.w[k], e[k], a[k]
		for _, i := range idx[8*t:][:8] {
			w := tb[i]
			if st > 0 && w == 0 {
				w = n.inherited(st, t, uint64(i))
			}
			rate := float32(1)
			if ta[i] > 0 {
				rate = float32(math.Abs(float64(te[i]))) / ta[i]
			}
			w += step * rate * delta
			if w == 0 {
				w = math.SmallestNonzeroFloat32
			}
			tb[i] = w
			te[i] += delta
			ta[i] += ad
		}
	}
}
