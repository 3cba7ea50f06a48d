package engine

import (
	"math/bits"

	"github.com/ludus-games/ludus/engine/rules"
)

// Moves returns the legal moves of the player to move, in a deterministic
// order (positions in board order, programs in file order). The moves live
// in ml and stay valid until ml is reused. Moves does not look at goals:
// ask Result whether the game is over.
//
// Random playouts draw a move without this list where they can
// (State.drawMove): a filter or an addition made here must be made in
// generator.accept too, or turn drawing off in Game.draws.
func (s *State) Moves(ml *MoveList) ([]Move, error) {
	g := s.g
	gn := s.generator()
	ml.reset()
	gn.out = ml
	gn.err = nil
	t := g.turns[s.turn]
	if g.legality {
		gn.prepareLegality(t.Side, &gn.lg)
	}
	for cl := range g.classes {
		start := len(ml.Moves)
		gn.genClass(cl, t)
		if gn.err != nil {
			return nil, gn.err
		}
		if g.legality {
			keep := ml.Moves[:start]
			for i := start; i < len(ml.Moves); i++ {
				if gn.lg.safe(&ml.Moves[i], t.Side, g.np) || gn.legal(&ml.Moves[i], t.Side) {
					keep = append(keep, ml.Moves[i])
				}
			}
			ml.Moves = keep
			if gn.err != nil {
				return nil, gn.err
			}
		}
		if g.Rules.Options.UniqueMoves && !gn.allMoves {
			gn.unique(ml, start)
		}
		if g.invs != nil {
			gn.filterInvariants(ml, start, t.Side)
			if gn.err != nil {
				return nil, gn.err
			}
		}
		if g.ko != rules.KoNone {
			s.koFilter(ml, start)
		}
		if len(ml.Moves) > start {
			break
		}
	}
	if mc := g.Rules.Options.MaximalCaptures; mc > 0 {
		ml.Moves = maximal(ml.Moves, mc)
	}
	switch g.Rules.Options.PassTurn {
	case 1:
		ml.Moves = append(ml.Moves, Move{Pass: true})
	case 2:
		if len(ml.Moves) == 0 && !gn.noPass {
			ok, err := s.passHelps()
			if err != nil {
				return nil, err
			}
			if ok {
				ml.Moves = append(ml.Moves, Move{Pass: true})
			}
		}
	}
	return ml.Moves, nil
}

// passHelps reports whether, after the player to move passes, a player
// has a move before the turn comes round again: a forced pass is allowed
// only then (when nobody can move, the game is over).
func (s *State) passHelps() (bool, error) {
	gn := s.gen
	gn.noPass = true
	defer func() { gn.noPass = false }()
	played := 0
	defer func() {
		for ; played > 0; played-- {
			s.Undo()
		}
	}()
	for k := 1; k < len(s.g.turns) || k < s.g.nplayers; k++ {
		s.playPass()
		played++
		ms, err := s.Moves(&s.passList)
		if err != nil || len(ms) > 0 {
			return err == nil, err
		}
	}
	return false, nil
}

// maximal keeps the moves that capture the most pieces (and, for mode 2,
// among them the most valuable ones).
func maximal(ms []Move, mode int) []Move {
	best, bestVal := 0, 0
	for i := range ms {
		if c := int(ms[i].Captures); c > best {
			best, bestVal = c, int(ms[i].Valuable)
		} else if c == best && int(ms[i].Valuable) > bestVal {
			bestVal = int(ms[i].Valuable)
		}
	}
	if best == 0 {
		return ms
	}
	out := ms[:0]
	for _, m := range ms {
		if int(m.Captures) == best && (mode < 2 || int(m.Valuable) == bestVal) {
			out = append(out, m)
		}
	}
	return out
}

func allowed(t rules.Turn, mt int) bool {
	if len(t.MoveTypes) == 0 {
		return true
	}
	for _, x := range t.MoveTypes {
		if x == mt {
			return true
		}
	}
	return false
}

// genClass runs every program of priority class cl for the side to move:
// moves of its pieces, then drops from its reserves.
func (gn *generator) genClass(cl int, t rules.Turn) {
	g := gn.g
	cells := gn.s.cells
	side := t.Side
	words := g.words
	if !g.classMoves[cl] {
		words = 0 // no piece has move programs of this class: only drops
	}
	occ := gn.s.occ[side*g.words:]
	if g.Rules.Options.AnyOwner {
		words = gn.genAnyOwner(cl, t, words)
	}
	for w := 0; w < words; w++ {
		set := occ[w]
		if g.gates != nil && g.gates[cl] != nil {
			set &= gn.gateSet(g.gates[cl], side) // gate.go
		}
		for ; set != 0; set &= set - 1 {
			p := w*64 + bits.TrailingZeros64(set)
			gn.genPiece(cl, t, p, cells[p])
			if gn.err != nil {
				return
			}
		}
	}
	gn.genReserves(cl, t)
}

