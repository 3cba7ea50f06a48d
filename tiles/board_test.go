package tiles

import (
	"bufio"
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ludus-games/ludus/internal/shareddata"
)

var update = flag.Bool("update", false, "rewrite golden files")

const examplePath = "../examples/tiles/hexmaze.board"

// The shipped example board is the built-in board's text.
func TestExampleBoardIsBuiltIn(t *testing.T) {
	want := strings.TrimPrefix(seedBoardText, "\n")
	if *update {
		if err := os.WriteFile(examplePath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s differs from the built-in board (go test -update rewrites it)", examplePath)
	}
	b, err := LoadBoard(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(SeedBoard(), b); diff != "" {
		t.Errorf("example board differs from SeedBoard:\n%s", diff)
	}
}

func TestBoardWriteRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := SeedBoard().Write(&buf); err != nil {
		t.Fatal(err)
	}
	b, err := ReadBoard(&buf, "written")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(SeedBoard(), b); diff != "" {
		t.Errorf("written board reads back differently:\n%s", diff)
	}
}

// readFields reads a shared data file: one record of fields per line.
func readFields(t *testing.T, name string) [][]string {
	f, err := os.Open(shareddata.Path(t, "tiles", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, strings.Fields(line))
		}
	}
	return out
}

// The built-in board holds exactly the reference board data.
func TestSeedBoardMatchesReference(t *testing.T) {
	b := SeedBoard()
	edge := func(e Edge) []string { return []string{b.Slots[e.Slot].Name, e.Dir.String()} }
	var conns, touches, walls, pairs [][]string
	for _, c := range b.Conns {
		conns = append(conns, append(edge(c.A), edge(c.B)...))
	}
	for _, tc := range b.Touches {
		touches = append(touches, append([]string{b.Landmarks[tc.Landmark].Name}, edge(tc.Edge)...))
	}
	for _, w := range b.Walls {
		walls = append(walls, edge(w))
	}
	for _, p := range b.Pairs {
		pairs = append(pairs, []string{b.Landmarks[p[0]].Name, b.Landmarks[p[1]].Name})
	}
	for _, tc := range []struct {
		file string
		got  [][]string
	}{
		{"board_connections.txt", conns}, {"board_landmarks.txt", touches},
		{"board_walls.txt", walls}, {"landmark_pairs.txt", pairs},
	} {
		if diff := cmp.Diff(readFields(t, tc.file), tc.got); diff != "" {
			t.Errorf("%s differs from the built-in board:\n%s", tc.file, diff)
		}
	}
	if len(b.Slots) != 20 || len(b.Conns)*2+len(b.Touches)+len(b.Walls) != 120 {
		t.Errorf("%d slots, %d edges used; want 20 slots and all 120 edges", len(b.Slots), len(b.Conns)*2+len(b.Touches)+len(b.Walls))
	}
}

// The positions of the built-in board agree with its connections: a
// connection between opposite edges joins neighbouring cells, any other
// joins two edges facing the same empty cell (a path along the rim).
func TestSeedBoardGeometry(t *testing.T) {
	b := SeedBoard()
	step := map[Dir][2]int{N: {0, -1}, NE: {1, -1}, SE: {1, 0}, S: {0, 1}, SW: {-1, 1}, NW: {-1, 0}}
	taken := map[[2]int]bool{}
	for _, s := range b.Slots {
		taken[[2]int{s.Q, s.R}] = true
	}
	faces := func(e Edge) [2]int {
		s := b.Slots[e.Slot]
		return [2]int{s.Q + step[e.Dir][0], s.R + step[e.Dir][1]}
	}
	for _, c := range b.Conns {
		fa, fb := faces(c.A), faces(c.B)
		sb := b.Slots[c.B.Slot]
		neighbours := c.B.Dir == c.A.Dir.Rotate(3) && fa == [2]int{sb.Q, sb.R}
		rim := fa == fb && !taken[fa]
		if !neighbours && !rim {
			t.Errorf("connection %v does not fit the positions", c)
		}
	}
	for _, tc := range b.Touches {
		l := b.Landmarks[tc.Landmark]
		f := faces(tc.Edge)
		dq, dr := f[0]-l.Q, f[1]-l.R
		if max(abs(dq), abs(dr), abs(dq+dr)) > 1 {
			t.Errorf("touch %s %v is not next to the landmark's cell", l.Name, tc.Edge)
		}
	}
}

func abs(x int) int { return max(x, -x) }

