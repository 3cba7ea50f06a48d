package tiles

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// This file restates the post's Haskell on its own data types (a side is
// a list of trails, a trail a list of directions) and checks the package
// against it, so that the scoring cannot drift from the seed through a
// shared helper.

// hsSide is a side as the post represents it: a list of trails.
type hsSide [][]Dir

// hsClockwise is the post's clockwise: N to NE ... NW to N.
func hsClockwise(d Dir) Dir { return (d + 1) % NumDirs }

// hsPostproc is the post's postproc: drop empty trails, sort every trail
// and the list of trails, and keep the smallest of the six rotations.
func hsPostproc(trails hsSide) hsSide {
	var kept hsSide
	for _, t := range trails {
		if len(t) > 0 {
			kept = append(kept, t)
		}
	}
	var best hsSide
	for range NumDirs {
		s := make(hsSide, len(kept))
		for i, t := range kept {
			s[i] = slices.Sorted(slices.Values(t))
		}
		slices.SortFunc(s, slices.Compare)
		if best == nil || slices.CompareFunc(s, best, slices.Compare[[]Dir]) < 0 {
			best = s
		}
		for i, t := range kept {
			r := make([]Dir, len(t))
			for j, d := range t {
				r[j] = hsClockwise(d)
			}
			kept[i] = r
		}
	}
	return best
}

// hsDecodeSide reads the six two-bit trail numbers of a side and groups
// the directions by number, as the post's decodeTile does.
func hsDecodeSide(bits []bool) hsSide {
	var nums [NumDirs]int
	for d := range nums {
		if bits[2*d] {
			nums[d] += 2
		}
		if bits[2*d+1] {
			nums[d]++
		}
	}
	trails := make(hsSide, MaxTrails)
	for n := range MaxTrails {
		for d, x := range nums {
			if x == n {
				trails[n] = append(trails[n], Dir(d))
			}
		}
	}
	return hsPostproc(trails)
}

// hsNeedsBridge is the post's needsBridge.
func hsNeedsBridge(trails hsSide) bool {
	conflicts := func(t1, t2 []Dir) bool {
		inside := func(d Dir, t []Dir) bool { return d > slices.Min(t) && d < slices.Max(t) }
		a, b := false, false
		for _, d := range t2 {
			a = a || inside(d, t1)
		}
		for _, d := range t1 {
			b = b || inside(d, t2)
		}
		return a && b
	}
	for i, a := range trails {
		for j, b := range trails {
			if i != j && conflicts(a, b) {
				return true
			}
		}
	}
	return false
}

// hsStatic computes the post's numBridges, dupScore and numFullyConnected
// of a genome.
func hsStatic(bits []bool) (bridges, dup, fully int) {
	var sides []hsSide
	var bottoms []hsSide
	for i := 0; i < len(bits); i += BitsPerTile {
		top, bottom := hsDecodeSide(bits[i:]), hsDecodeSide(bits[i+BitsPerSide:])
		sides = append(sides, top)
		bottoms = append(bottoms, bottom)
		if len(top) == 1 || len(bottom) == 1 {
			fully++
		}
	}
	sides = append(sides, bottoms...)
	for _, s := range sides {
		if hsNeedsBridge(s) {
			bridges++
		}
	}
	count := map[string]int{}
	for _, s := range sides {
		count[hsString(s)]++
	}
	for _, c := range count {
		dup += c * c
	}
	return bridges, dup, fully
}

func hsString(s hsSide) string {
	var b strings.Builder
	for _, t := range s {
		for _, d := range t {
			b.WriteString(d.String())
			b.WriteByte(',')
		}
		b.WriteByte('|')
	}
	return b.String()
}

// randomGenome draws a genome whose sides favour few trails, so that
// duplicates and fully connected sides occur often enough to be tested.
func randomGenome(r *rand.Rand) []bool {
	bits := make([]bool, 20*BitsPerTile)
	for side := range 40 {
		k := 1 + r.IntN(MaxTrails) // trail numbers used by this side
		for d := range NumDirs {
			n := r.IntN(k)
			bits[side*BitsPerSide+2*d] = n&2 != 0
			bits[side*BitsPerSide+2*d+1] = n&1 != 0
		}
	}
	return bits
}

// Decoding, bridges, DupScore and fully connected tiles agree with the
// post's definitions on random genomes.
func TestStaticTermsMatchSeedTranscription(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	dupsSeen, fullySeen := false, false
	for trial := range 300 {
		bits := randomGenome(r)
		set, err := Decode(bits)
		if err != nil {
			t.Fatal(err)
		}
		for i, tile := range set {
			for k, side := range [2]Side{tile.Top, tile.Bottom} {
				want := hsDecodeSide(bits[i*BitsPerTile+k*BitsPerSide:])
				if got := side.Trails(); !slices.EqualFunc(got, want, slices.Equal[[]Dir]) {
					t.Fatalf("genome %d tile %d side %d: decoded %v, post's decoding %v", trial, i, k, got, want)
				}
			}
		}
		b, d, f := hsStatic(bits)
		if set.Bridges() != b || set.DupScore() != d || set.FullyConnected() != f {
			t.Fatalf("genome %d: bridges %d dup %d fully %d; post's definitions give %d %d %d",
				trial, set.Bridges(), set.DupScore(), set.FullyConnected(), b, d, f)
		}
		dupsSeen = dupsSeen || d > 40
		fullySeen = fullySeen || f > 0
	}
	if !dupsSeen || !fullySeen {
		t.Fatalf("random genomes never repeated a design (%v) or had a fully connected side (%v)", dupsSeen, fullySeen)
	}
}

