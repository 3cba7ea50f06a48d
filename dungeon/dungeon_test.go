package dungeon

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/shareddata"
	"github.com/ludus-games/ludus/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite golden files")

func mustGenerator(t *testing.T, spec *Spec) *Generator {
	t.Helper()
	g, err := NewGenerator(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func parse(t *testing.T, src string) (*Spec, error) {
	t.Helper()
	return Parse([]byte(src), "test.yaml", ReadOptions{})
}

const sqTemplate = `
templates:
  sq: {outline: [[0,0],[6,0],[6,6],[0,6]], doors: {length: 1, corner: 1}}
`

const square = sqTemplate + "defaultTemplates: [sq]\n"

func TestSpecErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"bad yaml", "templates: [", "test.yaml"},
		{"unknown key", "rooms: {}\ncolour: red\n", `test.yaml:2:1: spec: unknown key "colour"`},
		{"outline not a list", "templates:\n  a: {outline: 3, doors: {length: 1}}\n", "test.yaml:2:16: template \"a\" outline: want a list"},
		{"no doors", "templates:\n  a: {outline: [[0,0],[1,0],[1,1],[0,1]]}\n", `template "a": no doors`},
		{"bad point", "templates:\n  a: {outline: [[0,0],[1,0,2]], doors: {length: 1}}\n", "want [x, y]"},
		{"bad repeat", "templates:\n  a: {outline: [[0,0],[1,0],[1,1],[0,1]], doors: {length: 1}, repeat: sometimes}\n", `unknown mode "sometimes"`},
		{"bad transform", "templates:\n  a: {outline: [[0,0],[1,0],[1,1],[0,1]], doors: {length: 1}, transforms: [spin]}\n", `unknown transform "spin"`},
		{"bad connection", square + "connections:\n  - [a]\n", "test.yaml:6:5: connection: want [room, room], got 1 items"},
		{"negative weight", square + "rooms:\n  a: [{template: sq, weight: -1}]\n", "weight: must be positive"},
		{"huge coordinate", "templates:\n  a: {outline: [[0,0],[99999999,0],[1,1],[0,1]], doors: {length: 1}}\n", "out of range"},
		{"duplicate key", "minDistance: 1\nminDistance: 2\n", `key "minDistance" given twice`},
		{"json syntax", "", ""},
	}
	for _, tt := range tests {
		if tt.src == "" {
			_, err := Parse([]byte("{\"templates\": {,}}"), "x.json", ReadOptions{})
			if err == nil || !strings.Contains(err.Error(), "x.json:1:") {
				t.Errorf("json syntax: %v", err)
			}
			continue
		}
		_, err := parse(t, tt.src)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

// Checks before generating name the rooms, templates or connections at
// fault.
func TestValidationNamesCulprits(t *testing.T) {
	k5 := "connections: [[a,b],[a,c],[a,d],[a,e],[b,c],[b,d],[b,e],[c,d],[c,e],[d,e]]\n"
	tests := []struct {
		name, src string
		want      []string
	}{
		{"disconnected", square + "connections: [[a,b],[b,c],[x,y]]\n", []string{"not connected", "{x, y}", "{a, b, c}"}},
		{"non-planar", square + k5, []string{"not planar", "rooms a, b, c, d, e", "K5"}},
		{"door lengths", sqTemplate + `  wide: {outline: [[0,0],[6,0],[6,6],[0,6]], doors: {length: 2, corner: 1}}
defaultTemplates: [sq]
rooms:
  hall: [wide]
connections: [[a,b],[b,hall]]
`, []string{"test.yaml:8:", "rooms b and hall cannot be connected", "length 1", "length 2"}},
		{"corridor mismatch", sqTemplate + `  c: {outline: [[0,0],[2,0],[2,2],[0,2]], doors: [[[0,0],[2,0]],[[0,2],[2,2]]]}
defaultTemplates: [sq]
corridors: [c]
connections: [[a,b]]
`, []string{"rooms a and b cannot be joined by a corridor"}},
		{"self loop", square + "connections: [[a,a]]\n", []string{"joins a room to itself"}},
		{"duplicate", square + "connections: [[a,b],[b,a]]\n", []string{"given twice", "first at test.yaml:5:"}},
		{"unknown template", square + "rooms:\n  a: [nope]\nconnections: [[a,b]]\n", []string{`room "a": unknown template "nope"`}},
		{"diagonal outline", "templates:\n  d: {outline: [[0,0],[4,0],[2,3]], doors: {length: 1}}\ndefaultTemplates: [d]\nconnections: [[a,b]]\n",
			[]string{`template "d": outline: edge (4,0)-(2,3) is not horizontal or vertical`}},
		{"door off the wall", "templates:\n  d: {outline: [[0,0],[4,0],[4,4],[0,4]], doors: [[[1,1],[2,1]]]}\ndefaultTemplates: [d]\nconnections: [[a,b]]\n",
			[]string{"door (1,1)-(2,1) is not on a wall"}},
		{"walls too short", "templates:\n  d: {outline: [[0,0],[3,0],[3,3],[0,3]], doors: {length: 2, corner: 1}}\ndefaultTemplates: [d]\nconnections: [[a,b]]\n",
			[]string{"no wall is long enough"}},
		{"repeat none", sqTemplate + "  once: {outline: [[0,0],[6,0],[6,6],[0,6]], doors: {length: 1, corner: 1}, repeat: none}\ndefaultTemplates: [sq]\nrooms: {a: [once], b: [once]}\nconnections: [[a,b]]\n",
			[]string{`template "once" may be used once`, "rooms a, b"}},
		{"no templates", "templates: {}\nconnections: [[a,b]]\n", []string{`room "a" has no templates`}},
	}
	for _, tt := range tests {
		spec, err := parse(t, tt.src)
		if err == nil {
			_, err = NewGenerator(spec)
		}
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", tt.name, err, w)
			}
		}
	}
}

