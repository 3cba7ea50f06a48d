package engine_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/testenv"
)

// goBoard is a direct implementation of the rules of games/go.zrf
// (captures, no suicide, positional superko, a pass at any time, two
// passes in a row end the game), written apart from the engine, to count
// the move tree the rules file must give.
type goBoard struct {
	n     int
	cells []byte // 0 empty, 1 Black, 2 White
	seen  map[string]bool
}

func (b *goBoard) nbs(p int) []int {
	var out []int
	x, y := p%b.n, p/b.n
	for _, d := range [][2]int{{0, -1}, {0, 1}, {1, 0}, {-1, 0}} {
		if X, Y := x+d[0], y+d[1]; X >= 0 && X < b.n && Y >= 0 && Y < b.n {
			out = append(out, Y*b.n+X)
		}
	}
	return out
}

// liberties returns the group of p and its number of liberties.
func (b *goBoard) liberties(cells []byte, p int) ([]int, int) {
	group, seen, libs := []int{p}, map[int]bool{p: true}, map[int]bool{}
	for i := 0; i < len(group); i++ {
		for _, n := range b.nbs(group[i]) {
			switch {
			case cells[n] == 0:
				libs[n] = true
			case cells[n] == cells[p] && !seen[n]:
				seen[n] = true
				group = append(group, n)
			}
		}
	}
	return group, len(libs)
}

// play returns the cells after color c drops on p, or nil if illegal.
func (b *goBoard) play(p int, c byte) []byte {
	cells := append([]byte(nil), b.cells...)
	cells[p] = c
	for _, n := range b.nbs(p) {
		if cells[n] == 3-c {
			if g, l := b.liberties(cells, n); l == 0 {
				for _, q := range g {
					cells[q] = 0
				}
			}
		}
	}
	if _, l := b.liberties(cells, p); l == 0 || b.seen[string(cells)] {
		return nil
	}
	return cells
}

func (b *goBoard) perft(c byte, depth, passes int) int64 {
	if depth == 0 {
		return 1
	}
	if passes >= 2 {
		return 0
	}
	var total int64
	for p := range b.cells {
		if b.cells[p] != 0 {
			continue
		}
		next := b.play(p, c)
		if next == nil {
			continue
		}
		old := b.cells
		b.cells = next
		b.seen[string(next)] = true
		total += b.perft(3-c, depth-1, 0)
		delete(b.seen, string(next))
		b.cells = old
	}
	return total + b.perft(3-c, depth-1, passes+1)
}

// goVariant compiles games/go.zrf with one more variant on an n x n board.
func goVariant(t *testing.T, files, ranks string) *engine.Game {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "games", "go.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	return compileText(t, "go.zrf", string(src)+`(variant (title "small") (go-board "`+files+`" "`+ranks+`"))`, "small")
}

// TestGoAgainstDirectRules compares the move tree of the Go rules file
// with the direct implementation: on 3x3, where captures, suicides and
// superko repetitions are everywhere, and on 5x5.
func TestGoAgainstDirectRules(t *testing.T) {
	for _, tt := range []struct {
		files, ranks string
		n, depth     int
	}{
		{"a/b/c", "3/2/1", 3, 7},
		{"a/b/c/d", "4/3/2/1", 4, 4},
		{"a/b/c/d/e", "5/4/3/2/1", 5, 3},
	} {
		depth := tt.depth
		if testenv.Long() {
			depth += 2
		}
		g := goVariant(t, tt.files, tt.ranks)
		for d := 1; d <= depth; d++ {
			b := &goBoard{n: tt.n, cells: make([]byte, tt.n*tt.n), seen: map[string]bool{}}
			b.seen[string(b.cells)] = true
			want := b.perft(1, d, 0)
			got, err := engine.Perft(engine.NewState(g), d)
			if err != nil || got != want {
				t.Fatalf("%dx%d perft(%d) = %d (%v), the direct rules count %d", tt.n, tt.n, d, got, err, want)
			}
		}
	}
}
