package engine

import (
	"math"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// Xiangqi is drawn as its players know it: the pieces are discs with
// their characters, standing on the points of a board of lines, with the
// river across the middle and the diagonals of the two palaces.

// xiangqiGlyphs are the characters of xiangqi's pieces by name: the red
// side's, then the black side's.
var xiangqiGlyphs = map[string][2]string{
	"general": {"帥", "將"}, "king": {"帥", "將"},
	"advisor": {"仕", "士"}, "guard": {"仕", "士"}, "mandarin": {"仕", "士"},
	"elephant": {"相", "象"}, "minister": {"相", "象"},
	"horse": {"傌", "馬"}, "knight": {"傌", "馬"},
	"chariot": {"俥", "車"}, "rook": {"俥", "車"},
	"cannon":  {"炮", "砲"},
	"soldier": {"兵", "卒"}, "pawn": {"兵", "卒"},
}

// xiangqiSet reports whether the game's pieces are xiangqi's: a cannon, a
// general (or king), and three more of its pieces by name.
func xiangqiSet(g *Game) bool {
	names := pieceNames(g)
	if !names["cannon"] || !(names["general"] || names["king"]) {
		return false
	}
	n := 0
	for _, alts := range [][]string{{"advisor", "guard", "mandarin"}, {"elephant", "minister"}, {"horse", "knight"},
		{"chariot", "rook"}, {"soldier", "pawn"}} {
		for _, a := range alts {
			if names[a] {
				n++
				break
			}
		}
	}
	return n >= 3
}

// pieceNames returns the names of the game's pieces, in lower case.
func pieceNames(g *Game) map[string]bool {
	names := map[string]bool{}
	for _, pt := range g.Rules.Pieces {
		names[strings.ToLower(pt.Name)] = true
	}
	return names
}

// xiangqiWood is the colour of a xiangqi board.
var xiangqiWood = render.Hex("#e9c987")

// drawXiangqiBoard draws the lines, the river between the two middle
// rows (with its words, 楚河 and 漢界) and the diagonals of each
// palace.
func drawXiangqiBoard(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	_, rows := gridLines(g, v, at, size)
	minX, minY, maxX, maxY := bounds(g, v, at)
	riverY := math.NaN()
	if rows%2 == 0 && rows >= 4 {
		riverY = (minY + maxY) / 2
	}
	drawLineBoard(d, g, v, at, size, xiangqiWood, riverY)
	if !math.IsNaN(riverY) {
		words := render.Font{Size: size * 0.42, Anchor: render.Middle, Center: true, Color: render.Hex("#6b4a22")}
		w := maxX - minX
		chu, han := words, words
		chu.Alt, han.Alt = "Chu River", "Han Border"
		d.Text(render.Pt(minX+w/4, riverY), "楚 河", chu)
		d.Text(render.Pt(maxX-w/4, riverY), "漢 界", han)
	}
	line := render.Style{Stroke: render.Hex("#2b2116"), Width: 1.4}
	for _, z := range g.Rules.Board.Zones {
		if !strings.EqualFold(z.Name, "palace") {
			continue
		}
		for _, ps := range z.Positions {
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, p := range ps {
				c := at(p)
				x0, y0, x1, y1 = math.Min(x0, c.X), math.Min(y0, c.Y), math.Max(x1, c.X), math.Max(y1, c.Y)
			}
			if x1 > x0 && y1 > y0 {
				d.Line(render.Pt(x0, y0), render.Pt(x1, y1), line)
				d.Line(render.Pt(x0, y1), render.Pt(x1, y0), line)
			}
		}
	}
	drawCoordinates(d, g, v, at, size)
}

// xiangqiSide returns which characters player p's pieces bear: 0 for the
// red side's, 1 for the black side's, by the player's name or else its
// place in the order of play.
func xiangqiSide(g *Game, p int) int {
	switch strings.ToLower(g.Rules.Players[p].Name) {
	case "red":
		return 0
	case "black":
		return 1
	}
	return p % 2
}

// drawXiangqiPiece draws a xiangqi piece: an ivory disc ringed in its
// side's colour, with its character (or, with letters, its letter).
func drawXiangqiPiece(d *render.Drawing, g *Game, pc Piece, c render.Point, size float64, letters bool) {
	col := playerColor(g, pc.Owner())
	r := size * 0.42
	d.Circle(c.X+1.5, c.Y+2, r, render.Style{Fill: render.Hex("#00000040")})
	d.Circle(c.X, c.Y, r, render.Style{Fill: render.Hex("#f6e7c4"), Stroke: render.Hex("#7a5a32"), Width: 1.5})
	d.Circle(c.X, c.Y, r*0.8, render.Style{Stroke: col, Width: 1.6})
	pt := g.Rules.Pieces[pc.Type()]
	letter := pieceLetter(pt)
	glyph, ok := xiangqiGlyphs[strings.ToLower(pt.Name)]
	f := render.Font{Size: size * 0.5, Anchor: render.Middle, Center: true, Bold: true, Color: col, Alt: letter}
	if !ok || letters {
		f.Size = size * 0.4
		d.Text(c, letter, f)
		return
	}
	d.Text(c, glyph[xiangqiSide(g, pc.Owner())], f)
}

// pieceLetter is the letter a piece is known by: its notation, or else
// its name's first letter, in upper case.
func pieceLetter(pt rules.PieceType) string {
	letter := pt.Notation
	if letter == "" {
		letter = string([]rune(pt.Name)[:1])
	}
	return strings.ToUpper(letter)
}
