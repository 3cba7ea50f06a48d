package search

import (
	"context"

	"github.com/ludus-games/ludus/game"
)

// Analysis is what a search makes of a position besides the move it
// chooses: the line it expects, and whether its value is a result it
// proved rather than an estimate. It is what an analysis board shows.
type Analysis[M any] struct {
	Decision[M]
	// PV is the principal variation: the move chosen, then the replies
	// the search expects, as far as it knows them (it stops before a
	// chance move).
	PV []M
	// Proven is set when Value is the result of the game with best play,
	// as the search saw the whole tree or a forced end; Plies is then the
	// number of plies to a forced win or loss (0 for a result found by
	// seeing the whole tree, such as a draw).
	Proven bool
	Plies  int
}

// Analyser is a bot that says what it makes of a position: alpha-beta
// and MCTS are.
type Analyser[M any, P game.Position[M]] interface {
	Analyse(ctx context.Context, pos P) (Analysis[M], error)
}

// Analyse searches pos as Choose does, and returns the line it expects
// from its transposition table: at each position of the line, the move
// the table holds as the best found there.
func (a *AlphaBeta[M, P]) Analyse(ctx context.Context, pos P) (Analysis[M], error) {
	var an Analysis[M]
	d, err := a.choose(ctx, pos, nil, &an)
	if err != nil {
		return Analysis[M]{}, err
	}
	result := an.Value // of a forced end, when Plies is set
	an.Decision = d
	if an.Plies > 0 {
		an.Value = result
	}
	return an, nil
}

// line returns the principal variation from the root, whose best move is
// first, at most n moves long: the table's move at each position after
// it, until the game ends, a chance move is due, the table knows the
// position no more, or the line comes back to a position it has passed.
// The position is left as it was.
func (s *abState[M, P]) line(first M, n int) []M {
	pv := []M{first}
	s.pos.Play(first)
	played := 1
	seen := map[uint64]bool{}
	var buf []M
	for len(pv) < n {
		if _, over := s.pos.Result(); over || s.pos.ToMove() == game.Chance {
			break
		}
		key := s.pos.Key()
		if seen[key] {
			break
		}
		seen[key] = true
		e, ok := s.tt.probe(key ^ s.salt)
		if !ok || e.move <= 0 {
			break
		}
		buf = s.pos.Moves(buf[:0])
		if int(e.move) > len(buf) {
			break
		}
		m := buf[e.move-1]
		pv = append(pv, m)
		s.pos.Play(m)
		played++
	}
	for range played {
		s.pos.Undo()
	}
	return pv
}

// Analyse searches pos as Choose does, and returns the line the trees
// expect: the move chosen, then the move tried most at each node below
// it, in the tree that tried the chosen move most. A move that ends the
// game is a proven result (the search proves no more than that).
func (m *MCTS[M, P]) Analyse(ctx context.Context, pos P) (Analysis[M], error) {
	var an Analysis[M]
	d, err := m.choose(ctx, pos, nil, &an)
	if err != nil {
		return Analysis[M]{}, err
	}
	an.Decision = d
	me := pos.ToMove()
	pos.Play(d.Move)
	if r, over := pos.Result(); over && int(me) < len(r) {
		an.Proven, an.Plies, an.Value = true, 1, r[me]
		an.PV = an.PV[:1]
	}
	pos.Undo()
	return an, nil
}

// maxLine bounds a principal variation read from MCTS trees.
const maxLine = 64

// mostVisited returns the line of the trees below the root move of index
// bi (move): it, then the child tried most at each node, until a chance
// node, a leaf, or a node none of whose children was tried.
func mostVisited[M any, P game.Position[M]](trees []*tree[M, P], bi int, move M) []M {
	pv := []M{move}
	var t *tree[M, P]
	at := int32(-1)
	for _, tr := range trees {
		root := tr.node(0)
		if root.first < 0 {
			continue
		}
		for k := root.first; k < root.first+root.count; k++ {
			if int(tr.node(k).index) == bi && (t == nil || tr.stat(k).visits > t.stat(at).visits) {
				t, at = tr, k
			}
		}
	}
	for t != nil && len(pv) < maxLine {
		nd := t.node(at)
		if nd.first < 0 || nd.toMove < 0 {
			break
		}
		next := int32(-1)
		for k := nd.first; k < nd.first+nd.count; k++ {
			if t.stat(k).visits > 0 && (next < 0 || t.stat(k).visits > t.stat(next).visits) {
				next = k
			}
		}
		if next < 0 {
			break
		}
		pv = append(pv, t.move(next))
		at = next
	}
	return pv
}
