package tiles

import (
	"fmt"
	"math/rand/v2"
)

// Placement is how one tile lies on a dealt board.
type Placement struct {
	Tile    int  // index into the tile set
	Flipped bool // the bottom side shows
	Turn    int  // clockwise sixths of a turn, 0-5
}

// Layout is a dealt board: the placement of a tile in every slot.
type Layout []Placement

// Side returns the side showing in a slot, turned as it lies: its trail
// numbers are indexed by board direction.
func (l Layout) Side(set Set, slot int) Side {
	p := l[slot]
	s := set[p.Tile].Top
	if p.Flipped {
		s = set[p.Tile].Bottom
	}
	return s.Rotate(p.Turn)
}

// Deal draws one random layout of set, exactly as scoring does.
func (sc *Scorer) Deal(set Set, r *rand.Rand) (Layout, error) {
	if err := sc.check(set); err != nil {
		return nil, err
	}
	s := sc.begin(set, r)
	defer sc.scratch.Put(s)
	s.layout = make(Layout, len(sc.board.Slots))
	sc.deal(s)
	l := s.layout
	s.layout = nil
	return l, nil
}

// Trace is the maze graph of one layout.
type Trace struct {
	ExtraEdges int
	Joined     []bool // per board pair: joined by a path
	// Component numbers the connected parts of the maze: Trail[slot][t] is
	// the part of trail t of the side showing in slot, Landmark[i] the part
	// of landmark i. Equal numbers are connected.
	Trail    [][MaxTrails]int
	Landmark []int
}

// Trace builds the maze graph of a layout and reports its connected parts.
func (sc *Scorer) Trace(set Set, l Layout) (Trace, error) {
	if err := sc.check(set); err != nil {
		return Trace{}, err
	}
	ns := len(sc.board.Slots)
	if len(l) != ns {
		return Trace{}, fmt.Errorf("layout has %d placements, want one per slot, %d", len(l), ns)
	}
	seen := make([]bool, len(set))
	for i, p := range l {
		if p.Tile < 0 || p.Tile >= len(set) || seen[p.Tile] || p.Turn < 0 || p.Turn >= NumDirs {
			return Trace{}, fmt.Errorf("slot %d: bad placement %+v", i+1, p)
		}
		seen[p.Tile] = true
	}
	s := sc.begin(set, nil)
	defer sc.scratch.Put(s)
	for slot := range l {
		s.cur[slot] = l.Side(set, slot)
	}
	tr := Trace{Trail: make([][MaxTrails]int, ns), Landmark: make([]int, len(sc.board.Landmarks))}
	tr.ExtraEdges, _ = sc.graph(s)
	for _, p := range sc.pairs {
		tr.Joined = append(tr.Joined, find(s.parent, p[0]) == find(s.parent, p[1]))
	}
	for slot := range tr.Trail {
		for t := range MaxTrails {
			tr.Trail[slot][t] = int(find(s.parent, int32(slot*MaxTrails+t)))
		}
	}
	for i := range tr.Landmark {
		tr.Landmark[i] = int(find(s.parent, int32(MaxTrails*ns+i)))
	}
	return tr, nil
}
