package dungeon

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// pinwheel is a ring of four 12x4 bars around an 8x8 hole, with a 3x3
// room h in a corner of the hole, joined to bar a: its connections
// follow.
const pinwheel = `
templates:
  bar: {outline: [[0,0],[12,0],[12,4],[0,4]], doors: {length: 1, corner: 1}, transforms: [identity, rotate90]}
  hub: {outline: [[0,0],[3,0],[3,3],[0,3]], doors: {length: 1, corner: 1}}
  sq5: {outline: [[0,0],[5,0],[5,5],[0,5]], doors: {length: 1, corner: 1}}
  sq7: {outline: [[0,0],[7,0],[7,7],[0,7]], doors: {length: 1, corner: 1}}
  sq8: {outline: [[0,0],[8,0],[8,8],[0,8]], doors: {length: 1, corner: 1}}
defaultTemplates: [bar]
`

// pinwheelRooms gives the rooms other than the bars their templates.
var pinwheelRooms = map[string]string{"h": "hub", "t": "sq5", "u": "sq7", "v": "sq7", "w": "sq8"}

// placeAt places room name of g in st with its instance of the given
// size at p.
func placeAt(t *testing.T, g *Generator, room map[string]int, st *state, name string, w, h int, p geom.Point) {
	t.Helper()
	k := room[name]
	for _, i := range g.rooms[k].choices.insts {
		if b := g.insts[i].shape.Bounds; b.X2-b.X1 == w && b.Y2-b.Y1 == h {
			st.shape[k], st.pos[k] = i, p
			return
		}
	}
	t.Fatalf("room %s has no %dx%d shape", name, w, h)
}

// TestRoomForTheRest: rooms still to come that hang from the room in the
// hole fit only as far as the hole's 55 free cells hold them; rooms that
// hang from the ring may go outside.
func TestRoomForTheRest(t *testing.T) {
	ring := "[[a,b],[b,c],[c,d],[d,a],[a,h]"
	cases := []struct {
		name, joins string
		fits        bool
	}{
		{"a 5x5 room in the hole", ",[h,t]]", true},
		{"a 7x7 room in the hole", ",[h,u]]", true},
		{"an 8x8 room in the hole", ",[h,w]]", false},
		{"two 7x7 rooms in the hole", ",[h,u],[h,v]]", false},
		{"two 7x7 rooms, one and one beyond", ",[h,u],[u,v]]", false},
		{"an 8x8 room on the ring", ",[c,w]]", true},
		{"an 8x8 room joined to the hole and the ring", ",[h,w],[w,c]]", false},
		{"a 5x5 room joined to the hole and the ring", ",[h,t],[t,c]]", true},
	}
	for _, tc := range cases {
		level := pinwheel + "rooms:\n"
		for _, name := range []string{"h", "t", "u", "v", "w"} {
			if strings.Contains(tc.joins, name) || name == "h" {
				level += fmt.Sprintf("  %s: [{template: %s}]\n", name, pinwheelRooms[name])
			}
		}
		g, room := lookaheadLevel(t, level+"connections: "+ring+tc.joins+"\n")
		st := newState(len(g.rooms), len(g.edges))
		placeAt(t, g, room, st, "a", 12, 4, geom.Point{X: 0, Y: 0})
		placeAt(t, g, room, st, "b", 4, 12, geom.Point{X: 12, Y: 0})
		placeAt(t, g, room, st, "c", 12, 4, geom.Point{X: 4, Y: 12})
		placeAt(t, g, room, st, "d", 4, 12, geom.Point{X: 0, Y: 4})
		placeAt(t, g, room, st, "h", 3, 3, geom.Point{X: 4, Y: 4})
		var fs freeSpace
		if got := g.roomForTheRest(st, &fs); got != tc.fits {
			t.Errorf("%s: fits %v, want %v", tc.name, got, tc.fits)
		}
	}
}

// TestFreeSpaceAgreesWithCells checks the stretches found from runs of
// free cells against a flood fill cell by cell, on random placements
// (overlapping or not) of the rooms of synthetic levels.
func TestFreeSpaceAgreesWithCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	enclosed := 0
	for seed := range uint64(40) {
		spec, err := Synthetic(SynthOptions{Rooms: 12, Cycles: 3, Seed: seed + 1, Corridors: seed%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		g := mustGenerator(t, spec)
		st := newState(len(g.rooms), len(g.edges))
		for k := range g.rooms {
			if rng.IntN(4) > 0 {
				insts := g.rooms[k].choices.insts
				st.shape[k] = insts[rng.IntN(len(insts))]
				st.pos[k] = geom.Point{X: rng.IntN(20) - 5, Y: rng.IntN(20) - 5}
			}
		}
		var fs freeSpace
		fs.rasterise(g, st)
		fs.fill()
		cells := floodCells(g, st, &fs)
		for y := range fs.h {
			for x := range fs.w {
				c := fs.at(x, y)
				if want := cells[y*fs.w+x]; want < 0 && c >= 0 || want >= 0 && (c < 0 || fs.area[c] != want) {
					t.Fatalf("seed %d: cell (%d, %d): stretch area %v, want %d (-1: occupied)", seed, x, y, c, want)
				}
			}
		}
		if fs.area[fs.outer] != cells[0] {
			t.Errorf("seed %d: outer stretch of %d cells, want %d", seed, fs.area[fs.outer], cells[0])
		}
		enclosed += len(fs.area) - 1
	}
	if enclosed == 0 {
		t.Error("no placement enclosed any free space: the test tests nothing")
	}
	t.Logf("%d enclosed stretches", enclosed)
}

// floodCells returns, per cell of fs's grid, the area of its stretch of
// free cells found by a plain flood fill, or -1 where a room lies.
func floodCells(g *Generator, st *state, fs *freeSpace) []int {
	busy := make([]bool, fs.w*fs.h)
	eachPlaced(g, st, func(s *geom.Shape, p geom.Point) {
		for _, r := range s.Rects {
			r = r.Shift(p.Sub(fs.origin))
			for y := r.Y1; y < r.Y2; y++ {
				for x := r.X1; x < r.X2; x++ {
					busy[y*fs.w+x] = true
				}
			}
		}
	})
	area := make([]int, len(busy))
	seen := make([]bool, len(busy))
	for start := range busy {
		if busy[start] {
			area[start] = -1
			continue
		}
		if seen[start] {
			continue
		}
		seen[start] = true
		comp := []int{start}
		for i := 0; i < len(comp); i++ {
			x, y := comp[i]%fs.w, comp[i]/fs.w
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nx, ny := x+d[0], y+d[1]
				if n := ny*fs.w + nx; nx >= 0 && ny >= 0 && nx < fs.w && ny < fs.h && !busy[n] && !seen[n] {
					seen[n] = true
					comp = append(comp, n)
				}
			}
		}
		for _, c := range comp {
			area[c] = len(comp)
		}
	}
	return area
}
