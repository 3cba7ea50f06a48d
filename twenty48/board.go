// Package twenty48 plays 2048: an exact engine for the rules of the original
// game (gabrielecirulli/2048), a bitboard with table-driven moves, board
// evaluations, players from random to expectimax, game records in JSON
// lines, statistics over many seeded games and board pictures.
//
// A Board packs the 16 cells into one uint64, four bits per cell holding
// the base-2 logarithm of the tile (0 for an empty cell), so tiles up to
// 32768 fit. Merging two 32768 tiles would make 65536, which does not fit:
// Board.Move reports that case (Overflows) and Game ends the game there,
// with the 65536 tile recorded exactly (see Game.Play).
package twenty48

import (
	"fmt"
	"math/bits"
	"strings"
)

// Board is a 4x4 position, one 4-bit rank per cell. Cell i (row-major, row
// 0 at the top) is the nibble at bits 4i..4i+3, so row r is the 16 bits at
// 16r and, within a row, column 0 is the lowest nibble.
type Board uint64

// MaxRank is the largest rank a Board cell holds: 2^15 = 32768.
const MaxRank = 15

// Rank returns the rank (log2 of the tile, 0 for empty) of cell i (0-15).
func (b Board) Rank(i int) int { return int(b>>(4*uint(i))) & 0xf }

// Tile returns the tile value of cell i, 0 for an empty cell.
func (b Board) Tile(i int) int {
	if r := b.Rank(i); r > 0 {
		return 1 << r
	}
	return 0
}

// WithRank returns b with cell i set to rank r (0-15).
func (b Board) WithRank(i, r int) Board {
	shift := 4 * uint(i)
	return b&^(0xf<<shift) | Board(r&0xf)<<shift
}

// Tiles returns the tile values row-major, 0 for empty cells.
func (b Board) Tiles() [16]int {
	var t [16]int
	for i := range t {
		t[i] = b.Tile(i)
	}
	return t
}

// FromTiles builds a board from tile values row-major. Every value must be
// 0 or a power of two from 2 to 32768.
func FromTiles(t [16]int) (Board, error) {
	var b Board
	for i, v := range t {
		r, err := rankOf(v)
		if err != nil {
			return 0, fmt.Errorf("cell %d: %w", i, err)
		}
		if r > MaxRank {
			return 0, fmt.Errorf("cell %d: tile %d does not fit a 4-bit board (largest 32768)", i, v)
		}
		b = b.WithRank(i, r)
	}
	return b, nil
}

// rankOf returns log2(v) for a tile value, 0 for an empty cell, and an error
// for anything that is not a tile of the game (1, odd numbers, negatives,
// values above 131072, the largest tile a 4x4 board can hold).
func rankOf(v int) (int, error) {
	if v == 0 {
		return 0, nil
	}
	if v < 2 || v > 131072 || v&(v-1) != 0 {
		return 0, fmt.Errorf("%d is not a tile value (0 or a power of two from 2 to 131072)", v)
	}
	return bits.TrailingZeros(uint(v)), nil
}

// Empty returns the number of empty cells.
func (b Board) Empty() int {
	x := uint64(b)
	x |= (x >> 2) & 0x3333333333333333
	x |= x >> 1
	x = ^x & 0x1111111111111111
	return bits.OnesCount64(x)
}

// emptyMask returns 1 in the low bit of every empty cell's nibble.
func (b Board) emptyMask() uint64 {
	x := uint64(b)
	x |= (x >> 2) & 0x3333333333333333
	x |= x >> 1
	return ^x & 0x1111111111111111
}

// MaxTile returns the largest tile value (0 on an empty board).
func (b Board) MaxTile() int {
	r := b.maxRank()
	if r == 0 {
		return 0
	}
	return 1 << r
}

func (b Board) maxRank() int {
	m := 0
	for x := uint64(b); x != 0; x >>= 4 {
		m = max(m, int(x&0xf))
	}
	return m
}

// Distinct returns the number of distinct tile values on the board.
func (b Board) Distinct() int {
	var set uint16
	for x := uint64(b); x != 0; x >>= 4 {
		set |= 1 << (x & 0xf)
	}
	return bits.OnesCount16(set &^ 1)
}

// Transpose mirrors the board about its main diagonal: rows become columns.
func (b Board) Transpose() Board {
	x := uint64(b)
	a1 := x & 0xF0F00F0FF0F00F0F
	a2 := x & 0x0000F0F00000F0F0
	a3 := x & 0x0F0F00000F0F0000
	a := a1 | a2<<12 | a3>>12
	b1 := a & 0xFF00FF0000FF00FF
	b2 := a & 0x00FF00FF00000000
	b3 := a & 0x00000000FF00FF00
	return Board(b1 | b2>>24 | b3<<24)
}

// String draws the board as four lines of right-aligned tile values, "."
// for empty cells.
func (b Board) String() string {
	var sb strings.Builder
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			v := b.Tile(4*r + c)
			if v == 0 {
				fmt.Fprintf(&sb, "%6s", ".")
			} else {
				fmt.Fprintf(&sb, "%6d", v)
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
