// Package render draws boards, grids, polygons, hexes and plots for every part
// of ludus. A picture is built once on a Drawing, through the Canvas interface,
// and then encoded by a backend: SVG (written here, no dependency) or PNG
// (rasterised with fogleman/gg and the Go fonts).
//
// Coordinates are in user units with the origin at the top left and y growing
// downwards, as in SVG. A PNG is drawn at Scale pixels per unit.
package render

import (
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strings"

	"github.com/ludus-games/ludus/internal/atomicfile"
)

// Point is a position in user units.
type Point struct{ X, Y float64 }

// Pt is shorthand for Point{x, y}.
func Pt(x, y float64) Point { return Point{x, y} }

// Color is a straight (not premultiplied) RGBA colour. The zero Color is
// transparent, which in a Style means "none".
type Color struct{ R, G, B, A uint8 }

// RGB returns an opaque colour.
func RGB(r, g, b uint8) Color { return Color{r, g, b, 255} }

// Hex parses "#rgb" or "#rrggbb" (and "#rrggbbaa"); an invalid string gives
// opaque black so that a typo shows up in the picture instead of vanishing.
func Hex(s string) Color {
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	var c Color
	c.A = 255
	switch len(s) {
	case 6:
		fmt.Sscanf(s, "%02x%02x%02x", &c.R, &c.G, &c.B)
	case 8:
		fmt.Sscanf(s, "%02x%02x%02x%02x", &c.R, &c.G, &c.B, &c.A)
	}
	return c
}

// WithAlpha returns c with its alpha replaced by a.
func (c Color) WithAlpha(a uint8) Color { c.A = a; return c }

// Visible reports whether the colour paints anything.
func (c Color) Visible() bool { return c.A != 0 }

// RGBA implements color.Color.
func (c Color) RGBA() (r, g, b, a uint32) {
	return color.NRGBA{c.R, c.G, c.B, c.A}.RGBA()
}

// Style says how a shape is filled and outlined. A zero Fill or Stroke is not
// painted; a zero Width with a visible Stroke means 1 unit.
type Style struct {
	Fill   Color
	Stroke Color
	Width  float64
	Dash   []float64 // on/off lengths in user units; nil for solid
}

// Anchor is the horizontal alignment of text relative to its point.
type Anchor int

// Text anchors.
const (
	Start Anchor = iota
	Middle
	End
)

// Font says how text is drawn. Text is vertically centred on its point when
// Center is set, otherwise the point is on the baseline.
type Font struct {
	Size   float64
	Color  Color
	Anchor Anchor
	Bold   bool
	Mono   bool
	Center bool
	// Alt is drawn instead of the text by a backend whose fonts have no
	// glyph for a character of it: the PNG backend's Go fonts have no
	// Chinese or Japanese, so a xiangqi piece's 帥 falls back to "K".
	Alt string
	// Turned draws the text half a turn round its point, upside down: the
	// characters of the pieces facing a shogi player from across the board.
	Turned bool
}

// Canvas is what drawing code draws on. Drawing implements it; code that only
// draws should accept a Canvas so that it can be composed (see Translate).
type Canvas interface {
	Rect(x, y, w, h float64, s Style)
	Circle(cx, cy, r float64, s Style)
	Line(a, b Point, s Style)
	Polyline(pts []Point, s Style)
	Polygon(pts []Point, s Style)
	Path(p *Path, s Style)
	Text(at Point, text string, f Font)
}

// Save encodes d to path, choosing the format from the extension (.svg or
// .png), and replaces the file atomically so a reader never sees half a
// picture.
func Save(path string, d *Drawing) error {
	ext := strings.ToLower(filepath.Ext(path))
	var enc func(io.Writer) error
	switch ext {
	case ".svg":
		enc = d.WriteSVG
	case ".png":
		enc = d.WritePNG
	default:
		return fmt.Errorf("%s: unknown picture format %q (want .svg or .png)", path, ext)
	}
	return atomicfile.Write(path, enc)
}
