package tiles

import (
	"fmt"
	"strconv"
	"strings"
)

// axial steps to the neighbour in each direction (see Slot).
var dirStep = [NumDirs][2]int{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// hexDistance is the number of steps between cell (q, r) and the origin.
func hexDistance(q, r int) int {
	abs := func(x int) int { return max(x, -x) }
	return (abs(q) + abs(r) + abs(q+r)) / 2
}

// NewBoard builds a board of a named shape, to use as it is or to write
// out and edit:
//
//	hex:R    a hexagon of radius R (R >= 1): a well in the centre cell, the
//	         3R(R+1) cells around it slots, and six gates just outside the
//	         middle of its sides; radius 2 has 18 slots, radius 3 has 36
//	rect:WxH W columns of H cells (W, H >= 2), with four gates outside the
//	         middle of its sides
//	post     the built-in board of the post (SeedBoard)
//
// Neighbouring slots are connected, every landmark touches the slot edges
// around its cell, the other outer edges are walls, and the score counts
// every pair of landmarks.
func NewBoard(spec string) (*Board, error) {
	kind, arg, _ := strings.Cut(strings.TrimSpace(spec), ":")
	switch kind {
	case "post", "seed":
		if arg != "" {
			break
		}
		return SeedBoard(), nil
	case "hex":
		r, err := strconv.Atoi(arg)
		if err != nil || r < 1 || r > 12 {
			return nil, fmt.Errorf("board %q: want hex:R with a radius R from 1 to 12", spec)
		}
		return hexBoard(r), nil
	case "rect":
		ws, hs, ok := strings.Cut(arg, "x")
		w, err1 := strconv.Atoi(ws)
		h, err2 := strconv.Atoi(hs)
		if !ok || err1 != nil || err2 != nil || w < 2 || h < 2 || w*h > 400 {
			return nil, fmt.Errorf("board %q: want rect:WxH with W and H at least 2, e.g. rect:5x4", spec)
		}
		return rectBoard(w, h), nil
	}
	return nil, fmt.Errorf("board %q: want hex:R, rect:WxH or post", spec)
}

// hexBoard is the hexagon of radius r around a central well.
func hexBoard(r int) *Board {
	b := &Board{}
	for q := -r; q <= r; q++ {
		for rr := -r; rr <= r; rr++ {
			if d := hexDistance(q, rr); d >= 1 && d <= r {
				b.Slots = append(b.Slots, Slot{Name: strconv.Itoa(len(b.Slots) + 1), Q: q, R: rr})
			}
		}
	}
	b.Landmarks = append(b.Landmarks, Landmark{Name: "Well"})
	// The gates sit on the ring just outside, halfway along each side: the
	// side from the corner in direction k runs in direction k+2.
	for k := range NumDirs {
		c, step := dirStep[k], dirStep[(k+2)%NumDirs]
		m := (r + 1) / 2
		b.Landmarks = append(b.Landmarks, Landmark{
			Name: "Gate" + strconv.Itoa(k+1),
			Q:    (r+1)*c[0] + m*step[0], R: (r+1)*c[1] + m*step[1],
		})
	}
	wire(b)
	return b
}

// rectBoard is w columns of h cells, columns shifted half a cell as hex
// columns are, with gates outside the middle of each side.
func rectBoard(w, h int) *Board {
	b := &Board{}
	// top is the first row of column q: columns go down half a cell each.
	top := func(q int) int {
		if q < 0 {
			return (1 - q) / 2
		}
		return -q / 2
	}
	for q := range w {
		for i := range h {
			b.Slots = append(b.Slots, Slot{Name: strconv.Itoa(len(b.Slots) + 1), Q: q, R: top(q) + i})
		}
	}
	// Even columns stand half a cell higher than odd ones, so a gate above
	// an odd column and one below an even column each touch three tiles.
	north, south, mr := w/2, w/2, h/2
	if north%2 == 0 { // the odd column beside the middle
		north++
		if north >= w {
			north -= 2
		}
	}
	if south%2 == 1 {
		south--
	}
	b.Landmarks = []Landmark{
		{Name: "North", Q: north, R: top(north) - 1},
		{Name: "East", Q: w, R: top(w) + mr},
		{Name: "South", Q: south, R: top(south) + h},
		{Name: "West", Q: -1, R: top(-1) + mr},
	}
	wire(b)
	return b
}

// wire adds the connections between neighbouring slots, the touches of
// every landmark on the slot edges around its cell, walls on the other
// outer edges, and every pair of landmarks.
func wire(b *Board) {
	slotAt := map[[2]int]int{}
	for i, s := range b.Slots {
		slotAt[[2]int{s.Q, s.R}] = i
	}
	landAt := map[[2]int]int{}
	for i, l := range b.Landmarks {
		landAt[[2]int{l.Q, l.R}] = i
	}
	for i, s := range b.Slots {
		for d := range NumDirs {
			n := [2]int{s.Q + dirStep[d][0], s.R + dirStep[d][1]}
			e := Edge{i, Dir(d)}
			if j, ok := slotAt[n]; ok {
				if j > i {
					b.Conns = append(b.Conns, Conn{e, Edge{j, Dir(d).Rotate(3)}})
				}
			} else if l, ok := landAt[n]; ok {
				b.Touches = append(b.Touches, Touch{l, e})
			} else {
				b.Walls = append(b.Walls, e)
			}
		}
	}
	b.Pairs = AllPairs(len(b.Landmarks))
}

// AllPairs returns every pair of n landmarks, in order.
func AllPairs(n int) [][2]int {
	var out [][2]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// SetPairs replaces the landmark pairs the score counts: spec is "all"
// (every pair) or a comma-separated list of pairs "A-B", e.g.
// "Well-Gate1,Well-Gate4".
func (b *Board) SetPairs(spec string) error {
	spec = strings.TrimSpace(spec)
	if spec == "all" {
		b.Pairs = AllPairs(len(b.Landmarks))
		return nil
	}
	var pairs [][2]int
	seen := map[[2]int]bool{}
	for _, item := range strings.Split(spec, ",") {
		x, y, ok := strings.Cut(strings.TrimSpace(item), "-")
		if !ok {
			return fmt.Errorf("pairs: %q: want LANDMARK-LANDMARK", strings.TrimSpace(item))
		}
		a, c := b.LandmarkIndex(strings.TrimSpace(x)), b.LandmarkIndex(strings.TrimSpace(y))
		for _, bad := range []struct {
			i    int
			name string
		}{{a, x}, {c, y}} {
			if bad.i < 0 {
				return fmt.Errorf("pairs: unknown landmark %q (the board has %s)", strings.TrimSpace(bad.name), b.landmarkNames())
			}
		}
		if a == c {
			return fmt.Errorf("pairs: %q pairs a landmark with itself", strings.TrimSpace(item))
		}
		key := [2]int{min(a, c), max(a, c)}
		if seen[key] {
			return fmt.Errorf("pairs: %q listed twice", strings.TrimSpace(item))
		}
		seen[key] = true
		pairs = append(pairs, [2]int{a, c})
	}
	b.Pairs = pairs
	return nil
}

func (b *Board) landmarkNames() string {
	names := make([]string, len(b.Landmarks))
	for i, l := range b.Landmarks {
		names[i] = l.Name
	}
	return strings.Join(names, ", ")
}
