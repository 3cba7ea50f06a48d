package engine_test

import (
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// perftCase is a published (or provisional) perft table; depths past
// quick run only with LUDUS_LONG=1.
type perftCase struct {
	name    string
	load    func(testing.TB) *engine.Game
	counts  []int64 // counts[d-1] is the count at depth d
	quick   int
	longest int
}

func bundled(file string) func(testing.TB) *engine.Game {
	return func(t testing.TB) *engine.Game { return game(t, file, "") }
}

func reference(file, variant string) func(testing.TB) *engine.Game {
	return func(t testing.TB) *engine.Game { return shared(t, file, variant) }
}

var (
	chessCounts   = []int64{20, 400, 8902, 197281, 4865609}
	englishCounts = []int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680}
	intlCounts    = []int64{9, 81, 658, 4265, 27117, 167140, 1049442}
	tttCounts     = []int64{9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
	btCounts      = []int64{22, 484, 11132, 256036, 6182818}
	c4Counts      = []int64{7, 49, 343, 2401, 16807}
)

var perftCases = []perftCase{
	{"dagaz chess", reference("dagaz_chess.zrf", ""), chessCounts, 3, 5},
	{"chess", bundled("chess.zrf"), chessCounts, 3, 5},
	{"dagaz english checkers", reference("dagaz_english-checkers.zrf", ""), englishCounts, 6, 9},
	{"checkers", bundled("checkers.zrf"), englishCounts, 6, 9},
	{"dagaz international checkers", reference("dagaz_international-checkers.zrf", "International Checkers"), intlCounts, 5, 7},
	{"zog tic-tac-toe", reference("zog_tic-tac-toe.zrf", ""), tttCounts, 5, 9},
	{"tic-tac-toe", bundled("tic-tac-toe.zrf"), tttCounts, 6, 9},
	{"dagaz breakthrough", reference("dagaz_breakthrough.zrf", ""), btCounts, 3, 5},
	{"breakthrough", bundled("breakthrough.zrf"), btCounts, 3, 5},
	{"connect four", bundled("connect-four.zrf"), c4Counts, 4, 5},
	{"dagaz amazons", reference("dagaz_amazons.zrf", ""), []int64{2176, 4307152}, 1, 2},
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			g := c.load(t)
			depth := c.quick
			if long() {
				depth = c.longest
			}
			for d := 1; d <= depth; d++ {
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
