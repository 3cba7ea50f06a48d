package tiles

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refVertex is a vertex of the seed's graph: a place name and a trail
// number (0 for landmarks).
type refVertex struct {
	name  string
	trail int
}

// refBoard scores one layout the way the seed's Haskell does: build the
// simple undirected graph of (place, trail) vertices from every
// connection and landmark touch, then count extra edges as
// edges - (vertices - components) and test each pair by search.
func refBoard(b *Board, set Set, l Layout) (extra int, joined []bool) {
	// trailNum follows the post: the tile's trails as listed, each exit
	// turned clockwise once per sixth of the tile's turn.
	trailNum := func(slot int, d Dir) refVertex {
		p := l[slot]
		side := set[p.Tile].Top
		if p.Flipped {
			side = set[p.Tile].Bottom
		}
		for i, t := range side.Trails() {
			for _, x := range t {
				for range p.Turn {
					x = hsClockwise(x)
				}
				if x == d {
					return refVertex{b.Slots[slot].Name, i}
				}
			}
		}
		panic("direction on no trail")
	}
	type edge struct{ a, b refVertex }
	edges := map[edge]bool{}
	adj := map[refVertex][]refVertex{}
	add := func(u, v refVertex) {
		if u.name > v.name || (u.name == v.name && u.trail > v.trail) {
			u, v = v, u
		}
		if !edges[edge{u, v}] {
			edges[edge{u, v}] = true
			adj[u] = append(adj[u], v)
			adj[v] = append(adj[v], u)
		}
	}
	for _, c := range b.Conns {
		add(trailNum(c.A.Slot, c.A.Dir), trailNum(c.B.Slot, c.B.Dir))
	}
	for _, t := range b.Touches {
		add(refVertex{b.Landmarks[t.Landmark].Name, 0}, trailNum(t.Edge.Slot, t.Edge.Dir))
	}
	comp := map[refVertex]int{}
	ncomp := 0
	for v := range adj {
		if _, ok := comp[v]; ok {
			continue
		}
		ncomp++
		stack := []refVertex{v}
		comp[v] = ncomp
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, y := range adj[x] {
				if _, ok := comp[y]; !ok {
					comp[y] = ncomp
					stack = append(stack, y)
				}
			}
		}
	}
	extra = len(edges) - (len(adj) - ncomp)
	for _, p := range b.Pairs {
		a := refVertex{b.Landmarks[p[0]].Name, 0}
		c := refVertex{b.Landmarks[p[1]].Name, 0}
		joined = append(joined, comp[a] == comp[c])
	}
	return extra, joined
}

// randomSet draws a tile set with arbitrary trail numbers (not normalised),
// so the scorer must not rely on a numbering.
func randomSet(r *rand.Rand, n int) Set {
	set := make(Set, n)
	for i := range set {
		for d := range NumDirs {
			set[i].Top[d] = uint8(r.IntN(MaxTrails))
			set[i].Bottom[d] = uint8(r.IntN(MaxTrails))
		}
	}
	return set
}

