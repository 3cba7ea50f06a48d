package engine

import (
	"math/rand/v2"

	"github.com/ludus-games/ludus/engine/rules"
)

// Drawing a composite move of two steps. An amazon moves like a queen
// (a partial move), then shoots an arrow from where it stopped; a turn has
// about 2,000 such moves, and listing them all to draw one costs most of
// a playout. When every continuation program of a class gives at most one
// move a run and goes no further, the class's moves are counted as pairs
// (first step, continuation slot): each first step owns K slots, K the
// most continuation programs any piece type has, slot j standing for the
// move its j-th program gives (slot 0 also for the step alone, when no
// continuation exists), and a complete first move owns slot 0. Pairs are
// drawn uniformly, with replacement, until one stands for a move: each
// move has the same chance, so the move found is uniform. Only the first
// steps are listed, and only the drawn continuation runs.

// chainState is a draw among composite moves under way (partial.go's
// partial reads it).
type chainState struct {
	// listing: record the first steps (items) without continuing them.
	listing bool
	items   []chainItem
	// seen counts the first steps met; item and slot are the pair drawn;
	// found is the index of the move it stands for in the output, or -1.
	seen, item, slot, found int
}

// chainItem is a first step: the k-th partial step of the program blk
// run from the piece on from.
type chainItem struct {
	from int32
	blk  *CBlock
	k    int32
}

// chainSlots returns, per priority class, K (see above), or 0 when the
// class's moves cannot be drawn so: no program of it makes a partial
// move, or a continuation may give more than one move or go further.
func (g *Game) chainSlots() []int {
	out := make([]int, len(g.classes))
	if g.Rules.Options.PassPartial {
		return out
	}
	for cl := range out {
		k, ok := 0, true
		for _, ct := range g.types {
			for _, blk := range ct.moves[cl] {
				for _, in := range blk.code {
					if in.op != opAdd || !rules.AddKind(in.a).Partial() {
						continue
					}
					next := int(in.c)
					if next < 0 {
						next = blk.MoveType
					}
					n, single := g.continuations(next)
					k, ok = max(k, n), ok && single
				}
			}
		}
		if ok {
			out[cl] = k
		}
	}
	return out
}

// continuations returns the most programs of move type next any piece
// type has, and whether each of them gives at most one move a run.
func (g *Game) continuations(next int) (int, bool) {
	most, single := 0, true
	for _, ct := range g.types {
		n := 0
		for _, blk := range ct.attack {
			if blk.MoveType == next {
				n++
				single = single && g.singleMove(blk)
			}
		}
		most = max(most, n)
	}
	return most, single
}

// maxChainDraws bounds the draws of drawChained before it lists the
// moves instead (a fallback that keeps the draw uniform).
const maxChainDraws = 1 << 16

// drawChained draws a move of class cl by its (first step, slot) pairs.
func (s *State) drawChained(cl int, t rules.Turn, ml *MoveList, rng *rand.Rand) (*Move, error) {
	g := s.g
	gn := s.gen
	pk := &gn.chain2
	pk.listing, pk.items, pk.seen = true, pk.items[:0], 0
	ml.reset()
	gn.out, gn.err, gn.pick = ml, nil, pk
	gn.genClass(cl, t)
	gn.pick = nil
	if gn.err != nil {
		return nil, gn.err
	}
	nStep, n, k := len(pk.items), len(pk.items)+len(ml.Moves), g.chainK[cl]
	if n == 0 {
		return nil, nil
	}
	trial := &gn.trial
	for range maxChainDraws {
		i, j := rng.IntN(n), rng.IntN(k)
		if i >= nStep {
			if j == 0 {
				return &ml.Moves[i-nStep], nil
			}
			continue
		}
		it := pk.items[i]
		pk.listing, pk.seen, pk.item, pk.slot, pk.found = false, 0, int(it.k), j, -1
		trial.reset()
		gn.out, gn.pick = trial, pk
		gn.oneBlock[0] = it.blk
		gn.genBlocks(gn.oneBlock[:], t, int(it.from), s.cells[it.from])
		gn.pick = nil
		if gn.err != nil {
			return nil, gn.err
		}
		if pk.found >= 0 {
			return &trial.Moves[pk.found], nil
		}
	}
	return s.drawListed(cl, t, ml, rng)
}
