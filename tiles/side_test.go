package tiles

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestLayouts(t *testing.T) {
	// The seed: of all side layouts with at most four trails, 39 remain up
	// to rotation; 15 of them need a bridge and one is fully connected.
	ls := Layouts()
	bridges, full := 0, 0
	for _, s := range ls {
		if s.NeedsBridge() {
			bridges++
		}
		if s.FullyConnected() {
			full++
		}
		if s.Normalize() != s {
			t.Errorf("layout %v is not normal", s)
		}
	}
	if len(ls) != 39 || bridges != 15 || full != 1 {
		t.Errorf("got %d layouts, %d with bridges, %d fully connected; want 39, 15, 1", len(ls), bridges, full)
	}
}

func TestNeedsBridge(t *testing.T) {
	tests := []struct {
		side string
		want bool
	}{
		{"N,S|NE|SE|SW,NW", false}, // dead ends and SW-NW stay on their sides of N-S
		{"N,S|NE,SW|SE|NW", true},  // NE-SW crosses N-S
		{"N,NE|SE,S|SW,NW", false}, // three arcs side by side
		{"N,SE|NE|S,NW|SW", false}, // two arcs, each around a dead end
		{"N,SE,SW|NE|S|NW", false}, // dead ends never cross
		{"N,NE,SE,S,SW,NW", false}, // one trail
		{"N,S|NE,SW|SE,NW", true},  // three diameters
		{"N,SE|NE,S|SW|NW", true},  // interleaved N<NE<SE<S
		{"N,NW|NE,SW|SE,S", false}, // nested chords
		{"N,SE,SW|NE,S|NW", true},  // NE-S crosses SE-SW span
		{"N,NE,S|SE|SW,NW", false}, // SE inside N..S but only a dead end
	}
	for _, tc := range tests {
		s, err := ParseSide(tc.side)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.NeedsBridge(); got != tc.want {
			t.Errorf("%s: NeedsBridge = %v, want %v", tc.side, got, tc.want)
		}
	}
}

// crossing is an independent statement of "needs a bridge": two trails
// cross when, walking round the tile, their exits interleave a-b-a-b.
func crossing(s Side) bool {
	for a := range MaxTrails {
		for b := range MaxTrails {
			if a == b {
				continue
			}
			// look for a..b..a..b in circular order starting anywhere
			for start := range NumDirs {
				want := []uint8{uint8(a), uint8(b), uint8(a), uint8(b)}
				k := 0
				for i := range NumDirs {
					if k < 4 && s[(start+i)%NumDirs] == want[k] {
						k++
					}
				}
				if k == 4 {
					return true
				}
			}
		}
	}
	return false
}

func genSide() *rapid.Generator[Side] {
	return rapid.Custom(func(t *rapid.T) Side {
		var s Side
		for d := range NumDirs {
			s[d] = rapid.Uint8Range(0, MaxTrails-1).Draw(t, "trail")
		}
		return s
	})
}

func TestSideProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSide().Draw(t, "side")
		k := rapid.IntRange(-6, 12).Draw(t, "turn")
		perm := rapid.Permutation([]uint8{0, 1, 2, 3}).Draw(t, "renumber")
		var r Side
		for d := range NumDirs {
			r[d] = perm[s[d]]
		}
		r = r.Rotate(k)
		if s.Normalize() != r.Normalize() {
			t.Fatalf("%v and %v (turned %d, renumbered) normalise differently", s, r, k)
		}
		if s.NeedsBridge() != crossing(s) || s.NeedsBridge() != r.NeedsBridge() {
			t.Fatalf("%v: NeedsBridge %v, interleaving %v, turned %v", s, s.NeedsBridge(), crossing(s), r.NeedsBridge())
		}
		n := s.Normalize()
		back, err := ParseSide(n.String())
		if err != nil || back != n {
			t.Fatalf("%v: String %q parses to %v, %v", n, n.String(), back, err)
		}
		if n[0] != 0 {
			t.Fatalf("normal form %v does not start with trail 0", n)
		}
	})
}

func TestParseTileErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"N,S|NE|SE,SW,NW", "want TOP / BOTTOM"},
		{"N,S|NE|SE,SW / N,NE,SE,S,SW,NW", "misses direction NW"},
		{"N,S|NE|SE,SW,NW,N / N,NE,SE,S,SW,NW", "direction N twice"},
		{"N|S|NE|SE|SW,NW / N,NE,SE,S,SW,NW", "5 trails"},
		{"N,S|NE|SE,SW,W / N,NE,SE,S,SW,NW", `unknown direction "W"`},
		{"N,S||NE,SE,SW,NW / N,NE,SE,S,SW,NW", "empty trail"},
		{"N,S|NE,SE,SW,NW / N,NE,SE,S,SW,NW / N", "more than two sides"},
	}
	for _, tc := range tests {
		_, err := ParseTile(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseTile(%q) = %v, want error containing %q", tc.in, err, tc.want)
		}
	}
}

func TestReadSetErrorLines(t *testing.T) {
	in := "# a set\nN,S|NE|SE,SW,NW / N,NE,SE,S,SW,NW\n\nN,S|NE|SE,SW,NW / N,NE,SE,S,SW\n"
	_, err := ReadSet(strings.NewReader(in), "set.txt")
	if err == nil || !strings.HasPrefix(err.Error(), "set.txt:4: bottom side:") {
		t.Fatalf("error = %v, want set.txt:4: bottom side: ...", err)
	}
}

func TestGenomeRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 25).Draw(t, "tiles")
		set := make(Set, n)
		for i := range set {
			set[i] = Tile{genSide().Draw(t, "top"), genSide().Draw(t, "bottom")}
		}
		bits := Encode(set)
		if len(bits) != n*BitsPerTile {
			t.Fatalf("%d bits for %d tiles", len(bits), n)
		}
		got, err := Decode(bits)
		if err != nil {
			t.Fatal(err)
		}
		for i := range set {
			if got[i] != set[i].Normalize() {
				t.Fatalf("tile %d: decoded %v, want %v", i, got[i], set[i].Normalize())
			}
		}
	})
}

func FuzzReadSet(f *testing.F) {
	f.Add("N,S|NE|SE,SW,NW / N,NE,SE,S,SW,NW # a tile\n\nN|NE|SE|S,SW,NW / N,S|NE,SW|SE,NW\n")
	f.Add("N,S|NE|SE,SW / N,NE,SE,S,SW,NW\n")
	f.Add("n,s|ne|se,sw,nw/n,ne,se,s,sw,nw")
	f.Fuzz(func(t *testing.T, text string) {
		set, err := ReadSet(strings.NewReader(text), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		for _, tile := range set {
			for _, s := range [2]Side{tile.Top, tile.Bottom} {
				for _, n := range s {
					if n >= MaxTrails {
						t.Fatalf("trail number %d read", n)
					}
				}
			}
		}
		again, err := ReadSet(strings.NewReader(set.String()), "again")
		if err != nil {
			t.Fatalf("written set does not read back: %v", err)
		}
		if len(again) != len(set) {
			t.Fatalf("%d tiles read back from %d", len(again), len(set))
		}
		for i := range set {
			if again[i].Normalize() != set[i].Normalize() {
				t.Fatalf("tile %d: %v read back as %v", i, set[i], again[i])
			}
		}
	})
}
