package twenty48

import (
	"fmt"
	"strconv"

	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/render/plot"
)

// The original game's colours.
var (
	boardColor = render.Hex("#bbada0")
	emptyColor = render.Hex("#cdc1b4")
	darkText   = render.Hex("#776e65")
	lightText  = render.Hex("#f9f6f2")
	tileColors = map[int]render.Color{
		2: render.Hex("#eee4da"), 4: render.Hex("#ede0c8"), 8: render.Hex("#f2b179"),
		16: render.Hex("#f59563"), 32: render.Hex("#f67c5f"), 64: render.Hex("#f65e3b"),
		128: render.Hex("#edcf72"), 256: render.Hex("#edcc61"), 512: render.Hex("#edc850"),
		1024: render.Hex("#edc53f"), 2048: render.Hex("#edc22e"),
	}
	superColor = render.Hex("#3c3a32") // tiles above 2048
)

// Board drawing geometry in user units: a 500-unit board, as the original.
const (
	boardSize = 500.0
	cellGap   = 15.0
	cellSize  = (boardSize - 5*cellGap) / 4
)

// DrawBoard draws a board of tile values (row-major) with its top-left
// corner at (x, y), size units wide, in the colours of the original game.
func DrawBoard(c render.Canvas, tiles [16]int, x, y, size float64) {
	k := size / boardSize
	cv := render.Translate(c, x, y, k)
	roundRect(cv, 0, 0, boardSize, boardSize, 6, render.Style{Fill: boardColor})
	for i, v := range tiles {
		cx := cellGap + float64(i%4)*(cellSize+cellGap)
		cy := cellGap + float64(i/4)*(cellSize+cellGap)
		if v == 0 {
			roundRect(cv, cx, cy, cellSize, cellSize, 3, render.Style{Fill: emptyColor})
			continue
		}
		fill, ok := tileColors[v]
		if !ok {
			fill = superColor
		}
		ink := lightText
		if v <= 4 {
			ink = darkText
		}
		roundRect(cv, cx, cy, cellSize, cellSize, 3, render.Style{Fill: fill})
		label := strconv.Itoa(v)
		cv.Text(render.Pt(cx+cellSize/2, cy+cellSize/2), label,
			render.Font{Size: tileFontSize(len(label)), Color: ink, Anchor: render.Middle, Bold: true, Center: true})
	}
}

// roundRect draws a rectangle with rounded corners of radius r, as the
// original's tiles have.
func roundRect(cv render.Canvas, x, y, w, h, r float64, s render.Style) {
	p := new(render.Path).MoveTo(render.Pt(x+r, y)).
		LineTo(render.Pt(x+w-r, y)).QuadTo(render.Pt(x+w, y), render.Pt(x+w, y+r)).
		LineTo(render.Pt(x+w, y+h-r)).QuadTo(render.Pt(x+w, y+h), render.Pt(x+w-r, y+h)).
		LineTo(render.Pt(x+r, y+h)).QuadTo(render.Pt(x, y+h), render.Pt(x, y+h-r)).
		LineTo(render.Pt(x, y+r)).QuadTo(render.Pt(x, y), render.Pt(x+r, y)).Close()
	cv.Path(p, s)
}

// tileFontSize shrinks the label as the tile gets more digits, as the
// original does.
func tileFontSize(digits int) float64 {
	switch {
	case digits <= 2:
		return 55
	case digits == 3:
		return 45
	case digits == 4:
		return 35
	case digits == 5:
		return 29
	}
	return 24
}

// BoardDrawing returns a picture of a board with a caption line above it.
func BoardDrawing(tiles [16]int, caption string) *render.Drawing {
	const margin, top = 20.0, 56.0
	d := render.New(boardSize+2*margin, boardSize+margin+top)
	d.Background = render.Hex("#faf8ef")
	d.Text(render.Pt(margin, 36), caption, render.FitText(caption, render.Font{Size: 22, Color: darkText, Bold: true}, boardSize))
	DrawBoard(d, tiles, margin, top, boardSize)
	return d
}

// PlotResults draws the score distribution and the max-tile histogram of a
// set of games side by side.
func PlotResults(games []GameResult, title string) *render.Drawing {
	scores := make([]float64, len(games))
	counts := map[int]int{}
	lo, hi := 1<<30, 0
	for i, g := range games {
		scores[i] = float64(g.Score)
		counts[g.MaxTile]++
		lo, hi = min(lo, g.MaxTile), max(hi, g.MaxTile)
	}
	var bars []plot.Bar
	for t := max(lo, 2); t <= hi; t *= 2 {
		bars = append(bars, plot.Bar{Label: strconv.Itoa(t), Value: 100 * float64(counts[t]) / float64(max(len(games), 1))})
	}
	bins := min(20, max(5, len(games)/5))
	charts := []*plot.Chart{
		{Title: fmt.Sprintf("Score of %d games: %s", len(games), title), XLabel: "score", YLabel: "games",
			Bars: plot.Histogram(scores, bins)},
		{Title: "Largest tile", XLabel: "tile", YLabel: "% of games", Bars: bars, BarColor: render.Hex("#edc22e")},
	}
	return plot.Grid(charts, 2, 560, 380)
}
