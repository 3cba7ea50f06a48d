package tiles

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestHoneycombFitsAndMirrors(t *testing.T) {
	for _, tc := range []struct {
		paper string
		size  float64
		want  int // tiles per page
	}{
		{"a4", 50, 12},
		{"a4", 40, 20},
		{"letter", 50, 11},
		{"a4", 150, 1},
	} {
		opt := DefaultPrintOptions()
		opt.Paper, opt.Size = tc.paper, tc.size
		if err := opt.defaults(); err != nil {
			t.Fatal(err)
		}
		pw, ph := papers[tc.paper][0], papers[tc.paper][1]
		pts := honeycomb(pw, ph, opt)
		if len(pts) != tc.want {
			t.Errorf("%s, %g mm: %d tiles a page, want %d", tc.paper, tc.size, len(pts), tc.want)
		}
		halfW, halfH := tc.size/math.Sqrt(3)+opt.Bleed, tc.size/2+opt.Bleed
		for i, p := range pts {
			// Inside the margins, and so is its mirror image either way.
			for _, q := range []struct{ X, Y float64 }{{p.X, p.Y}, {pw - p.X, p.Y}, {p.X, ph - p.Y}} {
				if q.X-halfW < opt.Margin-1e-9 || q.X+halfW > pw-opt.Margin+1e-9 ||
					q.Y-halfH < opt.Margin+headerSpace-1e-9 || q.Y+halfH > ph-opt.Margin-headerSpace+1e-9 {
					t.Errorf("%s, %g mm: tile at %.1f,%.1f leaves the page's margins", tc.paper, tc.size, q.X, q.Y)
				}
			}
			// Neighbours are a gap apart: centres at least size+gap apart.
			for _, o := range pts[:i] {
				if d := math.Hypot(p.X-o.X, p.Y-o.Y); d < tc.size+opt.Gap-1e-9 {
					t.Errorf("%s, %g mm: tiles %.1f mm apart, want at least %g", tc.paper, tc.size, d, tc.size+opt.Gap)
				}
			}
		}
	}
	opt := PrintOptions{Size: 300}
	if _, err := PrintSheets(RandomSet(rand.New(rand.NewPCG(1, 1)), 3), opt); err == nil || !strings.Contains(err.Error(), "does not fit") {
		t.Errorf("a 300 mm tile: %v", err)
	}
	for _, bad := range []PrintOptions{{Paper: "a3"}, {Flip: "sideways"}, {Size: 5}, {Gap: 2, Bleed: 2}} {
		if _, err := PrintSheets(RandomSet(rand.New(rand.NewPCG(1, 1)), 3), bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func printedSet(t *testing.T) Set {
	set, err := LoadSet(filepath.Join("..", "examples", "tiles", "best.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestPrintPDF checks the PDF's structure: pages of A4 in points, fronts
// and backs alternating, the same bytes every time.
func TestPrintPDF(t *testing.T) {
	opt := DefaultPrintOptions()
	opt.Labels, opt.Title = true, "best"
	sheets, err := PrintSheets(printedSet(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(sheets) != 4 || sheets[0].Back || !sheets[1].Back || len(sheets[0].Tiles) != 12 || len(sheets[2].Tiles) != 8 {
		t.Fatalf("%d sheets: %+v", len(sheets), sheets)
	}
	var a, b bytes.Buffer
	if err := WritePrintPDF(&a, sheets, "best"); err != nil {
		t.Fatal(err)
	}
	WritePrintPDF(&b, sheets, "best")
	pdf := a.String()
	if !strings.HasPrefix(pdf, "%PDF-1.") || !strings.HasSuffix(strings.TrimSpace(pdf), "%%EOF") {
		t.Fatalf("not a PDF: %q...", pdf[:min(20, len(pdf))])
	}
	if n := len(regexp.MustCompile(`/Type /Page\b`).FindAllString(pdf, -1)); n != 4 {
		t.Errorf("%d page objects, want 4", n)
	}
	if !strings.Contains(pdf, "/MediaBox [0 0 595.28 841.89]") {
		t.Error("no A4 media box (595.28 x 841.89 points)")
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two writes of the same sheets differ")
	}
}

func TestPrintSVG(t *testing.T) {
	opt := DefaultPrintOptions()
	opt.Paper, opt.Size = "letter", 40
	sheets, err := PrintSheets(printedSet(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WritePrintSVG(&buf, sheets); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	// 16 tiles of 40 mm a page: two sheets, four pages of 280 mm with 10
	// mm between.
	if len(sheets) != 4 || !strings.Contains(svg, `width="215.9mm" height="1150mm"`) {
		t.Errorf("%d sheets; SVG header %q: want four Letter pages in millimetres", len(sheets), svg[:min(120, len(svg))])
	}
	if n := strings.Count(svg, `<polygon`); n < 2*20 {
		t.Errorf("%d polygons, want a cut line for both sides of 20 tiles", n)
	}
}

// TestPrintBacksBehindFronts renders the first two pages with pdftoppm
// (poppler-utils) and checks that the back page, turned over the long
// edge, covers exactly the front page's tiles: its inked area mirrored
// left to right is the front's, within the tile band.
func TestPrintBacksBehindFronts(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) not installed")
	}
	opt := DefaultPrintOptions()
	opt.Labels = true
	sheets, err := PrintSheets(printedSet(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "tiles.pdf")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := WritePrintPDF(f, sheets[:2], "t"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out, err := exec.Command("pdftoppm", "-r", "30", "-png", path, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	front, back := readPNG(t, filepath.Join(dir, "p-1.png")), readPNG(t, filepath.Join(dir, "p-2.png"))
	bw, bh := front.Bounds().Dx(), front.Bounds().Dy()
	inked := func(img image.Image, x, y int) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		return r+g+b < 3*0xf000
	}
	// near reports whether img is inked within a pixel of (x, y), which
	// forgives the rounding of the two rasterisations.
	near := func(img image.Image, x, y int) bool {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if inked(img, x+dx, y+dy) {
					return true
				}
			}
		}
		return false
	}
	top, bottom := bh*(10+headerSpace)/297, bh*(297-10-headerSpace)/297
	same, total := 0, 0
	for y := top; y < bottom; y++ {
		for x := range bw {
			mx := bw - 1 - x
			a, b := inked(front, x, y), inked(back, mx, y)
			if a || b {
				total++
				if (!a || near(back, mx, y)) && (!b || near(front, x, y)) {
					same++
				}
			}
		}
	}
	// What differs is the tile numbers, printed at the same corner on
	// both sides rather than in mirror image.
	if total == 0 || float64(same) < 0.99*float64(total) {
		t.Errorf("mirrored back matches the front on %d of %d inked pixels", same, total)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}
