package engine

import (
	"math"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// CellGeometry is where a position sits in the picture Picture draws, so
// that a front end can lay click targets and highlights over it.
type CellGeometry struct {
	Name string  `json:"name"`
	X    float64 `json:"x"` // centre, in picture units
	Y    float64 `json:"y"`
	// Hidden positions (off-board dummies) are not drawn.
	Hidden bool `json:"hidden,omitempty"`
}

// Geometry is the pictureFrame of a board picture: its size, the size of a cell
// and the centre of every position, in the units of Picture's drawing.
type Geometry struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Cell   float64 `json:"cell"`
	// Shape is how the cells are drawn: "square", "hex" (pointy-top
	// hexagons Cell wide) or "point" (positions joined by lines).
	Shape string         `json:"shape"`
	Cells []CellGeometry `json:"cells"`
}

// BoardGeometry returns the pictureFrame Picture draws the game's board in.
func BoardGeometry(g *Game, v *rules.View) Geometry {
	return geometry(g, v, newPictureFrame(g, v))
}

// FlippedGeometry returns the frame FlippedPicture draws the board in.
func FlippedGeometry(g *Game, v *rules.View) Geometry {
	return geometry(g, v, newPictureFrame(g, v).flipped(v))
}

func geometry(g *Game, v *rules.View, f pictureFrame) Geometry {
	geo := Geometry{Width: f.w, Height: f.h, Cell: f.size, Shape: [...]string{squares: "square", hexes: "hex", lines: "point", tiles: "square", loops: "point", pits: "point", points: "point"}[chooseStyle(g, v)]}
	if onPoints(g, v, f.at, f.size) {
		geo.Shape = "point"
	}
	for p := 0; p < g.np; p++ {
		c := f.at(p)
		geo.Cells = append(geo.Cells, CellGeometry{Name: g.Rules.Board.Positions[p], X: c.X, Y: c.Y, Hidden: hidden(v, p)})
	}
	return geo
}

// pictureFrame places the board in the picture: positions centred in a margin,
// with room for the title on top.
type pictureFrame struct {
	centers []render.Point
	size    float64
	w, h    float64
	dx, dy  float64
}

func newPictureFrame(g *Game, v *rules.View) pictureFrame {
	centers, size := layout(g, v)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for p, c := range centers {
		if hidden(v, p) {
			continue
		}
		minX, minY = math.Min(minX, c.X), math.Min(minY, c.Y)
		maxX, maxY = math.Max(maxX, c.X), math.Max(maxY, c.Y)
	}
	margin := 40.0 + loopMargin(g, size)
	top := margin + 24
	room := handRoom(g, size) // the hands beside the board
	return pictureFrame{
		centers: centers, size: size,
		w:  maxX - minX + size + 2*margin + 2*room,
		h:  maxY - minY + size + margin + top,
		dx: margin + room + size/2 - minX, dy: top + size/2 - minY,
	}
}

// flipped turns the frame half a turn: each position goes where the one
// opposite it through the centre of the board was, so that the board
// keeps its place in the picture.
func (f pictureFrame) flipped(v *rules.View) pictureFrame {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for p, c := range f.centers {
		if !hidden(v, p) {
			minX, minY = math.Min(minX, c.X), math.Min(minY, c.Y)
			maxX, maxY = math.Max(maxX, c.X), math.Max(maxY, c.Y)
		}
	}
	turned := make([]render.Point, len(f.centers))
	for p, c := range f.centers {
		turned[p] = render.Pt(minX+maxX-c.X, minY+maxY-c.Y)
	}
	f.centers = turned
	return f
}

func (f pictureFrame) at(p int) render.Point {
	return render.Pt(f.centers[p].X+f.dx, f.centers[p].Y+f.dy)
}

// onPoints reports whether the pieces stand on the intersections of the
// board's lines (Go, xiangqi) rather than in cells, without the moves
// the picture's choice of style may look at: a game of drops only, with
// no groups that turn, as Go is, or xiangqi.
func onPoints(g *Game, v *rules.View, at func(int) render.Point, size float64) bool {
	if chooseStyle(g, v) != squares {
		return false
	}
	if xiangqiSet(g) {
		return true
	}
	return !shogiSet(g) && dropsOnly(g) && len(turningGroups(g)) == 0 && onIntersections(g, v, at, size)
}
