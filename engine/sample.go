package engine

import (
	"math/bits"
	"math/rand/v2"
)

// Drawing a random move before testing it. Under the chess invariant a
// move is legal when it leaves no royal piece attacked, a test that costs
// a trial of the move. Listing the legal moves tests every candidate (or
// works out which need no test); a random playout needs one legal move,
// so it draws a candidate and tests only that one, drawing again among
// the rest when it fails. Each draw is uniform over the untested
// candidates, so the move found is uniform over the legal ones, as a draw
// from the list of legal moves would be.

// drawMove draws a uniformly random legal move of the player to move when
// the game lets a playout draw one (drawn; m nil when there is none);
// otherwise the moves must be listed or counted.
func (s *State) drawMove(ml *MoveList, rng *rand.Rand) (m *Move, drawn bool, err error) {
	if s.g.sampling {
		m, err := s.sampleMove(ml, rng)
		return m, true, err
	}
	if ds := s.g.dropSample; ds != nil && ds[s.turn] {
		// When no drop emits, a listing may still find a pass.
		m, err := s.sampleDrop(ml, rng)
		return m, m != nil || err != nil, err
	}
	return nil, false, nil
}

// samples reports whether the game's random playouts draw before testing:
// moves are filtered for legality and by nothing else that looks at the
// whole list (maximal captures, passes, ko).
func (g *Game) samples() bool {
	o := &g.Rules.Options
	return g.legality && o.MaximalCaptures == 0 && o.PassTurn == 0 && g.ko == KoNone
}

// sampleMove returns a uniformly random legal move of the player to move,
// living in ml, or nil when there is none. The game must sample.
func (s *State) sampleMove(ml *MoveList, rng *rand.Rand) (*Move, error) {
	g := s.g
	gn := s.generator()
	t := g.turns[s.turn]
	gn.findRoyals(t.Side, &gn.lg)
	for cl := range g.classes {
		ml.reset()
		gn.out, gn.err = ml, nil
		gn.genClass(cl, t)
		if gn.err != nil {
			return nil, gn.err
		}
		for n := len(ml.Moves); n > 0; n-- {
			k := rng.IntN(n)
			ok := gn.legal(&ml.Moves[k], t.Side)
			if gn.err != nil {
				return nil, gn.err
			}
			if ok {
				return &ml.Moves[k], nil
			}
			ml.Moves[k], ml.Moves[n-1] = ml.Moves[n-1], ml.Moves[k]
		}
	}
	return nil, nil
}

// Drawing a drop. When a turn's moves are all drops and every drop
// program emits at most one move from a position (one add, with no choice
// of type, that ends it), the legal moves are one for each (program,
// position) pair whose run emits. Drawing pairs from the candidate sets
// without replacement and running only the programs drawn, the first pair
// that emits is uniform over those that do: a reversi playout runs the
// drop program at two or three cells a move instead of at every cell
// next to an opponent's disc.

// singleMove reports whether blk emits at most one move per run.
func singleMove(blk *CBlock) bool {
	adds := 0
	for i, in := range blk.code {
		if in.op != opAdd {
			continue
		}
		adds++
		if AddKind(in.a) != AddMove || in.b >= 0 || i+1 >= len(blk.code) || blk.code[i+1].op != opEnd {
			return false
		}
	}
	return adds == 1
}

// sampledDrops reports, for each entry of the turn order, whether a
// random playout draws its drops (see above): no piece has move
// programs, every drop program the turn allows has a candidate set and
// emits at most one move a run, and nothing filters the list as a whole
// (legality, maximal captures, ko) or adds to it (a pass always allowed;
// a forced pass is found by listing when no drop emits). Turns whose
// moves are counted are not drawn. It returns nil when no turn is.
func (g *Game) sampledDrops() []bool {
	o := &g.Rules.Options
	if g.drops == nil || g.legality || o.MaximalCaptures > 0 || o.PassTurn == 1 || g.ko != KoNone {
		return nil
	}
	for _, m := range g.classMoves {
		if m {
			return nil
		}
	}
	out := make([]bool, len(g.turns))
	any := false
	for i, t := range g.turns {
		out[i] = g.countDrops == nil || !g.countDrops[i]
		for _, blk := range g.Blocks {
			if out[i] && blk.Drop && allowed(t, blk.MoveType) &&
				(g.drops.byBlock[blk.ID*g.nplayers+t.Side] < 0 || !singleMove(blk)) {
				out[i] = false
			}
		}
		any = any || out[i]
	}
	if !any {
		return nil
	}
	return out
}

// sampleDrop returns a uniformly random legal drop of the player to move,
// living in ml, or nil when no drop program emits (the turn may then
// still have a pass: list the moves to know). The turn must draw drops.
func (s *State) sampleDrop(ml *MoveList, rng *rand.Rand) (*Move, error) {
	g := s.g
	gn := s.generator()
	d := g.drops
	t := g.turns[s.turn]
	side := t.Side
	for cl := range g.classes {
		active := gn.activeDrops(cl, t)
		if len(active) == 0 {
			continue
		}
		gn.refreshDrops()
		// The untried candidates, program by program.
		left := gn.sampleSets[:0]
		n := 0
		for _, a := range active {
			k := int(d.byBlock[a.blk.ID*g.nplayers+side])
			for _, w := range s.drops.bits[k*d.words : (k+1)*d.words] {
				left = append(left, w)
				n += bits.OnesCount64(w)
			}
		}
		gn.sampleSets = left
		for ; n > 0; n-- {
			i := rng.IntN(n)
			j := 0
			for ; ; j++ {
				c := 0
				for _, w := range left[j*d.words : (j+1)*d.words] {
					c += bits.OnesCount64(w)
				}
				if i < c {
					break
				}
				i -= c
			}
			set := left[j*d.words : (j+1)*d.words]
			p := nthBit(set, i)
			set[p>>6] &^= 1 << (p & 63)
			ml.reset()
			gn.out, gn.err = ml, nil
			gn.dropAt(active[j], side, p)
			if gn.err != nil {
				return nil, gn.err
			}
			if len(ml.Moves) > 0 {
				return &ml.Moves[0], nil
			}
		}
	}
	return nil, nil
}

// dropAt runs drop program a from candidate position p, as genDrops does.
func (gn *generator) dropAt(a dropBlock, side int, p int32) {
	pl := a.blk.plans[side]
	switch {
	case pl.exact[p] && gn.simple:
		gn.emitCase(a.blk, pl, &pl.cases[pl.first[p]], -1, a.piece)
	case pl.kind[p] != planRun:
		gn.planned(a.blk, side, -1, p, a.piece)
	default:
		gn.top(a.blk, side, -1, p, a.piece)
	}
}