func TestReadBoardErrors(t *testing.T) {
	base := "slot a 0 0\nslot b 0 1\nlandmark L 1 0\nlandmark M 1 1\n"
	tests := []struct{ name, in, want string }{
		{"unknown slot", base + "connect a S c N\n", `b.txt:5:13: unknown slot "c"`},
		{"edge used twice", base + "connect a S b N\nconnect a S b NE\n", "b.txt:6:9: edge a S already used on line 5"},
		{"touch on a used edge", base + "connect a S b N\ntouch L b N\n", "b.txt:6:9: edge b N already used on line 5"},
		{"wall on a used edge", base + "touch L a SE\nwall a SE\n", "b.txt:6:6: edge a SE already used on line 5"},
		{"unknown direction", base + "connect a S b W\n", `b.txt:5:15: unknown direction "W"`},
		{"unknown keyword", base + "bridge a S\n", `b.txt:5:1: unknown keyword "bridge"`},
		{"field count", base + "connect a S b\n", "b.txt:5: connect takes 4 fields, got 3"},
		{"bad coordinate", "slot a x 0\n", `b.txt:1:8: bad coordinate "x"`},
		{"name twice", base + "slot a 5 5\n", "b.txt:5:6: name a declared twice"},
		{"landmark named as slot", base + "landmark b 5 5\n", "b.txt:5:10: name b declared twice"},
		{"position twice", base + "slot c 0 1\n", "b.txt:5:8: position 0 1 already taken by slot b"},
		{"self connection", base + "connect a S a N\n", "b.txt:5:13: slot a is connected to itself"},
		{"unknown landmark", base + "touch X a S\n", `b.txt:5:7: unknown landmark "X"`},
		{"pair with itself", base + "touch L a S\npair L L\n", "b.txt:6:8: pair of landmark L with itself"},
		{"pair twice", base + "touch L a S\ntouch M b S\npair L M\npair M L\n", "b.txt:8:6: pair M L already listed on line 7"},
		{"landmark touching nothing", base + "touch L a S\n", "b.txt: landmark M touches no tile edge"},
		{"no slots", "# nothing\n", "b.txt: no slot lines"},
	}
	for _, tc := range tests {
		_, err := ReadBoard(strings.NewReader(tc.in), "b.txt")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestBoardValidate(t *testing.T) {
	tests := []struct {
		name    string
		breakIt func(b *Board)
		want    string
	}{
		{"no slots", func(b *Board) { b.Slots = nil }, "no slots"},
		{"edge used twice", func(b *Board) { b.Walls = append(b.Walls, b.Conns[0].A) }, "already used by connection 1"},
		{"slot out of range", func(b *Board) { b.Conns[0].A.Slot = 99 }, "out of range"},
		{"self connection", func(b *Board) { b.Conns[0].B.Slot = b.Conns[0].A.Slot }, "connected to itself"},
		{"same position", func(b *Board) { b.Slots[1].Q, b.Slots[1].R = b.Slots[0].Q, b.Slots[0].R }, "already taken"},
		{"pair twice", func(b *Board) { b.Pairs = append(b.Pairs, [2]int{b.Pairs[0][1], b.Pairs[0][0]}) }, "listed twice"},
		{"bad name", func(b *Board) { b.Slots[0].Name = "a b" }, "without spaces"},
	}
	for _, tc := range tests {
		b := SeedBoard()
		tc.breakIt(b)
		err := b.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		if _, err := NewScorer(b, DefaultWeights()); err == nil {
			t.Errorf("%s: NewScorer accepted an invalid board", tc.name)
		}
	}
	if err := SeedBoard().Validate(); err != nil {
		t.Fatal(err)
	}
}

func FuzzReadBoard(f *testing.F) {
	f.Add(strings.TrimPrefix(seedBoardText, "\n"))
	f.Add("slot a 0 0\nslot b 0 1\nlandmark L 1 0\nconnect a S b N\ntouch L a SE\npair L L\n")
	f.Add("slot 1 0 0 # x\nwall 1 N\nwall 1 N\n")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ReadBoard(strings.NewReader(text), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		// A board that reads must validate, score and write back unchanged.
		if err := b.Validate(); err != nil {
			t.Fatalf("read board does not validate: %v", err)
		}
		var buf bytes.Buffer
		if err := b.Write(&buf); err != nil {
			t.Fatal(err)
		}
		again, err := ReadBoard(&buf, "fuzz")
		if err != nil {
			t.Fatalf("written board does not read back: %v\n%s", err, buf.String())
		}
		if diff := cmp.Diff(b, again); diff != "" {
			t.Fatalf("round trip changed the board:\n%s", diff)
		}
		if len(b.Slots) <= 64 {
			sc, err := NewScorer(b, DefaultWeights())
			if err != nil {
				t.Fatal(err)
			}
			set := RandomSet(randFor(t), len(b.Slots))
			if _, err := sc.Score(set, randFor(t), 3); err != nil {
				t.Fatal(err)
			}
		}
	})
}
