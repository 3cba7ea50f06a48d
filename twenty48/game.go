package twenty48

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
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
	Before      Board   // as the player saw it (a projection past 32768)
	BeforeTiles [16]int // exact tile values
	Move        Move
	After       [16]int // exact tile values
	Gain        int
	// SpawnCell is the row-major cell of the new tile and SpawnValue its
	// value (2 or 4); SpawnValue is 0 when nothing spawned.
	SpawnCell, SpawnValue int
}

// Game is one game of 2048 driven by a seeded random generator: the same
// seed gives the same spawns for the same moves.
//
// Tiles up to 32768 live on Board, the bitboard. Merging two 32768 tiles
// makes a 65536, which a 4-bit cell cannot hold: from then on the game
// keeps its exact tiles apart (Tiles), plays moves with the exact rules on
// them, and Board holds their projection for the players (Project), so
// that the rare game past 32768 costs the common one nothing.
type Game struct {
	// Board is the board: exact while every tile is 32768 or less, the
	// projection of the exact tiles after that (see Big).
	Board Board
	Score int
	Moves int // legal moves played
	rng   *rand.Rand
	// tiles are the exact tile values once a tile above 32768 exists.
	tiles [16]int
	big   bool
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

// NewGameFromTiles continues from a board of any tiles a game can hold
// (65536 and 131072 included), with its own seed.
func NewGameFromTiles(t [16]int, score int, seed uint64) (*Game, error) {
	g := &Game{Score: score, rng: rand.New(rand.NewPCG(seed, 0x2048))}
	for i, v := range t {
		if _, err := rankOf(v); err != nil {
			return nil, fmt.Errorf("cell %d: %w", i, err)
		}
	}
	g.setTiles(t)
	return g, nil
}

// setTiles makes t the game's board: on the bitboard when every tile fits
// it, else kept exact with its projection on Board.
func (g *Game) setTiles(t [16]int) {
	b, err := FromTiles(t)
	if err == nil && !g.big {
		g.Board = b
		return
	}
	g.tiles, g.big = t, true
	g.Board = Project(t)
}

func rankBits(v int) int {
	if v == 4 {
		return 2
	}
	return 1
}

// spawn draws a new tile as the original game does: the value first, then a
// cell uniformly among the empty ones (row-major order). Board's empty
// cells are the exact board's: a projection keeps every tile.
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

// Big reports whether the game holds a tile above 32768: then Board is a
// projection and Tiles the exact board.
func (g *Game) Big() bool { return g.big }

// Tiles returns the exact tile values, row-major.
func (g *Game) Tiles() [16]int {
	if g.big {
		return g.tiles
	}
	return g.Board.Tiles()
}

// Legal reports whether move m changes the exact board.
func (g *Game) Legal(m Move) bool {
	if !g.big {
		return g.Board.Legal(m)
	}
	after, _ := SlideTiles(g.tiles, m)
	return after != g.tiles
}

// LegalMoves returns which moves change the board, in the order of Moves.
func (g *Game) LegalMoves() (legal [4]bool) {
	for i, m := range Moves {
		legal[i] = g.Legal(m)
	}
	return legal
}

// Over reports whether the game has ended: no move is legal.
func (g *Game) Over() bool {
	if !g.big {
		return g.Board.Over()
	}
	return g.LegalMoves() == [4]bool{}
}

// MaxTile returns the largest tile, past 32768 included.
func (g *Game) MaxTile() int {
	if !g.big {
		return g.Board.MaxTile()
	}
	return slices.Max(g.tiles[:])
}

// Play makes move m, adds its score and spawns a tile. An illegal move
// changes nothing and returns an error. A move that merges two 32768
// tiles makes a 65536: the game goes on with exact tiles (see Game).
func (g *Game) Play(m Move) (Step, error) {
	if m < Up || m > Right {
		return Step{}, fmt.Errorf("invalid move %d", m)
	}
	if g.big || twoRank15(uint64(g.Board)) && g.Board.Overflows(m) {
		return g.playExact(m)
	}
	after := g.Board.Move(m)
	if after == g.Board {
		if g.Board.Over() {
			return Step{}, ErrOver
		}
		return Step{}, fmt.Errorf("move %s changes nothing", m)
	}
	st := Step{Before: g.Board, Move: m, Gain: g.Board.Gain(m), BeforeTiles: g.Board.Tiles()}
	g.Score += st.Gain
	g.Moves++
	st.After = after.Tiles()
	g.Board = after
	st.SpawnCell, st.SpawnValue = g.spawn()
	g.Board = g.Board.WithRank(st.SpawnCell, rankBits(st.SpawnValue))
	return st, nil
}

// playExact is Play on the exact tiles, for games past 32768.
func (g *Game) playExact(m Move) (Step, error) {
	before := g.Tiles()
	after, gain := SlideTiles(before, m)
	if after == before {
		if g.Over() {
			return Step{}, ErrOver
		}
		return Step{}, fmt.Errorf("move %s changes nothing", m)
	}
	st := Step{Before: g.Board, BeforeTiles: before, Move: m, After: after, Gain: gain}
	g.Score += gain
	g.Moves++
	g.big = true
	g.tiles = after
	g.Board = Project(after)
	st.SpawnCell, st.SpawnValue = g.spawn()
	g.tiles[st.SpawnCell] = st.SpawnValue
	g.Board = Project(g.tiles)
	return st, nil
}