func TestScorerMatchesReference(t *testing.T) {
	b := SeedBoard()
	sc, err := NewScorer(b, DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 40 {
		set := randomSet(r, len(b.Slots))
		if trial%2 == 1 {
			bits := Encode(set)
			set, _ = Decode(bits)
		}
		s := sc.begin(set, r)
		s.layout = make(Layout, len(set))
		for range 50 {
			sc.deal(s)
			clear(s.joined)
			extra, joined := sc.graph(s)
			wantExtra, wantJoined := refBoard(b, set, s.layout)
			n := 0
			for k, ok := range wantJoined {
				if ok {
					n++
				}
				if (s.joined[k] == 1) != ok {
					t.Fatalf("pair %d: joined %d, reference %v", k, s.joined[k], ok)
				}
			}
			if extra != wantExtra || joined != n {
				t.Fatalf("layout %v: extra %d joined %d, reference %d %d", s.layout, extra, joined, wantExtra, n)
			}
		}
		s.layout = nil
		sc.scratch.Put(s)
	}
}

// Deal lays out the first board that scoring with the same generator
// scores, so pictures show boards the score counted.
func TestDealIsTheFirstScoredBoard(t *testing.T) {
	sc, err := NewScorer(SeedBoard(), DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	set := randomSet(rand.New(rand.NewPCG(8, 8)), 20)
	for seed := range uint64(20) {
		l, err := sc.Deal(set, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := sc.Trace(set, l)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sc.Score(set, rand.New(rand.NewPCG(seed, 1)), 1)
		if err != nil {
			t.Fatal(err)
		}
		joined := 0
		for _, ok := range tr.Joined {
			if ok {
				joined++
			}
		}
		if float64(tr.ExtraEdges) != s.ExtraEdges.Mean || float64(joined)/15 != s.PathProb.Mean {
			t.Fatalf("seed %d: traced %d extra, %d joined; scored %v, %v", seed, tr.ExtraEdges, joined, s.ExtraEdges.Mean, s.PathProb.Mean)
		}
		want, wantJoined := refBoard(sc.Board(), set, l)
		for k, ok := range wantJoined {
			if tr.Joined[k] != ok {
				t.Fatalf("seed %d pair %d: traced %v, reference %v", seed, k, tr.Joined[k], ok)
			}
		}
		if want != tr.ExtraEdges {
			t.Fatalf("seed %d: traced %d extra edges, reference %d", seed, tr.ExtraEdges, want)
		}
	}
}

// The dealing numbers are uniform: every slot sees every tile, side and
// turn about equally often.
func TestDealUniform(t *testing.T) {
	sc, err := NewScorer(SeedBoard(), DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	set := randomSet(rand.New(rand.NewPCG(8, 8)), 20)
	s := sc.begin(set, rand.New(rand.NewPCG(1, 1)))
	defer sc.scratch.Put(s)
	s.layout = make(Layout, 20)
	const boards = 60000
	var tileAt [20][20]int
	var orient [12]int
	for range boards {
		sc.deal(s)
		for slot, p := range s.layout {
			tileAt[slot][p.Tile]++
			o := p.Turn
			if p.Flipped {
				o += 6
			}
			orient[o]++
		}
	}
	// Expected counts 3000 (tiles) and 100000 (orientations); allow about
	// five standard deviations.
	for slot := range tileAt {
		for tile, n := range tileAt[slot] {
			if n < 2720 || n > 3280 {
				t.Fatalf("tile %d in slot %d %d times of %d, want about 3000", tile, slot, n, boards)
			}
		}
	}
	for o, n := range orient {
		if n < 98500 || n > 101500 {
			t.Errorf("orientation %d %d times, want about 100000", o, n)
		}
	}
}

func TestScoreTermsAndDeterminism(t *testing.T) {
	b := SeedBoard()
	sc, err := NewScorer(b, DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	set := randomSet(rand.New(rand.NewPCG(3, 4)), 20)
	a, err := sc.Score(set, rand.New(rand.NewPCG(5, 6)), 2000)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := sc.Objective(set, rand.New(rand.NewPCG(5, 6)), 2000)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(obj-a.Objective.Mean) > 1e-9 {
		t.Errorf("Objective %v, Score.Objective %v: same boards must agree", obj, a.Objective.Mean)
	}
	w := DefaultWeights()
	want := w.Static(a.Bridges, a.DupScore, a.FullyConnected) +
		w.ExtraEdges*a.ExtraEdges.Mean + w.LandmarkPair*float64(len(b.Pairs))*a.PathProb.Mean
	if math.Abs(want-a.Objective.Mean) > 1e-9 {
		t.Errorf("objective %v is not the weighted sum of its terms %v", a.Objective.Mean, want)
	}
	mean := 0.0
	for _, p := range a.Pairs {
		mean += p.Probability / float64(len(a.Pairs))
	}
	if math.Abs(mean-a.PathProb.Mean) > 1e-9 {
		t.Errorf("path probability %v, mean of pairs %v", a.PathProb.Mean, mean)
	}
	if a.Objective.StdErr <= 0 || a.Objective.StdErr > 0.2 {
		t.Errorf("standard error %v out of range", a.Objective.StdErr)
	}
}

func TestStaticTerms(t *testing.T) {
	set, err := Decode(make([]bool, 20*BitsPerTile)) // every side one trail
	if err != nil {
		t.Fatal(err)
	}
	if set.FullyConnected() != 20 || set.DupScore() != 1600 || set.Bridges() != 0 {
		t.Errorf("all-zero genome: fully %d dup %d bridges %d, want 20 1600 0",
			set.FullyConnected(), set.DupScore(), set.Bridges())
	}
	ls := Layouts()
	var distinct Set
	for i := 0; i+1 < len(ls); i += 2 {
		distinct = append(distinct, Tile{ls[i], ls[i+1]})
	}
	if got := distinct.DupScore(); got != 2*len(distinct) {
		t.Errorf("distinct sides: DupScore %d, want %d", got, 2*len(distinct))
	}
}

func BenchmarkScoreBoards(b *testing.B) {
	sc, err := NewScorer(SeedBoard(), DefaultWeights())
	if err != nil {
		b.Fatal(err)
	}
	set := randomSet(rand.New(rand.NewPCG(1, 1)), 20)
	r := rand.New(rand.NewPCG(2, 2))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := sc.Objective(set, r, 500); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*500/b.Elapsed().Seconds(), "boards/s")
}

func randFor(testing.TB) *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }
