package render

import "strings"

// shapeKind tells the backends what a recorded shape is.
type shapeKind int

const (
	kindRect shapeKind = iota
	kindCircle
	kindLine
	kindPolyline
	kindPolygon
	kindPath
	kindText
	kindOpen  // the start of a group, with its attributes in text
	kindClose // the end of a group
)

// shape is one recorded drawing call. The display list is replayed by each
// backend, so both encode exactly the same picture.
type shape struct {
	kind  shapeKind
	pts   []Point // rect: corner, size; circle: centre, (r, 0); others: vertices
	path  *Path
	style Style
	text  string
	font  Font
}

// Drawing is a picture under construction: a fixed-size canvas recording
// every call, to be written as SVG or PNG.
type Drawing struct {
	Width, Height float64
	// Background fills the whole picture first when visible.
	Background Color
	// Scale is the number of PNG pixels per user unit (default 1).
	Scale  float64
	shapes []shape
}

// New returns an empty drawing of the given size in user units, with a white
// background.
func New(width, height float64) *Drawing {
	return &Drawing{Width: width, Height: height, Background: RGB(255, 255, 255), Scale: 1}
}

func (d *Drawing) add(s shape) { d.shapes = append(d.shapes, s) }

// Rect draws an axis-aligned rectangle with its top-left corner at (x, y).
func (d *Drawing) Rect(x, y, w, h float64, s Style) {
	d.add(shape{kind: kindRect, pts: []Point{{x, y}, {w, h}}, style: s})
}

// Circle draws a circle.
func (d *Drawing) Circle(cx, cy, r float64, s Style) {
	d.add(shape{kind: kindCircle, pts: []Point{{cx, cy}, {r, 0}}, style: s})
}

// Line draws a segment; only the stroke of s is used.
func (d *Drawing) Line(a, b Point, s Style) {
	d.add(shape{kind: kindLine, pts: []Point{a, b}, style: s})
}

// Polyline draws an open chain of segments.
func (d *Drawing) Polyline(pts []Point, s Style) {
	d.add(shape{kind: kindPolyline, pts: append([]Point(nil), pts...), style: s})
}

// Polygon draws a closed polygon.
func (d *Drawing) Polygon(pts []Point, s Style) {
	d.add(shape{kind: kindPolygon, pts: append([]Point(nil), pts...), style: s})
}

// Path draws a general path of lines and curves.
func (d *Drawing) Path(p *Path, s Style) {
	d.add(shape{kind: kindPath, path: p.clone(), style: s})
}

// Text draws a single line of text.
func (d *Drawing) Text(at Point, text string, f Font) {
	d.add(shape{kind: kindText, pts: []Point{at}, text: text, font: f})
}

// Attr is an attribute of a group of shapes in SVG: a data-* attribute
// (Name "data-at") or its class.
type Attr struct{ Name, Value string }

// Open begins a group of the shapes drawn until its Close, which the SVG
// writes as a <g> with the attributes: a page that shows the picture
// finds a piece by them (data-at="e4") to move it. Other backends draw
// the shapes as if there were no group. Names other than class and
// data-* are left out.
func (d *Drawing) Open(attrs ...Attr) {
	var b strings.Builder
	for _, a := range attrs {
		if a.Name != "class" && !validDataName(a.Name) {
			continue
		}
		b.WriteString(" " + a.Name + `="` + escape(a.Value) + `"`)
	}
	d.add(shape{kind: kindOpen, text: b.String()})
}

// Close ends the group Open began.
func (d *Drawing) Close() { d.add(shape{kind: kindClose}) }

// validDataName reports whether name is a data-* attribute name of lower
// case letters, digits and hyphens.
func validDataName(name string) bool {
	rest, ok := strings.CutPrefix(name, "data-")
	if !ok || rest == "" {
		return false
	}
	for _, r := range rest {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// Len reports how many shapes have been drawn; tests use it to check that
// something was drawn at all.
func (d *Drawing) Len() int { return len(d.shapes) }

// pathOp is one segment command of a Path.
type pathOp int

const (
	opMove pathOp = iota
	opLine
	opQuad
	opCubic
	opClose
)

type pathSeg struct {
	op  pathOp
	pts []Point
}

// Path is a sequence of subpaths built with MoveTo, LineTo, QuadTo, CubicTo
// and Close, for shapes that are not polygons (curved trails, arcs).
type Path struct{ segs []pathSeg }

// MoveTo starts a new subpath at p.
func (p *Path) MoveTo(pt Point) *Path { return p.seg(opMove, pt) }

// LineTo adds a straight segment to pt.
func (p *Path) LineTo(pt Point) *Path { return p.seg(opLine, pt) }

// QuadTo adds a quadratic Bézier curve with control point c.
func (p *Path) QuadTo(c, pt Point) *Path { return p.seg(opQuad, c, pt) }

// CubicTo adds a cubic Bézier curve with control points c1 and c2.
func (p *Path) CubicTo(c1, c2, pt Point) *Path { return p.seg(opCubic, c1, c2, pt) }

// Close closes the current subpath.
func (p *Path) Close() *Path { return p.seg(opClose) }

func (p *Path) seg(op pathOp, pts ...Point) *Path {
	p.segs = append(p.segs, pathSeg{op, pts})
	return p
}

func (p *Path) clone() *Path {
	c := &Path{segs: make([]pathSeg, len(p.segs))}
	for i, s := range p.segs {
		c.segs[i] = pathSeg{s.op, append([]Point(nil), s.pts...)}
	}
	return c
}

// Translate returns a Canvas that draws on c with every point shifted by
// (dx, dy) and scaled by k; sizes (line widths, radii, font sizes) scale by k
// too. It lets a picture of one board be placed inside a larger one.
func Translate(c Canvas, dx, dy, k float64) Canvas {
	return &transformed{c, dx, dy, k}
}

type transformed struct {
	c         Canvas
	dx, dy, k float64
}

func (t *transformed) pt(p Point) Point { return Point{p.X*t.k + t.dx, p.Y*t.k + t.dy} }

func (t *transformed) pts(ps []Point) []Point {
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = t.pt(p)
	}
	return out
}

func (t *transformed) style(s Style) Style {
	s.Width *= t.k
	if s.Dash != nil {
		d := make([]float64, len(s.Dash))
		for i, v := range s.Dash {
			d[i] = v * t.k
		}
		s.Dash = d
	}
	return s
}

func (t *transformed) Rect(x, y, w, h float64, s Style) {
	p := t.pt(Point{x, y})
	t.c.Rect(p.X, p.Y, w*t.k, h*t.k, t.style(s))
}

func (t *transformed) Circle(cx, cy, r float64, s Style) {
	p := t.pt(Point{cx, cy})
	t.c.Circle(p.X, p.Y, r*t.k, t.style(s))
}

func (t *transformed) Line(a, b Point, s Style) { t.c.Line(t.pt(a), t.pt(b), t.style(s)) }

func (t *transformed) Polyline(pts []Point, s Style) { t.c.Polyline(t.pts(pts), t.style(s)) }

func (t *transformed) Polygon(pts []Point, s Style) { t.c.Polygon(t.pts(pts), t.style(s)) }

func (t *transformed) Path(p *Path, s Style) {
	q := p.clone()
	for i := range q.segs {
		q.segs[i].pts = t.pts(q.segs[i].pts)
	}
	t.c.Path(q, t.style(s))
}

func (t *transformed) Text(at Point, text string, f Font) {
	f.Size *= t.k
	t.c.Text(t.pt(at), text, f)
}
