package engine_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/testenv"
)

// pentago is a direct implementation of the rules of games/pentago.zrf,
// written apart from the engine: a marble dropped on an empty point, then
// one of the four quadrants turned a quarter either way; five in a row
// after the turn wins, five for both players draws, and a full board
// without five draws.
type pentago struct {
	b    [36]int8 // x+6*y, a1 = 0: 0 empty, 1 White, 2 Black
	turn int8     // 1 White, 2 Black
}

// quadrant q (0 sw, 1 se, 2 nw, 3 ne) turned clockwise (the sixth rank
// at the top) sends the point at (x, y) of the quadrant, counted from its
// lower left corner, to (y, 2-x).
func (p *pentago) turnQuadrant(q int, cw bool) {
	x0, y0 := 3*(q%2), 3*(q/2)
	var old [9]int8
	for y := 0; y < 3; y++ {
		for x := 0; x < 3; x++ {
			old[x+3*y] = p.b[x0+x+6*(y0+y)]
		}
	}
	for y := 0; y < 3; y++ {
		for x := 0; x < 3; x++ {
			nx, ny := y, 2-x
			if !cw {
				nx, ny = 2-y, x
			}
			p.b[x0+nx+6*(y0+ny)] = old[x+3*y]
		}
	}
}

// five reports whether colour c has five in a row.
func (p *pentago) five(c int8) bool {
	for y := 0; y < 6; y++ {
		for x := 0; x < 6; x++ {
			for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				n := 0
				for k := 0; k < 5; k++ {
					xx, yy := x+k*d[0], y+k*d[1]
					if xx < 0 || xx > 5 || yy < 0 || yy > 5 || p.b[xx+6*yy] != c {
						break
					}
					n++
				}
				if n == 5 {
					return true
				}
			}
		}
	}
	return false
}

// over reports whether the game has ended and, if so, the winner (0 for
// a draw).
func (p *pentago) over() (bool, int8) {
	w, bl := p.five(1), p.five(2)
	switch {
	case w && bl:
		return true, 0
	case w:
		return true, 1
	case bl:
		return true, 2
	}
	for _, v := range p.b {
		if v == 0 {
			return false, 0
		}
	}
	return true, 0
}

// children lists the positions after each move, in no particular order,
// every drop and turn once (unique false) or each position once.
func (p *pentago) children(unique bool) []pentago {
	var out []pentago
	seen := map[[36]int8]bool{}
	for c := range p.b {
		if p.b[c] != 0 {
			continue
		}
		for q := 0; q < 4; q++ {
			for _, cw := range []bool{true, false} {
				n := *p
				n.b[c] = p.turn
				n.turnQuadrant(q, cw)
				n.turn = 3 - p.turn
				if unique && seen[n.b] {
					continue
				}
				seen[n.b] = true
				out = append(out, n)
			}
		}
	}
	return out
}

func (p *pentago) perft(depth int, unique bool) int {
	if ended, _ := p.over(); ended {
		return 0
	}
	ch := p.children(unique)
	if depth == 1 {
		return len(ch)
	}
	n := 0
	for i := range ch {
		n += ch[i].perft(depth-1, unique)
	}
	return n
}

// pentagoOf reads the engine's position into the direct implementation.
func pentagoOf(t *testing.T, s *engine.State) pentago {
	t.Helper()
	var p pentago
	pos := s.Game().Rules.Board.Positions
	for i, name := range pos {
		x, y := int(name[0]-'a'), int(name[1]-'1')
		if v := s.At(i); v != 0 {
			p.b[x+6*y] = int8(v.Owner() + 1)
		}
	}
	p.turn = int8(s.ToMove() + 1)
	return p
}

// TestPentagoPerftByHand checks the counts that follow from the rules
// alone. No game can end before the ninth move (five marbles of one
// colour), so with every drop and turn a move the tree n moves deep has
// 8^n x 36!/(36-n)! leaves. Counting each position once, the first move
// leaves one marble anywhere: 36. After two, with White's marble on w:
// on a quadrant's centre (4 points) Black's 280 moves give 35 positions
// (the black marble anywhere else); elsewhere (32 points) 105: White's
// marble on w, or turned either way by the turn of its quadrant, with
// Black's on any of the 35 other points: 4x35 + 32x105 = 3500.
func TestPentagoPerftByHand(t *testing.T) {
	every := game(t, "pentago.zrf", "Pentago (every turn)")
	unique := game(t, "pentago.zrf", "Pentago")
	depth := 2
	if testenv.Long() {
		depth = 3
	}
	leaves := 1
	for n := 1; n <= depth; n++ {
		leaves *= 8 * (37 - n)
		if got, err := engine.Perft(engine.NewState(every), n); err != nil || got != int64(leaves) {
			t.Errorf("every turn, perft(%d) = %d, %v; want %d", n, got, err, leaves)
		}
	}
	for n, want := range []int64{1: 36, 2: 3500} {
		if n == 0 {
			continue
		}
		if got, err := engine.Perft(engine.NewState(unique), n); err != nil || got != want {
			t.Errorf("unique, perft(%d) = %d, %v; want %d", n, got, err, want)
		}
	}
	// Three moves deep, counted by the direct implementation: 504,792.
	var start pentago
	start.turn = 1
	want := start.perft(3, true)
	if got, err := engine.Perft(engine.NewState(unique), 3); err != nil || got != int64(want) {
		t.Errorf("unique, perft(3) = %d, %v; direct %d", got, err, want)
	}
}

