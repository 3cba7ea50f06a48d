package search

import (
	"context"
	"testing"

	"github.com/ludus-games/ludus/internal/testgames"
)

// checkTree verifies that every node of a tree is reached once from the
// root, that the store holds no node that is not, and that visits add
// up: a node's visits are its children's plus the iterations that
// stopped at it. It returns the nodes in the order reached.
func checkTree[M any](t *testing.T, s *nodeStore[M]) []int32 {
	t.Helper()
	seen := map[int32]bool{0: true}
	order := []int32{0}
	for at := 0; at < len(order); at++ {
		i := order[at]
		nd := s.node(i)
		if nd.first < 0 || nd.count == 0 {
			continue
		}
		if nd.first+nd.count > s.next || nd.first <= i {
			t.Fatalf("node %d: children %d+%d out of %d nodes", i, nd.first, nd.count, s.next)
		}
		var sum float64
		for k := nd.first; k < nd.first+nd.count; k++ {
			if seen[k] {
				t.Fatalf("node %d reached twice", k)
			}
			seen[k] = true
			order = append(order, k)
			sum += s.stat(k).visits
		}
		if v := s.stat(i).visits; sum > v {
			t.Fatalf("node %d: children visited %v times, the node %v", i, sum, v)
		}
	}
	if len(order) != s.used {
		t.Fatalf("%d nodes reached from the root, %d stored", len(order), s.used)
	}
	return order
}

func TestMCTSReusesTheSubtree(t *testing.T) {
	m := &MCTS[int, *testgames.ConnectFour]{Iterations: 3000}
	s := m.Session(1).(*mctsSession[int, *testgames.ConnectFour])
	defer s.Close()
	pos := testgames.NewConnectFour()
	d, err := s.Choose(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	checkTree(t, &s.all[0].nodeStore)
	pos.Play(d.Move)
	pos.Play(3) // the reply most searched, as centre moves are
	trees := s.trees(pos, 1)
	kept := trees[0].stat(0).visits
	if kept == 0 || trees[0].used < 2 {
		t.Fatalf("after two plies the tree kept %v visits, %d nodes", kept, trees[0].used)
	}
	checkTree(t, &trees[0].nodeStore)
	if _, err := s.Choose(context.Background(), pos); err != nil {
		t.Fatal(err)
	}
	if got := s.all[0].stat(0).visits; got != kept+3000 {
		t.Errorf("root visits %v after reuse, want %v + 3000", got, kept)
	}
	// A position the tree never saw starts a fresh tree.
	other := testgames.NewConnectFour()
	other.Play(0)
	if trees := s.trees(other, 1); trees[0].stat(0).visits != 0 || trees[0].used != 1 {
		t.Errorf("an unknown position kept %v visits", trees[0].stat(0).visits)
	}
}

// TestMCTSTreeIsBounded fills a tree to MaxNodes, serially and with
// tree-parallel threads: it stops growing but the search goes on.
func TestMCTSTreeIsBounded(t *testing.T) {
	for _, threads := range []int{1, 2} {
		m := &MCTS[int, *testgames.ConnectFour]{Iterations: 2000, MaxNodes: 300, Threads: threads, Parallel: TreeParallel}
		s := m.Session(1).(*mctsSession[int, *testgames.ConnectFour])
		d, err := s.Choose(context.Background(), testgames.NewConnectFour())
		if err != nil || d.Nodes != 2000 {
			t.Fatalf("%d threads: %+v %v", threads, d, err)
		}
		if n := s.all[0].used; n > 300 {
			t.Errorf("%d threads: tree of %d nodes, bound 300", threads, n)
		}
		checkTree(t, &s.all[0].nodeStore)
	}
}

// TestTreeParallelTreeAddsUp checks a tree grown by several threads at
// once: every node reached once, children's visits within their parent's
// (no virtual loss left behind), the root visited once per iteration, and
// a session keeps the subtree for the next decision.
func TestTreeParallelTreeAddsUp(t *testing.T) {
	m := &MCTS[int, *testgames.ConnectFour]{Iterations: 4000, Threads: 3, Parallel: TreeParallel}
	s := m.Session(1).(*mctsSession[int, *testgames.ConnectFour])
	defer s.Close()
	pos := testgames.NewConnectFour()
	d, err := s.Choose(context.Background(), pos)
	if err != nil || d.Nodes != 4000 {
		t.Fatalf("%+v %v", d, err)
	}
	if len(s.all) != 1 {
		t.Fatalf("%d trees for tree parallelism", len(s.all))
	}
	tr := s.all[0]
	for _, i := range checkTree(t, &tr.nodeStore) {
		nd := tr.stat(i)
		if nd.reward < 0 || nd.reward > nd.visits {
			t.Fatalf("node %d: reward %v in %v visits", i, nd.reward, nd.visits)
		}
	}
	if v := tr.stat(0).visits; v != 4000 {
		t.Errorf("root visited %v times in 4000 iterations", v)
	}
	var sum, rewards float64
	for _, kid := range tr.kidStats(tr.node(0)) {
		sum += kid.visits
		rewards += kid.reward
	}
	if sum != 4000 || rewards <= 0 || rewards > sum {
		t.Errorf("root's children: %v visits, %v reward", sum, rewards)
	}
	pos.Play(d.Move)
	pos.Play(3)
	kept := s.trees(pos, 1)[0].stat(0).visits
	if kept == 0 {
		t.Fatal("the subtree two plies down was dropped")
	}
	if _, err := s.Choose(context.Background(), pos); err != nil {
		t.Fatal(err)
	}
	if got := s.all[0].stat(0).visits; got != kept+4000 {
		t.Errorf("root visits %v after reuse, want %v + 4000", got, kept)
	}
	checkTree(t, &s.all[0].nodeStore)
}
