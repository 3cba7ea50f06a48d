package tiles

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
)

// Weights are the coefficients of the objective. The static terms count
// features of the tile set; the board terms are averaged over random boards.
type Weights struct {
	Bridges        float64 `json:"bridges"`         // per side whose trails cross
	DupScore       float64 `json:"dup_score"`       // per unit of DupScore
	FullyConnected float64 `json:"fully_connected"` // per tile with a one-trail side
	ExtraEdges     float64 `json:"extra_edges"`     // per edge beyond a spanning forest (a cycle)
	LandmarkPair   float64 `json:"landmark_pair"`   // per landmark pair joined by a path
}

// DefaultWeights are the seed's: -0.05 per bridge, -0.02 per unit of
// DupScore, -1 per fully connected tile, -0.1 per extra edge and +1 per
// joined landmark pair.
func DefaultWeights() Weights {
	return Weights{Bridges: -0.05, DupScore: -0.02, FullyConnected: -1, ExtraEdges: -0.1, LandmarkPair: 1}
}

// Static returns the weighted sum of the terms that do not depend on the
// boards.
func (w Weights) Static(bridges, dupScore, fully int) float64 {
	return w.Bridges*float64(bridges) + w.DupScore*float64(dupScore) + w.FullyConnected*float64(fully)
}

// scoreEdge is a board graph edge compiled for scoring: from the trail at
// edge da of slot sa to the trail at edge db of slot sb, or to the fixed
// vertex fixed when sb < 0 (a landmark). The vertex of trail t of the side
// in slot s is MaxTrails*s+t; landmark i follows the slots'.
type scoreEdge struct {
	sa, sb, fixed int32
	// first is the index of the first edge between the same two places;
	// such edges are adjacent, and only they can collapse into one.
	first  int32
	da, db uint8
}

// Scorer scores tile sets on one board. A set has one tile per slot, or
// more: then each board draws as many tiles as it has slots. It is safe for concurrent use; each
// call borrows scratch arrays, so scoring allocates nothing per board.
type Scorer struct {
	board   *Board
	weights Weights
	edges   []scoreEdge
	pairs   [][2]int32 // landmark vertices
	nverts  int
	scratch sync.Pool
}

// scratch is the per-call working memory of a Scorer.
type scratch struct {
	parent []int32
	eu, ev []int32
	perm   []int32
	cur    []Side        // the side showing in each slot, turned as it lies
	orient [][2 * 6]Side // each tile in each of its 12 orientations
	joined []int         // per pair: boards where it was joined
	layout []Placement   // filled only when tracing
	dice   dice
}

// dice draws the small numbers of dealing, two per 64-bit output of a PCG
// seeded from the caller's generator: dealing needs some 40 numbers per
// board, and drawing them through rand.Rand costs more than the graph.
type dice struct {
	pcg  rand.PCG
	buf  uint64
	left int
}

func (d *dice) seed(r *rand.Rand) { d.pcg.Seed(r.Uint64(), r.Uint64()); d.left = 0 }

func (d *dice) next() uint32 {
	if d.left == 0 {
		d.buf, d.left = d.pcg.Uint64(), 2
	}
	x := uint32(d.buf)
	d.buf >>= 32
	d.left--
	return x
}

// intn returns a uniform number in [0, n) by Lemire's multiply and reject.
func (d *dice) intn(n uint32) int32 {
	m := uint64(d.next()) * uint64(n)
	if uint32(m) < n {
		t := -n % n
		for uint32(m) < t {
			m = uint64(d.next()) * uint64(n)
		}
	}
	return int32(m >> 32)
}

// NewScorer compiles a board for scoring with the given weights.
func NewScorer(b *Board, w Weights) (*Scorer, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	ns := len(b.Slots)
	sc := &Scorer{board: b, weights: w, nverts: MaxTrails*ns + len(b.Landmarks)}
	type place struct{ a, b int32 } // slot or -1-landmark
	var groups []place
	byPlace := map[place][]scoreEdge{}
	add := func(p place, e scoreEdge) {
		if _, ok := byPlace[p]; !ok {
			groups = append(groups, p)
		}
		byPlace[p] = append(byPlace[p], e)
	}
	for _, c := range b.Conns {
		e := scoreEdge{sa: int32(c.A.Slot), da: uint8(c.A.Dir), sb: int32(c.B.Slot), db: uint8(c.B.Dir)}
		if e.sa > e.sb {
			e.sa, e.da, e.sb, e.db = e.sb, e.db, e.sa, e.da
		}
		add(place{e.sa, e.sb}, e)
	}
	for _, t := range b.Touches {
		e := scoreEdge{sa: int32(t.Edge.Slot), da: uint8(t.Edge.Dir), sb: -1, fixed: int32(MaxTrails*ns + t.Landmark)}
		add(place{e.sa, -1 - int32(t.Landmark)}, e)
	}
	for _, p := range groups {
		first := int32(len(sc.edges))
		for _, e := range byPlace[p] {
			e.first = first
			sc.edges = append(sc.edges, e)
		}
	}
	for _, p := range b.Pairs {
		sc.pairs = append(sc.pairs, [2]int32{int32(MaxTrails*ns + p[0]), int32(MaxTrails*ns + p[1])})
	}
	sc.scratch.New = func() any {
		return &scratch{
			parent: make([]int32, sc.nverts),
			eu:     make([]int32, len(sc.edges)),
			ev:     make([]int32, len(sc.edges)),
			perm:   make([]int32, ns),
			cur:    make([]Side, ns),
			orient: make([][12]Side, ns),
			joined: make([]int, len(sc.pairs)),
		}
	}
	return sc, nil
}

