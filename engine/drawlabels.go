package engine

import (
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// drawLabels writes the view's labels small in the top left corner of
// their positions (the numbers of draughts' squares, as printed on their
// boards), where a piece on the position leaves them in sight.
// A label is light on a dark square, dark elsewhere.
func drawLabels(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64, style boardStyle) {
	if v == nil {
		return
	}
	var coords map[int][]int
	if style == squares {
		coords = g.Rules.Board.Grids[0].Coords
	}
	f := render.Font{Size: size * 0.2, Anchor: render.Start, Center: true, Bold: true}
	for p, l := range v.Labels {
		if p >= g.np || l == "" || hidden(v, p) {
			continue
		}
		f.Color = ink
		if c, ok := coords[p]; ok && len(c) == 2 && (c[0]+c[1])%2 == 1 {
			f.Color = render.Hex("#f4e6cf")
		}
		c := at(p)
		d.Text(render.Pt(c.X-size*0.45, c.Y-size*0.36), l, f)
	}
}
