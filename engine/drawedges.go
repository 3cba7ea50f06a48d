package engine

import (
	"maps"
	"math"
	"slices"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// edgeZone is a zone a player connects to another to win (Hex's edges):
// its positions, the player, and the direction it faces from the board's
// middle.
type edgeZone struct {
	player int
	at     map[int]bool
	nx, ny float64
}

// connectedZones returns the zones of the goals that join two zones with
// a chain of a player's pieces.
func connectedZones(g *Game, v *rules.View, at func(int) render.Point) []edgeZone {
	var mx, my float64
	n := 0
	for p := 0; p < g.np; p++ {
		if !hidden(v, p) {
			c := at(p)
			mx, my, n = mx+c.X, my+c.Y, n+1
		}
	}
	if n == 0 {
		return nil
	}
	mx, my = mx/float64(n), my/float64(n)
	var out []edgeZone
	var walk func(c rules.GoalCond, players []int)
	walk = func(c rules.GoalCond, players []int) {
		for _, a := range c.Args {
			walk(a, players)
		}
		if c.Kind != rules.GoalConnected {
			return
		}
		for _, pl := range players {
			for _, z := range c.Zones {
				if z < 0 || z >= len(g.Rules.Board.Zones) || pl >= len(g.Rules.Board.Zones[z].Positions) {
					continue
				}
				ez := edgeZone{player: pl, at: map[int]bool{}}
				var zx, zy float64
				for _, p := range g.Rules.Board.Zones[z].Positions[pl] {
					ez.at[p] = true
					c := at(p)
					zx, zy = zx+c.X, zy+c.Y
				}
				if k := float64(len(ez.at)); k > 0 {
					ez.nx, ez.ny = zx/k-mx, zy/k-my
					if l := math.Hypot(ez.nx, ez.ny); l > 0 {
						ez.nx, ez.ny = ez.nx/l, ez.ny/l
						out = append(out, ez)
					}
				}
			}
		}
	}
	for _, goal := range g.Rules.Goals {
		walk(goal.Cond, goal.Players)
	}
	return out
}

// drawHexEdges colours the sides of a hexagonal board that players join
// to win (Hex's edges) in the colour of their pieces: each side of a
// hexagon that faces off the board, in a zone a player must connect, for
// the zone that faces most its way (a corner hexagon is shared).
func drawHexEdges(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	zones := connectedZones(g, v, at)
	if len(zones) == 0 {
		return
	}
	var cells []render.Point
	for p := 0; p < g.np; p++ {
		if !hidden(v, p) {
			cells = append(cells, at(p))
		}
	}
	onBoard := func(x, y float64) bool {
		for _, c := range cells {
			if math.Hypot(c.X-x, c.Y-y) < size/4 {
				return true
			}
		}
		return false
	}
	r := size / math.Sqrt(3) * 1.02
	for p := 0; p < g.np; p++ {
		if hidden(v, p) {
			continue
		}
		c := at(p)
		for i := 0; i < 6; i++ {
			// Side i joins corners i and i+1; its neighbour lies across it.
			na := math.Pi/3 + float64(i)*math.Pi/3
			nx, ny := math.Cos(na), math.Sin(na)
			if onBoard(c.X+size*nx, c.Y+size*ny) {
				continue
			}
			best, bestDot := -1, 0.3
			for zi, z := range zones {
				if dot := nx*z.nx + ny*z.ny; z.at[p] && dot > bestDot {
					best, bestDot = zi, dot
				}
			}
			if best < 0 {
				continue
			}
			a0, a1 := math.Pi/6+float64(i)*math.Pi/3, math.Pi/6+float64(i+1)*math.Pi/3
			d.Line(render.Pt(c.X+r*math.Cos(a0), c.Y+r*math.Sin(a0)), render.Pt(c.X+r*math.Cos(a1), c.Y+r*math.Sin(a1)),
				render.Style{Stroke: playerColor(g, zones[best].player), Width: size * 0.14})
		}
	}
}

// drawHexCoordinates writes a hexagonal grid's coordinates: each row's
// name left of its first cell, each column's below its last, as on a
// Hex board, whose rows are shifted one from the next.
func drawHexCoordinates(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	if len(g.Rules.Board.Grids) == 0 || v == nil || len(v.Grids) == 0 {
		return
	}
	grid := g.Rules.Board.Grids[0]
	if len(grid.Dims) != 2 {
		return
	}
	col, row := 0, 1
	if st := v.Grids[0].Steps; len(st) == 2 && math.Abs(st[0][1]) > math.Abs(st[1][1]) {
		col, row = 1, 0
	}
	first := map[int]int{} // row -> its leftmost position
	last := map[int]int{}  // column -> its lowest position
	for p, c := range grid.Coords {
		if p >= g.np || hidden(v, p) {
			continue
		}
		if q, ok := first[c[row]]; !ok || at(p).X < at(q).X {
			first[c[row]] = p
		}
		if q, ok := last[c[col]]; !ok || at(p).Y > at(q).Y {
			last[c[col]] = p
		}
	}
	label := render.Font{Size: 13, Anchor: render.Middle, Center: true, Color: ink}
	// In order, so that a picture is the same text every time.
	for _, r := range slices.Sorted(maps.Keys(first)) {
		c := at(first[r])
		d.Text(render.Pt(c.X-size*0.75, c.Y), grid.Dims[row][r], label)
	}
	for _, k := range slices.Sorted(maps.Keys(last)) {
		c := at(last[k])
		d.Text(render.Pt(c.X, c.Y+size*0.8), grid.Dims[col][k], label)
	}
}
