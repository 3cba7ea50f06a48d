package engine

import (
	"math/bits"
	"math/rand/v2"

	"github.com/ludus-games/ludus/engine/rules"
)

// Drawing a random move instead of listing them all. A random playout
// needs one uniformly random legal move; where that costs less than the
// list, it draws:
//
//   - Candidates, each of which gives at most one move: a move program
//     from one of the mover's pieces, or a drop program at one of its
//     candidate cells, when every run of the program ends at its only add
//     (a breakthrough step, a reversi drop). The candidates are tried in
//     random order, without replacement, running only the programs tried;
//     the first that gives a (legal) move is uniform over those that do.
//   - A move from the list of a priority class, tested for legality only
//     when drawn (under the chess invariant a test is a trial of the
//     move): an illegal one is set aside and another drawn among the rest.
//
// Either way the move found is uniform over the legal moves, as a draw
// from the list State.Moves returns would be, and the priority classes are
// taken in order, the first with a legal move giving it.

// draws reports whether the game's playouts may draw their moves: nothing
// but legality filters the list of a class (no maximal captures, no ko,
// no invariants or accumulators, no unique moves) and nothing but a
// forced pass is added to it; the candidates are the mover's own pieces,
// so not under "move any piece".
func (g *Game) draws() bool {
	o := &g.Rules.Options
	return o.MaximalCaptures == 0 && o.PassTurn != 1 && g.ko == rules.KoNone && len(g.invs) == 0 && !o.UniqueMoves && !o.AnyOwner && !o.LandToContinue
}

// singleMove reports whether every run of blk emits at most one move:
// each add is plain (no partial move, no choice of type) and ends the run.
func (g *Game) singleMove(blk *CBlock) bool {
	adds := 0
	for i, in := range blk.code {
		if in.op != opAdd {
			continue
		}
		adds++
		if rules.AddKind(in.a) != rules.AddMove || in.b >= 0 && len(g.promos[in.b]) != 1 || !endsAt(blk.code, i+1) {
			return false
		}
	}
	return adds > 0
}

// endsAt reports whether the program ends at instruction i (maybe by a
// jump).
func endsAt(code []instr, i int) bool {
	for n := 0; i < len(code) && n < len(code); n++ {
		switch code[i].op {
		case opEnd:
			return true
		case opGoto:
			i = int(code[i].a)
		default:
			return false
		}
	}
	return false
}

// singleClasses returns, per priority class, whether every move program
// of the class gives at most one move a run.
func (g *Game) singleClasses() []bool {
	out := make([]bool, len(g.classes))
	for cl := range out {
		out[cl] = true
		for _, ct := range g.types {
			for _, blk := range ct.moves[cl] {
				out[cl] = out[cl] && g.singleMove(blk)
			}
		}
	}
	return out
}

// drawMove draws a uniformly random legal move of the player to move when
// the game lets a playout draw one (drawn; m nil when there is none);
// otherwise the moves must be listed or counted.
func (s *State) drawMove(ml *MoveList, rng *rand.Rand) (m *Move, drawn bool, err error) {
	g := s.g
	if !g.drawing || g.countDrops != nil && g.countDrops[s.turn] {
		return nil, false, nil
	}
	gn := s.generator()
	t := g.turns[s.turn]
	if g.legality {
		gn.findRoyals(t.Side, &gn.lg)
	}
	for cl := range g.classes {
		active := gn.activeDrops(cl, t)
		switch {
		case len(active) == 0 && g.singleClass[cl]:
			m, err = s.drawPieceMove(cl, t, ml, rng)
		case len(active) == 0 && !g.legality && g.chainK[cl] > 0:
			m, err = s.drawChained(cl, t, ml, rng)
		case !g.classMoves[cl] && gn.singleDrops(active, t.Side):
			m, err = s.drawDrop(active, t.Side, ml, rng)
		default:
			m, err = s.drawListed(cl, t, ml, rng)
		}
		if err != nil || m != nil {
			return m, true, err
		}
	}
	// No move: a listing may still find a forced pass.
	return nil, g.Rules.Options.PassTurn == 0, nil
}

// accept reports whether the move just emitted to ml is legal.
func (gn *generator) accept(m *Move, side int) bool {
	return !gn.g.legality || gn.legal(m, side)
}

