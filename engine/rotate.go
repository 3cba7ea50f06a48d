package engine

import (
	"fmt"

	"github.com/ludus-games/ludus/engine/rules"
)

// Group moves: the native dialect's (rotate (p1 p2 ... pn) ...) moves the
// piece on p1 to p2, the one on p2 to p3, ..., the one on pn to p1, on
// every cycle of the statement at the same time (a Pentago quadrant
// turning with its marbles). A permutation is applied when its step is
// emitted, after every other effect of the step, to the position the step
// left: a piece moved, dropped or changed by the same step turns with the
// group. It moves whatever belongs to a piece (its integer attributes,
// the column under it) and leaves what belongs to a position (position
// attributes) in place. Its changes are ordinary Change records, so make,
// unmake and the incremental hash need nothing more.

// maxRotatePositions bounds the positions one rotate statement lists.
const maxRotatePositions = 4096

// rotPair is one position of a permutation and its image.
type rotPair struct{ from, to int32 }

// checkRotations checks the rotate statements of the rules: positions on
// the board, cycles of two or more, no position twice in a statement, and
// no combination with deferred captures (whose captured pieces are
// followed by position).
func (g *Game) checkRotations() error {
	var err error
	walkRules(g.Rules, func(s *rules.Stmt) {
		if s.Kind != rules.SRotate || err != nil {
			return
		}
		if g.Rules.Options.DeferredCaptures {
			err = fmt.Errorf("%s: rotate cannot be combined with \"deferred captures\"", s.Src)
			return
		}
		err = g.checkCycles(s)
	}, nil)
	return err
}

func (g *Game) checkCycles(s *rules.Stmt) error {
	if len(s.Cycles) == 0 {
		return fmt.Errorf("%s: rotate wants at least one cycle of positions", s.Src)
	}
	seen := map[int]bool{}
	for _, c := range s.Cycles {
		if len(c) < 2 {
			return fmt.Errorf("%s: a cycle of rotate wants two positions or more", s.Src)
		}
		for _, p := range c {
			if p < 0 || p >= g.np {
				return fmt.Errorf("%s: rotate names position %d, not on the board", s.Src, p)
			}
			if seen[p] {
				return fmt.Errorf("%s: rotate names position %s twice", s.Src, g.Rules.Board.Positions[p])
			}
			seen[p] = true
		}
	}
	if len(seen) > maxRotatePositions {
		return fmt.Errorf("%s: rotate names %d positions, at most %d", s.Src, len(seen), maxRotatePositions)
	}
	return nil
}

// addPerm stores the permutation of a rotate statement and returns its
// index.
func (g *Game) addPerm(cycles [][]int) int32 {
	var perm []rotPair
	for _, c := range cycles {
		for i, p := range c {
			perm = append(perm, rotPair{int32(p), int32(c[(i+1)%len(c)])})
		}
	}
	g.perms = append(g.perms, perm)
	return int32(len(g.perms) - 1)
}

// posCells appends the cells that hold what stands on position p: the
// piece, its integer attributes and the column under it.
func (g *Game) posCells(buf []int32, p int32) []int32 {
	buf = append(buf, p)
	for _, k := range g.ext.intSlot {
		if k >= 0 {
			buf = append(buf, g.pieceAttrCell(k, p))
		}
	}
	for l := 0; l < g.stackLevels; l++ {
		buf = append(buf, g.under(p, l))
	}
	return buf
}

// rotate adds the changes of one permutation to the step being built
// (scratch from base on): every image takes what its position holds once
// the step's earlier changes are made, all at once.
func (gn *generator) rotate(perm []rotPair, base int) {
	g := gn.g
	moved := gn.rotBuf[:0]
	if g.ext.nslots == 0 && g.stackLevels == 0 {
		// A piece is one cell.
		for _, pr := range perm {
			moved = append(moved, Change{pr.to, gn.valueAt(pr.from, base)})
		}
	} else {
		for _, pr := range perm {
			cells := g.posCells(gn.rotCells[:0], pr.from)
			n := len(cells)
			cells = g.posCells(cells, pr.to)
			for i, c := range cells[:n] {
				moved = append(moved, Change{cells[n+i], gn.valueAt(c, base)})
			}
			gn.rotCells = cells
		}
	}
	for _, c := range moved {
		if gn.valueAt(c.Pos, base) != c.Val {
			gn.push(c.Pos, c.Val)
		}
	}
	gn.rotBuf = moved
}

// groupStep reports whether a step is written by its program alone: it
// rotates and its piece neither moved nor took anything.
func (g *Game) groupStep(st *Step) bool {
	return st.Block >= 0 && g.Blocks[st.Block].rotates && st.From == st.To && st.From >= 0 && st.Captures == 0
}
