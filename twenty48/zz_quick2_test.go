package twenty48

import (
	"testing"
	"os"
	"strconv"
)

func TestQuickCount(t *testing.T) {
	if os.Getenv("QUICK") == "" { t.Skip() }
	e, _ := EvalByName("nneonneo")
	d, _ := strconv.Atoi(os.Getenv("DEPTH"))
	x := &Expectimax{Eval: e, Depth: d}
	var moves, evals, nodes, hits int64
	var maxNodes int64
	g := NewGame(1001)
	for !g.Over() && g.Moves < 3000 {
		m, info, ok := x.Choose(g.Board, nil)
		if !ok { break }
		evals += info.Evals; nodes += info.Nodes; hits += info.Hits
		maxNodes = max(maxNodes, info.Nodes)
		g.Play(m)
		moves++
	}
	t.Logf("per move: evals %d nodes %d hits %d maxnodes %d", evals/moves, nodes/moves, hits/moves, maxNodes)
}