// TestPentagoAgainstDirect plays random games and compares, at every
// ply, the positions each move leads to (as a multiset, under both
// conventions), the perft two moves deep, and how the game ends.
func TestPentagoAgainstDirect(t *testing.T) {
	games, ended := testenv.Pick(6, 12), map[int8]int{}
	if testing.Short() {
		games = 4
	}
	for _, variant := range []string{"Pentago", "Pentago (every turn)"} {
		g := game(t, "pentago.zrf", variant)
		unique := variant == "Pentago"
		rng := rand.New(rand.NewPCG(7, 11))
		for i := 0; i < games; i++ {
			s := engine.NewState(g)
			for ply := 0; ; ply++ {
				p := pentagoOf(t, s)
				r, err := s.Result()
				if err != nil {
					t.Fatal(err)
				}
				over, winner := p.over()
				if r.Over != over {
					t.Fatalf("%s game %d ply %d: engine over %v (%s), direct %v", variant, i, ply, r.Over, r.Reason, over)
				}
				if over {
					checkPentagoScores(t, r, winner)
					ended[winner]++
					break
				}
				var ml engine.MoveList
				ms, err := s.Moves(&ml)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for j := range ms {
					s.Play(&ms[j])
					got = append(got, fmt.Sprint(pentagoOf(t, s).b))
					s.Undo()
				}
				var want []string
				for _, c := range p.children(unique) {
					want = append(want, fmt.Sprint(c.b))
				}
				sort.Strings(got)
				sort.Strings(want)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s game %d ply %d: %d moves, direct %d", variant, i, ply, len(got), len(want))
				}
				if ply%6 == 5 {
					n, err := engine.Perft(s, 2)
					if want := p.perft(2, unique); err != nil || n != int64(want) {
						t.Fatalf("%s game %d ply %d: perft(2) = %d, %v; direct %d", variant, i, ply, n, err, want)
					}
				}
				s.Play(&ms[rng.IntN(len(ms))])
			}
		}
	}
	if ended[1]+ended[2] == 0 {
		t.Errorf("no random game was won: %v", ended)
	}
}

// checkPentagoScores compares the engine's scores with the winner the
// direct implementation names (0: a draw).
func checkPentagoScores(t *testing.T, r engine.Result, winner int8) {
	t.Helper()
	want := []float64{0.5, 0.5}
	switch winner {
	case 1:
		want = []float64{1, 0}
	case 2:
		want = []float64{0, 1}
	}
	if fmt.Sprint(r.Scores) != fmt.Sprint(want) {
		t.Fatalf("scores %v (%s), want %v", r.Scores, r.Reason, want)
	}
}

// TestPentagoGoals plays every move of positions where a turn makes
// five in a row (for the mover, for the opponent, for both at once) and
// compares the outcome with the direct implementation's.
func TestPentagoGoals(t *testing.T) {
	g := game(t, "pentago.zrf", "Pentago (every turn)")
	positions := []string{
		// Turning se clockwise brings f1 and f2 to d1 and e1 (White's
		// five on the first rank) and e1 to d2 (Black's on the second).
		`(position (turn White) (White (Marble a1 b1 c1 f1 f2)) (Black (Marble a2 b2 c2 e1 e2)))`,
		// White's fifth on e1 wins; turning se clockwise takes it away.
		`(position (turn White) (White (Marble a1 b1 c1 d1)) (Black (Marble a6 b6 c6 f6)))`,
		// Whatever White drops, turning se clockwise makes Black's five.
		`(position (turn White) (White (Marble a6 b6 c4 e5 f4)) (Black (Marble a1 b1 c1 f1 f2)))`,
	}
	outcomes := map[string]int{}
	for _, pos := range positions {
		s, err := engine.ParsePosition(g, "pos", []byte(pos))
		if err != nil {
			t.Fatal(err)
		}
		var ml engine.MoveList
		ms, err := s.Moves(&ml)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ms {
			s.Play(&ms[i])
			r, err := s.Result()
			if err != nil {
				t.Fatal(err)
			}
			p := pentagoOf(t, s)
			over, winner := p.over()
			if over != r.Over {
				t.Fatalf("%s: over %v (%s), direct %v", s.Notation(&ms[i]), r.Over, r.Reason, over)
			}
			if over {
				checkPentagoScores(t, r, winner)
				outcomes[[]string{"draw", "White", "Black"}[winner]]++
			}
			s.Undo()
		}
	}
	if outcomes["draw"] == 0 || outcomes["White"] == 0 || outcomes["Black"] == 0 {
		t.Errorf("outcomes %v: want draws, White wins and Black wins", outcomes)
	}
	t.Logf("outcomes %v", outcomes)
}