// genAnyOwner runs, under "move any piece", the programs of class cl of
// every piece on the first words words of the board, whoever owns it, in
// the order of the positions. It returns 0: no piece is left to run.
func (gn *generator) genAnyOwner(cl int, t rules.Turn, words int) int {
	g := gn.g
	cells := gn.s.cells
	for w := 0; w < words; w++ {
		var set uint64
		for o := range g.nplayers {
			set |= gn.s.occ[o*g.words+w]
		}
		for ; set != 0; set &= set - 1 {
			p := w*64 + bits.TrailingZeros64(set)
			gn.genPiece(cl, t, p, cells[p])
			if gn.err != nil {
				return 0
			}
		}
	}
	return 0
}

// genPiece runs the programs of class cl of the piece v standing on p.
func (gn *generator) genPiece(cl int, t rules.Turn, p int, v Piece) {
	gn.genBlocks(gn.g.types[v.Type()].moves[cl], t, p, v)
}

// genBlocks runs the move programs blks of the piece v standing on p.
func (gn *generator) genBlocks(blks []*CBlock, t rules.Turn, p int, v Piece) {
	g := gn.g
	side := t.Side
	every := len(t.MoveTypes) == 0
	for _, blk := range blks {
		if !every && !allowed(t, blk.MoveType) {
			continue
		}
		if blk.ray >= 0 && gn.simple {
			gn.moveType = blk.MoveType
			gn.slide(blk, side, int32(p), v)
			continue
		}
		if blk.path != nil && gn.simple {
			if to := gn.walk(blk.path, side, int32(p)); to >= 0 {
				gn.moveType = blk.MoveType
				if z := blk.promoZone; z >= 0 && g.zones[z][side][to>>6]>>(to&63)&1 != 0 {
					for _, pt := range g.promos[blk.promoList] {
						gn.emitDirectPromo(blk, int32(p), to, v, pt)
					}
				} else {
					gn.emitDirect(blk, int32(p), to, v)
				}
			}
			continue
		}
		if blk.plans != nil {
			pl := blk.plans[side]
			switch pl.kind[p] {
			case planNever:
				continue
			case planGuard: // inline: the commonest plan, a guard that fails
				if gn.holds(pl.lits[pl.guard[2*p]:pl.guard[2*p+1]], side) {
					gn.top(blk, side, int32(p), int32(p), v)
				}
			case planDirect:
				gn.planned(blk, side, int32(p), int32(p), v)
			case planRun:
				if gn.mayStart(blk, side, int32(p)) {
					gn.top(blk, side, int32(p), int32(p), v)
				}
			}
		} else if gn.mayStart(blk, side, int32(p)) {
			gn.top(blk, side, int32(p), int32(p), v)
		}
		if gn.err != nil {
			return
		}
	}
}

// genReserves runs the drop programs of class cl for the pieces side may
// drop now.
func (gn *generator) genReserves(cl int, t rules.Turn) {
	if active := gn.activeDrops(cl, t); len(active) > 0 {
		gn.genDrops(active, t.Side)
	}
}

// activeDrops lists the drop programs of class cl that may run this turn,
// with the piece each drops (none for a type whose reserve is empty).
func (gn *generator) activeDrops(cl int, t rules.Turn) []dropBlock {
	g := gn.g
	if !g.anyDrops {
		gn.dropTypes = nil
		return nil
	}
	if len(t.MoveTypes) == 0 && g.freeDrops {
		// The list depends on the side and the class only: kept.
		k := t.Side*len(g.classes) + cl
		if gn.dropCache == nil {
			gn.dropCache = make([][]dropBlock, g.nplayers*len(g.classes))
		}
		if gn.dropCache[k] == nil {
			gn.dropCache[k] = append([]dropBlock{}, gn.listDrops(cl, t, nil)...)
		}
		gn.dropTypes = gn.dropCache[k]
		return gn.dropTypes
	}
	gn.dropBuf = gn.listDrops(cl, t, gn.dropBuf[:0])
	gn.dropTypes = gn.dropBuf
	return gn.dropTypes
}

