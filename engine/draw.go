package engine

import (
	"math"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// Board pictures are drawn from the board's own geometry: the screen
// rectangles of the view (from the grid's start rectangle and steps, or
// explicit positions). A grid whose two steps are orthogonal is drawn as
// squares; a skewed grid (hexagonal boards) as hexagons; any other board as
// its links, with a disc for each position.

const cellSize = 56.0 // user units per cell in the picture

type boardStyle int

const (
	squares boardStyle = iota
	hexes
	lines
	paper  // a square grid of a game of drops: lines between the cells
	holes  // a square grid whose drops fall to an edge: a frame with holes
	plates // a grid of a game of drops whose groups of cells turn: a plate per group
	tiles  // a track laid on a grid's squares, with positions off it: a tile per position
	goban  // a paper grid of Go: the stones on the lines' intersections
	river  // xiangqi's board: the pieces on the points, a river and palaces
	shogi  // shogi's board: squares of one wood, with star points
	loops  // a grid of lines with loops round its corners (Surakarta)
	pits   // a mancala's tray: a well per position with its seeds
	points // a race board of long triangles (backgammon)
)

// DrawOptions change how PictureWith draws a position.
type DrawOptions struct {
	// Letters draws the pieces of xiangqi and shogi with their letters
	// (their notation) instead of their characters.
	Letters bool
	// Flip turns the board half a turn, as FlippedPicture does.
	Flip bool
}

// Picture draws the position. The moves it looks at to choose how to draw
// the board are generated under s's budget.
func Picture(s *State, v *rules.View) *render.Drawing { return PictureWith(s, v, DrawOptions{}) }

// FlippedPicture draws the position as Picture does, with the board
// turned half a turn: seen from the other side, its coordinates written
// along the same edges in the order seen from there, the pieces upright.
func FlippedPicture(s *State, v *rules.View) *render.Drawing {
	return PictureWith(s, v, DrawOptions{Flip: true})
}

// PictureWith draws the position as Picture does, with options.
func PictureWith(s *State, v *rules.View, o DrawOptions) *render.Drawing {
	g := s.g
	f := newPictureFrame(g, v)
	if o.Flip {
		f = f.flipped(v)
	}
	w, h, size, at := f.w, f.h, f.size, f.at
	style := styleOf(g, v, at, size, s.meter.b)
	d := render.New(w, h)
	d.Background = render.Hex("#f4efe4")
	d.Scale = 2
	d.Text(render.Pt(w/2, 22), g.Rules.Title, render.FitText(g.Rules.Title, render.Font{Size: math.Max(18, w/45),
		Anchor: render.Middle, Bold: true, Color: render.Hex("#333")}, w-16))
	if style == pits {
		drawPits(d, s, v, at, size) // the seeds are the pieces
		return d
	}
	drawBoard(d, g, v, at, size, style)
	drawLabels(d, g, v, at, size, style)
	var up []bool
	if style == shogi || hasHands(g) {
		up = pointsUp(g, at)
	}
	draw := func(pc Piece, c render.Point, size float64) {
		if n := dieFace(g, pc); n > 0 {
			drawDie(d, n, c, size)
			return
		}
		switch style {
		case points:
			drawChecker(d, g, pc, c, size)
		case river:
			drawXiangqiPiece(d, g, pc, c, size, o.Letters)
		case shogi:
			drawShogiPiece(d, g, pc, c, size, pc.Owner() >= len(up) || up[pc.Owner()], o.Letters)
		default:
			drawPiece(d, g, pc, c, size)
		}
	}
	for p := 0; p < g.np; p++ {
		if pc := s.cells[p]; pc != 0 && !hidden(v, p) {
			// Each piece is a group the page finds by its position, to
			// move it as it is played.
			d.Open(render.Attr{Name: "class", Value: "piece"}, render.Attr{Name: "data-at", Value: g.Rules.Board.Positions[p]},
				render.Attr{Name: "data-owner", Value: strconv.Itoa(pc.Owner())})
			if style != paper || !drawMark(d, g.Rules.Players[pc.Owner()].Name, at(p), size, playerInk(g, pc.Owner())) {
				if g.stackLevels > 0 {
					drawColumn(d, s, p, at(p), size)
				}
				draw(pc, at(p), size)
			}
			d.Close()
		}
	}
	if hasHands(g) {
		drawHands(d, s, v, at, size, up, draw)
	}
	return d
}

// styleOf returns how the board is drawn; the moves it looks at are
// generated under the budget b.
func styleOf(g *Game, v *rules.View, at func(int) render.Point, size float64, b Budget) boardStyle {
	style := chooseStyle(g, v)
	if style != squares {
		return style
	}
	switch {
	case xiangqiSet(g):
		return river
	case shogiSet(g):
		return shogi
	}
	style = placementStyle(g, v, at, b)
	if style == paper && onIntersections(g, v, at, size) {
		return goban
	}
	return style
}

// drawBoard draws the board in its style, without the pieces.
func drawBoard(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64, style boardStyle) {
	switch style {
	case squares:
		drawSquares(d, g, v, at, size)
	case paper:
		drawPaper(d, g, v, at, size)
	case goban:
		drawGoban(d, g, v, at, size)
	case river:
		drawXiangqiBoard(d, g, v, at, size)
	case shogi:
		drawShogiBoard(d, g, v, at, size)
	case holes:
		drawFrame(d, g, v, at, size)
	case hexes:
		drawHexes(d, g, v, at, size)
	case plates:
		drawPlates(d, g, v, at, size)
	case tiles:
		drawTiles(d, g, v, at, size)
	case loops:
		drawLoops(d, g, v, at, size)
	case points:
		drawTriangles(d, g, v, at, size)
	default:
		drawLines(d, g, v, at, size)
	}
}

func hidden(v *rules.View, p int) bool { return v != nil && p < len(v.Cells) && v.Cells[p].Dummy }

// layout returns the centre of every position in view units scaled so a
// cell is cellSize wide, and that size.
func layout(g *Game, v *rules.View) ([]render.Point, float64) {
	out := make([]render.Point, g.np)
	have := v != nil && len(v.Cells) == g.np
	width := 0.0
	if have {
		var ws []float64
		for _, c := range v.Cells {
			if c.HasRect && !c.Dummy && c.X2 > c.X1 {
				ws = append(ws, c.X2-c.X1)
			}
		}
		if len(ws) > 0 {
			width = median(ws)
		} else {
			have = false
		}
	}
	if !have {
		// No geometry: a square of cells in board order.
		n := int(math.Ceil(math.Sqrt(float64(g.np))))
		for p := range out {
			out[p] = render.Pt(float64(p%n)*cellSize, float64(p/n)*cellSize)
		}
		return out, cellSize
	}
	k := cellSize / width
	for p, c := range v.Cells {
		if !c.HasRect {
			c.X2, c.Y2 = c.X1, c.Y1
		}
		out[p] = render.Pt((c.X1+c.X2)/2*k, (c.Y1+c.Y2)/2*k)
	}
	return out, cellSize
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

func chooseStyle(g *Game, v *rules.View) boardStyle {
	if seedsAttr(g) >= 0 && v != nil && len(v.Cells) == g.np {
		return pits
	}
	if trianglePoints(g) != nil && v != nil {
		return points
	}
	if v == nil || len(v.Grids) == 0 {
		return lines
	}
	gridPos := 0
	for _, gr := range g.Rules.Board.Grids {
		gridPos += len(gr.Coords)
	}
	st := v.Grids[0].Steps
	if len(st) == 2 && (st[0][0]*st[1][0]+st[0][1]*st[1][1]) != 0 {
		return hexes
	}
	if gridPos < g.np || hasExtraLinks(g) {
		if cornerLoops(g) != nil {
			return loops
		}
		if onGridTrack(g) {
			return tiles
		}
		return lines
	}
	// The square drawing needs rows and columns: a grid of one
	// dimension is drawn as linked positions.
	for _, gr := range g.Rules.Board.Grids {
		if len(gr.Dims) != 2 {
			return lines
		}
	}
	return squares
}

// onGridTrack reports a board of one plane grid whose links between grid
// cells all join side neighbours: a track laid on the squares (Ur's), the
// board's other positions (reserves, dice) lying off the grid.
func onGridTrack(g *Game) bool {
	b := &g.Rules.Board
	if len(b.Grids) != 1 || len(b.Grids[0].Dims) != 2 {
		return false
	}
	co := b.Grids[0].Coords
	for p := 0; p < g.np; p++ {
		for d := 0; d < g.nd; d++ {
			q := int(b.Links[p*g.nd+d])
			a, onA := co[p]
			c, onC := co[q]
			if q < 0 || !onA || !onC {
				continue
			}
			if abs(a[0]-c[0])+abs(a[1]-c[1]) != 1 {
				return false
			}
		}
	}
	return true
}

// drawTiles draws every position as a tile of its own, the track and the
// places off the grid alike. A tile is as wide as the board's cells, or
// narrower where its nearest neighbour is closer (a row of places off the
// grid set tighter).
func drawTiles(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	rosettes := zoneNamed(g, "rosette")
	for p := 0; p < g.np; p++ {
		if hidden(v, p) {
			continue
		}
		c, w := at(p), size
		for q := 0; q < g.np; q++ {
			if q != p && !hidden(v, q) {
				o := at(q)
				w = math.Min(w, math.Max(math.Abs(o.X-c.X), math.Abs(o.Y-c.Y)))
			}
		}
		t := w * 0.94
		d.Rect(c.X-t/2, c.Y-t/2, t, t, render.Style{Fill: light, Stroke: ink, Width: 2})
		if rosettes[p] {
			drawRosette(d, c, t)
		}
	}
}

// hasExtraLinks reports links that a plain grid would not have: a
// direction that links only some of the grid positions that have a
// neighbour that way, or positions outside the grid (drawn boards such as
// Fanorona's alternate diagonals).
func hasExtraLinks(g *Game) bool {
	b := &g.Rules.Board
	if len(b.Grids) != 1 {
		return len(b.Grids) == 0
	}
	gr := b.Grids[0]
	if len(gr.Dims) != 2 {
		return true // not a plane of rows and columns
	}
	at := map[[2]int]int{}
	for p, c := range gr.Coords {
		at[[2]int{c[0], c[1]}] = p
	}
	for d := 0; d < g.nd; d++ {
		var off [2]int
		seen := false
		for p := 0; p < g.np; p++ {
			q := b.Links[p*g.nd+d]
			if q < 0 {
				continue
			}
			a, c := gr.Coords[p], gr.Coords[int(q)]
			if a == nil || c == nil {
				return true
			}
			o := [2]int{c[0] - a[0], c[1] - a[1]}
			if seen && o != off {
				return true
			}
			off, seen = o, true
		}
		if !seen {
			continue
		}
		for p, c := range gr.Coords {
			if _, inside := at[[2]int{c[0] + off[0], c[1] + off[1]}]; inside && b.Links[p*g.nd+d] < 0 {
				return true
			}
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

var (
	light = render.Hex("#efd9b4")
	dark  = render.Hex("#b58863")
	ink   = render.Hex("#3d3226")
)

func drawSquares(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	grid := g.Rules.Board.Grids[0]
	// In the positions' order, so that a picture is drawn the same each time.
	for p := 0; p < g.np; p++ {
		c, ok := grid.Coords[p]
		if !ok {
			continue
		}
		fill := light
		if (c[0]+c[1])%2 == 1 {
			fill = dark
		}
		ctr := at(p)
		d.Rect(ctr.X-size/2, ctr.Y-size/2, size, size, render.Style{Fill: fill})
	}
	drawCoordinates(d, g, v, at, size)
	if full := len(grid.Dims[0]) * len(grid.Dims[1]); len(grid.Coords) < full {
		// A board cut out of its grid (Splut's diamond): each square
		// outlined, not the grid's rectangle.
		for p := range grid.Coords {
			ctr := at(p)
			d.Rect(ctr.X-size/2, ctr.Y-size/2, size, size, render.Style{Stroke: ink, Width: 1.5})
		}
		return
	}
	minX, minY, maxX, maxY := bounds(g, v, at)
	d.Rect(minX-size/2, minY-size/2, maxX-minX+size, maxY-minY+size, render.Style{Stroke: ink, Width: 2})
}

// drawCoordinates writes the grid's coordinates along the bottom and the
// left edge, outside a board whose cells are edge units wide.
func drawCoordinates(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, edge float64) {
	grid := g.Rules.Board.Grids[0]
	col, row := 0, 1
	if st := v.Grids[0].Steps; len(st) == 2 && math.Abs(st[0][1]) > math.Abs(st[1][1]) {
		col, row = 1, 0
	}
	minX, _, _, maxY := bounds(g, v, at)
	label := render.Font{Size: 13, Anchor: render.Middle, Center: true, Color: ink}
	// Every column and row is named once, below the board and left of
	// it, even where the board's edge does not reach (a diamond).
	cols, rows := map[int]bool{}, map[int]bool{}
	for p := 0; p < g.np; p++ {
		c, ok := grid.Coords[p]
		if !ok {
			continue
		}
		ctr := at(p)
		if !cols[c[col]] {
			cols[c[col]] = true
			d.Text(render.Pt(ctr.X, maxY+edge/2+14), grid.Dims[col][c[col]], label)
		}
		if !rows[c[row]] {
			rows[c[row]] = true
			d.Text(render.Pt(minX-edge/2-16, ctr.Y), grid.Dims[row][c[row]], label)
		}
	}
}

func bounds(g *Game, v *rules.View, at func(int) render.Point) (float64, float64, float64, float64) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for p := 0; p < g.np; p++ {
		if hidden(v, p) {
			continue
		}
		c := at(p)
		minX, minY = math.Min(minX, c.X), math.Min(minY, c.Y)
		maxX, maxY = math.Max(maxX, c.X), math.Max(maxY, c.Y)
	}
	return minX, minY, maxX, maxY
}

func drawHexes(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	r := size / math.Sqrt(3) * 1.02
	for p := 0; p < g.np; p++ {
		if hidden(v, p) {
			continue
		}
		c := at(p)
		var pts []render.Point
		for i := 0; i < 6; i++ {
			a := math.Pi/6 + float64(i)*math.Pi/3
			pts = append(pts, render.Pt(c.X+r*math.Cos(a), c.Y+r*math.Sin(a)))
		}
		d.Polygon(pts, render.Style{Fill: light, Stroke: dark, Width: 2})
	}
	drawHexEdges(d, g, v, at, size)
	drawHexCoordinates(d, g, v, at, size)
}

func drawLines(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	b := &g.Rules.Board
	line := render.Style{Stroke: render.Hex("#8a7560"), Width: 2.5}
	for p := 0; p < g.np; p++ {
		for dir := 0; dir < g.nd; dir++ {
			q := int(b.Links[p*g.nd+dir])
			if q < 0 || hidden(v, p) || hidden(v, q) {
				continue
			}
			d.Line(at(p), at(q), line)
		}
	}
	for p := 0; p < g.np; p++ {
		if hidden(v, p) {
			continue
		}
		c := at(p)
		d.Circle(c.X, c.Y, size*0.16, render.Style{Fill: light, Stroke: ink, Width: 1.5})
	}
}

// namedColors are the colours of players named after one.
var namedColors = map[string]string{"white": "#f7f3ea", "black": "#262626", "red": "#c0392b", "blue": "#2e6fb8",
	"yellow": "#f1c40f", "green": "#27ae60", "orange": "#e67e22", "purple": "#8e44ad", "grey": "#9a968c", "gray": "#9a968c"}

// PlayerColor returns the colour Picture gives player p's pieces in the
// game of s, with the view v, as "#rrggbb": a page shows a seat in the
// colour of its pieces. The marks of X and O on paper are in ink. The
// moves it looks at to know how the board is drawn are generated under
// s's budget, as Picture's are.
func PlayerColor(s *State, v *rules.View, p int) string {
	g := s.g
	f := newPictureFrame(g, v)
	if isMark(g.Rules.Players[p].Name) && styleOf(g, v, f.at, f.size, s.meter.b) == paper {
		return playerInkHex(g, p)
	}
	return pieceColor(g, p)
}

// pieceColor is the fill of player p's pieces, as "#rrggbb".
func pieceColor(g *Game, p int) string {
	if c, ok := namedColors[strings.ToLower(g.Rules.Players[p].Name)]; ok {
		return c
	}
	return playerPalette[p%len(playerPalette)]
}

// playerPalette colours the players not named after a colour, by index.
var playerPalette = []string{"#f7f3ea", "#262626", "#c0392b", "#2e6fb8", "#27ae60", "#8e44ad"}

// playerColor picks a colour for a player, from its name when it is one.
func playerColor(g *Game, p int) render.Color {
	return render.Hex(pieceColor(g, p))
}

func drawPiece(d *render.Drawing, g *Game, pc Piece, c render.Point, size float64) {
	fill := playerColor(g, pc.Owner())
	pt := g.Rules.Pieces[pc.Type()]
	if n := tileNumber(g, pt.Name); n != "" {
		drawNumberTile(d, n, c, size)
		return
	}
	if chessSet(g) {
		line := render.Hex("#1b1b1b")
		if lum(fill) < 0.5 {
			line = render.Hex("#d8d0c0")
		}
		if render.ChessPiece(d, pt.Name, c, size, fill, line) {
			return
		}
	}
	d.Circle(c.X+1.5, c.Y+2, size*0.38, render.Style{Fill: render.Hex("#00000040")})
	d.Circle(c.X, c.Y, size*0.38, render.Style{Fill: fill, Stroke: render.Hex("#1b1b1b"), Width: 1.5})
	textColor := render.Hex("#1b1b1b")
	if lum(fill) < 0.5 {
		textColor = render.Hex("#f7f3ea")
	}
	if g.ntypes > 1 {
		d.Text(c, pieceLetter(pt), render.Font{Size: size * 0.36, Anchor: render.Middle, Center: true,
			Bold: true, Color: textColor})
	}
}

func lum(c render.Color) float64 {
	return (0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)) / 255
}

// chessSet reports whether the game's pieces are chess pieces (a King and
// at least two of the others by name), which are drawn as such; a King of
// draughts stays a disc.
func chessSet(g *Game) bool {
	names := pieceNames(g)
	n := 0
	for _, k := range []string{"queen", "rook", "bishop", "knight", "pawn"} {
		if names[k] {
			n++
		}
	}
	return names["king"] && n >= 2
}
