package tiles

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/render/pdf"
)

// Paper sizes in millimetres.
var papers = map[string][2]float64{
	"a4":     {210, 297},
	"letter": {215.9, 279.4},
}

// PrintOptions lays out printable sheets of a tile set. Lengths are in
// millimetres.
type PrintOptions struct {
	// Paper is "a4" (default) or "letter", portrait.
	Paper string
	// Size is a tile's width across its flat sides (default 50).
	Size float64
	// Margin is kept free at every page edge (default 10); the header and
	// the scale bar print inside it.
	Margin float64
	// Gap separates the cut lines of neighbouring tiles, and Bleed is how
	// far the artwork runs past the cut line (at most half the gap), so
	// that a slightly misaligned back or cut leaves no white edge. Zero is
	// none: DefaultPrintOptions has the usual 6 and 1.5.
	Gap, Bleed float64
	// Flip is how the printer turns the sheet for its back: "long"
	// (default: about the long edge, as a book) or "short". The backs are
	// mirrored to match, so every back lies behind its front.
	Flip string
	// Labels prints the tile number small on both sides.
	Labels bool
	// Title heads every page.
	Title string
}

// DefaultPrintOptions are the options of "ludus tiles print": A4, tiles
// 50 mm across, 10 mm margins, 6 mm between cut lines, 1.5 mm of bleed,
// backs for a sheet turned over its long edge.
func DefaultPrintOptions() PrintOptions {
	return PrintOptions{Paper: "a4", Size: 50, Margin: 10, Gap: 6, Bleed: 1.5, Flip: "long"}
}

// defaults fills the options whose zero means nothing (paper, flip, size,
// margin) from DefaultPrintOptions and checks them all.
func (o *PrintOptions) defaults() error {
	if o.Paper == "" {
		o.Paper = DefaultPrintOptions().Paper
	}
	o.Paper = strings.ToLower(o.Paper)
	if _, ok := papers[o.Paper]; !ok {
		return fmt.Errorf("print: paper %q: want a4 or letter", o.Paper)
	}
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	d := DefaultPrintOptions()
	def(&o.Size, d.Size)
	def(&o.Margin, d.Margin)
	if o.Flip == "" {
		o.Flip = d.Flip
	}
	switch {
	case o.Flip != "long" && o.Flip != "short":
		return fmt.Errorf("print: flip %q: want long or short", o.Flip)
	case o.Size < 10 || o.Margin < 5 || o.Gap < 0 || o.Bleed < 0:
		return fmt.Errorf("print: want a tile of at least 10 mm, margins of at least 5 mm and no negative gap or bleed")
	case 2*o.Bleed > o.Gap:
		return fmt.Errorf("print: bleed %.1f mm needs a gap of at least %.1f mm between tiles", o.Bleed, 2*o.Bleed)
	}
	return nil
}

// Sheet is one printed page: the fronts of some tiles, or their backs.
type Sheet struct {
	Width, Height float64 // millimetres
	Back          bool
	// Tiles are the indices of the tiles on the page.
	Tiles []int
	draw  func(render.Canvas)
}

// Draw draws the page on a canvas in millimetres.
func (s Sheet) Draw(cv render.Canvas) { s.draw(cv) }

// PrintSheets lays out both sides of every tile at their physical size:
// each page of fronts is followed by the page of the same tiles' backs,
// placed in mirror image so that, printed double-sided with the sheet
// turned as Flip says, every back lies behind its front. Tiles sit on a
// honeycomb with Gap between their cut lines (thin grey outlines, the same
// on both sides); the artwork runs Bleed past them.
func PrintSheets(set Set, opt PrintOptions) ([]Sheet, error) {
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	pw, ph := papers[opt.Paper][0], papers[opt.Paper][1]
	centres := honeycomb(pw, ph, opt)
	if len(centres) == 0 {
		return nil, fmt.Errorf("print: a %g mm tile does not fit on %s paper with %g mm margins", opt.Size, opt.Paper, opt.Margin)
	}
	var sheets []Sheet
	pages := (len(set) + len(centres) - 1) / len(centres)
	for p := range pages {
		lo, hi := p*len(centres), min((p+1)*len(centres), len(set))
		var idx []int
		for i := lo; i < hi; i++ {
			idx = append(idx, i)
		}
		for _, back := range []bool{false, true} {
			sheets = append(sheets, Sheet{Width: pw, Height: ph, Back: back, Tiles: idx,
				draw: func(cv render.Canvas) { drawSheet(cv, set, idx, centres, opt, back, p+1, pages) }})
		}
	}
	return sheets, nil
}

