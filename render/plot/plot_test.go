package plot

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/render"
)

func TestTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		n      int
		want   []float64
	}{
		{0, 10, 5, []float64{0, 2, 4, 6, 8, 10}},
		{0, 1, 4, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}},
		{3, 97, 4, []float64{20, 40, 60, 80}},
		{-1, 1, 2, []float64{-1, 0, 1}},
		{1, 1, 3, nil},
	}
	for _, tt := range tests {
		if got := Ticks(tt.lo, tt.hi, tt.n); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Ticks(%v, %v, %d) = %v, want %v", tt.lo, tt.hi, tt.n, got, tt.want)
		}
	}
}

func TestFormatTick(t *testing.T) {
	tests := map[float64]string{0: "0", math.Copysign(0, -1): "0", 1500: "1500", 25000: "25k", 2e6: "2M", 0.25: "0.25", 10.58: "10.58", 10.59: "10.59", 0.125: "0.125"}
	for v, want := range tests {
		if got := FormatTick(v); got != want {
			t.Errorf("FormatTick(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestTicksNoNegativeZero(t *testing.T) {
	for _, v := range Ticks(-0.1, 1, 5) {
		if v == 0 && math.Signbit(v) {
			t.Errorf("Ticks(-0.1, 1, 5) has -0")
		}
	}
}

func TestHistogram(t *testing.T) {
	bars := Histogram([]float64{0, 1, 2, 3, 4, 9, 10}, 2)
	if len(bars) != 2 || bars[0].Value != 5 || bars[1].Value != 2 {
		t.Fatalf("Histogram = %+v, want counts 5 and 2", bars)
	}
	if bars := Histogram([]float64{3, 3}, 4); len(bars) != 1 || bars[0].Value != 2 {
		t.Fatalf("flat Histogram = %+v", bars)
	}
}

func TestChartDraws(t *testing.T) {
	c := &Chart{
		Title:  "running score",
		Series: []Series{{Name: "p1", X: []float64{1, 2, 3}, Y: []float64{0.5, 0.6, 0.55}, Lo: []float64{0.3, 0.4, 0.45}, Hi: []float64{0.7, 0.8, 0.65}}},
		HLines: []float64{0.5},
	}
	b := &Chart{Title: "tiles", Bars: []Bar{{"2048", 10}, {"4096", 4}}}
	d := Grid([]*Chart{c, b}, 2, 300, 200)
	var buf bytes.Buffer
	if err := d.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"running score", "<polygon", "<polyline", "4096", "stroke-dasharray"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("chart SVG lacks %q", want)
		}
	}
}

// TestCountAxisHasWholeTicks checks that a histogram of a few games has
// no tick at half a game.
func TestCountAxisHasWholeTicks(t *testing.T) {
	c := Chart{Bars: []Bar{{Label: "a", Value: 4}, {Label: "b", Value: 1}}}
	var buf bytes.Buffer
	if err := c.Drawing(400, 300).WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), ">0.5<") || strings.Contains(buf.String(), ">3.5<") {
		t.Errorf("half-count ticks in %s", buf.String())
	}
	if !strings.Contains(buf.String(), ">3<") {
		t.Errorf("no tick at 3 in %s", buf.String())
	}
}

// recorder is a canvas that keeps the points of every shape drawn.
type recorder struct {
	polys, lines [][]render.Point
	circles      []render.Point
	rects        int
}

func (r *recorder) Rect(x, y, w, h float64, s render.Style) { r.rects++ }
func (r *recorder) Circle(cx, cy, _ float64, s render.Style) {
	r.circles = append(r.circles, render.Pt(cx, cy))
}
func (r *recorder) Line(a, b render.Point, s render.Style)        {}
func (r *recorder) Polyline(pts []render.Point, s render.Style)   { r.lines = append(r.lines, pts) }
func (r *recorder) Polygon(pts []render.Point, s render.Style)    { r.polys = append(r.polys, pts) }
func (r *recorder) Path(p *render.Path, s render.Style)           {}
func (r *recorder) Text(at render.Point, t string, f render.Font) {}

// TestSeriesStayInTheFrame: with a fixed y range that cuts the data (a
// close-up), lines, bands and markers are cut at the frame, and what is
// inside is still drawn.
func TestSeriesStayInTheFrame(t *testing.T) {
	c := &Chart{
		Series: []Series{
			{X: []float64{0, 1, 2, 3, 4}, Y: []float64{5, 9, 10.2, 10.4, 10.9},
				Lo: []float64{4, 8.8, 10.1, 10.3, 10.7}, Hi: []float64{6, 9.2, 10.3, 10.5, 11.2}},
			{X: []float64{0, 2, 4}, Y: []float64{20, 10.25, -3}, Points: true},
		},
		YMin: 10, YMax: 10.6,
	}
	var r recorder
	const x, y, w, h = 0, 0, 400, 300
	c.Draw(&r, x, y, w, h)
	// The plotting area of Draw.
	in := func(p render.Point) bool {
		return p.X >= 62-1e-6 && p.X <= w-16+1e-6 && p.Y >= 30-1e-6 && p.Y <= h-46+1e-6
	}
	if len(r.lines) == 0 || len(r.polys) == 0 || len(r.circles) != 1 {
		t.Fatalf("drawn: %d lines, %d bands, %d markers; want some lines, a band and one marker", len(r.lines), len(r.polys), len(r.circles))
	}
	for _, shapes := range [][][]render.Point{r.lines, r.polys, {r.circles}} {
		for _, pts := range shapes {
			for _, p := range pts {
				if !in(p) {
					t.Errorf("point %v drawn outside the frame", p)
				}
			}
		}
	}
}

func TestClipPolyline(t *testing.T) {
	b := box{0, 0, 10, 10}
	runs := b.clipPolyline([]render.Point{{X: -5, Y: 5}, {X: 5, Y: 5}, {X: 5, Y: 15}, {X: 8, Y: 15}, {X: 8, Y: 5}})
	want := [][]render.Point{{{X: 0, Y: 5}, {X: 5, Y: 5}, {X: 5, Y: 10}}, {{X: 8, Y: 10}, {X: 8, Y: 5}}}
	if !reflect.DeepEqual(runs, want) {
		t.Errorf("runs %v, want %v", runs, want)
	}
	if got := b.clipPolygon([]render.Point{{X: 20, Y: 20}, {X: 30, Y: 20}, {X: 30, Y: 30}}); got != nil {
		t.Errorf("a polygon outside the box clips to %v", got)
	}
}
