package engine_test

import (
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/testenv"
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

func testGame(file, variant string) func(testing.TB) *engine.Game {
	return func(t testing.TB) *engine.Game { return compile(t, filepath.Join("testdata", "games", file), variant) }
}

func reference(file, variant string) func(testing.TB) *engine.Game {
	return func(t testing.TB) *engine.Game { return shared(t, file, variant) }
}

var (
	chessCounts   = []int64{20, 400, 8902, 197281, 4865609}
	englishCounts = []int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680}
	intlCounts    = []int64{9, 81, 658, 4265, 27117, 167140, 1049442}
	// International draughts counting a move once however many capture
	// paths lead to it (Aart Bik's table to depth 8).
	intlUnique = []int64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}
	// Brazilian draughts, as published with the dctl library (the
	// Shashki forum's thread of validation counts), unique moves.
	brazilCounts = []int64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766}
	// Laska, from the direct implementation of laska_test.go (no table is
	// published).
	laskaCounts = []int64{6, 6, 18, 54, 116, 324, 846, 2148, 5692, 13898, 37124, 97440}
	// Italian draughts, as published with the dctl library (FMJD forum,
	// "alternative game rules").
	italianCounts = []int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384}
	tttCounts     = []int64{9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
	btCounts      = []int64{22, 484, 11132, 256036, 6182818}
	c4Counts      = []int64{7, 49, 343, 2401, 16807}
	// Othello, Aart Bik's table (shared data perft/othello.txt).
	othelloCounts = []int64{4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288}
	// Hex 11x11 with the swap rule, by counting: 121 drops; then 120
	// drops and the swap; then 119 drops after two stones and 120 after
	// a swap (121*120*119 + 121*120).
	hexCounts = []int64{121, 14641, 1742400}
	// Go 9x9, by counting: 81 drops and a pass; 80 drops and a pass
	// after a drop, 81 and a pass after a pass (81*81 + 82); at depth 3
	// 81*80*80 after two drops, 81*81 after a drop and a pass either
	// way round, nothing after two passes (the game is over).
	go9Counts = []int64{82, 6643, 531522}
	// Russian draughts, as published with the Kodra engine.
	russianCounts = []int64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667}
	// Shogi, the published table.
	shogiCounts = []int64{30, 900, 25470, 719731, 19861490}
	// Xiangqi, the published table.
	xiangqiCounts = []int64{44, 1920, 79666, 3290240}
)

var perftCases = []perftCase{
	{"dagaz chess", reference("dagaz_chess.zrf", ""), chessCounts, 3, 5},
	{"chess", bundled("chess.zrf"), chessCounts, 3, 5},
	{"chess, king safety as an invariant", testGame("chess-invariant.zrf", "Chess, king safety as an invariant"), chessCounts, 4, 5},
	{"chess, king safety evaluated", testGame("chess-invariant.zrf", "Chess, king safety evaluated"), chessCounts, 3, 5},
	{"chess, several kings", testGame("chess-invariant.zrf", "Chess, several kings"), chessCounts, 3, 4},
	{"dagaz english checkers", reference("dagaz_english-checkers.zrf", ""), englishCounts, 6, 9},
	{"checkers", bundled("checkers.zrf"), englishCounts, 6, 9},
	{"dagaz international checkers", reference("dagaz_international-checkers.zrf", "International Checkers"), intlCounts, 5, 7},
	{"international draughts", bundled("international-draughts.zrf"), intlUnique, 6, 8},
	{"brazilian draughts", bundled("brazilian-draughts.zrf"), brazilCounts, 8, 9},
	{"italian draughts", bundled("italian-draughts.zrf"), italianCounts, 7, 10},
	{"laska", bundled("laska.zrf"), laskaCounts, 10, 12},
	// Dagaz's Laska, its columns by the shim of its hook.
	{"dagaz laska", reference("dagaz_english-checkers.zrf", "Laska"), laskaCounts, 10, 12},
	{"zog tic-tac-toe", reference("zog_tic-tac-toe.zrf", ""), tttCounts, 5, 9},
	{"tic-tac-toe", bundled("tic-tac-toe.zrf"), tttCounts, 6, 9},
	{"dagaz breakthrough", reference("dagaz_breakthrough.zrf", ""), btCounts, 3, 5},
	{"breakthrough", bundled("breakthrough.zrf"), btCounts, 3, 5},
	{"connect four", bundled("connect-four.zrf"), c4Counts, 4, 5},
	{"dagaz connect four", reference("dagaz_connect-four.zrf", ""), c4Counts, 4, 5},
	{"reversi", bundled("reversi.zrf"), othelloCounts, 7, 9},
	{"dagaz reversi", reference("dagaz_reversi.zrf", ""), othelloCounts, 6, 8},
	{"hex", bundled("hex.zrf"), hexCounts, 3, 3},
	{"go 9x9", bundled("go.zrf"), go9Counts, 3, 3},
	// Dagaz's Go 13x13 with the Go shim: 169 drops and a pass, then 169
	// after a drop or 170 after a pass; Dagaz's Hex has no swap.
	{"dagaz go", reference("dagaz_go.zrf", ""), []int64{170, 28731}, 2, 2},
	{"dagaz hex", reference("dagaz_hex.zrf", ""), []int64{121, 14520}, 2, 2},
	{"dagaz amazons", reference("dagaz_amazons.zrf", ""), []int64{2176, 4307152}, 1, 2},
	{"xiangqi", bundled("xiangqi.zrf"), xiangqiCounts, 3, 4},
	{"russian draughts", bundled("russian-draughts.zrf"), russianCounts, 7, 9},
	{"shogi", bundled("shogi.zrf"), shogiCounts, 3, 4},
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			g := c.load(t)
			depth := c.quick
			if testenv.Long() {
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

// TestOthelloTable checks reversi against Aart Bik's table at depth 8
// (skipped with -short) and, with LUDUS_LONG=1, at depth 9 and at depth
// 10 under the table's own convention: a finished game is a leaf at any
// depth (the shortest games of Othello end after 9 moves; a player who
// cannot move passes, and a pass is a move).
func TestOthelloTable(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds: skipped with -short")
	}
	g := game(t, "reversi.zrf", "")
	// Depth 9 on the general path takes 3 million plies; the flip kernel
	// counts it in the quick run (TestFlipKernelPerft).
	depth := testenv.Pick(8, 9)
	n, err := engine.Perft(engine.NewState(g), depth)
	if err != nil || n != othelloCounts[depth-1] {
		t.Fatalf("perft(%d) = %d (%v), want %d", depth, n, err, othelloCounts[depth-1])
	}
	if n, err := engine.PerftEnded(engine.NewState(g), 6); err != nil || n != othelloCounts[5] {
		t.Fatalf("perft counting ended games (6) = %d (%v), want %d", n, err, othelloCounts[5])
	}
	if !testenv.Long() {
		return
	}
	if n, err := engine.PerftEnded(engine.NewState(g), 10); err != nil || n != 24571284 {
		t.Fatalf("perft counting ended games (10) = %d (%v), want 24,571,284", n, err)
	}
}
