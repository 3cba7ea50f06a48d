package twenty48

import (
	"math/rand/v2"
	"testing"
)

// grid is the deliberately simple model the engine is checked against: a
// 4x4 array of tile values, moved the way the original JavaScript game does
// it (traverse from the far edge, slide each tile to its farthest free cell,
// merge into a neighbour that has not merged this move).
type grid [4][4]int

func gridOf(t [16]int) (g grid) {
	for i, v := range t {
		g[i/4][i%4] = v
	}
	return g
}

func (g grid) tiles() (t [16]int) {
	for i := range t {
		t[i] = g[i/4][i%4]
	}
	return t
}

func inside(r, c int) bool { return r >= 0 && r < 4 && c >= 0 && c < 4 }

// move returns the grid after the move, the score it makes and whether any
// tile moved.
func (g grid) move(m Move) (grid, int, bool) {
	d := map[Move][2]int{Up: {-1, 0}, Down: {1, 0}, Left: {0, -1}, Right: {0, 1}}[m]
	dr, dc := d[0], d[1]
	order := []int{0, 1, 2, 3}
	rows, cols := order, order
	if dr == 1 {
		rows = []int{3, 2, 1, 0}
	}
	if dc == 1 {
		cols = []int{3, 2, 1, 0}
	}
	var merged [4][4]bool
	score, moved := 0, false
	for _, r := range rows {
		for _, c := range cols {
			v := g[r][c]
			if v == 0 {
				continue
			}
			fr, fc := r, c
			for inside(fr+dr, fc+dc) && g[fr+dr][fc+dc] == 0 {
				fr, fc = fr+dr, fc+dc
			}
			nr, nc := fr+dr, fc+dc
			g[r][c] = 0
			if inside(nr, nc) && g[nr][nc] == v && !merged[nr][nc] {
				g[nr][nc] = 2 * v
				merged[nr][nc] = true
				score += 2 * v
				moved = true
				continue
			}
			g[fr][fc] = v
			if fr != r || fc != c {
				moved = true
			}
		}
	}
	return g, score, moved
}

func (g grid) over() bool {
	for _, m := range Moves {
		if _, _, moved := g.move(m); moved {
			return false
		}
	}
	return true
}

// randomTiles draws a board whose tiles come from a small random set of
// values up to 65536, so that equal neighbours (and 32768 pairs) are common.
func randomTiles(rng *rand.Rand) [16]int {
	var palette [4]int
	for i := range palette {
		palette[i] = 1 << (1 + rng.IntN(16))
	}
	if rng.IntN(8) == 0 {
		palette[0], palette[1] = 32768, 32768
	}
	empty := rng.Float64() * 0.6
	var t [16]int
	for i := range t {
		if rng.Float64() >= empty {
			t[i] = palette[rng.IntN(len(palette))]
		}
	}
	return t
}

func has(t [16]int, v int) bool {
	for _, x := range t {
		if x == v {
			return true
		}
	}
	return false
}

// TestRulesAgainstSimpleModel compares the bitboard and the exact tile
// engine with the simple model on random boards with tiles up to 65536.
func TestRulesAgainstSimpleModel(t *testing.T) {
	const boards = 100000
	rng := rand.New(rand.NewPCG(1, 2))
	var fits, overflows int
	for n := 0; n < boards; n++ {
		tiles := randomTiles(rng)
		g := gridOf(tiles)
		b, err := FromTiles(tiles)
		if (err == nil) == has(tiles, 65536) {
			t.Fatalf("FromTiles(%v) error = %v", tiles, err)
		}
		if err == nil {
			fits++
			if b.Tiles() != tiles {
				t.Fatalf("round trip of %v gave %v", tiles, b.Tiles())
			}
			if b.Over() != g.over() {
				t.Fatalf("Over() = %v on\n%v", b.Over(), b)
			}
		}
		for _, m := range Moves {
			want, score, moved := g.move(m)
			got, gain := SlideTiles(tiles, m)
			if got != want.tiles() || gain != score {
				t.Fatalf("SlideTiles(%v, %s) = %v, %d; want %v, %d", tiles, m, got, gain, want.tiles(), score)
			}
			if err != nil {
				continue
			}
			made65536 := has(want.tiles(), 65536)
			if b.Overflows(m) != made65536 {
				t.Fatalf("Overflows(%s) = %v on\n%v", m, b.Overflows(m), b)
			}
			if made65536 {
				overflows++
				continue
			}
			if nb := b.Move(m); nb.Tiles() != want.tiles() || b.Gain(m) != score || b.Legal(m) != moved {
				t.Fatalf("%s on\n%vgave\n%vgain %d legal %v; want\n%vgain %d legal %v",
					m, b, nb, b.Gain(m), b.Legal(m), gridBoard(t, want), score, moved)
			}
		}
	}
	t.Logf("%d boards, %d fit a Board, %d moves made 65536", boards, fits, overflows)
	if overflows == 0 || fits == boards {
		t.Fatal("the random boards do not exercise the 65536 case")
	}
}

