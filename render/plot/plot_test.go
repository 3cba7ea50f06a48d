package plot

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"
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
