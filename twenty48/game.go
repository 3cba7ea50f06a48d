package twenty48

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Spawn probabilities of the original game: a new tile is a 4 with
// probability 0.1, else a 2.
const (
	Prob2 = 0.9
	Prob4 = 0.1
)

// lineCells lists, for each move, the cells of each line ordered from the
// edge the tiles move toward.
var lineCells = func() (t [4][4][4]int) {
	for k := 0; k < 4; k++ {
		for j := 0; j < 4; j++ {
			t[Up][k][j] = 4*j + k
			t[Down][k][j] = 4*(3-j) + k
			t[Left][k][j] = 4*k + j
			t[Right][k][j] = 4*k + 3 - j
		}
	}
	return t
}()

// SlideTiles applies m to a board of tile values (row-major, 0 for empty)
// with the rules of the original game, for any tiles a 4x4 game can hold,
// 65536 and 131072 included. It is the exact reference for records; Board
// is the fast path for play and search. The values must be tiles (see
// FromTiles); the result is unspecified otherwise.
func SlideTiles(t [16]int, m Move) (after [16]int, gain int) {
	for _, cells := range lineCells[m] {
		var line [4]int
		for j, c := range cells {
			line[j], _ = rankOf(t[c])
		}
		res, g, _ := slideLeft(line, 64)
		gain += g
		for j, c := range cells {
			if res[j] > 0 {
				after[c] = 1 << res[j]
			}
		}
	}
	return after, gain
}

// Step is what one move did: the board before it, the board after the slide
// and merges (before the spawn), the score gained and the spawned tile.
type Step struct {
	Before Board
	Move   Move
	After  [16]int // exact tile values: may hold a 65536 (see Game.Play)
	Gain   int
	// SpawnCell is the row-major cell of the new tile and SpawnValue its
	// value (2 or 4); SpawnValue is 0 when nothing spawned.
	SpawnCell, SpawnValue int
}

// Game is one game of 2048 driven by a seeded random generator: the same
// seed gives the same spawns for the same moves.
type Game struct {
	Board Board
	Score int
	Moves int // legal moves played
	rng   *rand.Rand
	// big is set when a move merged two 32768 tiles: the 65536 tile does
	// not fit a Board, so the game ends there with this maximum tile.
	big int
}

// ErrOver is returned by Play when the game has ended.
var ErrOver = errors.New("game over")

// NewGame starts a game: two tiles spawned on an empty board.
func NewGame(seed uint64) *Game {
	g := &Game{rng: rand.New(rand.NewPCG(seed, 0x2048))}
	for i := 0; i < 2; i++ {
		cell, value := g.spawn()
		g.Board = g.Board.WithRank(cell, rankBits(value))
	}
	return g
}

// NewGameFrom continues from a given board and score, with its own seed.
func NewGameFrom(b Board, score int, seed uint64) *Game {
	return &Game{Board: b, Score: score, rng: rand.New(rand.NewPCG(seed, 0x2048))}
}

func rankBits(v int) int {
	if v == 4 {
		return 2
	}
	return 1
}

// spawn draws a new tile as the original game does: the value first, then a
// cell uniformly among the empty ones (row-major order).
func (g *Game) spawn() (cell, value int) {
	value = 2
	if g.rng.IntN(10) == 0 {
		value = 4
	}
	k := g.rng.IntN(g.Board.Empty())
	for i := 0; i < 16; i++ {
		if g.Board.Rank(i) == 0 {
			if k == 0 {
				return i, value
			}
			k--
		}
	}
	panic("twenty48: spawn on a full board") // Empty() > 0 was checked by IntN
}

// Over reports whether the game has ended: no legal move, or a 65536 tile.
func (g *Game) Over() bool { return g.big != 0 || g.Board.Over() }

// MaxTile returns the largest tile, 65536 included.
func (g *Game) MaxTile() int { return max(g.big, g.Board.MaxTile()) }

// Play makes move m, adds its score and spawns a tile. An illegal move
// changes nothing and returns an error. A move that merges two 32768 tiles
// makes a 65536, which a Board cannot hold: Play records the exact result
// in the Step and ends the game there, without a spawn.
func (g *Game) Play(m Move) (Step, error) {
	if g.big != 0 {
		return Step{}, ErrOver
	}
	if m < Up || m > Right {
		return Step{}, fmt.Errorf("invalid move %d", m)
	}
	after := g.Board.Move(m)
	if after == g.Board {
		if g.Board.Over() {
			return Step{}, ErrOver
		}
		return Step{}, fmt.Errorf("move %s changes nothing", m)
	}
	st := Step{Before: g.Board, Move: m, Gain: g.Board.Gain(m)}
	g.Score += st.Gain
	g.Moves++
	if g.Board.Overflows(m) {
		st.After, _ = SlideTiles(g.Board.Tiles(), m)
		g.big = 65536
		return st, nil
	}
	st.After = after.Tiles()
	g.Board = after
	st.SpawnCell, st.SpawnValue = g.spawn()
	g.Board = g.Board.WithRank(st.SpawnCell, rankBits(st.SpawnValue))
	return st, nil
}