func gridBoard(t *testing.T, g grid) Board {
	b, err := FromTiles(g.tiles())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWorkedExamples checks the examples of the original rules.
func TestWorkedExamples(t *testing.T) {
	tests := []struct {
		move     Move
		row, out [4]int
		gain     int
	}{
		{Left, [4]int{2, 2, 2, 2}, [4]int{4, 4, 0, 0}, 8},
		{Left, [4]int{2, 2, 2, 0}, [4]int{4, 2, 0, 0}, 4},
		{Left, [4]int{4, 2, 2, 0}, [4]int{4, 4, 0, 0}, 4},
		{Left, [4]int{4, 4, 8, 8}, [4]int{8, 16, 0, 0}, 24},
		{Right, [4]int{2, 2, 2, 0}, [4]int{0, 0, 2, 4}, 4},
		{Right, [4]int{2, 2, 2, 2}, [4]int{0, 0, 4, 4}, 8},
		{Left, [4]int{0, 0, 0, 2}, [4]int{2, 0, 0, 0}, 0},
		{Left, [4]int{2, 0, 2, 4}, [4]int{4, 4, 0, 0}, 4},
		{Left, [4]int{16384, 16384, 8, 8}, [4]int{32768, 16, 0, 0}, 32784},
	}
	for _, tt := range tests {
		// The same line as a row (top) and as a column (left edge), moved
		// the matching way, must give the same line.
		var asRow, asCol [16]int
		for j, v := range tt.row {
			asRow[j], asCol[4*j] = v, v
		}
		colMove := map[Move]Move{Left: Up, Right: Down}[tt.move]
		for _, c := range []struct {
			tiles [16]int
			move  Move
			cells [4]int
		}{{asRow, tt.move, [4]int{0, 1, 2, 3}}, {asCol, colMove, [4]int{0, 4, 8, 12}}} {
			b, err := FromTiles(c.tiles)
			if err != nil {
				t.Fatal(err)
			}
			after := b.Move(c.move).Tiles()
			var got [4]int
			for j, cell := range c.cells {
				got[j] = after[cell]
			}
			if got != tt.out || b.Gain(c.move) != tt.gain {
				t.Errorf("%v %s: got %v gain %d, want %v gain %d", tt.row, c.move, got, b.Gain(c.move), tt.out, tt.gain)
			}
		}
	}
}

func TestBoardHelpers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 10000; n++ {
		b := Board(rng.Uint64())
		empty, distinct, maxT := 0, map[int]bool{}, 0
		for i := 0; i < 16; i++ {
			if b.Rank(i) == 0 {
				empty++
			} else {
				distinct[b.Rank(i)] = true
			}
			maxT = max(maxT, b.Tile(i))
		}
		tr := b.Transpose()
		for i := 0; i < 16; i++ {
			if tr.Rank(4*(i%4)+i/4) != b.Rank(i) {
				t.Fatalf("Transpose moved cell %d wrong", i)
			}
		}
		if b.Empty() != empty || b.Distinct() != len(distinct) || b.MaxTile() != maxT {
			t.Fatalf("%x: Empty %d Distinct %d MaxTile %d; want %d %d %d",
				uint64(b), b.Empty(), b.Distinct(), b.MaxTile(), empty, len(distinct), maxT)
		}
	}
}

func TestFromTilesRejects(t *testing.T) {
	for _, v := range []int{1, 3, -2, 6, 262144, 65536} {
		if _, err := FromTiles([16]int{5: v}); err == nil {
			t.Errorf("FromTiles accepted tile %d", v)
		}
	}
}

func TestParseMove(t *testing.T) {
	for _, m := range Moves {
		got, err := ParseMove(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMove(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseMove("north"); err == nil {
		t.Error("ParseMove accepted north")
	}
}
