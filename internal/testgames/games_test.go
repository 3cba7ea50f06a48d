package testgames

import (
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/game/gametest"
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

// TestContract checks every test game against the contract of
// game.Position, copies included.
func TestContract(t *testing.T) {
	gametest.Run(t, "tic-tac-toe", NewTicTacToe, gametest.Options[int]{Games: 6})
	gametest.Run(t, "connect four", NewConnectFour, gametest.Options[int]{Games: 4})
	gametest.Run(t, "pig", func() *Pig { return NewPig(30) }, gametest.Options[int]{Games: 4, Plies: 150})
	gametest.Run(t, "take3", func() *Take3 { return NewTake3(20) }, gametest.Options[int]{Games: 4})
}

// TestNotation checks that every move of random games has a name.
func TestNotation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct {
		name string
		new  func() positions
	}{
		{"tic-tac-toe", func() positions { return NewTicTacToe() }},
		{"connect four", func() positions { return NewConnectFour() }},
		{"pig", func() positions { return NewPig(30) }},
		{"take3", func() positions { return NewTake3(20) }},
	} {
		for range 20 {
			pos := tt.new()
			for ply := 0; ply < 200; ply++ {
				if _, over := pos.Result(); over {
					break
				}
				moves := pos.Moves(nil)
				for _, o := range pos.Outcomes(nil) {
					moves = append(moves, o.Move)
				}
				for _, m := range moves {
					if pos.Notation(m) == "" {
						t.Fatalf("%s ply %d: move %d has no name", tt.name, ply, m)
					}
				}
				pos.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
}

// positions is what the notation test needs of a game.
type positions interface {
	game.Position[int]
	Notation(int) string
}
