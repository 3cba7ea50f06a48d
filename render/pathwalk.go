package render

// PathVisitor receives the segments of a Path in order; a nil function
// skips its kind of segment.
type PathVisitor struct {
	MoveTo  func(p Point)
	LineTo  func(p Point)
	QuadTo  func(c, p Point)
	CubicTo func(c1, c2, p Point)
	Close   func()
}

// Walk calls v for every segment of the path, so that backends outside
// this package (PDF) can replay it.
func (p *Path) Walk(v PathVisitor) {
	for _, s := range p.segs {
		switch {
		case s.op == opMove && v.MoveTo != nil:
			v.MoveTo(s.pts[0])
		case s.op == opLine && v.LineTo != nil:
			v.LineTo(s.pts[0])
		case s.op == opQuad && v.QuadTo != nil:
			v.QuadTo(s.pts[0], s.pts[1])
		case s.op == opCubic && v.CubicTo != nil:
			v.CubicTo(s.pts[0], s.pts[1], s.pts[2])
		case s.op == opClose && v.Close != nil:
			v.Close()
		}
	}
}