// Board returns the board the scorer was built for.
func (sc *Scorer) Board() *Board { return sc.board }

// Weights returns the scorer's weights.
func (sc *Scorer) Weights() Weights { return sc.weights }

// check reports whether a set fits the board and every trail number is in
// range.
func (sc *Scorer) check(set Set) error {
	if len(set) < len(sc.board.Slots) {
		return fmt.Errorf("tile set has %d tiles, the board has %d slots: want at least one tile per slot", len(set), len(sc.board.Slots))
	}
	for i, t := range set {
		for _, s := range [2]Side{t.Top, t.Bottom} {
			for _, n := range s {
				if n >= MaxTrails {
					return fmt.Errorf("tile %d: trail number %d out of range", i+1, n)
				}
			}
		}
	}
	return nil
}

// begin prepares scratch for scoring set: identity permutation (so that the
// same random stream deals the same boards to every set: common random
// numbers) and every orientation of every tile.
func (sc *Scorer) begin(set Set, r *rand.Rand) *scratch {
	s := sc.scratch.Get().(*scratch)
	if r != nil {
		s.dice.seed(r)
	}
	if len(s.perm) != len(set) { // a set with more tiles than slots
		s.perm, s.orient = make([]int32, len(set)), make([][12]Side, len(set))
	}
	for i := range s.perm {
		s.perm[i] = int32(i)
	}
	for i, t := range set {
		for o := range 12 {
			side := t.Top
			if o >= 6 {
				side = t.Bottom
			}
			s.orient[i][o] = side.Rotate(o % 6)
		}
	}
	clear(s.joined)
	return s
}

// deal lays out a random board: shuffle the tiles over the slots (the
// first tiles of the shuffle fill them when the set has more tiles than
// the board has slots), then flip each with probability 1/2 and turn it by
// 0-5 sixths.
func (sc *Scorer) deal(s *scratch) {
	p := s.perm
	for i := len(p) - 1; i > 0; i-- {
		j := s.dice.intn(uint32(i + 1))
		p[i], p[j] = p[j], p[i]
	}
	for slot, t := range p[:len(s.cur)] {
		o := s.dice.intn(12)
		s.cur[slot] = s.orient[t][o]
		if s.layout != nil {
			s.layout[slot] = Placement{Tile: int(t), Flipped: o >= 6, Turn: int(o % 6)}
		}
	}
}

// find returns the root of x's tree, halving the path as it goes. (Union
// by size measured slower on boards this small.)
func find(parent []int32, x int32) int32 {
	for parent[x] != x {
		parent[x] = parent[parent[x]]
		x = parent[x]
	}
	return x
}

// graph builds the union-find of the board in s.cur and returns the number
// of extra edges (distinct edges beyond a spanning forest) and of joined
// landmark pairs.
func (sc *Scorer) graph(s *scratch) (extra, joined int) {
	parent := s.parent
	for i := range parent {
		parent[i] = int32(i)
	}
	cur, eu, ev := s.cur, s.eu, s.ev
	distinct, merges := 0, 0
edges:
	for i := range sc.edges {
		e := &sc.edges[i]
		u := e.sa*MaxTrails + int32(cur[e.sa][e.da])
		v := e.fixed
		if e.sb >= 0 {
			v = e.sb*MaxTrails + int32(cur[e.sb][e.db])
		}
		eu[i], ev[i] = u, v
		for j := e.first; j < int32(i); j++ {
			if eu[j] == u && ev[j] == v {
				continue edges // parallel edges collapse: the graph is simple
			}
		}
		distinct++
		if ru, rv := find(parent, u), find(parent, v); ru != rv {
			parent[ru] = rv
			merges++
		}
	}
	for k, p := range sc.pairs {
		if find(parent, p[0]) == find(parent, p[1]) {
			joined++
			s.joined[k]++
		}
	}
	return distinct - merges, joined
}

// tally accumulates per-board results exactly, in integers.
type tally struct {
	n                        int
	extra, extra2            int
	joined, joined2, crossed int
}

func (t *tally) add(u tally) {
	t.n += u.n
	t.extra += u.extra
	t.extra2 += u.extra2
	t.joined += u.joined
	t.joined2 += u.joined2
	t.crossed += u.crossed
}

func (sc *Scorer) sample(s *scratch, boards int) tally {
	var t tally
	for range boards {
		sc.deal(s)
		x, j := sc.graph(s)
		t.n++
		t.extra += x
		t.extra2 += x * x
		t.joined += j
		t.joined2 += j * j
		t.crossed += x * j
	}
	return t
}

