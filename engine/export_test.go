package engine

import (
	"math/rand/v2"

	"github.com/ludus-games/ludus/engine/rules"
)

// WithoutPlans returns a copy of g whose move programs run as bytecode
// only, with no plans and no drop candidate sets: the reference the
// plans are checked against.
func WithoutPlans(g *Game) *Game {
	c := *g
	c.Blocks = make([]*CBlock, len(g.Blocks))
	byID := map[*CBlock]*CBlock{}
	for i, b := range g.Blocks {
		nb := *b
		nb.plans = nil
		c.Blocks[i] = &nb
		byID[b] = &nb
	}
	c.types = make([]ctype, len(g.types))
	re := func(bs []*CBlock) []*CBlock {
		out := make([]*CBlock, len(bs))
		for i, b := range bs {
			out[i] = byID[b]
		}
		return out
	}
	for t, ct := range g.types {
		nt := ctype{attack: re(ct.attack)}
		for _, bs := range ct.moves {
			nt.moves = append(nt.moves, re(bs))
		}
		for _, bs := range ct.drops {
			nt.drops = append(nt.drops, re(bs))
		}
		c.types[t] = nt
	}
	c.drops = nil
	c.countDrops = nil
	return &c
}

// PlanKinds counts the start positions of each plan kind over every
// program and player: run, never, guard, direct.
func PlanKinds(g *Game) [4]int {
	var n [4]int
	for _, b := range g.Blocks {
		for _, pl := range b.plans {
			for _, k := range pl.kind {
				n[k]++
			}
		}
	}
	return n
}

// CountMoves and PickMove expose the counted move lists of count.go.
func CountMoves(s *State, ml *MoveList) (int, error) { return s.countMoves(ml) }

// PickMove returns move i of those CountMoves counted.
func PickMove(s *State, ml *MoveList, i int) *Move { return s.pickMove(ml, i) }

// PlayPick plays move i of those CountMoves counted.
func PlayPick(s *State, ml *MoveList, i int) { s.playPick(ml, i) }

// Counted reports whether the game's moves are counted without listing.
func Counted(g *Game) bool { return g.countDrops != nil }

// PictureStyle names the style Picture draws the game's board in.
func PictureStyle(g *Game, v *rules.View) string {
	f := newPictureFrame(g, v)
	return [...]string{"squares", "hexes", "lines", "paper", "holes", "plates", "tiles", "goban", "river", "shogi"}[styleOf(g, v, f.at, f.size, Budget{})]
}

// WithoutLineWindows returns a copy of g whose n-in-a-row goals walk the
// lines cell by cell: the reference the line sets are checked against.
func WithoutLineWindows(g *Game) *Game {
	c := *g
	c.goals = make([]cgoal, len(g.goals))
	for i := range g.goals {
		c.goals[i] = withoutWindows(g.goals[i])
	}
	return &c
}

func withoutWindows(cg cgoal) cgoal {
	if cg.lines != nil {
		ls := *cg.lines
		ls.win, ls.wcell = nil, nil
		cg.lines = &ls
	}
	args := make([]cgoal, len(cg.args))
	for i := range cg.args {
		args[i] = withoutWindows(cg.args[i])
	}
	cg.args = args
	return cg
}

// LineWindows reports whether some goal of g tests lines by their sets.
func LineWindows(g *Game) bool {
	var has func(cg *cgoal) bool
	has = func(cg *cgoal) bool {
		if cg.lines != nil && cg.lines.win != nil {
			return true
		}
		for i := range cg.args {
			if has(&cg.args[i]) {
				return true
			}
		}
		return false
	}
	for i := range g.goals {
		if has(&g.goals[i]) {
			return true
		}
	}
	return false
}

// DrawMove draws a random legal move as a playout does (drawn false: the
// game's playouts list the moves of this turn).
func DrawMove(s *State, ml *MoveList, rng *rand.Rand) (m *Move, drawn bool, err error) {
	return s.drawMove(ml, rng)
}

// SingleClass reports whether every move program of priority class cl
// gives at most one move a run.
func SingleClass(g *Game, cl int) bool { return g.singleClass[cl] }

// ChainSlots returns the continuation slots of a drawn composite move of
// priority class cl (0: its moves are not drawn so).
func ChainSlots(g *Game, cl int) int { return g.chainK[cl] }

// WithoutChainSets returns a copy of g whose connection goals walk their
// chains cell by cell: the reference the bit-set walk is checked against.
func WithoutChainSets(g *Game) *Game {
	c := *g
	c.goals = make([]cgoal, len(g.goals))
	for i := range g.goals {
		c.goals[i] = withoutNb(g.goals[i])
	}
	return &c
}

func withoutNb(cg cgoal) cgoal {
	cg.nb = nil
	args := make([]cgoal, len(cg.args))
	for i := range cg.args {
		args[i] = withoutNb(cg.args[i])
	}
	cg.args = args
	return cg
}

// SetReserve sets how many pieces of type t player p holds off the
// board, for pictures of hands.
func SetReserve(s *State, p, t, n int) { s.cells[s.g.resSlot[p*s.g.ntypes+t]] = Piece(n) }
