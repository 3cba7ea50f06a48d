package tiles

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestNewBoard(t *testing.T) {
	for _, tc := range []struct {
		spec                   string
		slots, landmarks, pair int
		minTouch               int
	}{
		{"hex:1", 6, 7, 21, 1},
		{"hex:2", 18, 7, 21, 2},
		{"hex:3", 36, 7, 21, 2},
		{"rect:5x4", 20, 4, 6, 2},
		{"rect:2x2", 4, 4, 6, 1},
		{"post", 20, 6, 15, 2},
	} {
		b, err := NewBoard(tc.spec)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if len(b.Slots) != tc.slots || len(b.Landmarks) != tc.landmarks || len(b.Pairs) != tc.pair {
			t.Errorf("%s: %d slots, %d landmarks, %d pairs; want %d, %d, %d", tc.spec,
				len(b.Slots), len(b.Landmarks), len(b.Pairs), tc.slots, tc.landmarks, tc.pair)
		}
		touches := make([]int, len(b.Landmarks))
		for _, tt := range b.Touches {
			touches[tt.Landmark]++
		}
		for i, n := range touches {
			if n < tc.minTouch {
				t.Errorf("%s: landmark %s touches %d tile edges, want at least %d", tc.spec, b.Landmarks[i].Name, n, tc.minTouch)
			}
		}
		if tc.spec != "post" {
			// Every tile edge is a connection, a touch or a wall, and every
			// connection joins neighbouring cells at opposite edges.
			if used := 2*len(b.Conns) + len(b.Touches) + len(b.Walls); used != 6*len(b.Slots) {
				t.Errorf("%s: %d tile edges used, want %d", tc.spec, used, 6*len(b.Slots))
			}
			for _, c := range b.Conns {
				a, z := b.Slots[c.A.Slot], b.Slots[c.B.Slot]
				st := dirStep[c.A.Dir]
				if a.Q+st[0] != z.Q || a.R+st[1] != z.R || c.B.Dir != c.A.Dir.Rotate(3) {
					t.Errorf("%s: connection %+v does not join neighbours", tc.spec, c)
				}
			}
		}
		// The board file round-trips and a random set of its size scores.
		var buf bytes.Buffer
		if err := b.Write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadBoard(strings.NewReader(buf.String()), tc.spec)
		if err != nil {
			t.Fatalf("%s: reading its own file: %v", tc.spec, err)
		}
		var again bytes.Buffer
		back.Write(&again)
		if again.String() != buf.String() {
			t.Errorf("%s: the board file does not read back the same", tc.spec)
		}
		sc, err := NewScorer(b, DefaultWeights())
		if err != nil {
			t.Fatal(err)
		}
		s, err := sc.Score(RandomSet(rand.New(rand.NewPCG(1, 2)), len(b.Slots)+3), rand.New(rand.NewPCG(3, 4)), 500)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if len(s.Pairs) != tc.pair || s.PathProb.Mean <= 0 {
			t.Errorf("%s: %d pairs scored, path probability %v", tc.spec, len(s.Pairs), s.PathProb.Mean)
		}
	}
	for _, bad := range []string{"hex:0", "hex:x", "rect:5", "rect:1x4", "square:3", "post:2", ""} {
		if _, err := NewBoard(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestSetPairs(t *testing.T) {
	b, _ := NewBoard("hex:2")
	if err := b.SetPairs("Well-Gate1, Gate4-Well"); err != nil {
		t.Fatal(err)
	}
	if len(b.Pairs) != 2 || b.Pairs[1] != [2]int{4, 0} {
		t.Errorf("pairs %v", b.Pairs)
	}
	if err := b.SetPairs("all"); err != nil || len(b.Pairs) != 21 {
		t.Errorf("all: %v, %d pairs", err, len(b.Pairs))
	}
	for spec, msg := range map[string]string{
		"Well-Gate9":            `unknown landmark "Gate9"`,
		"Well":                  "want LANDMARK-LANDMARK",
		"Well-Well":             "with itself",
		"Well-Gate1,Gate1-Well": "listed twice",
	} {
		if err := b.SetPairs(spec); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: %v, want an error saying %s", spec, err, msg)
		}
	}
}

// TestMoreTilesThanSlots: a set larger than the board deals a random
// subset onto every board, each tile equally often.
func TestMoreTilesThanSlots(t *testing.T) {
	sc := seedScorer(t)
	set := RandomSet(rand.New(rand.NewPCG(5, 6)), 25)
	r := rand.New(rand.NewPCG(7, 8))
	count := make([]int, len(set))
	const n = 5000
	for range n {
		l, err := sc.Deal(set, r)
		if err != nil {
			t.Fatal(err)
		}
		if len(l) != 20 {
			t.Fatalf("layout of %d slots", len(l))
		}
		for _, p := range l {
			count[p.Tile]++
		}
	}
	for i, c := range count {
		if want := n * 20 / 25; c < want*9/10 || c > want*11/10 {
			t.Errorf("tile %d dealt %d times of %d boards, want about %d", i, c, n, want)
		}
	}
	if _, err := sc.Score(set[:19], r, 10); err == nil {
		t.Error("19 tiles for 20 slots: no error")
	}
}
