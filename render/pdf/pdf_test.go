package pdf

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/render"
)

func drawAll(cv render.Canvas) {
	ink := render.Style{Stroke: render.RGB(0, 0, 0), Width: 0.5}
	cv.Rect(10, 10, 50, 30, render.Style{Fill: render.Hex("#1c6fb5"), Stroke: render.RGB(0, 0, 0)})
	cv.Circle(80, 30, 10, render.Style{Fill: render.Hex("#2f8a4c").WithAlpha(128)})
	cv.Line(render.Pt(10, 60), render.Pt(100, 60), render.Style{Stroke: render.RGB(200, 0, 0), Width: 1, Dash: []float64{2, 1}})
	cv.Polyline([]render.Point{render.Pt(10, 70), render.Pt(30, 80), render.Pt(50, 70)}, ink)
	cv.Polygon([]render.Point{render.Pt(60, 70), render.Pt(80, 90), render.Pt(100, 70)}, render.Style{Fill: render.Hex("#f4ead5"), Stroke: render.RGB(0, 0, 0)})
	p := (&render.Path{}).MoveTo(render.Pt(10, 100)).QuadTo(render.Pt(30, 80), render.Pt(50, 100)).
		CubicTo(render.Pt(60, 110), render.Pt(70, 90), render.Pt(80, 100)).LineTo(render.Pt(80, 110)).Close()
	cv.Path(p, ink)
	cv.Text(render.Pt(55, 120), "Tiles – 50 mm", render.Font{Size: 4, Anchor: render.Middle, Bold: true})
	cv.Rect(0, 0, 1, 1, render.Style{}) // paints nothing
}

func TestDocument(t *testing.T) {
	doc := New("test")
	drawAll(doc.AddPage(210, 297))
	drawAll(doc.AddPage(279.4, 215.9)) // Letter, landscape
	if doc.Pages() != 2 {
		t.Fatalf("%d pages", doc.Pages())
	}
	var a, b bytes.Buffer
	if err := doc.Write(&a); err != nil {
		t.Fatal(err)
	}
	s := a.String()
	for _, want := range []string{"%PDF-1.", "/MediaBox [0 0 595.28 841.89]", "/MediaBox [0 0 792.00 612.00]", "/BaseFont /Helvetica-Bold", "%%EOF"} {
		if !strings.Contains(s, want) {
			t.Errorf("the PDF has no %q", want)
		}
	}
	// Fixed dates: the same drawing gives the same bytes.
	again := New("test")
	drawAll(again.AddPage(210, 297))
	drawAll(again.AddPage(279.4, 215.9))
	again.Write(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two equal documents differ")
	}
	path := filepath.Join(t.TempDir(), "x.pdf")
	if err := doc.Save(path); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); !bytes.Equal(data, a.Bytes()) {
		t.Error("Save wrote other bytes than Write")
	}
}

func TestDrawingOnAnEarlierPage(t *testing.T) {
	doc := New("test")
	first := doc.AddPage(100, 100)
	doc.AddPage(100, 100)
	first.Line(render.Pt(0, 0), render.Pt(10, 10), render.Style{Stroke: render.RGB(0, 0, 0)})
	if err := doc.Write(&bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "page 1 after page 2") {
		t.Errorf("drawing on page 1 after page 2: %v", err)
	}
}

// A two-page document: draw on each page's canvas in millimetres, then
// write it.
func Example() {
	doc := New("two hexagons")
	for _, r := range []float64{20, 40} {
		cv := doc.AddPage(210, 297)
		var pts []render.Point
		for i := range 6 {
			c := render.Pt(105, 148)
			pts = append(pts, render.Pt(c.X+r*cos60(i), c.Y+r*sin60(i)))
		}
		cv.Polygon(pts, render.Style{Stroke: render.RGB(0, 0, 0), Width: 0.3})
	}
	var buf bytes.Buffer
	if err := doc.Write(&buf); err != nil {
		fmt.Println(err)
	}
	fmt.Println(doc.Pages(), "pages,", strings.HasPrefix(buf.String(), "%PDF"))
	// Output: 2 pages, true
}

var unit = [6][2]float64{{1, 0}, {0.5, 0.8660254}, {-0.5, 0.8660254}, {-1, 0}, {-0.5, -0.8660254}, {0.5, -0.8660254}}

func cos60(i int) float64 { return unit[i][0] }
func sin60(i int) float64 { return unit[i][1] }
