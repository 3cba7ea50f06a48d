package engine

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// A game of drops with group moves (a Pentago quadrant turned with its
// marbles) is drawn with each group of positions that turns together on a
// plate of its own, so that a player sees what turns. A piece whose only
// moves turn groups is still a piece that is dropped.

// turningGroups returns the sets of positions that the rules' group moves
// turn together, each set once, in the order the rules first name them.
func turningGroups(g *Game) [][]int {
	var groups [][]int
	seen := map[string]bool{}
	walkRules(g.Rules, func(s *rules.Stmt) {
		if s.Kind != rules.SRotate {
			return
		}
		var ps []int
		for _, c := range s.Cycles {
			ps = append(ps, c...)
		}
		slices.Sort(ps)
		ps = slices.Compact(ps)
		if key := fmt.Sprint(ps); !seen[key] {
			seen[key] = true
			groups = append(groups, ps)
		}
	}, nil)
	return groups
}

// onlyTurns reports whether every block turns a group of positions and
// moves no piece otherwise.
func onlyTurns(blocks []rules.Block) bool {
	for _, b := range blocks {
		turns, moves := false, false
		var walk func([]rules.Stmt)
		walk = func(ss []rules.Stmt) {
			for i := range ss {
				switch ss[i].Kind {
				case rules.SRotate:
					turns = true
				case rules.STo, rules.SCascade, rules.SFrom:
					moves = true
				}
				walk(ss[i].Then)
				walk(ss[i].Else)
			}
		}
		walk(b.Body)
		if !turns || moves {
			return false
		}
	}
	return true
}

// plateColor is the wood of the plates of a game whose groups turn.
var plateColor = render.Hex("#b58863")

// drawPlates draws each turning group as a plate, a little inside its
// cells so that neighbouring plates show a gap, with a hole at each cell.
// Each plate and its holes are a group that names its cells, for a page
// to turn it as it is turned.
func drawPlates(d *render.Drawing, g *Game, v *rules.View, at func(int) render.Point, size float64) {
	onPlate := map[int]bool{}
	hole := func(p int) {
		c := at(p)
		d.Circle(c.X, c.Y, size*0.36, render.Style{Fill: light, Stroke: ink, Width: 1})
	}
	for _, grp := range turningGroups(g) {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		var names []string
		for _, p := range grp {
			if hidden(v, p) {
				continue
			}
			c := at(p)
			minX, minY = math.Min(minX, c.X), math.Min(minY, c.Y)
			maxX, maxY = math.Max(maxX, c.X), math.Max(maxY, c.Y)
			names = append(names, g.Rules.Board.Positions[p])
		}
		if math.IsInf(minX, 1) {
			continue
		}
		d.Open(render.Attr{Name: "class", Value: "plate"}, render.Attr{Name: "data-cells", Value: strings.Join(names, " ")})
		inset := size * 0.06
		d.Rect(minX-size/2+inset, minY-size/2+inset, maxX-minX+size-2*inset, maxY-minY+size-2*inset,
			render.Style{Fill: plateColor, Stroke: ink, Width: 2})
		for _, p := range grp {
			if !hidden(v, p) && !onPlate[p] {
				onPlate[p] = true
				hole(p)
			}
		}
		d.Close()
	}
	for p := 0; p < g.np; p++ {
		if !hidden(v, p) && !onPlate[p] {
			hole(p)
		}
	}
	drawCoordinates(d, g, v, at, size)
}