// Objective scores set on boards random boards drawn from r and returns the
// seed's objective: the static terms plus the mean board score. It is the
// fast path for optimisers; Score gives every term.
func (sc *Scorer) Objective(set Set, r *rand.Rand, boards int) (float64, error) {
	t, err := sc.Measure(set, r, boards)
	return t.Objective, err
}

// Measure scores set on boards random boards drawn from r and returns the
// value of every term, the board terms as means: the fast path of Score,
// without standard errors or per-pair figures.
func (sc *Scorer) Measure(set Set, r *rand.Rand, boards int) (Terms, error) {
	if err := sc.check(set); err != nil {
		return Terms{}, err
	}
	s := sc.begin(set, r)
	t := sc.sample(s, boards)
	sc.scratch.Put(s)
	w := sc.weights
	terms := staticTerms(set)
	n := float64(max(t.n, 1))
	terms.ExtraEdges = float64(t.extra) / n
	terms.Pairs = float64(t.joined) / n
	terms.PathProb = terms.Pairs / float64(max(len(sc.pairs), 1))
	terms.BoardScore = (w.ExtraEdges*float64(t.extra) + w.LandmarkPair*float64(t.joined)) / n
	terms.Objective = w.Static(terms.Bridges, terms.DupScore, terms.FullyConnected) + terms.BoardScore
	return terms, nil
}

// Estimate is a mean over random boards and its standard error.
type Estimate struct {
	Mean   float64 `json:"mean"`
	StdErr float64 `json:"stderr"`
}

// CI95 returns the bounds of the normal 95% confidence interval.
func (e Estimate) CI95() (lo, hi float64) {
	return e.Mean - 1.96*e.StdErr, e.Mean + 1.96*e.StdErr
}

// estimate returns mean and standard error of a per-board quantity from its
// sum and sum of squares over n boards.
func estimate(sum, sum2 float64, n int) Estimate {
	if n == 0 {
		return Estimate{}
	}
	m := sum / float64(n)
	if n < 2 {
		return Estimate{Mean: m}
	}
	v := (sum2 - sum*m) / float64(n-1)
	return Estimate{Mean: m, StdErr: math.Sqrt(max(v, 0) / float64(n))}
}

// PairScore is how often one landmark pair was joined.
type PairScore struct {
	A, B        string
	Probability float64
}

// Score is every term of a tile set's objective.
type Score struct {
	Boards         int         `json:"boards"`
	Bridges        int         `json:"bridges"`
	DupScore       int         `json:"dup_score"`
	FullyConnected int         `json:"fully_connected"`
	ExtraEdges     Estimate    `json:"extra_edges"`
	PathProb       Estimate    `json:"path_probability"`
	BoardScore     Estimate    `json:"board_score"`
	Objective      Estimate    `json:"objective"`
	Pairs          []PairScore `json:"pairs"`
	Weights        Weights     `json:"weights"`
}

// Score scores set on boards random boards drawn from r and reports every
// term with its standard error.
func (sc *Scorer) Score(set Set, r *rand.Rand, boards int) (Score, error) {
	return sc.ScoreContext(context.Background(), set, r, boards)
}

// scoreChunk is the number of boards scored between looks at the context:
// a few milliseconds of work.
const scoreChunk = 1 << 10

// ScoreContext is Score stopped by ctx, which it checks every few
// milliseconds: a cancelled scoring returns ctx's error. The boards drawn
// are Score's.
func (sc *Scorer) ScoreContext(ctx context.Context, set Set, r *rand.Rand, boards int) (Score, error) {
	if err := sc.check(set); err != nil {
		return Score{}, err
	}
	s := sc.begin(set, r)
	var t tally
	for left := boards; left > 0; left -= scoreChunk {
		if err := ctx.Err(); err != nil {
			sc.scratch.Put(s)
			return Score{}, err
		}
		t.add(sc.sample(s, min(left, scoreChunk)))
	}
	res := Score{
		Boards: t.n, Bridges: set.Bridges(), DupScore: set.DupScore(),
		FullyConnected: set.FullyConnected(), Weights: sc.weights,
	}
	for k, p := range sc.board.Pairs {
		res.Pairs = append(res.Pairs, PairScore{
			A: sc.board.Landmarks[p[0]].Name, B: sc.board.Landmarks[p[1]].Name,
			Probability: float64(s.joined[k]) / float64(max(t.n, 1)),
		})
	}
	sc.scratch.Put(s)
	np := float64(max(len(sc.pairs), 1))
	w := sc.weights
	res.ExtraEdges = estimate(float64(t.extra), float64(t.extra2), t.n)
	res.PathProb = estimate(float64(t.joined)/np, float64(t.joined2)/(np*np), t.n)
	a, b := w.ExtraEdges, w.LandmarkPair
	res.BoardScore = estimate(a*float64(t.extra)+b*float64(t.joined),
		a*a*float64(t.extra2)+2*a*b*float64(t.crossed)+b*b*float64(t.joined2), t.n)
	res.Objective = res.BoardScore
	res.Objective.Mean += w.Static(res.Bridges, res.DupScore, res.FullyConnected)
	return res, nil
}
