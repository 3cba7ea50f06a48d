package testgames

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/game"
)

// TestTicTacToeCounts checks the game against its well-known counts:
// 255,168 possible games (131,184 won by X, 77,904 by O, 46,080 drawn)
// through 5,478 distinct positions.
func TestTicTacToeCounts(t *testing.T) {
	pos := NewTicTacToe()
	var games, xWins, oWins, draws int
	seen := map[uint64]bool{}
	var walk func()
	walk = func() {
		seen[pos.Key()] = true
		if r, over := pos.Result(); over {
			games++
			switch {
			case r[0] == 1:
				xWins++
			case r[1] == 1:
				oWins++
			default:
				draws++
			}
			return
		}
		for _, m := range pos.Moves(nil) {
			pos.Play(m)
			walk()
			pos.Undo()
		}
	}
	walk()
	if games != 255168 || xWins != 131184 || oWins != 77904 || draws != 46080 || len(seen) != 5478 {
		t.Errorf("%d games (%d, %d, %d), %d positions", games, xWins, oWins, draws, len(seen))
	}
}

// TestConnectFourPerft counts the positions reached by move sequences of
// each length (perft), against the published counts: 7^n until a column
// can be full, after the 6th disc.
func TestConnectFourPerft(t *testing.T) {
	pos := NewConnectFour()
	var perft func(d int) int
	perft = func(d int) int {
		if d == 0 {
			return 1
		}
		if _, over := pos.Result(); over {
			return 0
		}
		n := 0
		for _, m := range pos.Moves(nil) {
			pos.Play(m)
			n += perft(d - 1)
			pos.Undo()
		}
		return n
	}
	want := []int{1, 7, 49, 343, 2401, 16807, 117649, 823536}
	for d, w := range want {
		if got := perft(d); got != w {
			t.Errorf("depth %d: %d sequences, want %d", d, got, w)
		}
	}
}

// TestConnectFourKeys checks that keys tell positions apart: positions
// with equal keys have equal discs.
func TestConnectFourKeys(t *testing.T) {
	pos := NewConnectFour()
	seen := map[uint64][2]uint64{}
	var walk func(d int)
	walk = func(d int) {
		if old, ok := seen[pos.Key()]; ok && old != pos.stones {
			t.Fatalf("key %x for %v and %v", pos.Key(), old, pos.stones)
		}
		seen[pos.Key()] = pos.stones
		if d == 0 {
			return
		}
		for _, m := range pos.Moves(nil) {
			pos.Play(m)
			walk(d - 1)
			pos.Undo()
		}
	}
	walk(6)
	if len(seen) < 10000 {
		t.Errorf("%d positions", len(seen))
	}
}

// positions is what the property test needs of a game.
type positions interface {
	game.Position[int]
	Notation(int) string
}

// TestPlayUndo plays random games of every test game and checks at every
// ply that Undo restores the key, that copies are independent, and that
// chance outcomes add up to 1.
func TestPlayUndo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct {
		name string
		new  func() positions
		copy func(p positions) positions
	}{
		{"tic-tac-toe", func() positions { return NewTicTacToe() }, func(p positions) positions { return p.(*TicTacToe).Copy() }},
		{"connect four", func() positions { return NewConnectFour() }, func(p positions) positions { return p.(*ConnectFour).Copy() }},
		{"pig", func() positions { return NewPig(30) }, func(p positions) positions { return p.(*Pig).Copy() }},
		{"take3", func() positions { return NewTake3(20) }, func(p positions) positions { return p.(*Take3).Copy() }},
	} {
		for g := 0; g < 50; g++ {
			pos := tt.new()
			var keys []uint64
			for ply := 0; ; ply++ {
				if _, over := pos.Result(); over {
					break
				}
				var moves []int
				if pos.ToMove() == game.Chance {
					var sum float64
					for _, o := range pos.Outcomes(nil) {
						moves = append(moves, o.Move)
						sum += o.Prob
					}
					if math.Abs(sum-1) > 1e-12 || len(pos.Moves(nil)) != 0 {
						t.Fatalf("%s: outcomes add up to %v", tt.name, sum)
					}
				} else {
					moves = pos.Moves(nil)
				}
				if len(moves) == 0 || pos.Notation(moves[0]) == "" {
					t.Fatalf("%s ply %d: no move in an unfinished game", tt.name, ply)
				}
				before := pos.Key()
				c := tt.copy(pos)
				c.Play(moves[0])
				c.Undo()
				c.Play(moves[len(moves)-1])
				if pos.Key() != before {
					t.Fatalf("%s: playing on a copy changed the original", tt.name)
				}
				keys = append(keys, pos.Key())
				pos.Play(moves[rng.IntN(len(moves))])
			}
			for i := len(keys) - 1; i >= 0; i-- {
				pos.Undo()
				if pos.Key() != keys[i] {
					t.Fatalf("%s: undo to ply %d gave key %x, want %x", tt.name, i, pos.Key(), keys[i])
				}
			}
		}
	}
}
