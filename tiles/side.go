package tiles

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Dir is one of the six edges of a hexagonal tile with flat top and bottom,
// numbered clockwise from the top: N, NE, SE, S, SW, NW.
type Dir uint8

// The six directions, in clockwise order.
const (
	N Dir = iota
	NE
	SE
	S
	SW
	NW
)

// NumDirs is the number of edges of a hex tile.
const NumDirs = 6

// MaxTrails is the largest number of trails on one side: the genome spends
// two bits on each direction's trail number.
const MaxTrails = 4

var dirNames = [NumDirs]string{"N", "NE", "SE", "S", "SW", "NW"}

// String returns the direction's name (N, NE, SE, S, SW, NW).
func (d Dir) String() string {
	if d < NumDirs {
		return dirNames[d]
	}
	return fmt.Sprintf("Dir(%d)", uint8(d))
}

// Rotate turns the direction clockwise by k sixths of a turn (k may be
// negative).
func (d Dir) Rotate(k int) Dir { return Dir(((int(d)+k)%NumDirs + NumDirs) % NumDirs) }

// ParseDir reads a direction name; case does not matter.
func ParseDir(s string) (Dir, error) {
	for i, n := range dirNames {
		if strings.EqualFold(s, n) {
			return Dir(i), nil
		}
	}
	return 0, fmt.Errorf("unknown direction %q (want N, NE, SE, S, SW or NW)", s)
}

// Side is the maze printed on one face of a tile: Side[d] is the number of
// the trail that leaves through edge d. Two edges with the same number are
// joined by the trail; an edge whose number no other edge shares is a dead
// end. Numbers run from 0 to MaxTrails-1.
//
// The same layout can be written with other numbers or rotated; Normalize
// picks one representative, and sides are compared after normalising.
type Side [NumDirs]uint8

// Trails returns the trails of the side, each a list of exits in clockwise
// order from N, in the seed's order: trails sorted by their exits.
func (s Side) Trails() [][]Dir {
	var byNum [MaxTrails][]Dir
	for d := range NumDirs {
		byNum[s[d]] = append(byNum[s[d]], Dir(d))
	}
	var out [][]Dir
	for _, t := range byNum {
		if len(t) > 0 {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, compareTrail)
	return out
}

// NumTrails is the number of distinct trails (dead ends included).
func (s Side) NumTrails() int {
	var seen [MaxTrails]bool
	n := 0
	for _, t := range s {
		if !seen[t] {
			seen[t] = true
			n++
		}
	}
	return n
}

// FullyConnected reports whether the side is one trail joining all six
// edges, the design the scoring reserves for the wishing well.
func (s Side) FullyConnected() bool { return s.NumTrails() == 1 }

// NeedsBridge reports whether two trails of the side cross, so that drawing
// them needs a bridge: some exit of one lies strictly between the first and
// last exits of the other, and the other way round.
func (s Side) NeedsBridge() bool {
	var lo, hi [MaxTrails]int
	for t := range MaxTrails {
		lo[t], hi[t] = NumDirs, -1
	}
	for d := range NumDirs {
		t := s[d]
		lo[t], hi[t] = min(lo[t], d), max(hi[t], d)
	}
	inside := func(d, t int) bool { return d > lo[t] && d < hi[t] }
	for a := range MaxTrails {
		for b := range MaxTrails {
			if a == b || hi[a] < 0 || hi[b] < 0 {
				continue
			}
			ab, ba := false, false
			for d := range NumDirs {
				switch int(s[d]) {
				case b:
					ab = ab || inside(d, a)
				case a:
					ba = ba || inside(d, b)
				}
			}
			if ab && ba {
				return true
			}
		}
	}
	return false
}

// Rotate returns the side turned clockwise by k sixths: the trail that left
// through edge d leaves through d+k.
func (s Side) Rotate(k int) Side {
	var r Side
	for d := range NumDirs {
		r[Dir(d).Rotate(k)] = s[d]
	}
	return r
}

// Normalize returns the representative of the side's layout that the seed
// chooses: among the six rotations, the smallest list of trails (each trail
// sorted, the trails sorted, compared element by element), renumbered so
// that trail i is the i-th of that list. Sides equal up to rotation and
// renumbering normalise to the same value.
func (s Side) Normalize() Side {
	return canonTable()[s.index()]
}

func (s Side) normalizeSlow() Side {
	var best [][]Dir
	for k := range NumDirs {
		t := s.Rotate(k).Trails()
		if best == nil || compareTrails(t, best) < 0 {
			best = t
		}
	}
	var out Side
	for i, t := range best {
		for _, d := range t {
			out[d] = uint8(i)
		}
	}
	return out
}

// index packs a side with numbers below MaxTrails into 0..4095.
func (s Side) index() int {
	i := 0
	for d := range NumDirs {
		i = i<<2 | int(s[d]&3)
	}
	return i
}

func sideFromIndex(i int) Side {
	var s Side
	for d := NumDirs - 1; d >= 0; d-- {
		s[d] = uint8(i & 3)
		i >>= 2
	}
	return s
}

// canonTable maps every numbering of every side to its normal form, so
// decoding a genome never sorts. It is built on first use, not when the
// program starts: every ludus command would pay for it.
var canonTable = sync.OnceValue(func() []Side {
	t := make([]Side, 1<<(2*NumDirs))
	for i := range t {
		t[i] = sideFromIndex(i).normalizeSlow()
	}
	return t
})

func compareTrail(a, b []Dir) int { return slices.Compare(a, b) }

func compareTrails(a, b [][]Dir) int { return slices.CompareFunc(a, b, compareTrail) }

// String writes the side in the tile-set format: trails separated by "|",
// the exits of a trail by ",", e.g. "N,S|NE|SE,SW,NW".
func (s Side) String() string {
	var b strings.Builder
	for i, t := range s.Trails() {
		if i > 0 {
			b.WriteByte('|')
		}
		for j, d := range t {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(d.String())
		}
	}
	return b.String()
}

// ParseSide reads a side written as by String. Every direction must appear
// exactly once, in at most MaxTrails trails. The numbering follows the order
// of the trails in the text; the layout is not normalised.
func ParseSide(text string) (Side, error) {
	var s Side
	var seen [NumDirs]bool
	trails := strings.Split(text, "|")
	if len(trails) > MaxTrails {
		return s, fmt.Errorf("side %q has %d trails, at most %d allowed", strings.TrimSpace(text), len(trails), MaxTrails)
	}
	for i, trail := range trails {
		if strings.TrimSpace(trail) == "" {
			return s, fmt.Errorf("side %q has an empty trail", strings.TrimSpace(text))
		}
		for _, name := range strings.Split(trail, ",") {
			d, err := ParseDir(strings.TrimSpace(name))
			if err != nil {
				return s, err
			}
			if seen[d] {
				return s, fmt.Errorf("side %q lists direction %s twice", strings.TrimSpace(text), d)
			}
			seen[d] = true
			s[d] = uint8(i)
		}
	}
	for d, ok := range seen {
		if !ok {
			return s, fmt.Errorf("side %q misses direction %s (every direction exactly once)", strings.TrimSpace(text), Dir(d))
		}
	}
	return s, nil
}

// Layouts returns every side layout with at most MaxTrails trails, one
// normalised representative per layout up to rotation, in increasing order
// of the seed's trail lists.
func Layouts() []Side {
	seen := map[Side]bool{}
	var out []Side
	for _, s := range canonTable() {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b Side) int { return compareTrails(a.Trails(), b.Trails()) })
	return out
}
