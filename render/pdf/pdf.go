// Package pdf writes render drawings as vector PDF documents of one or more
// pages, each of its own size, in millimetres: printable sheets (tile
// sets, boards) where SVG and PNG have no physical size or no pages. It
// draws through the render.Canvas interface, so any drawing code of ludus
// can put its picture on a PDF page; the PDF itself is written by
// codeberg.org/go-pdf/fpdf with the standard Helvetica fonts (no font is
// embedded).
package pdf

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/render"
)

// Document is a PDF under construction. Coordinates on its pages are in
// millimetres from the top left corner, y growing downwards, as on a
// render.Drawing.
type Document struct {
	f   *fpdf.Fpdf
	out []byte // the encoded document, once written
}

// New returns an empty document with the given title. Its bytes depend
// only on what is drawn (the dates are fixed), so equal documents are
// equal files.
func New(title string) *Document {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	f.SetTitle(title, true)
	f.SetCreator("ludus", true)
	f.SetProducer("ludus", true)
	epoch := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	f.SetCreationDate(epoch)
	f.SetModificationDate(epoch)
	f.SetCatalogSort(true)
	return &Document{f: f}
}

// AddPage starts a page of w by h millimetres and returns the canvas that
// draws on it; drawing on an earlier page's canvas after this is an
// error, reported by Write.
func (d *Document) AddPage(w, h float64) render.Canvas {
	// fpdf swaps the sides of a landscape size; "P" takes them as given.
	d.f.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
	return &canvas{f: d.f, page: d.f.PageNo()}
}

// Pages is the number of pages so far.
func (d *Document) Pages() int { return d.f.PageCount() }

// Write encodes the document. Writing closes it: pages added afterwards
// are lost, and later writes give the same bytes.
func (d *Document) Write(w io.Writer) error {
	if d.out == nil {
		var buf bytes.Buffer
		if err := d.f.Output(&buf); err != nil {
			return fmt.Errorf("pdf: %w", err)
		}
		d.out = buf.Bytes()
	}
	_, err := w.Write(d.out)
	return err
}

// Save writes the document to path atomically.
func (d *Document) Save(path string) error { return atomicfile.Write(path, d.Write) }

// canvas draws on one page of a document.
type canvas struct {
	f    *fpdf.Fpdf
	page int
}

func (c *canvas) ok() bool {
	if c.f.PageNo() != c.page {
		c.f.SetErrorf("drawing on page %d after page %d was started", c.page, c.f.PageNo())
		return false
	}
	return !c.f.Err()
}

// style sets the colours, width and dash of s and returns fpdf's painting
// operator ("" when nothing is painted).
func (c *canvas) style(s render.Style, fillable bool) string {
	fill := fillable && s.Fill.Visible()
	stroke := s.Stroke.Visible()
	op := ""
	switch {
	case fill && stroke:
		op = "FD"
	case fill:
		op = "F"
	case stroke:
		op = "D"
	default:
		return ""
	}
	alpha := 1.0
	if fill {
		c.f.SetFillColor(int(s.Fill.R), int(s.Fill.G), int(s.Fill.B))
		alpha = float64(s.Fill.A) / 255
	}
	if stroke {
		c.f.SetDrawColor(int(s.Stroke.R), int(s.Stroke.G), int(s.Stroke.B))
		alpha = math.Min(alpha, float64(s.Stroke.A)/255)
		w := s.Width
		if w == 0 {
			w = 1
		}
		c.f.SetLineWidth(w)
		c.f.SetLineCapStyle("round")
		c.f.SetLineJoinStyle("round")
		c.f.SetDashPattern(s.Dash, 0)
	}
	c.f.SetAlpha(alpha, "Normal")
	return op
}

func (c *canvas) Rect(x, y, w, h float64, s render.Style) {
	if c.ok() {
		if op := c.style(s, true); op != "" {
			c.f.Rect(x, y, w, h, op)
		}
	}
}

func (c *canvas) Circle(cx, cy, r float64, s render.Style) {
	if c.ok() {
		if op := c.style(s, true); op != "" {
			c.f.Circle(cx, cy, r, op)
		}
	}
}

func (c *canvas) Line(a, b render.Point, s render.Style) {
	c.Polyline([]render.Point{a, b}, s)
}

func (c *canvas) Polyline(pts []render.Point, s render.Style) { c.poly(pts, s, false) }

func (c *canvas) Polygon(pts []render.Point, s render.Style) { c.poly(pts, s, true) }

func (c *canvas) poly(pts []render.Point, s render.Style, closed bool) {
	if len(pts) < 2 || !c.ok() {
		return
	}
	op := c.style(s, closed)
	if op == "" {
		return
	}
	c.f.MoveTo(pts[0].X, pts[0].Y)
	for _, p := range pts[1:] {
		c.f.LineTo(p.X, p.Y)
	}
	if closed {
		c.f.ClosePath()
	}
	c.f.DrawPath(op)
}

func (c *canvas) Path(p *render.Path, s render.Style) {
	if !c.ok() {
		return
	}
	op := c.style(s, true)
	if op == "" {
		return
	}
	p.Walk(render.PathVisitor{
		MoveTo:  func(a render.Point) { c.f.MoveTo(a.X, a.Y) },
		LineTo:  func(a render.Point) { c.f.LineTo(a.X, a.Y) },
		QuadTo:  func(k, a render.Point) { c.f.CurveTo(k.X, k.Y, a.X, a.Y) },
		CubicTo: func(k1, k2, a render.Point) { c.f.CurveBezierCubicTo(k1.X, k1.Y, k2.X, k2.Y, a.X, a.Y) },
		Close:   c.f.ClosePath,
	})
	c.f.DrawPath(op)
}

// Text draws one line in Helvetica; the font size is in millimetres, as
// every length on the page. Only the characters of Windows-1252 print.
func (c *canvas) Text(at render.Point, text string, f render.Font) {
	if !c.ok() {
		return
	}
	size := f.Size
	if size == 0 {
		size = 4
	}
	style := ""
	if f.Bold {
		style = "B"
	}
	family := "Helvetica"
	if f.Mono {
		family = "Courier"
	}
	c.f.SetFont(family, style, 12)
	c.f.SetFontUnitSize(size)
	col := f.Color
	if !col.Visible() {
		col = render.RGB(0, 0, 0)
	}
	c.f.SetTextColor(int(col.R), int(col.G), int(col.B))
	c.f.SetAlpha(float64(col.A)/255, "Normal")
	tr := c.f.UnicodeTranslatorFromDescriptor("")
	s := tr(text)
	x, y := at.X, at.Y
	switch f.Anchor {
	case render.Middle:
		x -= c.f.GetStringWidth(s) / 2
	case render.End:
		x -= c.f.GetStringWidth(s)
	}
	if f.Center {
		y += size * 0.35 // about half the height of a capital
	}
	c.f.Text(x, y, s)
}
