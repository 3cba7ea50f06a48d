package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
)

// The goal-proximity term of the evaluation. In games won by a line of
// pieces (n in a row, or any relative-config pattern) material never
// changes and mobility barely does; what tells a good position from a bad
// one is how near each player is to completing a pattern. Every placement
// of a goal's pattern on the board is a line; a line that no piece blocks
// for a player (every cell empty or matching the pattern for that player)
// is worth LineBase^(n-1) for the n pieces it already holds that match,
// and nothing while it holds none.

// DefaultLines is the worth, in points, of an open line holding one of a
// player's pieces (a least valuable piece is 100).
const DefaultLines = 10

// LineBase is how much each further piece in an open line multiplies its
// worth: 1, 4, 16 for one, two and three pieces of four in a row.
const LineBase = 4

// goalLines lists the placements of the patterns of the goals that a
// player meets by building a line, per player, once per game.
type goalLines struct {
	// cells and specs hold every line's cells and the spec each must
	// match, one line after another; a line is a range of them.
	cells []int32
	specs []rules.PieceSpec
	// of[p] lists the lines of engine player p's goals.
	of [][]lineRef
	// worth[n] is LineBase^(n-1), the worth of n matching pieces.
	worth []float64
}

// lineRef is one line of a player: cells[start:end], and sign +1 for a
// win-condition, -1 for a loss-condition.
type lineRef struct {
	start, end int32
	sign       float64
}

// newGoalLines collects the placements of the relative-config patterns of
// g's win- and loss-conditions, a condition itself or one alternative of
// an or; nil when there are none. A line with the same cells and spec is
// counted once per player and sign (four in a row up and down are the
// same lines).
func newGoalLines(g *Game) *goalLines {
	gl := &goalLines{of: make([][]lineRef, g.nplayers)}
	seen := make([]map[string]bool, g.nplayers)
	for p := range seen {
		seen[p] = map[string]bool{}
	}
	longest := 0
	for i, goal := range g.Rules.Goals {
		var sign float64
		switch goal.Kind {
		case rules.Win:
			sign = 1
		case rules.Loss:
			sign = -1
		default:
			continue
		}
		for _, cc := range patternsOf(&g.goals[i]) {
			t := cc.rel
			longest = max(longest, t.k)
			for _, a := range t.anchors {
				cells := t.cells[int(a)*t.k : int(a+1)*t.k]
				key := lineKey(cells, cc.c.Specs, sign)
				var ref *lineRef
				for _, p := range goal.Players {
					if p < 0 || p >= g.nplayers || g.randomPlayer[p] || seen[p][key] {
						continue
					}
					seen[p][key] = true
					if ref == nil {
						ref = &lineRef{start: int32(len(gl.cells)), sign: sign}
						gl.cells = append(gl.cells, cells...)
						gl.specs = append(gl.specs, cc.c.Specs[:t.k]...)
						ref.end = int32(len(gl.cells))
					}
					gl.of[p] = append(gl.of[p], *ref)
				}
			}
		}
	}
	if len(gl.cells) == 0 {
		return nil
	}
	gl.worth = make([]float64, longest+1)
	for n := 1; n <= longest; n++ {
		gl.worth[n] = 1
		for range n - 1 {
			gl.worth[n] *= LineBase
		}
	}
	return gl
}

// patternsOf returns the relative-config conditions of a goal that meet
// it alone: the goal itself, or the alternatives of an or (nested ors
// included). Patterns under and or not are left out (completing them does
// not by itself win), and so are patterns of one cell (a piece, not a
// line).
func patternsOf(cc *cgoal) []*cgoal {
	switch {
	case cc.c.Kind == rules.GoalRelativeConfig && cc.rel != nil && cc.rel.k > 1 && len(cc.c.Specs) >= cc.rel.k:
		return []*cgoal{cc}
	case cc.c.Kind == rules.GoalOr:
		var out []*cgoal
		for i := range cc.args {
			out = append(out, patternsOf(&cc.args[i])...)
		}
		return out
	}
	return nil
}

// lineKey names a line by its cells and specs: sorted when every spec is
// the same, so that a pattern and its reverse give the same key.
func lineKey(cells []int32, specs []rules.PieceSpec, sign float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%g", sign)
	same := true
	for _, sp := range specs[:len(cells)] {
		same = same && sp == specs[0]
	}
	if same {
		sorted := slices.Clone(cells)
		slices.Sort(sorted)
		fmt.Fprintf(&b, " %v %v", specs[0], sorted)
		return b.String()
	}
	for i, q := range cells {
		fmt.Fprintf(&b, " %d:%v", q, specs[i])
	}
	return b.String()
}

// count returns engine player p's goal-proximity count in s: the worth of
// its open lines, less that of the open lines of its loss-conditions.
func (gl *goalLines) count(s *State, p int) float64 {
	if gl == nil {
		return 0
	}
	cells := s.cells
	sum := 0.0
	for _, l := range gl.of[p] {
		n := 0
		for i := l.start; i < l.end; i++ {
			v := cells[gl.cells[i]]
			if !matches(gl.specs[i], v, p) {
				if v != 0 {
					n = -1
					break
				}
				continue // empty: still open
			}
			if v != 0 {
				n++
			}
		}
		if n > 0 {
			sum += l.sign * gl.worth[n]
		}
	}
	return sum
}

// LinePoints returns engine player p's goal-proximity points in s: Lines
// (the weight) times the worth of its open lines; 0 in games without line
// goals.
func (e *Evaluator) LinePoints(s *State, p int) float64 {
	if e.Lines == 0 {
		return 0
	}
	return e.Lines * e.goalLines.count(s, p)
}
