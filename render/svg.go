package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteSVG encodes the drawing as a standalone SVG document.
func (d *Drawing) WriteSVG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n",
		num(d.Width), num(d.Height), num(d.Width), num(d.Height))
	if d.Background.Visible() {
		fmt.Fprintf(bw, `<rect x="0" y="0" width="100%%" height="100%%"%s/>`+"\n", paint("fill", d.Background))
	}
	for _, s := range d.shapes {
		writeSVGShape(bw, s)
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

func writeSVGShape(w *bufio.Writer, s shape) {
	switch s.kind {
	case kindRect:
		fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s"%s/>`+"\n",
			num(s.pts[0].X), num(s.pts[0].Y), num(s.pts[1].X), num(s.pts[1].Y), svgStyle(s.style, true))
	case kindCircle:
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s"%s/>`+"\n",
			num(s.pts[0].X), num(s.pts[0].Y), num(s.pts[1].X), svgStyle(s.style, true))
	case kindLine:
		fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s"%s/>`+"\n",
			num(s.pts[0].X), num(s.pts[0].Y), num(s.pts[1].X), num(s.pts[1].Y), svgStyle(s.style, false))
	case kindPolyline:
		st := s.style
		st.Fill = Color{} // an open chain is never filled
		fmt.Fprintf(w, `<polyline points="%s"%s/>`+"\n", points(s.pts), svgStyle(st, true))
	case kindPolygon:
		fmt.Fprintf(w, `<polygon points="%s"%s/>`+"\n", points(s.pts), svgStyle(s.style, true))
	case kindPath:
		fmt.Fprintf(w, `<path d="%s"%s/>`+"\n", pathData(s.path), svgStyle(s.style, true))
	case kindText:
		writeSVGText(w, s)
	case kindOpen:
		fmt.Fprintf(w, "<g%s>\n", s.text)
	case kindClose:
		w.WriteString("</g>\n")
	}
}

func writeSVGText(w *bufio.Writer, s shape) {
	f := s.font
	size := f.Size
	if size == 0 {
		size = 12
	}
	anchor := [...]string{"start", "middle", "end"}[f.Anchor]
	family := "sans-serif"
	if f.Mono {
		family = "monospace"
	}
	attrs := fmt.Sprintf(` font-family="%s" font-size="%s" text-anchor="%s"`, family, num(size), anchor)
	if f.Bold {
		attrs += ` font-weight="bold"`
	}
	if f.Center {
		attrs += ` dominant-baseline="central"`
	}
	c := f.Color
	if !c.Visible() {
		c = RGB(0, 0, 0)
	}
	attrs += paint("fill", c)
	if f.Turned {
		attrs += fmt.Sprintf(` transform="rotate(180 %s %s)"`, num(s.pts[0].X), num(s.pts[0].Y))
	}
	fmt.Fprintf(w, `<text x="%s" y="%s"%s>%s</text>`+"\n", num(s.pts[0].X), num(s.pts[0].Y), attrs, escape(s.text))
}

// svgStyle writes a shape's paint. SVG fills every shape that has an
// inside black by default, open polylines too, so a fillable shape without
// a fill gets fill="none" (a polyline is written as fillable with none);
// a line has no inside and needs no fill.
func svgStyle(s Style, fillable bool) string {
	var b strings.Builder
	if fillable {
		if s.Fill.Visible() {
			b.WriteString(paint("fill", s.Fill))
		} else {
			b.WriteString(` fill="none"`)
		}
	}
	if s.Stroke.Visible() {
		b.WriteString(paint("stroke", s.Stroke))
		width := s.Width
		if width == 0 {
			width = 1
		}
		fmt.Fprintf(&b, ` stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"`, num(width))
		if len(s.Dash) > 0 {
			parts := make([]string, len(s.Dash))
			for i, v := range s.Dash {
				parts[i] = num(v)
			}
			fmt.Fprintf(&b, ` stroke-dasharray="%s"`, strings.Join(parts, " "))
		}
	}
	return b.String()
}

// paint writes a colour attribute, with an opacity attribute only when the
// colour is translucent.
func paint(attr string, c Color) string {
	s := fmt.Sprintf(` %s="#%02x%02x%02x"`, attr, c.R, c.G, c.B)
	if c.A != 255 {
		s += fmt.Sprintf(` %s-opacity="%s"`, attr, num(float64(c.A)/255))
	}
	return s
}

func points(pts []Point) string {
	parts := make([]string, len(pts))
	for i, p := range pts {
		parts[i] = num(p.X) + "," + num(p.Y)
	}
	return strings.Join(parts, " ")
}

func pathData(p *Path) string {
	var b strings.Builder
	letters := map[pathOp]string{opMove: "M", opLine: "L", opQuad: "Q", opCubic: "C", opClose: "Z"}
	for i, s := range p.segs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(letters[s.op])
		for _, pt := range s.pts {
			b.WriteString(" " + num(pt.X) + " " + num(pt.Y))
		}
	}
	return b.String()
}

// num formats a coordinate compactly: at most three decimals, no trailing
// zeros, so that golden files stay readable and stable.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func escape(s string) string { return xmlEscaper.Replace(s) }
