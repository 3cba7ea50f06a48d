package render

import "strings"

// Chess pieces are drawn as silhouettes of our own design, from outlines in
// a unit box (y down, the base on 0.9), so that a board of any game whose
// pieces are named King, Queen, Rook, Bishop, Knight and Pawn reads as
// chess in SVG and PNG alike (the Go fonts have no chess glyphs).

type outline struct {
	path  func(p *Path, at func(x, y float64) Point)
	balls [][3]float64 // x, y, r of small discs (crown tips, the mitre's ball)
}

var chessOutlines = map[string]outline{
	"pawn": {path: func(p *Path, at func(x, y float64) Point) {
		p.MoveTo(at(0.3, 0.82)).QuadTo(at(0.33, 0.58), at(0.43, 0.5)).LineTo(at(0.57, 0.5)).
			QuadTo(at(0.67, 0.58), at(0.7, 0.82)).Close()
	}, balls: [][3]float64{{0.5, 0.36, 0.14}}},
	"rook": {path: func(p *Path, at func(x, y float64) Point) {
		pts := [][2]float64{{0.3, 0.82}, {0.34, 0.4}, {0.27, 0.36}, {0.27, 0.16}, {0.36, 0.16}, {0.36, 0.23}, {0.45, 0.23},
			{0.45, 0.16}, {0.55, 0.16}, {0.55, 0.23}, {0.64, 0.23}, {0.64, 0.16}, {0.73, 0.16}, {0.73, 0.36}, {0.66, 0.4}, {0.7, 0.82}}
		p.MoveTo(at(pts[0][0], pts[0][1]))
		for _, q := range pts[1:] {
			p.LineTo(at(q[0], q[1]))
		}
		p.Close()
	}},
	"bishop": {path: func(p *Path, at func(x, y float64) Point) {
		p.MoveTo(at(0.33, 0.82)).QuadTo(at(0.38, 0.66), at(0.42, 0.6)).QuadTo(at(0.28, 0.5), at(0.36, 0.35)).
			QuadTo(at(0.43, 0.24), at(0.5, 0.18)).QuadTo(at(0.57, 0.24), at(0.64, 0.35)).
			QuadTo(at(0.72, 0.5), at(0.58, 0.6)).QuadTo(at(0.62, 0.66), at(0.67, 0.82)).Close()
	}, balls: [][3]float64{{0.5, 0.13, 0.05}}},
	"knight": {path: func(p *Path, at func(x, y float64) Point) {
		p.MoveTo(at(0.3, 0.82)).QuadTo(at(0.3, 0.64), at(0.44, 0.5)).LineTo(at(0.3, 0.52)).
			QuadTo(at(0.2, 0.54), at(0.18, 0.45)).LineTo(at(0.36, 0.26)).LineTo(at(0.4, 0.12)).
			LineTo(at(0.47, 0.2)).QuadTo(at(0.7, 0.22), at(0.76, 0.5)).QuadTo(at(0.78, 0.66), at(0.74, 0.82)).Close()
	}},
	"queen": {path: func(p *Path, at func(x, y float64) Point) {
		pts := [][2]float64{{0.3, 0.82}, {0.35, 0.58}, {0.18, 0.28}, {0.36, 0.46}, {0.37, 0.2}, {0.46, 0.43}, {0.5, 0.15},
			{0.54, 0.43}, {0.63, 0.2}, {0.64, 0.46}, {0.82, 0.28}, {0.65, 0.58}, {0.7, 0.82}}
		p.MoveTo(at(pts[0][0], pts[0][1]))
		for _, q := range pts[1:] {
			p.LineTo(at(q[0], q[1]))
		}
		p.Close()
	}, balls: [][3]float64{{0.18, 0.28, 0.04}, {0.37, 0.2, 0.04}, {0.5, 0.15, 0.04}, {0.63, 0.2, 0.04}, {0.82, 0.28, 0.04}}},
	"king": {path: func(p *Path, at func(x, y float64) Point) {
		p.MoveTo(at(0.3, 0.82)).QuadTo(at(0.3, 0.6), at(0.22, 0.5)).QuadTo(at(0.16, 0.36), at(0.33, 0.34)).
			QuadTo(at(0.45, 0.34), at(0.5, 0.44)).QuadTo(at(0.55, 0.34), at(0.67, 0.34)).
			QuadTo(at(0.84, 0.36), at(0.78, 0.5)).QuadTo(at(0.7, 0.6), at(0.7, 0.82)).Close()
		// The cross.
		cross := [][2]float64{{0.47, 0.4}, {0.47, 0.24}, {0.41, 0.24}, {0.41, 0.18}, {0.47, 0.18}, {0.47, 0.1}, {0.53, 0.1},
			{0.53, 0.18}, {0.59, 0.18}, {0.59, 0.24}, {0.53, 0.24}, {0.53, 0.4}}
		p.MoveTo(at(cross[0][0], cross[0][1]))
		for _, q := range cross[1:] {
			p.LineTo(at(q[0], q[1]))
		}
		p.Close()
	}},
}

// ChessPiece draws the chess piece named kind (King, Queen, Rook, Bishop,
// Knight or Pawn, in any case) centred at c in a cell of the given size,
// and reports whether it knows the kind.
func ChessPiece(d *Drawing, kind string, c Point, size float64, fill, line Color) bool {
	o, ok := chessOutlines[strings.ToLower(kind)]
	if !ok {
		return false
	}
	s := size * 0.9
	at := func(x, y float64) Point { return Pt(c.X+(x-0.5)*s, c.Y+(y-0.5)*s) }
	st := Style{Fill: fill, Stroke: line, Width: size / 36}
	var p Path
	o.path(&p, at)
	d.Path(&p, st)
	for _, b := range o.balls {
		ctr := at(b[0], b[1])
		d.Circle(ctr.X, ctr.Y, b[2]*s, st)
	}
	// The plinth every piece stands on.
	a, z := at(0.24, 0.8), at(0.76, 0.9)
	d.Rect(a.X, a.Y, z.X-a.X, z.Y-a.Y, st)
	return true
}
