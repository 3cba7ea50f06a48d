// Package plot draws the statistics charts ludus reports: line charts with
// confidence bands (running scores, objective against time, difficulty
// curves), bar charts and histograms (score distributions, max tiles, game
// lengths). Charts draw on any render.Canvas, so they go to SVG or PNG.
package plot

import (
	"fmt"
	"math"
	"strconv"

	"github.com/ludus-games/ludus/render"
)

// Series is one line (or set of points) of a line chart.
type Series struct {
	Name string
	X, Y []float64
	// Lo and Hi, when both have len(X) values, draw a shaded band around the
	// line, e.g. a 95% confidence interval.
	Lo, Hi []float64
	Color  render.Color // zero: taken from the palette
	Points bool         // draw a marker per point instead of a line
}

// Bar is one bar of a bar chart.
type Bar struct {
	Label string
	Value float64
}

// Chart is a line chart (Series) or a bar chart (Bars); a chart with both
// draws the bars and overlays the lines on the same y axis.
type Chart struct {
	Title, XLabel, YLabel string
	Series                []Series
	Bars                  []Bar
	BarColor              render.Color
	// YMin and YMax fix the y range when YMin < YMax; otherwise it is fitted
	// to the data (and includes zero for bar charts).
	YMin, YMax float64
	// HLines draws horizontal reference lines (e.g. 0.5 for an even score).
	HLines []float64
}

// Palette is the default colour cycle of series.
var Palette = []render.Color{
	render.Hex("#1f77b4"), render.Hex("#d62728"), render.Hex("#2ca02c"),
	render.Hex("#ff7f0e"), render.Hex("#9467bd"), render.Hex("#8c564b"),
}

var (
	ink   = render.Hex("#333333")
	faint = render.Hex("#dddddd")
)

// Drawing returns the chart alone on a drawing of the given size.
func (c *Chart) Drawing(width, height float64) *render.Drawing {
	d := render.New(width, height)
	c.Draw(d, 0, 0, width, height)
	return d
}

// Grid lays out charts in a grid with the given number of columns, each cell
// w by h units, on one drawing.
func Grid(charts []*Chart, cols int, w, h float64) *render.Drawing {
	if cols < 1 {
		cols = 1
	}
	rows := (len(charts) + cols - 1) / cols
	d := render.New(float64(cols)*w, float64(max(rows, 1))*h)
	for i, c := range charts {
		c.Draw(d, float64(i%cols)*w, float64(i/cols)*h, w, h)
	}
	return d
}

// frame maps data coordinates into the plotting rectangle.
type frame struct {
	x0, y0, w, h           float64 // plotting area on the canvas
	xmin, xmax, ymin, ymax float64
}

func (f frame) px(x float64) float64 { return f.x0 + (x-f.xmin)/(f.xmax-f.xmin)*f.w }
func (f frame) py(y float64) float64 { return f.y0 + f.h - (y-f.ymin)/(f.ymax-f.ymin)*f.h }

// Draw draws the chart into the rectangle (x, y, w, h) of cv.
func (c *Chart) Draw(cv render.Canvas, x, y, w, h float64) {
	const left, right, top, bottom = 62, 16, 30, 46
	f := frame{x0: x + left, y0: y + top, w: w - left - right, h: h - top - bottom}
	if f.w <= 10 || f.h <= 10 {
		return
	}
	f.xmin, f.xmax, f.ymin, f.ymax = c.ranges()
	cv.Text(render.Pt(x+w/2, y+18), c.Title, render.FitText(c.Title, render.Font{Size: 14, Anchor: render.Middle, Bold: true, Color: ink}, w-8))
	c.drawAxes(cv, f)
	c.drawBars(cv, f)
	for _, yv := range c.HLines {
		cv.Line(render.Pt(f.x0, f.py(yv)), render.Pt(f.x0+f.w, f.py(yv)),
			render.Style{Stroke: render.Hex("#888888"), Width: 1, Dash: []float64{4, 3}})
	}
	for i, s := range c.Series {
		drawSeries(cv, f, s, seriesColor(s, i))
	}
	c.drawLegend(cv, f)
	cv.Text(render.Pt(f.x0+f.w/2, y+h-8), c.XLabel, render.Font{Size: 12, Anchor: render.Middle, Color: ink})
	cv.Text(render.Pt(x+4, f.y0-10), c.YLabel, render.Font{Size: 12, Color: ink})
}

func seriesColor(s Series, i int) render.Color {
	if s.Color.Visible() {
		return s.Color
	}
	return Palette[i%len(Palette)]
}

