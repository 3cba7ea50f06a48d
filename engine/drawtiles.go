package engine

import (
	"math"
	"regexp"
	"strings"

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

// zoneNamed returns the positions of the zones of that name, whoever's
// (a game names its special squares so: Ur's rosettes).
func zoneNamed(g *Game, name string) map[int]bool {
	out := map[int]bool{}
	for _, z := range g.Rules.Board.Zones {
		if !strings.EqualFold(z.Name, name) {
			continue
		}
		for _, ps := range z.Positions {
			for _, p := range ps {
				out[p] = true
			}
		}
	}
	return out
}

// drawRosette draws the eight-petalled rosette of Ur's board on a tile t
// wide.
func drawRosette(d *render.Drawing, c render.Point, t float64) {
	petal := render.Style{Fill: render.Hex("#b5542f")}
	for i := 0; i < 8; i++ {
		a := float64(i) * math.Pi / 4
		d.Circle(c.X+t*0.24*math.Cos(a), c.Y+t*0.24*math.Sin(a), t*0.11, petal)
	}
	d.Circle(c.X, c.Y, t*0.14, render.Style{Fill: render.Hex("#f3e2bf"), Stroke: render.Hex("#b5542f"), Width: 2})
}
