package engine

import (
	"math"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// onIntersections reports whether a game drawn on paper is played on the
// intersections of the lines, as Go and Gomoku are: a game with a ko rule
// (Go), or on a grid of 13 lines or more (a board of cells that large is
// no paper-and-pencil game).
func onIntersections(g *Game, v *rules.View, at func(int) render.Point, size float64) bool {
	if g.Rules.Options.Ko != rules.KoNone {
		return true
	}
	cols, rows := gridLines(g, v, at, size)
	return min(cols, rows) >= 13
}

// gridLines returns the number of columns and rows of the board's cells.
func gridLines(g *Game, v *rules.View, at func(int) render.Point, size float64) (cols, rows int) {
	minX, minY, maxX, maxY := bounds(g, v, at)
	return int(math.Round((maxX-minX)/size)) + 1, int(math.Round((maxY-minY)/size)) + 1
}

// gobanWood is the colour of a Go board.
var gobanWood = render.Hex("#dcb35c")

// drawGoban draws a Go board: a line through each row and column of
// positions, the outer ones heavier, and the star points (hoshi) of the
// board's size; the stones stand on the intersections.
func drawGoban(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	minX, minY, _, _ := drawLineBoard(d, g, v, at, size, gobanWood, math.NaN())
	cols, rows := gridLines(g, v, at, size)
	for _, i := range hoshi(cols) {
		for _, j := range hoshi(rows) {
			// The middle of a side is a star point of large boards only.
			side := (cols%2 == 1 && i == cols/2) != (rows%2 == 1 && j == rows/2)
			if side && min(cols, rows) < 19 {
				continue
			}
			d.Circle(minX+float64(i)*size, minY+float64(j)*size, size*0.09, render.Style{Fill: render.Hex("#2b2116")})
		}
	}
	drawCoordinates(d, g, v, at, size)
}

// drawLineBoard draws a board whose pieces stand on the intersections of
// its lines, Go's and xiangqi's: the wood, a line through each row and
// column of positions, the outer ones heavier. A river at riverY (NaN:
// none) a cell wide cuts the inner columns, as xiangqi's does. It returns
// the bounds of the positions.
func drawLineBoard(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64, wood render.Color, riverY float64) (minX, minY, maxX, maxY float64) {
	minX, minY, maxX, maxY = bounds(g, v, at)
	pad := size * 0.45
	d.Rect(minX-pad, minY-pad, maxX-minX+2*pad, maxY-minY+2*pad, render.Style{Fill: wood, Stroke: render.Hex("#9c7a3c"), Width: 1.5})
	thin := render.Style{Stroke: render.Hex("#2b2116"), Width: 1.4}
	for x := minX; x <= maxX+1e-6; x += size {
		if math.IsNaN(riverY) || near(x, minX) || near(x, maxX) {
			d.Line(render.Pt(x, minY), render.Pt(x, maxY), thin)
			continue
		}
		d.Line(render.Pt(x, minY), render.Pt(x, riverY-size/2), thin)
		d.Line(render.Pt(x, riverY+size/2), render.Pt(x, maxY), thin)
	}
	for y := minY; y <= maxY+1e-6; y += size {
		d.Line(render.Pt(minX, y), render.Pt(maxX, y), thin)
	}
	d.Rect(minX, minY, maxX-minX, maxY-minY, render.Style{Stroke: render.Hex("#2b2116"), Width: 2.6})
	return minX, minY, maxX, maxY
}

// hoshi returns the lines of a board of n lines that carry star points:
// the third line from each edge on small boards, the fourth on boards of
// 13 and more, the middle line of odd boards, and on boards of 19 and
// more the middle of each side too (9 points on 19x19, 5 on 9x9 and
// 13x13). A board of fewer than 7 lines has none.
func hoshi(n int) []int {
	if n < 7 {
		return nil
	}
	edge := 2
	if n >= 13 {
		edge = 3
	}
	out := []int{edge, n - 1 - edge}
	if n%2 == 1 {
		out = append(out, n/2)
	}
	return out
}
