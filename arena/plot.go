package arena

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/render/plot"
)

// Chart sizes: each chart of a report's picture is chartW by chartH.
const chartW, chartH = 640, 360

// SavePlot draws a report's charts side by side into an SVG or PNG file
// (by extension), written atomically.
func SavePlot(path string, charts []*plot.Chart) error {
	if len(charts) == 0 {
		return fmt.Errorf("%s: nothing to plot", path)
	}
	return render.Save(path, plotDrawing(charts))
}

// WritePlotSVG draws a report's charts as SavePlot does, as SVG to w: a
// page shows the picture a run's file holds.
func WritePlotSVG(w io.Writer, charts []*plot.Chart) error {
	if len(charts) == 0 {
		return fmt.Errorf("nothing to plot")
	}
	return plotDrawing(charts).WriteSVG(w)
}

// plotDrawing lays out a report's charts, two a row.
func plotDrawing(charts []*plot.Chart) *render.Drawing {
	return plot.Grid(charts, min(len(charts), 2), chartW, chartH)
}

// Charts returns the running score of the first bot with its 95%
// interval, game after game, and the histogram of game lengths.
func (m *MatchReport) Charts() []*plot.Chart {
	title := "Score of " + m.Bots[0]
	return []*plot.Chart{
		runningScore(m.records, title, func(r *Record) int { return seatOf(r, m.Bots[0]) }),
		lengthHistogram(m.records),
	}
}

// Charts returns the Elo ratings and the histogram of game lengths.
func (t *TournamentReport) Charts() []*plot.Chart {
	elo := &plot.Chart{Title: "Elo ratings", YLabel: "Elo"}
	for i, name := range t.Bots {
		elo.Bars = append(elo.Bars, plot.Bar{Label: name, Value: t.Elo[i]})
	}
	return []*plot.Chart{elo, lengthHistogram(t.records)}
}

// Charts returns the first player's running score with its 95% interval,
// the branching factor along the game and the histogram of game lengths.
func (b *BalanceReport) Charts() []*plot.Chart {
	branching := &plot.Chart{Title: "Branching factor", XLabel: "move", YLabel: "legal moves"}
	var xs []float64
	for k := range b.BranchingByMove {
		xs = append(xs, float64(k+1))
	}
	branching.Series = []plot.Series{{X: xs, Y: b.BranchingByMove}}
	first := runningScore(b.records, "Score of the first player", func(*Record) int { return 0 })
	return []*plot.Chart{first, branching, lengthHistogram(b.records)}
}

// seatOf returns the seat of the bot called name in r, or -1.
func seatOf(r *Record, name string) int {
	for s, n := range r.Seats {
		if n == name {
			return s
		}
	}
	return -1
}

// runningScore plots the mean score of the side seat(r) picks, after each
// game in order, with its 95% interval as a band.
func runningScore(recs []*Record, title string, seat func(r *Record) int) *plot.Chart {
	var s plot.Series // one line: no legend
	var t Tally
	for _, r := range recs {
		if k := seat(r); k >= 0 {
			t.add(r, k)
		}
		if t.Games == 0 {
			continue
		}
		iv := t.ScoreInterval()
		s.X = append(s.X, float64(t.Games))
		s.Y = append(s.Y, t.Score())
		s.Lo = append(s.Lo, iv[0])
		s.Hi = append(s.Hi, iv[1])
	}
	return &plot.Chart{Title: title, XLabel: "games", YLabel: "score (95% CI)",
		Series: []plot.Series{s}, YMin: 0, YMax: 1, HLines: []float64{0.5}}
}

// lengthHistogram counts games by length in plies.
func lengthHistogram(recs []*Record) *plot.Chart {
	lengths := make([]int, len(recs))
	for i, r := range recs {
		lengths[i] = r.Plies()
	}
	return &plot.Chart{Title: "Game length", XLabel: "plies", YLabel: "games", Bars: intHistogram(lengths, 25)}
}

// intHistogram counts whole numbers into at most about maxBars bars of a
// whole width, labelled by their range ("12" or "12-15").
func intHistogram(xs []int, maxBars int) []plot.Bar {
	if len(xs) == 0 {
		return nil
	}
	lo, hi := slices.Min(xs), slices.Max(xs)
	width := (hi - lo + maxBars) / maxBars
	bars := make([]plot.Bar, (hi-lo)/width+1)
	for i := range bars {
		from := lo + i*width
		bars[i].Label = strconv.Itoa(from)
		if width > 1 {
			bars[i].Label += "-" + strconv.Itoa(from+width-1)
		}
	}
	for _, x := range xs {
		bars[(x-lo)/width].Value++
	}
	return bars
}