// drawListed lists the moves of class cl and draws among them, testing
// only the move drawn.
func (s *State) drawListed(cl int, t rules.Turn, ml *MoveList, rng *rand.Rand) (*Move, error) {
	gn := s.gen
	ml.reset()
	gn.out, gn.err = ml, nil
	gn.genClass(cl, t)
	if gn.err != nil {
		return nil, gn.err
	}
	for n := len(ml.Moves); n > 0; n-- {
		k := rng.IntN(n)
		ok := gn.accept(&ml.Moves[k], t.Side)
		if gn.err != nil {
			return nil, gn.err
		}
		if ok {
			return &ml.Moves[k], nil
		}
		ml.Moves[k], ml.Moves[n-1] = ml.Moves[n-1], ml.Moves[k]
	}
	return nil, nil
}

// pieceCand is a move program of class cl from a piece's position.
type pieceCand struct{ p, b int32 }

// drawPieceMove draws among the (piece, program) pairs of class cl, whose
// programs give at most one move each.
func (s *State) drawPieceMove(cl int, t rules.Turn, ml *MoveList, rng *rand.Rand) (*Move, error) {
	g := s.g
	if g.gates != nil && g.gates[cl] != nil && len(g.gates[cl].types) == 1 {
		return s.drawGated(cl, t, ml, rng)
	}
	gn := s.gen
	cands := gn.pieceCands[:0]
	occ := s.occ[t.Side*g.words:]
	for w := 0; w < g.words; w++ {
		for set := occ[w]; set != 0; set &= set - 1 {
			p := int32(w*64 + bits.TrailingZeros64(set))
			for b := range g.types[s.cells[p].Type()].moves[cl] {
				cands = append(cands, pieceCand{p, int32(b)})
			}
		}
	}
	gn.pieceCands = cands
	for n := len(cands); n > 0; n-- {
		k := rng.IntN(n)
		c := cands[k]
		cands[k] = cands[n-1]
		if m, err := s.tryPiece(cl, t, c.p, int(c.b), ml); m != nil || err != nil {
			return m, err
		}
	}
	return nil, nil
}

// drawGated is drawPieceMove for a gated class of one piece type (gate.go):
// the pairs are those whose guard holds, a bit set per program, drawn by
// rank without replacement. Pairs that give no move are common in such a
// class (an army behind its own front); with several types the sets would
// cost a pass over the pieces, more than the tries they save in draughts.
func (s *State) drawGated(cl int, t rules.Turn, ml *MoveList, rng *rand.Rand) (*Move, error) {
	gn := s.gen
	cg := s.g.gates[cl]
	left := gn.pieceSets(cg, t.Side)
	n := 0
	for _, x := range left {
		n += bits.OnesCount64(x)
	}
	for ; n > 0; n-- {
		i := rng.IntN(n)
		j := 0
		for c := bits.OnesCount64(left[j]); i >= c; c = bits.OnesCount64(left[j]) {
			i -= c
			j++
		}
		p := nthBit1(left[j], i)
		left[j] &^= 1 << p
		if m, err := s.tryPiece(cl, t, p, cg.progNum[j], ml); m != nil || err != nil {
			return m, err
		}
	}
	return nil, nil
}

// tryPiece runs program b of class cl of the piece on p and returns the
// move it gives, if any and legal.
func (s *State) tryPiece(cl int, t rules.Turn, p int32, b int, ml *MoveList) (*Move, error) {
	gn := s.gen
	v := s.cells[p]
	blks := s.g.types[v.Type()].moves[cl]
	ml.reset()
	gn.out, gn.err = ml, nil
	gn.genBlocks(blks[b:b+1], t, int(p), v)
	if gn.err != nil || len(ml.Moves) == 0 {
		return nil, gn.err
	}
	ok := gn.accept(&ml.Moves[0], t.Side)
	if gn.err != nil || !ok {
		return nil, gn.err
	}
	return &ml.Moves[0], nil
}

// singleDrops reports whether every drop program of active has a
// candidate set for side and gives at most one move a run.
func (gn *generator) singleDrops(active []dropBlock, side int) bool {
	g := gn.g
	if g.drops == nil || len(active) == 0 {
		return false
	}
	for _, a := range active {
		if g.drops.byBlock[a.blk.ID*g.nplayers+side] < 0 || !a.blk.single {
			return false
		}
	}
	return true
}

// drawDrop draws among the (drop program, candidate cell) pairs of
// active, whose programs give at most one move each.
func (s *State) drawDrop(active []dropBlock, side int, ml *MoveList, rng *rand.Rand) (*Move, error) {
	g := s.g
	gn := s.gen
	d := g.drops
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
			ok := gn.accept(&ml.Moves[0], side)
			if gn.err != nil {
				return nil, gn.err
			}
			if ok {
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
