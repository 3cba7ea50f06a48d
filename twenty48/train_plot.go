package twenty48

import (
	"fmt"
	"strconv"

	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/render/plot"
)

// CurveDrawing draws a learning curve: the mean score, and the share of
// games reaching 8192, 16384 and 32768, against the games played.
func CurveDrawing(curve []CurvePoint, title string) *render.Drawing {
	x := make([]float64, len(curve))
	mean := make([]float64, len(curve))
	for i, p := range curve {
		x[i], mean[i] = float64(p.Games), p.Mean
	}
	var rates []plot.Series
	for _, tile := range []int{8192, 16384, 32768} {
		y := make([]float64, len(curve))
		for i, p := range curve {
			y[i] = 100 * p.Reach[strconv.Itoa(tile)]
		}
		rates = append(rates, plot.Series{Name: strconv.Itoa(tile), X: x, Y: y})
	}
	charts := []*plot.Chart{
		{Title: fmt.Sprintf("Mean score while learning: %s", title), XLabel: "games", YLabel: "mean score",
			Series: []plot.Series{{Name: "mean score", X: x, Y: mean}}},
		{Title: "Games reaching a tile", XLabel: "games", YLabel: "% of games", Series: rates, YMin: 0, YMax: 100},
	}
	return plot.Grid(charts, 2, 560, 380)
}