// honeycomb returns the tile centres of a page, centred on it so that
// their mirror image fits as well: flat-topped hexes in columns, every
// other column half a tile lower, so that neighbours face each other
// across Gap on every side.
func honeycomb(pw, ph float64, opt PrintOptions) []render.Point {
	pitch := opt.Size + opt.Gap                // between centres in a column
	colStep := pitch * math.Sqrt(3) / 2        // between columns
	halfW := opt.Size/math.Sqrt(3) + opt.Bleed // centre to corner, with bleed
	halfH := opt.Size/2 + opt.Bleed
	availW, availH := pw-2*opt.Margin, ph-2*opt.Margin-2*headerSpace
	if 2*halfW > availW || 2*halfH > availH {
		return nil
	}
	cols := 1 + int((availW-2*halfW)/colStep)
	var best []render.Point
	for c := range cols {
		off := 0.0
		if c%2 == 1 {
			off = pitch / 2
		}
		for r := 0; off+float64(r)*pitch+2*halfH <= availH+1e-9; r++ {
			best = append(best, render.Pt(float64(c)*colStep, off+float64(r)*pitch))
		}
	}
	// Centre the bounding box on the page.
	maxX, maxY := 0.0, 0.0
	for _, p := range best {
		maxX, maxY = max(maxX, p.X), max(maxY, p.Y)
	}
	dx, dy := (pw-maxX)/2, (ph-maxY)/2
	for i := range best {
		best[i].X += dx
		best[i].Y += dy
	}
	return best
}

// headerSpace is kept above and below the tiles for the header and the
// scale bar.
const headerSpace = 6

var cutLine = render.Hex("#666666")

func drawSheet(cv render.Canvas, set Set, idx []int, centres []render.Point, opt PrintOptions, back bool, page, pages int) {
	pw, ph := papers[opt.Paper][0], papers[opt.Paper][1]
	face, how := "fronts", "print double-sided at actual size (100%), turning on the "+opt.Flip+" edge"
	if back {
		face, how = "backs", "mirrored to lie behind their fronts"
	}
	title := opt.Title
	if title == "" {
		title = "Tile set"
	}
	head := fmt.Sprintf("%s: %s of tiles %d-%d, sheet %d of %d; %s", title, face, idx[0]+1, idx[len(idx)-1]+1, page, pages, how)
	cv.Text(render.Pt(pw/2, opt.Margin), head, render.Font{Size: 3, Anchor: render.Middle, Color: ink})
	drawScaleBar(cv, pw/2, ph-opt.Margin)
	apothem := opt.Size / 2
	for k, i := range idx {
		c := centres[k]
		if back {
			if opt.Flip == "long" {
				c.X = pw - c.X
			} else {
				c.Y = ph - c.Y
			}
		}
		side := set[i].Top
		if back {
			side = set[i].Bottom
		}
		art := hexCell{c, (apothem + opt.Bleed) * 2 / math.Sqrt(3)}
		drawHex(cv, art, parchment, render.Color{}, 0)
		drawSide(cv, art, side, func(t int) render.Color { return trailColors[t%len(trailColors)] })
		cut := hexCell{c, apothem * 2 / math.Sqrt(3)}
		cv.Polygon(cut.corners(), render.Style{Stroke: cutLine, Width: 0.25})
		if opt.Labels {
			at := lerp(c, cut.corners()[2], 0.8)
			cv.Text(at, fmt.Sprint(i+1), render.Font{Size: opt.Size * 0.06, Color: tileEdge, Anchor: render.Middle, Center: true})
		}
	}
}

// drawScaleBar draws a 50 mm bar centred at (x, y), to check that the page
// printed at its actual size.
func drawScaleBar(cv render.Canvas, x, y float64) {
	st := render.Style{Stroke: ink, Width: 0.3}
	cv.Line(render.Pt(x-25, y), render.Pt(x+25, y), st)
	for i := 0; i <= 5; i++ {
		tx := x - 25 + float64(i)*10
		cv.Line(render.Pt(tx, y-1.2), render.Pt(tx, y), st)
	}
	cv.Text(render.Pt(x+27, y), "50 mm: measure to check the scale", render.Font{Size: 2.5, Color: ink, Center: true})
}

// WritePrintPDF writes the sheets as a PDF, one page each.
func WritePrintPDF(w io.Writer, sheets []Sheet, title string) error {
	doc := pdf.New(title)
	for _, s := range sheets {
		s.Draw(doc.AddPage(s.Width, s.Height))
	}
	return doc.Write(w)
}

// WritePrintSVG writes the sheets as one SVG, the pages one below the
// other with a little space between, sized in millimetres.
func WritePrintSVG(w io.Writer, sheets []Sheet) error {
	if len(sheets) == 0 {
		return fmt.Errorf("print: no sheets")
	}
	const space = 10
	width := sheets[0].Width
	height := -space
	for _, s := range sheets {
		height += int(math.Ceil(s.Height)) + space
	}
	d := render.New(width, float64(height))
	d.Background = render.Hex("#cccccc")
	y := 0.0
	for _, s := range sheets {
		d.Rect(0, y, s.Width, s.Height, render.Style{Fill: render.RGB(255, 255, 255)})
		s.Draw(render.Translate(d, 0, y, 1))
		y += math.Ceil(s.Height) + space
	}
	var buf bytes.Buffer
	if err := d.WriteSVG(&buf); err != nil {
		return err
	}
	// The drawing's units are millimetres: say so, so that the SVG has
	// its physical size.
	svg := strings.Replace(buf.String(),
		fmt.Sprintf(`width="%s" height="%s"`, svgNum(width), svgNum(float64(height))),
		fmt.Sprintf(`width="%smm" height="%smm"`, svgNum(width), svgNum(float64(height))), 1)
	_, err := io.WriteString(w, svg)
	return err
}

// svgNum formats a length as the SVG writer does.
func svgNum(v float64) string {
	s := strings.TrimRight(fmt.Sprintf("%.3f", v), "0")
	return strings.TrimSuffix(s, ".")
}
