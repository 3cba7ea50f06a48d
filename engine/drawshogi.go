package engine

import (
	"math"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// Shogi is drawn as its players know it: a board of one wood ruled in
// squares with its four star points, the pieces as pentagons pointing at
// the opponent, bearing their characters (those of promoted pieces in
// red), and each player's pieces in hand beside the board with their
// counts.

// shogiGlyphs are the characters of shogi's pieces, by name and by
// notation. The kings differ: the first player's is 玉, the other's 王.
var shogiGlyphs = map[string]string{
	"king": "玉", "rook": "飛", "dragon": "龍", "bishop": "角", "horse": "馬",
	"gold": "金", "silver": "銀", "promoted-silver": "全", "knight": "桂",
	"promoted-knight": "圭", "lance": "香", "promoted-lance": "杏", "pawn": "歩", "tokin": "と",
	"+r": "龍", "+b": "馬", "+s": "全", "+n": "圭", "+l": "杏", "+p": "と",
}

// shogiSet reports whether the game's pieces are shogi's: a king, a gold
// and a silver general, and a lance.
func shogiSet(g *Game) bool {
	names := pieceNames(g)
	return names["king"] && names["gold"] && names["silver"] && names["lance"]
}

// shogiWood is the colour of a shogi board, and shogiPiece its pieces'.
var (
	shogiWood  = render.Hex("#e6bf73")
	shogiPiece = render.Hex("#f3dca6")
)

// drawShogiBoard draws the squares in one wood, ruled, with a star point
// at each crossing of the lines that cut the board in thirds.
func drawShogiBoard(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	minX, minY, maxX, maxY := bounds(g, v, at)
	x0, y0, x1, y1 := minX-size/2, minY-size/2, maxX+size/2, maxY+size/2
	d.Rect(x0-size*0.2, y0-size*0.2, x1-x0+size*0.4, y1-y0+size*0.4, render.Style{Fill: shogiWood, Stroke: render.Hex("#9c7a3c"), Width: 1.5})
	thin := render.Style{Stroke: render.Hex("#2b2116"), Width: 1.2}
	for x := x0 + size; x < x1-1e-6; x += size {
		d.Line(render.Pt(x, y0), render.Pt(x, y1), thin)
	}
	for y := y0 + size; y < y1-1e-6; y += size {
		d.Line(render.Pt(x0, y), render.Pt(x1, y), thin)
	}
	d.Rect(x0, y0, x1-x0, y1-y0, render.Style{Stroke: render.Hex("#2b2116"), Width: 2.4})
	cols, rows := gridLines(g, v, at, size)
	if cols%3 == 0 && rows%3 == 0 {
		for i := 1; i < 3; i++ {
			for j := 1; j < 3; j++ {
				x, y := x0+float64(i*cols/3)*size, y0+float64(j*rows/3)*size
				d.Circle(x, y, size*0.07, render.Style{Fill: render.Hex("#2b2116")})
			}
		}
	}
	drawCoordinates(d, g, v, at, size)
}

// pointsUp reports, for each player, whether its pieces point up the
// picture: those of a player whose pieces start in the lower half.
func pointsUp(g *Game, at func(int) render.Point) []bool {
	start := NewState(g)
	sum, n := make([]float64, len(g.Rules.Players)), make([]int, len(g.Rules.Players))
	var all float64
	for p := 0; p < g.np; p++ {
		all += at(p).Y
		if pc := start.cells[p]; pc != 0 {
			sum[pc.Owner()] += at(p).Y
			n[pc.Owner()]++
		}
	}
	mid := all / float64(max(g.np, 1))
	up := make([]bool, len(sum))
	for i := range up {
		up[i] = n[i] > 0 && sum[i]/float64(n[i]) > mid || n[i] == 0 && i == 0
	}
	return up
}

// drawShogiPiece draws a shogi piece: a pentagon of wood pointing up or
// down, with its character the right way up for its owner, red for a
// promoted piece (or, with letters, its letter).
func drawShogiPiece(d *render.Drawing, g *Game, pc Piece, c render.Point, size float64, up, letters bool) {
	w, h := size*0.78, size*0.88
	k := 1.0
	if !up {
		k = -1
	}
	pts := []render.Point{
		render.Pt(c.X, c.Y-k*h/2),
		render.Pt(c.X+w*0.4, c.Y-k*h*0.3),
		render.Pt(c.X+w/2, c.Y+k*h/2),
		render.Pt(c.X-w/2, c.Y+k*h/2),
		render.Pt(c.X-w*0.4, c.Y-k*h*0.3),
	}
	shadow := make([]render.Point, len(pts))
	for i, p := range pts {
		shadow[i] = render.Pt(p.X+1.5, p.Y+2)
	}
	d.Polygon(shadow, render.Style{Fill: render.Hex("#00000038")})
	d.Polygon(pts, render.Style{Fill: shogiPiece, Stroke: render.Hex("#6b5030"), Width: 1.3})
	pt := g.Rules.Pieces[pc.Type()]
	col := render.Hex("#1b1b1b")
	if pt.Demotes {
		col = render.Hex("#c0392b")
	}
	// The character sits a little towards the base, below the point.
	at := render.Pt(c.X, c.Y+k*h*0.06)
	f := render.Font{Size: size * 0.44, Anchor: render.Middle, Center: true, Color: col, Turned: !up, Alt: pieceLetter(pt)}
	glyph := shogiGlyph(g, pt, pc.Owner())
	if glyph == "" || letters {
		f.Size = size * 0.34
		glyph = pieceLetter(pt)
	}
	d.Text(at, glyph, f)
}

// shogiGlyph returns a piece's character, or "" when its name and
// notation are none of shogi's.
func shogiGlyph(g *Game, pt rules.PieceType, owner int) string {
	name := strings.ToLower(pt.Name)
	if name == "king" && owner != 0 {
		return "王"
	}
	if s, ok := shogiGlyphs[name]; ok {
		return s
	}
	return shogiGlyphs[strings.ToLower(pt.Notation)]
}

// hasHands reports whether captured pieces go to the capturer's hand, to
// be put back on the board (shogi): the hands are drawn beside it.
func hasHands(g *Game) bool {
	if !g.Rules.Options.RecycleCaptures {
		return false
	}
	for _, slot := range g.resSlot {
		if slot >= 0 {
			return true
		}
	}
	return false
}

// handRoom is the width left on each side of the board for the hands.
func handRoom(g *Game, size float64) float64 {
	if hasHands(g) {
		return size * 1.4
	}
	return 0
}

// handTypes are the types of pieces that may be held in hand: those that
// are dropped, in the rules' order.
func handTypes(g *Game) []int {
	var out []int
	for t, pt := range g.Rules.Pieces {
		if len(pt.Drops) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// drawHands draws each player's pieces in hand on a stand beside the
// board, with the count of each kind held more than once: the player
// whose pieces point up on the right, from the bottom, the other on the
// left, from the top, as they sit at a shogi board.
func drawHands(d *render.Drawing, s *State, v *rules.View, at func(int) render.Point, size float64, up []bool, draw func(Piece, render.Point, float64)) {
	g := s.g
	types := handTypes(g)
	if len(types) == 0 {
		return
	}
	minX, minY, maxX, maxY := bounds(g, v, at)
	room := handRoom(g, size)
	step := math.Min(size*0.92, (maxY-minY+size)/float64(len(types)))
	standH := step * float64(len(types))
	for p := range g.Rules.Players {
		if g.Rules.Players[p].Random {
			continue
		}
		x, y0, dir := minX-size/2-40-room/2+10, minY-size/2, 1.0
		if p < len(up) && up[p] {
			x, y0, dir = maxX+size/2+40+room/2-10, maxY+size/2, -1.0
		}
		top := math.Min(y0, y0+dir*standH)
		d.Rect(x-room*0.42, top, room*0.84, standH, render.Style{Fill: shogiWood.WithAlpha(150), Stroke: render.Hex("#9c7a3c"), Width: 1})
		i := 0
		for _, t := range types {
			n, ok := s.Reserve(p, t)
			if !ok || n <= 0 {
				continue
			}
			c := render.Pt(x-room*0.08, y0+dir*(float64(i)+0.5)*step)
			draw(MakePiece(t, p), c, step*0.9)
			if n > 1 {
				d.Text(render.Pt(c.X+step*0.42, c.Y+step*0.28), "×"+strconv.Itoa(n), render.Font{Size: size * 0.26, Anchor: render.Start,
					Center: true, Bold: true, Color: render.Hex("#3d3226"), Alt: "x" + strconv.Itoa(n)})
			}
			i++
		}
	}
}