// listDrops appends the drop programs of class cl that may run this turn
// to active (see activeDrops).
func (gn *generator) listDrops(cl int, t rules.Turn, active []dropBlock) []dropBlock {
	g := gn.g
	cells := gn.s.cells
	side := t.Side
	for ty := range g.types {
		drops := g.types[ty].drops[cl]
		if len(drops) == 0 {
			continue
		}
		if slot := g.resSlot[side*g.ntypes+ty]; slot >= 0 && cells[slot] == 0 {
			continue
		}
		for _, blk := range drops {
			if allowed(t, blk.MoveType) {
				active = append(active, dropBlock{blk, MakePiece(ty, side) | g.defaults[ty]})
			}
		}
	}
	return active
}

// dropBlock is a drop program with the piece it drops.
type dropBlock struct {
	blk   *CBlock
	piece Piece
}

// slide generates the moves of a slider program from p.
func (gn *generator) slide(blk *CBlock, side int, p int32, v Piece) {
	nb := gn.g.nbs[side]
	nd := int32(gn.g.nd)
	cells := gn.s.cells
	for q := nb[p*nd+blk.ray]; q >= 0; q = nb[q*nd+blk.ray] {
		w := cells[q]
		if w == 0 {
			gn.emitDirect(blk, p, q, v)
			continue
		}
		if blk.rayTakes && w&ghostBit == 0 && w.Owner() != side {
			gn.emitDirect(blk, p, q, v)
		}
		return
	}
}

// rayHits reports whether a slider program from q takes a piece on target.
func (gn *generator) rayHits(blk *CBlock, side int, q, target int32) bool {
	if !blk.rayTakes {
		return false
	}
	nb := gn.g.nbs[side]
	nd := int32(gn.g.nd)
	cells := gn.s.cells
	for r := nb[q*nd+blk.ray]; r >= 0; r = nb[r*nd+blk.ray] {
		w := cells[r]
		if w == 0 {
			continue
		}
		return r == target && w&ghostBit == 0 && w.Owner() != side
	}
	return false
}

// walk follows a simple path from a position, checking each step, and
// returns where it ends (-1 if a step fails).
func (gn *generator) walk(path []instr, side int, cur int32) int32 {
	nb := gn.g.nbs[side]
	nd := int32(gn.g.nd)
	cells := gn.s.cells
	for i := range path {
		in := &path[i]
		n := nb[cur*nd+in.a]
		if n < 0 {
			return -1
		}
		if !stepOK(in.op, cells[n], side) {
			return -1
		}
		cur = n
	}
	return cur
}

// mayStart checks a block's first instruction without running it: most
// programs die at once (a jump with no enemy to take, a step off the
// board), and a run costs more than this look.
func (gn *generator) mayStart(blk *CBlock, side int, from int32) bool {
	in := &blk.code[0]
	switch in.op {
	case opNav, opNavVerifyEmpty, opNavVerifyNotFriend, opNavVerifyEnemy:
	default:
		return true
	}
	n := gn.g.nbs[side][from*int32(gn.g.nd)+in.a]
	if n < 0 {
		return false
	}
	return stepOK(in.op, gn.s.cells[n], side)
}

// top starts a new composite move with block blk.
func (gn *generator) top(blk *CBlock, side int, from, cur int32, piece Piece) {
	gn.scratch = gn.scratch[:0]
	gn.prefix = gn.prefix[:0]
	gn.ghosts = gn.ghosts[:0]
	gn.tookAt = gn.tookAt[:0]
	gn.capTotal, gn.valTotal = 0, 0
	gn.moveType = blk.MoveType
	gn.start = piece
	gn.run(blk, side, from, cur, piece)
}

// unique leaves out the moves of ml from start on that lead to the same
// position as a move before them ("unique moves"), compared by the change
// each makes to the position's key.
func (gn *generator) unique(ml *MoveList, start int) {
	g := gn.g
	cells := gn.s.cells
	ms := ml.Moves[start:]
	keys := gn.keys[:0]
	keep := 0
	for k := range ms {
		h := g.changeKey(cells, ms[k].Changes)
		seen := false
		for _, x := range keys {
			seen = seen || x == h
		}
		if !seen {
			keys = append(keys, h)
			ms[keep] = ms[k]
			keep++
		}
	}
	gn.keys = keys
	ml.Moves = ml.Moves[:start+keep]
}

// changeKey is the change that the changes ch make to the key of the
// position whose cells are given.
func (g *Game) changeKey(cells []Piece, ch []Change) uint64 {
	var h uint64
	for i, c := range ch {
		prev := cells[c.Pos]
		for j := i - 1; j >= 0; j-- {
			if ch[j].Pos == c.Pos {
				prev = ch[j].Val
				break
			}
		}
		h ^= g.zob(c.Pos, prev) ^ g.zob(c.Pos, c.Val)
	}
	return h
}
