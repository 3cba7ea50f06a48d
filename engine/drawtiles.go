package engine

import (
	"regexp"

	"github.com/ludus-games/ludus/render"
)

// numbered matches the name of a numbered tile: letters, then its number.
var numbered = regexp.MustCompile(`^[A-Za-z]*([0-9]+)$`)

// tileNumber returns the number a piece of a sliding puzzle shows: in a
// game of one player whose pieces are all named by numbers (the 15-puzzle's
// T1 to T15), the number of the piece's name; else "".
func tileNumber(g *Game, name string) string {
	players := 0
	for _, p := range g.Rules.Players {
		if !p.Random {
			players++
		}
	}
	if players != 1 || len(g.Rules.Pieces) < 2 {
		return ""
	}
	for _, pt := range g.Rules.Pieces {
		if !numbered.MatchString(pt.Name) {
			return ""
		}
	}
	return numbered.FindStringSubmatch(name)[1]
}

// drawNumberTile draws a plain wooden tile with its number, as the
// 15-puzzle's are.
func drawNumberTile(d *render.Drawing, n string, c render.Point, size float64) {
	s := size * 0.88
	d.Rect(c.X-s/2+1.5, c.Y-s/2+2, s, s, render.Style{Fill: render.Hex("#00000030")})
	d.Rect(c.X-s/2, c.Y-s/2, s, s, render.Style{Fill: render.Hex("#f3e2bf"), Stroke: render.Hex("#8a6a3c"), Width: 1.5})
	d.Text(c, n, render.Font{Size: size * 0.42, Anchor: render.Middle, Center: true, Bold: true, Color: render.Hex("#3d3226")})
}