// ranges returns the data extents with a little margin, and sane defaults
// for empty or flat data.
func (c *Chart) ranges() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), math.Inf(-1)
	ymin, ymax = math.Inf(1), math.Inf(-1)
	grow := func(v float64, lo, hi *float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return
		}
		*lo, *hi = math.Min(*lo, v), math.Max(*hi, v)
	}
	for _, s := range c.Series {
		for i := range s.X {
			grow(s.X[i], &xmin, &xmax)
			grow(s.Y[i], &ymin, &ymax)
			if len(s.Lo) == len(s.X) && len(s.Hi) == len(s.X) {
				grow(s.Lo[i], &ymin, &ymax)
				grow(s.Hi[i], &ymin, &ymax)
			}
		}
	}
	if len(c.Bars) > 0 {
		grow(-0.5, &xmin, &xmax)
		grow(float64(len(c.Bars))-0.5, &xmin, &xmax)
		grow(0, &ymin, &ymax)
		for _, b := range c.Bars {
			grow(b.Value, &ymin, &ymax)
		}
	}
	for _, v := range c.HLines {
		grow(v, &ymin, &ymax)
	}
	if c.YMin < c.YMax {
		ymin, ymax = c.YMin, c.YMax
	}
	if xmin > xmax {
		xmin, xmax = 0, 1
	}
	if ymin > ymax {
		ymin, ymax = 0, 1
	}
	if xmin == xmax {
		xmin, xmax = xmin-1, xmax+1
	}
	if ymin == ymax {
		ymin, ymax = ymin-1, ymax+1
	}
	if len(c.Bars) == 0 && c.hasPoints() {
		// Markers at the ends of the x range would be cut in half.
		pad := (xmax - xmin) * 0.03
		xmin, xmax = xmin-pad, xmax+pad
	}
	if !(c.YMin < c.YMax) {
		pad := (ymax - ymin) * 0.05
		if ymin != 0 {
			ymin -= pad
		}
		ymax += pad
	}
	return xmin, xmax, ymin, ymax
}

// hasPoints reports whether a series is drawn as markers.
func (c *Chart) hasPoints() bool {
	for _, s := range c.Series {
		if s.Points && len(s.X) > 0 {
			return true
		}
	}
	return false
}

// barsAreCounts reports whether the chart is bars alone, every one a whole
// number, as in a histogram.
func (c *Chart) barsAreCounts() bool {
	if len(c.Bars) == 0 || len(c.Series) > 0 {
		return false
	}
	for _, b := range c.Bars {
		if b.Value != math.Trunc(b.Value) {
			return false
		}
	}
	return true
}

func (c *Chart) drawAxes(cv render.Canvas, f frame) {
	grid := render.Style{Stroke: faint, Width: 1}
	label := render.Font{Size: 11, Anchor: render.End, Center: true, Color: ink}
	counts := c.barsAreCounts()
	for _, t := range Ticks(f.ymin, f.ymax, 6) {
		if counts && t != math.Trunc(t) {
			continue // half a game is no count
		}
		py := f.py(t)
		cv.Line(render.Pt(f.x0, py), render.Pt(f.x0+f.w, py), grid)
		cv.Text(render.Pt(f.x0-6, py), FormatTick(t), label)
	}
	if len(c.Bars) == 0 {
		label = render.Font{Size: 11, Anchor: render.Middle, Color: ink}
		for _, t := range Ticks(f.xmin, f.xmax, 8) {
			px := f.px(t)
			cv.Line(render.Pt(px, f.y0), render.Pt(px, f.y0+f.h), grid)
			cv.Text(render.Pt(px, f.y0+f.h+16), FormatTick(t), label)
		}
	}
	cv.Rect(f.x0, f.y0, f.w, f.h, render.Style{Stroke: ink, Width: 1})
}

func (c *Chart) drawBars(cv render.Canvas, f frame) {
	if len(c.Bars) == 0 {
		return
	}
	col := c.BarColor
	if !col.Visible() {
		col = Palette[0]
	}
	slot := f.w / float64(len(c.Bars))
	step := max(1, int(math.Ceil(float64(len(c.Bars))*40/f.w))) // keep labels apart
	for i, b := range c.Bars {
		top, base := f.py(b.Value), f.py(math.Max(f.ymin, 0))
		cx := f.px(float64(i))
		cv.Rect(cx-slot*0.4, math.Min(top, base), slot*0.8, math.Abs(base-top), render.Style{Fill: col})
		if i%step == 0 {
			cv.Text(render.Pt(cx, f.y0+f.h+16), b.Label, render.Font{Size: 11, Anchor: render.Middle, Color: ink})
		}
	}
}

