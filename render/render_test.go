package render

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

func sample() *Drawing {
	d := New(100, 60)
	d.Rect(10, 10, 30, 20, Style{Fill: Hex("#ff0000"), Stroke: RGB(0, 0, 0), Width: 2})
	d.Circle(70, 20, 10, Style{Fill: Hex("#00f").WithAlpha(128)})
	d.Line(Pt(0, 59), Pt(100, 59), Style{Stroke: Hex("#333"), Dash: []float64{3, 2}})
	d.Polygon([]Point{{50, 40}, {60, 55}, {40, 55}}, Style{Fill: Hex("#0a0")})
	p := new(Path).MoveTo(Pt(5, 50)).QuadTo(Pt(15, 35), Pt(25, 50)).Close()
	d.Path(p, Style{Stroke: Hex("#000")})
	d.Text(Pt(50, 8), "a<b & \"c\"", Font{Size: 8, Anchor: Middle, Center: true})
	return d
}

func TestSVGGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := sample().WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "sample.svg")
	if *update {
		os.WriteFile(golden, buf.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("SVG differs from %s (run with -update to accept):\n%s", golden, buf.String())
	}
}

func TestPNGPaints(t *testing.T) {
	d := sample()
	d.Scale = 2
	var buf bytes.Buffer
	if err := d.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 200 || b.Dy() != 120 {
		t.Fatalf("size %v, want 200x120", b)
	}
	tests := []struct {
		x, y    int
		r, g, b uint32
	}{
		{50, 40, 0xffff, 0, 0},         // inside the red rectangle
		{2, 2, 0xffff, 0xffff, 0xffff}, // background
		{100, 100, 0, 0xaaaa, 0},       // inside the green triangle
	}
	for _, tt := range tests {
		r, g, b, _ := img.At(tt.x, tt.y).RGBA()
		if r != tt.r || g != tt.g || b != tt.b {
			t.Errorf("pixel (%d,%d) = %x,%x,%x; want %x,%x,%x", tt.x, tt.y, r, g, b, tt.r, tt.g, tt.b)
		}
	}
}

func TestPNGRefusesHugeRaster(t *testing.T) {
	d := New(1e6, 1e6)
	if err := d.WritePNG(&bytes.Buffer{}); err == nil {
		t.Fatal("want an error for a trillion-pixel picture")
	}
}

func TestTranslate(t *testing.T) {
	d := New(10, 10)
	c := Translate(d, 5, 1, 2)
	c.Rect(1, 1, 2, 2, Style{Stroke: Hex("#000"), Width: 1})
	got := d.shapes[0]
	if got.pts[0] != (Point{7, 3}) || got.pts[1] != (Point{4, 4}) || got.style.Width != 2 {
		t.Fatalf("transformed rect = %+v", got)
	}
}

func TestSaveByExtension(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.svg", "a.png"} {
		if err := Save(filepath.Join(dir, name), sample()); err != nil {
			t.Fatal(err)
		}
	}
	if err := Save(filepath.Join(dir, "a.gif"), sample()); err == nil {
		t.Fatal("want an error for .gif")
	}
}

func TestHex(t *testing.T) {
	tests := map[string]Color{"#fff": {255, 255, 255, 255}, "#102030": {16, 32, 48, 255}, "#10203040": {16, 32, 48, 64}}
	for in, want := range tests {
		if got := Hex(in); got != want {
			t.Errorf("Hex(%q) = %v, want %v", in, got, want)
		}
	}
}

// Every chess piece has a drawing; other names have none.
func TestChessPieces(t *testing.T) {
	for _, k := range []string{"King", "queen", "ROOK", "Bishop", "Knight", "Pawn"} {
		d := New(100, 100)
		if !ChessPiece(d, k, Pt(50, 50), 80, Hex("#fff"), Hex("#000")) || d.Len() < 2 {
			t.Errorf("%s: not drawn", k)
		}
	}
	if ChessPiece(New(10, 10), "Man", Pt(5, 5), 8, Hex("#fff"), Hex("#000")) {
		t.Error("a draughts man drawn as a chess piece")
	}
}

// Text whose characters the PNG backend's fonts lack is drawn as its Alt;
// text they have is drawn as itself, whatever its Alt.
func TestPNGAltText(t *testing.T) {
	draw := func(text, alt string) []byte {
		d := New(40, 40)
		d.Text(Pt(20, 20), text, Font{Size: 20, Anchor: Middle, Center: true, Alt: alt})
		var b bytes.Buffer
		if err := d.WritePNG(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	k := draw("K", "")
	if !bytes.Equal(draw("帥", "K"), k) {
		t.Error("帥 with Alt K is not drawn as K")
	}
	if bytes.Equal(draw("帥", ""), k) || bytes.Equal(draw("R", "K"), k) {
		t.Error("text drawn as an Alt it should not use")
	}
}

// Groups are written as <g> with their class and data attributes only,
// escaped; the PNG backend draws their shapes alone.
func TestSVGGroups(t *testing.T) {
	d := New(20, 20)
	d.Open(Attr{"class", "piece"}, Attr{"data-at", `e4"x`}, Attr{"onclick", "alert(1)"}, Attr{"data-X", "no"})
	d.Circle(10, 10, 5, Style{Fill: Hex("#000")})
	d.Close()
	var b bytes.Buffer
	if err := d.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	want := "<g class=\"piece\" data-at=\"e4&quot;x\">\n<circle cx=\"10\" cy=\"10\" r=\"5\" fill=\"#000000\"/>\n</g>\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("the group is written\n%s\nwant\n%s", b.String(), want)
	}
	if err := d.WritePNG(&bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
}
