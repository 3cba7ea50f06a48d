package twenty48

import (
	"math"
	"sync"
	"testing"
)

// testNet is a small network trained for a few hundred games, shared by
// the tests of the learned evaluation.
var testNet = sync.OnceValue(func() *Network {
	tr, err := NewTraining("", smallTrainConfig(5))
	if err != nil {
		panic(err)
	}
	trs := []*trainer{{net: tr.Net, cfg: tr.State.Config}}
	for i := int64(0); i < 300; i++ {
		trs[0].game(i, 0)
	}
	return tr.Net
})

// TestNetworkSearchIsExpectimax checks the search with a learned
// evaluation against the plain recursion, as TestFastPathIsExpectimax
// does for the tables.
func TestNetworkSearchIsExpectimax(t *testing.T) {
	e := NetworkEval("test", "", testNet())
	for _, depth := range []int{1, 2} {
		x := &Expectimax{Eval: e, Depth: depth, MinProb: 0}
		for _, b := range sampleBoards(t, 21, 80) {
			_, info, ok := x.Choose(b, nil)
			if !ok {
				t.Fatalf("no move on\n%v", b)
			}
			best := math.Inf(-1)
			for _, mv := range Moves {
				if nb := b.Move(mv); nb != b {
					best = math.Max(best, plainValue(e, nb, depth))
				}
			}
			if !relClose(float64(info.Value), best, 1e-5) {
				t.Fatalf("depth %d: value %v, plain recursion %v on\n%v", depth, info.Value, best, b)
			}
		}
	}
}

// TestNetworkEvalAddsScore: the evaluation of a board is the network's
// value plus the score its tiles took to make, which grows by exactly the
// gain of every move.
func TestNetworkEvalAddsScore(t *testing.T) {
	g := NewGame(3)
	for k := 0; k < 200 && !g.Over(); k++ {
		m, _, _ := Greedy{}.Choose(g.Board, nil)
		before := g.Board
		st, _ := g.Play(m)
		after := before.Move(m)
		if d := boardScore(uint64(after)) - boardScore(uint64(before)); d != float32(st.Gain) {
			t.Fatalf("move %d: tile score grew %g, the move scored %d", k, d, st.Gain)
		}
	}
	n := testNet()
	e := NetworkEval("test", "", n)
	b := g.Board
	if got, want := e.Score(b), n.Value(b)+boardScore(uint64(b)); math.Abs(float64(got-want)) > 0.2 {
		t.Fatalf("Score %g, want %g", got, want)
	}
}

// TestNetworkPlaysBetterThanGreedy: even a small network plays better
// than the greedy baseline at depth 1.
func TestNetworkPlaysBetterThanGreedy(t *testing.T) {
	x := &Expectimax{Eval: NetworkEval("test", "", testNet()), Depth: 1, MinProb: DefaultMinProb}
	var net, greedy int
	for seed := uint64(1); seed <= 6; seed++ {
		for _, p := range []struct {
			p     Player
			total *int
		}{{x, &net}, {Greedy{}, &greedy}} {
			g := NewGame(seed)
			for !g.Over() {
				m, _, _ := p.p.Choose(g.Board, nil)
				g.Play(m)
			}
			*p.total += g.Score
		}
	}
	if net < 2*greedy {
		t.Fatalf("network %d, greedy %d over 6 games", net, greedy)
	}
}
