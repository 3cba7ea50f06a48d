package engine_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// handCase is a small rules file in testdata/games whose move tree was
// counted by hand: the first moves in the notation and the perft counts.
type handCase struct {
	file, variant string
	first         []string
	counts        []int64
}

// The trees, counted by hand (White/A moves first; "x" is a capture).
var handCases = []handCase{
	// Crowning: the white man at c2 must jump c3 and lands on c4, the far
	// row, so (add-partial King jump-type) crowns it and it goes on as a
	// king over d4 to e4 or over b4 to a4: 2 moves (a man has no jump
	// from c4). Black then has two men left, each with one step (b4-b3 or
	// d4-d3, and e2-e1 crowned): 2 x 2 = 4. The white king has no capture
	// in any of those and two steps (from e4 to e3, d4; from a4 to a3,
	// b4): 4 x 2 = 8. Black's replies: 2 where its men stand on b3/d3 and
	// e2 (one step each), 3 where a black king stands on e1 (two king
	// steps and the man's step): 2+2+3+3 on each side, 20.
	{"crowning.zrf", "", []string{
		"+ c2 x c4 man-jump n = King + c4 x e4 king-jump e +",
		"+ c2 x c4 man-jump n = King + c4 x a4 king-jump w +",
	}, []int64{2, 4, 8, 20}},
	// The same with the move type written before the piece type.
	{"crowning.zrf", "Crowning, move type first", []string{
		"+ c2 x c4 man-1 = King + c4 x e4 king-jump e +",
		"+ c2 x c4 man-1 = King + c4 x a4 king-jump w +",
	}, []int64{2, 4, 8, 20}},
	// Uncrowned, the man stops on c4; Black has three steps (b4-b3, d4-d3,
	// e2-e1); then the white man has no move at all and loses.
	{"crowning.zrf", "Uncrowned", []string{"+ c2 x c4 man-1 +"}, []int64{1, 3, 0}},
	// Choices: the seed sows b, the pawn becomes a queen or a rook on e:
	// 3. After the seed: the pawn's 2; after the queen: the seed and the
	// queen's step back; after the rook: the seed alone: 2+2+1 = 5. Then
	// queen e-d (after seed, queen); queen e-d (after queen, seed); seed
	// and queen d-c (after queen, queen e-d); nothing with a rook and a
	// sprout: 1+0+1+2+0 = 4. Depth 4: the queen on d next to the sprout
	// has one step, twice over; with no sprout yet the seed and the queen
	// on c have two: 1+1+1+2 = 5.
	{"choices.zrf", "", []string{"a - b seed-1 = Sprout", "d - e pawn-1 = Queen", "d - e pawn-1 = Rook"},
		[]int64{3, 5, 4, 5}},
	// Vine: every move plants on the first empty cell east of a, as a tip
	// (which grows one cell on when it can) or as a bud: two moves while
	// a cell is empty, and each fills one of the five: 2, 4, ..., 32, 0.
	{"vine.zrf", "", []string{"+ a - b vine-1 = Tip + b - c tip-1 +", "+ a - b vine-1 = Bud +"},
		[]int64{2, 4, 8, 16, 32, 0}},
	// Walking vines on a and b: each walks to c as a tip (growing to d) or
	// a bud: 4. The other vine then has two moves: 8. No vine is left.
	{"vine.zrf", "Walking vine", []string{
		"+ a - c vine-1 = Tip + c - d tip-1 +", "+ a - c vine-1 = Bud +",
		"+ b - c vine-1 = Tip + c - d tip-1 +", "+ b - c vine-1 = Bud +",
	}, []int64{4, 8, 0}},
	// Plain copies: one move plants vines on b to f, each copy going on.
	{"vine.zrf", "Plain copies", []string{
		"+ a - b vine-1 + b - c vine-1 + c - d vine-1 + d - e vine-1 + e - f vine-1 +",
	}, []int64{1, 0}},
	// The first definition of T16 steps east only: c-d, d-e, then none
	// (the later one would also step west: 2, 4, ...).
	{"duplicated.zrf", "", []string{"c - d step east"}, []int64{1, 1, 0}},
}

// TestHandCountedTrees checks the emitting forms (pieces changed into,
// several choices, move types to go on with) and a piece defined twice
// against trees counted by hand.
func TestHandCountedTrees(t *testing.T) {
	for _, c := range handCases {
		t.Run(c.file+"/"+c.variant, func(t *testing.T) {
			g := compile(t, filepath.Join("testdata", "games", c.file), c.variant)
			s := engine.NewState(g)
			if got := notations(t, s); !reflect.DeepEqual(got, c.first) {
				t.Errorf("first moves %q, want %q", got, c.first)
			}
			for d := 1; d <= len(c.counts); d++ {
				n, err := engine.Perft(engine.NewState(g), d)
				if err != nil {
					t.Fatal(err)
				}
				if n != c.counts[d-1] {
					t.Fatalf("perft(%d) = %d, want %d", d, n, c.counts[d-1])
				}
			}
		})
	}
}

// TestCopiesChangeType plays the copying moves and checks what they leave:
// the piece stays where it was and the copy is of the type named.
func TestCopiesChangeType(t *testing.T) {
	tests := []struct{ file, variant, move, want string }{
		{"choices.zrf", "", "a - b seed-1 = Sprout", "(A (Pawn d) (Seed a) (Sprout b))"},
		{"vine.zrf", "", "+ a - b vine-1 = Tip + b - c tip-1 +", "(A (Vine a) (Tip c))"},
		{"vine.zrf", "", "+ a - b vine-1 = Bud +", "(A (Vine a) (Bud b))"},
		{"vine.zrf", "Walking vine", "+ a - c vine-1 = Tip + c - d tip-1 +", "(A (Vine b) (Tip d))"},
	}
	for _, tt := range tests {
		t.Run(tt.move, func(t *testing.T) {
			g := compile(t, filepath.Join("testdata", "games", tt.file), tt.variant)
			s := engine.NewState(g)
			m, err := s.ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			s.Play(&m)
			if got := strings.Join(strings.Fields(s.FormatPosition()), " "); !strings.Contains(got, tt.want) {
				t.Fatalf("after %s: %s, want %s", tt.move, got, tt.want)
			}
		})
	}
}