func drawSeries(cv render.Canvas, f frame, s Series, col render.Color) {
	n := min(len(s.X), len(s.Y))
	if len(s.Lo) == len(s.X) && len(s.Hi) == len(s.X) && n > 1 {
		band := make([]render.Point, 0, 2*n)
		for i := 0; i < n; i++ {
			band = append(band, render.Pt(f.px(s.X[i]), f.py(s.Hi[i])))
		}
		for i := n - 1; i >= 0; i-- {
			band = append(band, render.Pt(f.px(s.X[i]), f.py(s.Lo[i])))
		}
		if band = f.box().clipPolygon(band); band != nil {
			cv.Polygon(band, render.Style{Fill: col.WithAlpha(50)})
		}
	}
	pts := make([]render.Point, 0, n)
	for i := 0; i < n; i++ {
		pts = append(pts, render.Pt(f.px(s.X[i]), f.py(s.Y[i])))
	}
	if s.Points {
		for _, p := range pts {
			if f.box().contains(p) {
				cv.Circle(p.X, p.Y, 2.5, render.Style{Fill: col})
			}
		}
		return
	}
	for _, run := range f.box().clipPolyline(pts) {
		cv.Polyline(run, render.Style{Stroke: col, Width: 1.8})
	}
}

func (c *Chart) drawLegend(cv render.Canvas, f frame) {
	font := render.Font{Size: 11, Center: true, Color: ink}
	// A light panel under the entries keeps them readable over the data.
	width, rows := 0.0, 0
	for _, s := range c.Series {
		if s.Name != "" {
			width, rows = max(width, render.TextWidth(s.Name, font)), rows+1
		}
	}
	if rows == 0 {
		return
	}
	cv.Rect(f.x0+5, f.y0+5, min(width+36, f.w-10), float64(rows)*16+2,
		render.Style{Fill: render.RGB(255, 255, 255).WithAlpha(180)})
	y := f.y0 + 14
	for i, s := range c.Series {
		if s.Name == "" {
			continue
		}
		col := seriesColor(s, i)
		cv.Line(render.Pt(f.x0+10, y), render.Pt(f.x0+28, y), render.Style{Stroke: col, Width: 3})
		cv.Text(render.Pt(f.x0+34, y), s.Name, font)
		y += 16
	}
}

// Ticks returns about n round tick values covering [lo, hi].
func Ticks(lo, hi float64, n int) []float64 {
	if !(hi > lo) || n < 1 {
		return nil
	}
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, m := range []float64{1, 2, 5} {
		if (hi-lo)/(m*mag) <= float64(n)*1.5 {
			step = m * mag
			break
		}
	}
	var ticks []float64
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		// Round away the binary noise of k*step (0.6000000000000001).
		v, _ := strconv.ParseFloat(strconv.FormatFloat(k*step, 'g', 12, 64), 64)
		if v == 0 {
			v = 0 // not -0, which would print as "-0"
		}
		ticks = append(ticks, v)
	}
	return ticks
}

// FormatTick prints a tick value compactly: 1500 as 1.5k, 2000000 as 2M.
func FormatTick(v float64) string {
	a := math.Abs(v)
	switch {
	case v == 0:
		return "0" // also for -0
	case a >= 1e6:
		return strconv.FormatFloat(v/1e6, 'g', 4, 64) + "M"
	case a >= 1e4:
		return strconv.FormatFloat(v/1e3, 'g', 4, 64) + "k"
	case a == math.Trunc(a):
		return fmt.Sprintf("%.0f", v)
	default:
		// Six digits keep close ticks apart (10.58 and 10.59); 'g' drops
		// the trailing zeros of rounder ones.
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
}

// Histogram counts values into bins equal-width bins between their minimum
// and maximum and returns one bar per bin, labelled by the bin's lower edge.
func Histogram(values []float64, bins int) []Bar {
	if len(values) == 0 || bins < 1 {
		return nil
	}
	lo, hi := values[0], values[0]
	for _, v := range values {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	width := (hi - lo) / float64(bins)
	if width == 0 {
		return []Bar{{Label: FormatTick(lo), Value: float64(len(values))}}
	}
	bars := make([]Bar, bins)
	for i := range bars {
		bars[i].Label = FormatTick(lo + float64(i)*width)
	}
	for _, v := range values {
		i := min(int((v-lo)/width), bins-1)
		bars[i].Value++
	}
	return bars
}