// referenceInputs are the reference's published benchmark inputs.
var referenceInputs = []string{
	"backtracking.yml", "backtracking_advanced.yml", "backtracking_corridors.yml",
	"different_probabilities_1_new.yml", "different_probabilities_2_new.yml",
	"example1_basic.yml", "example1_advanced.yml", "example1_corridors.yml",
	"example2_basic.yml", "example2_advanced.yml", "example2_corridors.yml",
	"example3_basic.yml", "example3_advanced.yml", "example3_corridors.yml",
	"game1_basic.yml", "game1_corridors.yml", "game2_basic.yml", "game2_corridors.yml",
}

// allSpecs returns every spec the tests lay out: the reference's maps and
// documentation examples, and our own examples.
func allSpecs(t *testing.T) map[string]*Spec {
	t.Helper()
	out := map[string]*Spec{}
	var files []string
	for _, pattern := range []string{"maps/*.yml", "maps/thesis/*.yml", "v2-examples-transcribed/*.json"} {
		m, _ := filepath.Glob(filepath.Join(shareddata.Dir(), "dungeon", pattern))
		files = append(files, m...)
	}
	ours, _ := filepath.Glob("../examples/dungeon/*.yaml")
	files = append(files, ours...)
	for _, f := range files {
		spec, err := ReadFile(f, ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		out[f] = spec
	}
	return out
}

func TestImportsCompile(t *testing.T) {
	shareddata.Path(t, "dungeon", "maps")
	specs := allSpecs(t)
	if len(specs) < 40 {
		t.Fatalf("only %d specs found", len(specs))
	}
	for f, spec := range specs {
		if _, err := NewGenerator(spec); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	ex3 := specs[filepath.Join(shareddata.Dir(), "dungeon", "maps", "thesis", "example3_corridors.yml")]
	if ex3 == nil || len(ex3.Rooms) != 41 || len(ex3.Connections) != 44 || len(ex3.Connections[0].Corridor) == 0 {
		t.Errorf("example3_corridors: %v", ex3)
	}
}

// Every layout of every spec passes the independent checker.
func TestLayoutsAreValid(t *testing.T) {
	seeds := testenv.Pick(2, 3)
	if testing.Short() {
		seeds = 1
	}
	for f, spec := range allSpecs(t) {
		g, err := NewGenerator(spec)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for seed := range seeds {
			l, _, err := g.Generate(context.Background(), Options{Seed: uint64(seed), TimeLimit: 20 * time.Second})
			if err != nil {
				t.Errorf("%s seed %d: %v", filepath.Base(f), seed, err)
				continue
			}
			if bad := checkLayout(spec, l); len(bad) > 0 {
				t.Errorf("%s seed %d: %d problems, first %s", filepath.Base(f), seed, len(bad), bad[0])
			}
		}
	}
}

func exampleLayout(t *testing.T, name string) (*Spec, *Layout) {
	t.Helper()
	spec, err := ReadFile(filepath.Join("..", "examples", "dungeon", name), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l, _, err := mustGenerator(t, spec).Generate(context.Background(), Options{Seed: 7, TimeLimit: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return spec, l
}

// The checker is not a rubber stamp: moving a room, dropping a door or
// swapping a template is caught.
func TestCheckerCatchesFaults(t *testing.T) {
	spec, l := exampleLayout(t, "keep.yaml")
	if bad := checkLayout(spec, l); len(bad) > 0 {
		t.Fatal(bad)
	}
	clone := func() *Layout {
		var buf bytes.Buffer
		l.WriteJSON(&buf)
		c, err := ReadLayout(&buf)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	tests := []struct {
		name   string
		mutate func(c *Layout)
		want   string
	}{
		{"room moved", func(c *Layout) {
			for i := range c.Rooms[1].Outline {
				c.Rooms[1].Outline[i].X++
			}
		}, ""},
		{"door removed", func(c *Layout) { c.Doors = c.Doors[1:] }, ""},
		{"door shifted", func(c *Layout) { c.Doors[0].Line[0].X += 7; c.Doors[0].Line[1].X += 7 }, ""},
		{"template swapped", func(c *Layout) { c.Rooms[0].Template = "tower" }, ""},
		{"room missing", func(c *Layout) { c.Rooms = c.Rooms[1:] }, "missing"},
		{"too close", func(c *Layout) {
			// Put a copy of the gate right next to the hall: distance 0.
			c.Rooms = append(c.Rooms, LayoutRoom{ID: RoomID{Name: "ghost"}, Template: "gate", Outline: c.Rooms[0].Outline})
		}, ""},
	}
	for _, tt := range tests {
		c := clone()
		tt.mutate(c)
		bad := checkLayout(spec, c)
		if len(bad) == 0 {
			t.Errorf("%s: not caught", tt.name)
		} else if tt.want != "" && !strings.Contains(strings.Join(bad, "\n"), tt.want) {
			t.Errorf("%s: %v", tt.name, bad)
		}
	}
}

func TestSameSeedSameLayout(t *testing.T) {
	spec, err := ReadFile("../examples/dungeon/crypt.yaml", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := mustGenerator(t, spec)
	out := map[uint64]string{}
	for _, seed := range []uint64{1, 2, 1} {
		l, _, err := g.Generate(context.Background(), Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		l.WriteJSON(&buf)
		if prev, ok := out[seed]; ok && prev != buf.String() {
			t.Errorf("seed %d gave two layouts", seed)
		}
		out[seed] = buf.String()
	}
	if out[1] == out[2] {
		t.Error("seeds 1 and 2 gave the same layout")
	}
}

func TestLayoutJSON(t *testing.T) {
	_, l := exampleLayout(t, "keep.yaml")
	var buf bytes.Buffer
	if err := l.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{`"rooms": [`, `"id": "gate"`, `"corridor": true`, `"outline": [`, `"doors": [`, `"from": "gate"`, `"line": [[`} {
		if !strings.Contains(text, want) {
			t.Errorf("layout JSON lacks %s", want)
		}
	}
	back, err := ReadLayout(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	back.WriteJSON(&again)
	if again.String() != text {
		t.Error("layout JSON does not survive a round trip")
	}
	// Numbered rooms are written as numbers.
	spec, _ := Synthetic(SynthOptions{Rooms: 12, Cycles: 1, Seed: 3})
	nl, _, err := mustGenerator(t, spec).Generate(context.Background(), Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	nl.WriteJSON(&buf)
	if !strings.Contains(buf.String(), `"id": 0,`) {
		t.Errorf("numbered rooms not written as numbers: %.200s", buf.String())
	}
}

func TestTMX(t *testing.T) {
	_, l := exampleLayout(t, "keep.yaml")
	w, h, tiles, err := l.Tiles()
	if err != nil {
		t.Fatal(err)
	}
	b := l.bounds()
	if w != 2*(b.X2-b.X1)+1 || h != 2*(b.Y2-b.Y1)+1 {
		t.Fatalf("%dx%d tiles for a %dx%d layout", w, h, b.X2-b.X1, b.Y2-b.Y1)
	}
	count := map[int]int{}
	for _, v := range tiles {
		count[v]++
	}
	// A door of length 2 covers 3 lattice points, the middle... all but the
	// ends: 3 points per door of length 2.
	if count[TileDoor] != 3*len(l.Doors) {
		t.Errorf("%d door tiles for %d doors of length 2", count[TileDoor], len(l.Doors))
	}
	if count[TileFloor] == 0 || count[TileWall] == 0 || count[TileCorridor] == 0 {
		t.Errorf("tile counts %v", count)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "keep.tmx")
	if err := l.SaveTMX(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Width   int `xml:"width,attr"`
		Tileset struct {
			Image struct {
				Source string `xml:"source,attr"`
			} `xml:"image"`
		} `xml:"tileset"`
		Layer struct {
			Data string `xml:"data"`
		} `xml:"layer"`
		Objects []struct {
			Name string `xml:"name,attr"`
		} `xml:"objectgroup>object"`
	}
	if err := xml.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m.Width != w || len(m.Objects) != len(l.Rooms) || strings.Count(m.Layer.Data, ",")+1 != w*h {
		t.Errorf("map width %d, %d objects, data %d values", m.Width, len(m.Objects), strings.Count(m.Layer.Data, ",")+1)
	}
	if _, err := os.Stat(filepath.Join(dir, m.Tileset.Image.Source)); err != nil {
		t.Errorf("tileset image: %v", err)
	}
}

// A legacy map written in our format reads back as the same level.
func TestWriteYAMLRoundTrip(t *testing.T) {
	path := shareddata.Path(t, "dungeon", "maps", "thesis", "game1_corridors.yml")
	spec, err := ReadFile(path, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := spec.WriteYAML(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Parse(buf.Bytes(), "round.yaml", ReadOptions{})
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if len(back.Rooms) != len(spec.Rooms) || len(back.Connections) != len(spec.Connections) || len(back.Templates) != len(spec.Templates) {
		t.Fatalf("round trip: %v, was %v", back, spec)
	}
	for i, r := range spec.Rooms {
		if !sameChoices(r.Templates, back.room(r.Name).Templates) {
			t.Errorf("room %s: templates %v, was %v", r.Name, back.room(r.Name).Templates, r.Templates)
		}
		_ = i
	}
	for i, c := range spec.Connections {
		bc := back.Connections[i]
		if c.From != bc.From || c.To != bc.To || !sameChoices(c.Corridor, bc.Corridor) {
			t.Errorf("connection %d: %+v, was %+v", i, bc, c)
		}
	}
	if _, err := NewGenerator(back); err != nil {
		t.Error(err)
	}
}

// A level with no possible layout ends with ErrTimeLimit, on time.
func TestTimeLimit(t *testing.T) {
	src := `
templates:
  tiny: {outline: [[0,0],[2,0],[2,2],[0,2]], doors: {length: 1, corner: 0}}
  big: {outline: [[0,0],[9,0],[9,9],[0,9]], doors: {length: 1, corner: 1}}
rooms:
  hub: [tiny]
defaultTemplates: [big]
connections: [[hub,a],[hub,b],[hub,c],[hub,d],[hub,e],[hub,f],[hub,g],[hub,h],[hub,i]]
`
	spec, err := parse(t, src)
	if err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	_, _, err = mustGenerator(t, spec).Generate(context.Background(), Options{Seed: 1, TimeLimit: 200 * time.Millisecond})
	if !errors.Is(err, ErrTimeLimit) {
		t.Fatalf("error %v, want the time limit", err)
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("stopped after %v", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := mustGenerator(t, spec).Generate(ctx, Options{Seed: 1}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestSynthetic(t *testing.T) {
	for _, n := range []int{1, 10, 40} {
		spec, err := Synthetic(SynthOptions{Rooms: n, Cycles: n / 10, Seed: 5, Separate: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(spec.Rooms) != n || len(spec.Connections) != n-1+n/10 {
			t.Errorf("%d rooms: got %d rooms, %d connections", n, len(spec.Rooms), len(spec.Connections))
		}
		l, _, err := mustGenerator(t, spec).Generate(context.Background(), Options{Seed: 2, TimeLimit: 20 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if bad := checkLayout(spec, l); len(bad) > 0 {
			t.Errorf("%d rooms: %v", n, bad[0])
		}
	}
	if _, err := Synthetic(SynthOptions{Seed: 1}); err == nil {
		t.Error("zero rooms accepted")
	}
}

func TestDrawGolden(t *testing.T) {
	spec, err := parse(t, square+"connections: [[a,b],[b,c]]\n")
	if err != nil {
		t.Fatal(err)
	}
	l, _, err := mustGenerator(t, spec).Generate(context.Background(), Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := l.Draw(DrawOptions{Grid: true}).WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "three.svg")
	if *update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(golden, buf.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Error("picture differs from testdata/three.svg (run with -update after checking it)")
	}
	for _, name := range []string{">a<", ">b<", ">c<"} {
		if !strings.Contains(buf.String(), name) {
			t.Errorf("picture lacks label %s", name)
		}
	}
}

// One Generator serves several goroutines (run with -race): the lazily
// filled configuration spaces are shared safely, and each goroutine gets
// the layout its seed gives alone.
func TestConcurrentGenerate(t *testing.T) {
	spec, err := ReadFile("../examples/dungeon/keep.yaml", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	alone := map[uint64]string{}
	for seed := range uint64(4) {
		l, _, err := mustGenerator(t, spec).Generate(context.Background(), Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		l.WriteJSON(&buf)
		alone[seed] = buf.String()
	}
	g := mustGenerator(t, spec)
	done := make(chan error, 4)
	for seed := range uint64(4) {
		go func() {
			l, _, err := g.Generate(context.Background(), Options{Seed: seed})
			if err == nil {
				var buf bytes.Buffer
				l.WriteJSON(&buf)
				if buf.String() != alone[seed] {
					err = errors.New("layout differs from the one made alone")
				}
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
