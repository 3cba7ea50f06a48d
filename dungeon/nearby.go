package dungeon

import "github.com/ludus-games/ludus/dungeon/geom"

// fixedGrid files the rooms and corridors of a partial layout that stay
// put while a chain is laid out by the grid cell of their bounds' lower
// corner, so that the penalties of a moving room visit only what lies
// near it. On a level of 200 rooms nearly all placed rooms are far from
// the room a move changes, and looking at each of them was most of the
// time a move took.
//
// The grid is attached to a chain run's working state and never copied
// with it: a clone has none, and the penalties then visit every room.
type fixedGrid struct {
	cell   int // side of a cell
	x0, y0 int // lower corner of cell (0, 0)
	nx, ny int
	// wide and tall are the largest width and height of what the grid
	// holds: an item starting further left or below than that from a box
	// cannot reach into it.
	wide, tall int
	// The rooms of cell c are rooms[roomAt[c]:roomAt[c+1]], its corridors
	// (by edge) corrs[corrAt[c]:corrAt[c+1]].
	roomAt, corrAt []int32
	rooms, corrs   []int32
	// roomBox and corrBox hold the bounds of the filed items, in the same
	// order, so that a look skips the far ones without their shapes.
	roomBox, corrBox []geom.Rect
	// movingRooms and movingCorrs are outside the grid and looked at one
	// by one: the rooms the run places or moves (its chain's, and those a
	// look ahead places for a while), and the corridors it places.
	movingRooms, movingCorrs []int32
	scratch                  []int32
}

// minGridRooms is the number of placed rooms below which a grid saves
// less than it costs to build.
const minGridRooms = 24

// maxCellsPerItem bounds the cells of a grid per item filed.
const maxCellsPerItem = 4

// newFixedGrid files the rooms and corridors placed in s except those
// marked in movingRoom and movingCorr; nil when few rooms are placed or
// when a template limits repetition (every pair of rooms then counts).
func newFixedGrid(g *Generator, s *state, movingRoom, movingCorr func(int) bool) *fixedGrid {
	if g.repeats {
		return nil
	}
	fr := &fixedGrid{cell: max(g.maxSpan, 1)}
	var fixedRooms, fixedCorrs []int32
	var lo, hi geom.Point
	note := func(b geom.Rect) {
		if len(fixedRooms)+len(fixedCorrs) == 1 {
			lo = geom.Point{X: b.X1, Y: b.Y1}
			hi = lo
		}
		lo = geom.Point{X: min(lo.X, b.X1), Y: min(lo.Y, b.Y1)}
		hi = geom.Point{X: max(hi.X, b.X1), Y: max(hi.Y, b.Y1)}
		fr.wide, fr.tall = max(fr.wide, b.X2-b.X1), max(fr.tall, b.Y2-b.Y1)
	}
	for j, sh := range s.shape {
		if movingRoom(j) {
			fr.movingRooms = append(fr.movingRooms, int32(j))
		}
		if sh < 0 || movingRoom(j) {
			continue
		}
		fixedRooms = append(fixedRooms, int32(j))
		note(g.insts[sh].shape.Bounds.Shift(s.pos[j]))
	}
	if len(fixedRooms) < minGridRooms {
		return nil
	}
	for e, c := range s.cshape {
		switch {
		case movingCorr(e):
			fr.movingCorrs = append(fr.movingCorrs, int32(e))
		case c >= 0:
			fixedCorrs = append(fixedCorrs, int32(e))
			note(g.insts[c].shape.Bounds.Shift(s.cpos[e]))
		}
	}
	fr.x0, fr.y0 = lo.X, lo.Y
	fr.nx, fr.ny = (hi.X-lo.X)/fr.cell+1, (hi.Y-lo.Y)/fr.cell+1
	// A level strung out far and wide would leave most cells empty and
	// cost a large grid per chain run: coarser cells keep it small.
	for fr.nx*fr.ny > maxCellsPerItem*(len(fixedRooms)+len(fixedCorrs)) {
		fr.cell *= 2
		fr.nx, fr.ny = (hi.X-lo.X)/fr.cell+1, (hi.Y-lo.Y)/fr.cell+1
	}
	fr.roomAt, fr.rooms, fr.roomBox = fr.file(fixedRooms, func(j int32) geom.Rect {
		return g.insts[s.shape[j]].shape.Bounds.Shift(s.pos[j])
	})
	fr.corrAt, fr.corrs, fr.corrBox = fr.file(fixedCorrs, func(e int32) geom.Rect {
		return g.insts[s.cshape[e]].shape.Bounds.Shift(s.cpos[e])
	})
	return fr
}

// file sorts items by cell (a counting sort) and returns where each
// cell's items start.
func (fr *fixedGrid) file(items []int32, bounds func(int32) geom.Rect) (at, out []int32, boxes []geom.Rect) {
	at = make([]int32, fr.nx*fr.ny+1)
	cells := make([]int32, len(items))
	for _, it := range items {
		b := bounds(it)
		c := int32((b.Y1-fr.y0)/fr.cell*fr.nx + (b.X1-fr.x0)/fr.cell)
		cells[len(boxes)] = c
		boxes = append(boxes, b)
		at[c+1]++
	}
	for c := 1; c < len(at); c++ {
		at[c] += at[c-1]
	}
	out = make([]int32, len(items))
	sorted := make([]geom.Rect, len(items))
	next := append([]int32(nil), at[:len(at)-1]...)
	for i, it := range items {
		out[next[cells[i]]], sorted[next[cells[i]]] = it, boxes[i]
		next[cells[i]]++
	}
	return at, out, sorted
}

// nearRooms returns the filed rooms of the cells that can reach box;
// the moving rooms are the caller's to look at. The slice is valid until
// the next call.
func (fr *fixedGrid) nearRooms(box geom.Rect) []int32 {
	return fr.near(box, fr.roomAt, fr.rooms, fr.roomBox)
}

// nearCorridors is nearRooms for corridors, by edge.
func (fr *fixedGrid) nearCorridors(box geom.Rect) []int32 {
	return fr.near(box, fr.corrAt, fr.corrs, fr.corrBox)
}

// enter adds room w, not placed in the filed layout, to the moving rooms
// while a look ahead places it; leave takes the last one entered out.
func (fr *fixedGrid) enter(w int) { fr.movingRooms = append(fr.movingRooms, int32(w)) }

func (fr *fixedGrid) leave() { fr.movingRooms = fr.movingRooms[:len(fr.movingRooms)-1] }

func (fr *fixedGrid) near(box geom.Rect, at, items []int32, boxes []geom.Rect) []int32 {
	out := fr.scratch[:0]
	// An item overlaps box only if its lower corner lies below box's upper
	// one and within its width and height of box's lower one.
	cx1 := max(floorDiv(box.X1-fr.wide-fr.x0, fr.cell), 0)
	cy1 := max(floorDiv(box.Y1-fr.tall-fr.y0, fr.cell), 0)
	cx2 := min(floorDiv(box.X2-1-fr.x0, fr.cell), fr.nx-1)
	cy2 := min(floorDiv(box.Y2-1-fr.y0, fr.cell), fr.ny-1)
	for cy := cy1; cy <= cy2; cy++ {
		row := cy * fr.nx
		if cx1 > cx2 {
			continue
		}
		for i := at[row+cx1]; i < at[row+cx2+1]; i++ {
			if b := boxes[i]; b.X1 < box.X2 && box.X1 < b.X2 && b.Y1 < box.Y2 && box.Y1 < b.Y2 {
				out = append(out, items[i])
			}
		}
	}
	fr.scratch = out
	return out
}

// floorDiv is a/b rounded down, for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