// TestPentagoParsesEveryTurn: a move that "unique moves" left out of the
// list (it gives the position of a listed one) still reads, as the listed
// move; a move that is not legal does not.
func TestPentagoParsesEveryTurn(t *testing.T) {
	g := game(t, "pentago.zrf", "Pentago")
	s := engine.NewState(g)
	listed := notations(t, s)
	left := "+ a6 drop White Marble + turn sw cw +"
	for _, n := range listed {
		if n == left {
			t.Fatalf("%s is listed: %v", left, listed)
		}
	}
	m, err := s.ParseMove(left)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Notation(&m); got != "+ a6 drop White Marble + turn ne cw +" {
		t.Errorf("%s reads as %s", left, got)
	}
	s.Play(&m)
	if p := pentagoOf(t, s); p.b[30] != 1 {
		t.Errorf("no white marble on a6: %v", p.b)
	}
	s.Undo()
	for _, bad := range []string{"+ a6 drop White Marble + turn sw sideways +", "+ a6 drop White Marble +", "turn sw cw"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%s read", bad)
		}
	}
}

func BenchmarkPerftPentago(b *testing.B) { benchPerft(b, game(b, "pentago.zrf", "Pentago"), 2) }
func BenchmarkPerftPentagoEveryTurn(b *testing.B) {
	benchPerft(b, game(b, "pentago.zrf", "Pentago (every turn)"), 2)
}
func BenchmarkPlayoutPentago(b *testing.B) { benchPlayouts(b, game(b, "pentago.zrf", "Pentago")) }
func BenchmarkPlayoutPentagoEveryTurn(b *testing.B) {
	benchPlayouts(b, game(b, "pentago.zrf", "Pentago (every turn)"))
}

// FuzzParseMovePentago reads arbitrary move text in a Pentago position:
// an error, or a legal move (maybe one that "unique moves" left out, read
// as the listed move of the same position) whose notation reads back as
// the same move.
func FuzzParseMovePentago(f *testing.F) {
	f.Add("+ c3 drop White Marble + turn sw cw +")
	f.Add("+ a6 drop White Marble + turn se ccw +")
	f.Add("turn nw cw")
	g := game(f, "pentago.zrf", "Pentago")
	s, err := engine.ParsePosition(g, "pos", []byte(`(turn White) (White (Marble a6 b5)) (Black (Marble f1 e2))`))
	if err != nil {
		f.Fatal(err)
	}
	fuzzMoveText(f, engine.NewPosition(s, nil))
}

// TestPentagoEveryMove: EveryMove offers each hole with each of the eight
// turns, as the variant that lists every turn does, while Moves keeps one
// move a position; a game without "unique moves" has the same two lists.
func TestPentagoEveryMove(t *testing.T) {
	tests := []struct {
		file, variant string
		moves, every  int
	}{
		{"pentago.zrf", "Pentago", 36, 288},
		{"pentago.zrf", "Pentago (every turn)", 288, 288},
		{"chess.zrf", "", 20, 20},
	}
	for _, tt := range tests {
		s := engine.NewState(game(t, tt.file, tt.variant))
		var ml, all engine.MoveList
		ms, err := s.Moves(&ml)
		if err != nil {
			t.Fatal(err)
		}
		every, err := s.EveryMove(&all)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != tt.moves || len(every) != tt.every {
			t.Errorf("%s %s: %d moves, %d to choose among; want %d and %d", tt.file, tt.variant, len(ms), len(every), tt.moves, tt.every)
		}
		// Moves is as it was: EveryMove leaves the option on.
		if again, _ := s.Moves(&ml); len(again) != tt.moves {
			t.Errorf("%s %s: %d moves after EveryMove", tt.file, tt.variant, len(again))
		}
		pos := engine.NewPosition(s, nil)
		if n := len(pos.EveryMove(nil)); n != tt.every {
			t.Errorf("%s %s: the position offers %d moves, want %d", tt.file, tt.variant, n, tt.every)
		}
	}
}