// The post's objective, worked out from its printed figures, is what the
// weights give: hand-drawn set 10.27, optimised set 10.97.
func TestPostObjectiveFromItsFigures(t *testing.T) {
	w := DefaultWeights()
	tests := []struct {
		name                  string
		bridges, dup          int
		extra, path, wantObjv float64
	}{
		{"hand-drawn", 13, 106, 9.1, 0.93, 10.27},
		{"optimised", PostBridges, PostDupScore, PostExtraEdges, PostPathProbability, PostObjective},
	}
	for _, tc := range tests {
		got := w.Static(tc.bridges, tc.dup, 0) + w.ExtraEdges*tc.extra + w.LandmarkPair*15*tc.path
		if math.Abs(got-tc.wantObjv) > 0.005 {
			t.Errorf("%s: objective %.4f, want %.2f", tc.name, got, tc.wantObjv)
		}
	}
}

// twoSlotBoard is a board small enough to work out by hand: slot a above
// slot b, joined at three pairs of edges, the Gate above a and the Tower
// below b, touching b twice.
const twoSlotBoard = `
slot a 0 0
slot b 0 1
landmark Gate 0 -1
landmark Tower 0 2
connect a S b N
connect a SW b NW
connect a SE b NE
touch Gate a N
touch Tower b S
touch Tower b SE
pair Gate Tower
`

// Hand-worked boards pin the seed's graph: vertices are trails, edges that
// join the same two vertices count once (parallel joins and a landmark
// touching one trail twice), extra edges are edges - (vertices -
// components) over the vertices that have an edge.
func TestHandWorkedBoards(t *testing.T) {
	b, err := ReadBoard(strings.NewReader(twoSlotBoard), "two")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := NewScorer(b, DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		a, b   string // the sides showing, unturned
		turnB  int
		extra  int
		joined bool
	}{
		// a0={N,S,SW,SE} meets b0={N,NW,S,NE} three times: one edge. Gate-a0,
		// Tower-b0 and Tower-b0 again (S and SE): one edge. 4 vertices, 3 edges.
		{"parallel joins collapse", "N,S,SW,SE|NE|NW", "N,NW,S,NE,SE|SW", 0, 0, true},
		// b0={N,NW,S}, b1={NE,SE}: a0-b0, a0-b1, Gate-a0, Tower-b0, Tower-b1:
		// 5 vertices, 5 edges, one component: one cycle.
		{"one cycle through the Tower", "N,S,SW,SE|NE|NW", "N,NW,S|NE,SE|SW", 0, 1, true},
		// a's S and SW reach dead ends of b; the Tower hangs on b's other
		// trail: two components, no cycle.
		{"cut off", "N,S,SW|SE|NE|NW", "N|NW|S,SE,NE,SW", 0, 0, false},
		// The same b turned by one sixth: its exits N, NE are now dead ends
		// and SE, S, SW, NW one trail. a0-bN, a0-b(big), aSE-bNE, Gate-a0,
		// Tower-b(big) once: 7 vertices, 5 edges, 2 components.
		{"turned", "N,S,SW|SE|NE|NW", "N|NW|S,SE,NE,SW", 1, 0, true},
	}
	for _, tc := range tests {
		sa, err := ParseSide(tc.a)
		if err != nil {
			t.Fatal(err)
		}
		sb, err := ParseSide(tc.b)
		if err != nil {
			t.Fatal(err)
		}
		set := Set{{sa, sa}, {sb, sb}}
		tr, err := sc.Trace(set, Layout{{Tile: 0}, {Tile: 1, Turn: tc.turnB}})
		if err != nil {
			t.Fatal(err)
		}
		if tr.ExtraEdges != tc.extra || tr.Joined[0] != tc.joined {
			t.Errorf("%s: extra %d joined %v, want %d %v", tc.name, tr.ExtraEdges, tr.Joined[0], tc.extra, tc.joined)
		}
		want, wantJoined := refBoard(b, set, Layout{{Tile: 0}, {Tile: 1, Turn: tc.turnB}})
		if want != tc.extra || wantJoined[0] != tc.joined {
			t.Errorf("%s: reference gives extra %d joined %v, want %d %v", tc.name, want, wantJoined[0], tc.extra, tc.joined)
		}
	}
}
