package engine

import (
	"math"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// Games whose pieces are only ever dropped (tic-tac-toe, gomoku, connect
// four) are not played on a chequered board: their square grids are drawn
// as the games are, lines ruled between the cells (paper), or, when every
// drop at the start lands on one edge of the board (pieces fall, as in
// connect four), a frame with a hole at each cell.

// placementStyle returns the style of a square grid: squares, or paper,
// holes or plates for a game of drops.
func placementStyle(g *Game, v *rules.View, at func(int) render.Point, b Budget) boardStyle {
	if !dropsOnly(g) {
		return squares
	}
	if len(turningGroups(g)) > 0 {
		return plates
	}
	if fallsToEdge(g, v, at, b) {
		return holes
	}
	return paper
}

// dropsOnly reports whether the game's pieces are only ever dropped: no
// piece moves, but to turn a group of positions.
func dropsOnly(g *Game) bool {
	for _, pt := range g.Rules.Pieces {
		if len(pt.Moves) > 0 && !onlyTurns(pt.Moves) {
			return false
		}
	}
	return true
}

// fallsToEdge reports whether the legal drops of the start position all
// land on one edge line of the board, which has other lines. The drops are
// generated under the budget b.
func fallsToEdge(g *Game, v *rules.View, at func(int) render.Point, b Budget) bool {
	var ml MoveList
	start := NewState(g)
	start.SetBudget(b)
	ms, err := start.Moves(&ml)
	if err != nil || len(ms) == 0 {
		return false
	}
	minX, minY, maxX, maxY := bounds(g, v, at)
	if minX == maxX || minY == maxY {
		return false
	}
	// Which of the four edges every drop lands on.
	onEdge := [4]bool{true, true, true, true}
	for i := range ms {
		p := ms[i].To()
		if ms[i].From() >= 0 || p < 0 {
			return false // a move, not a drop
		}
		c := at(p)
		for k, on := range []bool{near(c.X, minX), near(c.X, maxX), near(c.Y, minY), near(c.Y, maxY)} {
			onEdge[k] = onEdge[k] && on
		}
	}
	return onEdge[0] || onEdge[1] || onEdge[2] || onEdge[3]
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// drawPaper rules lines between the cells, as tic-tac-toe is drawn.
func drawPaper(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	minX, minY, maxX, maxY := bounds(g, v, at)
	rule := render.Style{Stroke: ink, Width: 3}
	for x := minX + size/2; x < maxX; x += size {
		d.Line(render.Pt(x, minY-size/2+4), render.Pt(x, maxY+size/2-4), rule)
	}
	for y := minY + size/2; y < maxY; y += size {
		d.Line(render.Pt(minX-size/2+4, y), render.Pt(maxX+size/2-4, y), rule)
	}
	drawCoordinates(d, g, v, at, size)
}

// frameColor is the frame of a game whose pieces fall into it.
var frameColor = render.Hex("#2f5fb3")

// drawFrame draws a frame with a hole at each cell, as connect four's.
func drawFrame(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	minX, minY, maxX, maxY := bounds(g, v, at)
	pad := size * 0.12
	d.Rect(minX-size/2-pad, minY-size/2-pad, maxX-minX+size+2*pad, maxY-minY+size+2*pad,
		render.Style{Fill: frameColor, Stroke: render.Hex("#1d3f7a"), Width: 2})
	for p := 0; p < g.np; p++ {
		if hidden(v, p) {
			continue
		}
		c := at(p)
		d.Circle(c.X, c.Y, size*0.4, render.Style{Fill: render.Hex("#f4efe4"), Stroke: render.Hex("#1d3f7a"), Width: 1.5})
	}
	drawCoordinates(d, g, v, at, size+2*pad)
}

// drawMark draws the piece of a player called X or O as that letter's
// mark, as on paper; it reports whether it did.
func drawMark(d *render.Drawing, player string, c render.Point, size float64, col render.Color) bool {
	if !isMark(player) {
		return false
	}
	r := size * 0.3
	switch strings.ToUpper(player) {
	case "X":
		st := render.Style{Stroke: col, Width: size * 0.1}
		d.Line(render.Pt(c.X-r, c.Y-r), render.Pt(c.X+r, c.Y+r), st)
		d.Line(render.Pt(c.X-r, c.Y+r), render.Pt(c.X+r, c.Y-r), st)
	case "O":
		d.Circle(c.X, c.Y, r, render.Style{Stroke: col, Width: size * 0.1})
	default:
		return false
	}
	return true
}

// isMark reports whether a player's pieces are drawn as the player's
// mark on paper: X and O.
func isMark(player string) bool {
	switch strings.ToUpper(player) {
	case "X", "O":
		return true
	}
	return false
}

// playerInk is the colour of a player's marks on paper: the player's
// colour when its name is one, else blue, red, green, ... in turn.
func playerInk(g *Game, p int) render.Color {
	return render.Hex(playerInkHex(g, p))
}

// playerInkHex is playerInk as "#rrggbb".
func playerInkHex(g *Game, p int) string {
	if c, ok := namedColors[strings.ToLower(g.Rules.Players[p].Name)]; ok && lum(render.Hex(c)) < 0.75 {
		return c
	}
	inks := []string{"#2f5fb3", "#c0392b", "#27ae60", "#8e44ad", "#e67e22", "#262626"}
	return inks[p%len(inks)]
}
