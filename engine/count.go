package engine

import (
	"math/bits"

	"github.com/ludus-games/ludus/engine/rules"
)

// Counting moves without listing them. When every move of a game is a
// drop whose plan is exact and emits one move (connect four, tic-tac-toe:
// "this cell empty, the one below occupied: add here"), the moves of a
// turn are the members of the drops' candidate sets, in board order and,
// at one position, in the file order of the programs. A random playout
// then needs only their number and the one move it picks, not the list.

// unitPlan reports whether pl emits, from every position where its guard
// holds, exactly one move with no test beyond the guard.
func unitPlan(pl *plan) bool {
	for q, k := range pl.kind {
		if k == planNever {
			continue
		}
		if !pl.exact[q] {
			return false
		}
		c := &pl.cases[pl.first[q]]
		if c.a1-c.a0 != 1 || pl.adds[c.a0].promo >= 0 {
			return false
		}
	}
	return true
}

// countableDrops reports, for each entry of the turn order, whether its
// moves can be counted from the drop candidate sets: no piece has move
// programs, every drop program the turn allows is a unit plan for its
// side, and no option or legality filter adds or removes moves. It
// returns nil when no turn can.
func (g *Game) countableDrops() []bool {
	o := &g.Rules.Options
	if g.drops == nil || g.legality || o.MaximalCaptures > 0 || o.PassTurn != 0 || g.movedAttr >= 0 ||
		o.RecycleCaptures || o.InternationalExtension || o.DeferredCaptures || o.Ko != rules.KoNone || g.ext.nslots > 0 || len(g.invs) > 0 || g.stackLevels > 0 || o.UniqueMoves {
		return nil
	}
	for _, m := range g.classMoves {
		if m {
			return nil
		}
	}
	d := g.drops
	out := make([]bool, len(g.turns))
	any := false
	for i, t := range g.turns {
		out[i] = true
		for _, blk := range g.Blocks {
			if !blk.Drop || !allowed(t, blk.MoveType) {
				continue
			}
			k := d.byBlock[blk.ID*g.nplayers+t.Side]
			if k < 0 || !unitPlan(blk.plans[t.Side]) {
				out[i] = false
				break
			}
		}
		any = any || out[i]
	}
	if !any {
		return nil
	}
	return out
}

// countMoves returns the number of legal moves of the player to move.
// When the game's moves can be counted it leaves ml alone and pickMove
// lists only the chosen one; otherwise it lists them all in ml.
func (s *State) countMoves(ml *MoveList) (int, error) {
	g := s.g
	gn := s.generator()
	gn.counted = false
	if g.countDrops == nil || !g.countDrops[s.turn] {
		ms, err := s.Moves(ml)
		return len(ms), err
	}
	t := g.turns[s.turn]
	for cl := range g.classes {
		active := gn.activeDrops(cl, t)
		if len(active) == 0 {
			continue
		}
		gn.refreshDrops()
		n := 0
		for _, a := range active {
			for _, w := range gn.dropSet(a, t.Side) {
				n += bits.OnesCount64(w)
			}
		}
		if n > 0 {
			gn.counted = true
			return n, nil
		}
	}
	return 0, nil
}

// pickMove returns move i of those countMoves counted, in the order Moves
// would list them, and leaves it (alone) in ml when they were counted.
func (s *State) pickMove(ml *MoveList, i int) *Move {
	gn := s.gen
	if !gn.counted {
		return &ml.Moves[i]
	}
	a, p := gn.unitAt(i)
	ml.reset()
	gn.out = ml
	pl := a.blk.plans[s.Side()]
	gn.emitCase(a.blk, pl, &pl.cases[pl.first[p]], -1, a.piece)
	return &ml.Moves[0]
}

// playPick plays move i of those countMoves counted; when they were
// counted, it makes the drop's changes without writing the move out.
func (s *State) playPick(ml *MoveList, i int) {
	gn := s.gen
	if !gn.counted {
		s.Play(&ml.Moves[i])
		return
	}
	g := s.g
	a, p := gn.unitAt(i)
	pl := a.blk.plans[s.Side()]
	dest := pl.adds[pl.cases[pl.first[p]].a0].dest
	// The changes emitDirect makes for a drop.
	ch := append(gn.unitCh[:0], Change{dest, a.piece})
	if slot := g.resSlot[a.piece.Owner()*g.ntypes+a.piece.Type()]; slot >= 0 {
		ch = append(ch, Change{slot, s.cells[slot] - 1})
	}
	gn.unitCh = ch
	s.play(ch, -1, dest)
}

// unitAt returns the drop program and candidate position of counted move
// i: positions in board order, the active programs in order at each.
func (gn *generator) unitAt(i int) (dropBlock, int32) {
	side := gn.s.Side()
	active := gn.dropTypes
	if len(active) == 1 {
		return active[0], nthBit(gn.dropSet(active[0], side), i)
	}
	for w := 0; w < gn.g.drops.words; w++ {
		var union uint64
		for _, a := range active {
			union |= gn.dropSet(a, side)[w]
		}
		for ; union != 0; union &= union - 1 {
			p := int32(w*64 + bits.TrailingZeros64(union))
			for _, a := range active {
				if gn.dropSet(a, side)[w]>>(p&63)&1 == 0 {
					continue
				}
				if i == 0 {
					return a, p
				}
				i--
			}
		}
	}
	panic("engine: counted move index out of range") // unreachable: i < countMoves
}

// dropSet returns the candidate set of drop program a for side.
func (gn *generator) dropSet(a dropBlock, side int) []uint64 {
	d := gn.g.drops
	k := int(d.byBlock[a.blk.ID*gn.g.nplayers+side])
	return gn.s.drops.bits[k*d.words : (k+1)*d.words]
}

// nthBit returns the position of the set bit of rank i in set.
func nthBit(set []uint64, i int) int32 {
	for w, x := range set {
		if n := bits.OnesCount64(x); i >= n {
			i -= n
			continue
		}
		for ; i > 0; i-- {
			x &= x - 1
		}
		return int32(w*64 + bits.TrailingZeros64(x))
	}
	panic("engine: nthBit index out of range") // unreachable: i < the count
}
