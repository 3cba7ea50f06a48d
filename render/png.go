package render

import (
	"fmt"
	"image/png"
	"io"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// maxPNGPixels bounds the raster size so that a drawing with an absurd size
// or scale fails with an error instead of exhausting memory.
const maxPNGPixels = 64 << 20

// WritePNG rasterises the drawing at d.Scale pixels per unit and encodes it as
// PNG.
func (d *Drawing) WritePNG(w io.Writer) error {
	img, err := d.raster()
	if err != nil {
		return err
	}
	return png.Encode(w, img.Image())
}

func (d *Drawing) raster() (*gg.Context, error) {
	k := d.Scale
	if k <= 0 {
		k = 1
	}
	wpx, hpx := int(math.Ceil(d.Width*k)), int(math.Ceil(d.Height*k))
	if wpx <= 0 || hpx <= 0 || wpx*hpx > maxPNGPixels {
		return nil, fmt.Errorf("render: cannot rasterise a %dx%d pixel picture", wpx, hpx)
	}
	dc := gg.NewContext(wpx, hpx)
	dc.Scale(k, k)
	if d.Background.Visible() {
		dc.SetColor(d.Background)
		dc.Clear()
	}
	faces := faceCache{}
	for _, s := range d.shapes {
		drawPNGShape(dc, s, k, faces)
	}
	return dc, nil
}

func drawPNGShape(dc *gg.Context, s shape, k float64, faces faceCache) {
	switch s.kind {
	case kindRect:
		dc.DrawRectangle(s.pts[0].X, s.pts[0].Y, s.pts[1].X, s.pts[1].Y)
		paintPNG(dc, s.style, true, k)
	case kindCircle:
		dc.DrawCircle(s.pts[0].X, s.pts[0].Y, s.pts[1].X)
		paintPNG(dc, s.style, true, k)
	case kindLine:
		dc.DrawLine(s.pts[0].X, s.pts[0].Y, s.pts[1].X, s.pts[1].Y)
		paintPNG(dc, s.style, false, k)
	case kindPolyline, kindPolygon:
		for i, p := range s.pts {
			if i == 0 {
				dc.MoveTo(p.X, p.Y)
			} else {
				dc.LineTo(p.X, p.Y)
			}
		}
		if s.kind == kindPolygon {
			dc.ClosePath()
		}
		paintPNG(dc, s.style, s.kind == kindPolygon, k)
	case kindPath:
		tracePath(dc, s.path)
		paintPNG(dc, s.style, true, k)
	case kindText:
		drawPNGText(dc, s, k, faces)
	}
}

func tracePath(dc *gg.Context, p *Path) {
	for _, sg := range p.segs {
		switch sg.op {
		case opMove:
			dc.MoveTo(sg.pts[0].X, sg.pts[0].Y)
		case opLine:
			dc.LineTo(sg.pts[0].X, sg.pts[0].Y)
		case opQuad:
			dc.QuadraticTo(sg.pts[0].X, sg.pts[0].Y, sg.pts[1].X, sg.pts[1].Y)
		case opCubic:
			dc.CubicTo(sg.pts[0].X, sg.pts[0].Y, sg.pts[1].X, sg.pts[1].Y, sg.pts[2].X, sg.pts[2].Y)
		case opClose:
			dc.ClosePath()
		}
	}
}

// paintPNG fills and strokes the current path. Coordinates go through the
// context's scale, but gg draws line widths and dashes in pixels, so they
// are scaled here by k, the pixels per unit, as SVG scales them.
func paintPNG(dc *gg.Context, s Style, fillable bool, k float64) {
	if fillable && s.Fill.Visible() {
		dc.SetColor(s.Fill)
		if s.Stroke.Visible() {
			dc.FillPreserve()
		} else {
			dc.Fill()
		}
	}
	if s.Stroke.Visible() {
		dc.SetColor(s.Stroke)
		w := s.Width
		if w == 0 {
			w = 1
		}
		dc.SetLineWidth(w * k)
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
		dash := make([]float64, len(s.Dash))
		for i, v := range s.Dash {
			dash[i] = v * k
		}
		dc.SetDash(dash...)
		dc.Stroke()
		dc.SetDash()
	}
	dc.ClearPath()
}

func drawPNGText(dc *gg.Context, s shape, k float64, faces faceCache) {
	f := s.font
	size := f.Size
	if size == 0 {
		size = 12
	}
	// Faces are rasterised at device resolution so text stays sharp when the
	// drawing is scaled; the context's transform is undone around the call.
	face := faces.get(f.Bold, f.Mono, size*k)
	dc.Push()
	dc.Identity()
	dc.SetFontFace(face)
	c := f.Color
	if !c.Visible() {
		c = RGB(0, 0, 0)
	}
	dc.SetColor(c)
	ax := [...]float64{0, 0.5, 1}[f.Anchor]
	ay := 0.0
	if f.Center {
		ay = 0.35 // the optical middle of Latin glyphs, as SVG's "central"
	}
	text := s.text
	if f.Alt != "" && !hasGlyphs(parsedFont(f.Bold, f.Mono), text) {
		text = f.Alt
	}
	if f.Turned {
		dc.RotateAbout(math.Pi, s.pts[0].X*k, s.pts[0].Y*k)
	}
	dc.DrawStringAnchored(text, s.pts[0].X*k, s.pts[0].Y*k, ax, ay)
	dc.Pop()
}

// hasGlyphs reports whether the font draws every character of text.
func hasGlyphs(f *truetype.Font, text string) bool {
	for _, r := range text {
		if r != ' ' && f.Index(r) == 0 {
			return false
		}
	}
	return true
}

type faceKey struct {
	bold, mono bool
	size       float64
}

// faceCache holds the faces of one rasterisation: a font.Face keeps glyph
// caches and is not safe for concurrent use, while parsed fonts are.
type faceCache map[faceKey]font.Face

var (
	fontMu    sync.Mutex
	fontFiles = map[[2]bool]*truetype.Font{}
)

func (c faceCache) get(bold, mono bool, size float64) font.Face {
	key := faceKey{bold, mono, math.Round(size*4) / 4}
	if f, ok := c[key]; ok {
		return f
	}
	f := truetype.NewFace(parsedFont(bold, mono), &truetype.Options{Size: key.size, Hinting: font.HintingFull})
	c[key] = f
	return f
}

func parsedFont(bold, mono bool) *truetype.Font {
	fontMu.Lock()
	defer fontMu.Unlock()
	ttf := fontFiles[[2]bool{bold, mono}]
	if ttf == nil {
		data := goregular.TTF
		switch {
		case mono:
			data = gomono.TTF
		case bold:
			data = gobold.TTF
		}
		var err error
		ttf, err = truetype.Parse(data)
		if err != nil {
			// The Go fonts are compiled in; failing to parse them is a
			// broken build, not a runtime condition.
			panic("render: embedded Go font does not parse: " + err.Error())
		}
		fontFiles[[2]bool{bold, mono}] = ttf
	}
	return ttf
}

// TextWidth returns the width of text in f's font, in user units, as the
// PNG backend draws it (the Go fonts). Browsers draw SVG text in their own
// sans-serif, which may be a few percent wider: leave room (see FitText).
func TextWidth(text string, f Font) float64 {
	size := f.Size
	if size == 0 {
		size = 12
	}
	// Measured at 100 units and scaled, so hinting does not skew small sizes.
	face := truetype.NewFace(parsedFont(f.Bold, f.Mono), &truetype.Options{Size: 100})
	defer face.Close()
	return float64(font.MeasureString(face, text)) / 64 * size / 100
}

// FitText returns f with its size reduced, if need be, so that text fits in
// width units in any renderer: its width in the Go fonts is kept within 85%
// of width, room for a browser's wider sans-serif.
func FitText(text string, f Font, width float64) Font {
	if f.Size == 0 {
		f.Size = 12
	}
	if w := TextWidth(text, f); w > 0.85*width {
		f.Size *= 0.85 * width / w
	}
	return f
}
