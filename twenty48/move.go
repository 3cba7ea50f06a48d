package twenty48

import (
	"fmt"
	"strings"
)

// Move is one of the four slides. The order (up, down, left, right) is the
// order in which players try moves, so ties go to the earliest.
type Move int8

// The four moves.
const (
	Up Move = iota
	Down
	Left
	Right
)

// Moves lists the four moves in their trial order.
var Moves = [4]Move{Up, Down, Left, Right}

var moveNames = [4]string{"up", "down", "left", "right"}

// String returns "up", "down", "left" or "right".
func (m Move) String() string {
	if m < 0 || int(m) >= len(moveNames) {
		return fmt.Sprintf("Move(%d)", int(m))
	}
	return moveNames[m]
}

// ParseMove reads a move name as written by String (any case).
func ParseMove(s string) (Move, error) {
	for i, n := range moveNames {
		if strings.EqualFold(s, n) {
			return Move(i), nil
		}
	}
	return 0, fmt.Errorf("unknown move %q (want up, down, left or right)", s)
}

// The row tables map each of the 65536 rows to its result. A row holds four
// ranks, column 0 in the low nibble; "left" slides toward column 0. Columns
// use the same tables on the transposed board: "up" is "left" there.
var (
	rowLeft, rowRight [65536]uint16
	// colUp and colDown hold, for a transposed column, the xor that turns
	// the column into its result, already spread out to the cells of column
	// 0 of the real board (shift by 4c for column c).
	colUp, colDown [65536]uint64
	// gainLeft and gainRight are the score of a row's merges.
	gainLeft, gainRight [65536]uint32
	// overflowLeft and overflowRight mark rows in which two 32768 tiles
	// merge: the 65536 does not fit a nibble and is kept as 32768 there.
	overflowLeft, overflowRight [65536 / 64]uint64
)

func init() {
	for row := 0; row < 65536; row++ {
		line := [4]int{row & 0xf, row >> 4 & 0xf, row >> 8 & 0xf, row >> 12 & 0xf}
		res, gain, over := slideLeft(line, MaxRank)
		left := packRow(res)
		rev, revLeft := reverseRow(uint16(row)), reverseRow(left)
		rowLeft[row] = left
		rowRight[rev] = revLeft
		colUp[row] = unpackCol(uint16(row)) ^ unpackCol(left)
		colDown[rev] = unpackCol(rev) ^ unpackCol(revLeft)
		gainLeft[row] = uint32(gain)
		gainRight[rev] = uint32(gain)
		if over {
			overflowLeft[row/64] |= 1 << (row % 64)
			overflowRight[rev/64] |= 1 << (rev % 64)
		}
	}
}

// slideLeft slides one line of ranks toward index 0 with the original
// game's rule: each tile merges at most once, the pair nearest the edge
// first. A merge that would exceed rank limit keeps the rank and is
// reported as an overflow (the score still counts the full tile).
func slideLeft(line [4]int, limit int) (res [4]int, gain int, overflow bool) {
	n := 0
	merged := false // whether res[n-1] was made by a merge
	for _, r := range line {
		if r == 0 {
			continue
		}
		if n > 0 && !merged && res[n-1] == r {
			if r >= limit {
				overflow = true
			} else {
				res[n-1]++
			}
			gain += 2 << r
			merged = true
			continue
		}
		res[n] = r
		n++
		merged = false
	}
	return res, gain, overflow
}

func packRow(line [4]int) uint16 {
	return uint16(line[0] | line[1]<<4 | line[2]<<8 | line[3]<<12)
}

func reverseRow(r uint16) uint16 {
	return r>>12 | r>>4&0x00f0 | r<<4&0x0f00 | r<<12
}

// unpackCol spreads a row's four nibbles down column 0 (cells 0, 4, 8, 12).
func unpackCol(r uint16) uint64 {
	x := uint64(r)
	return (x | x<<12 | x<<24 | x<<36) & 0x000F000F000F000F
}

// Move returns the board after the slide, before any spawn. The result
// equals b when the move is not legal.
func (b Board) Move(m Move) Board {
	switch m {
	case Up:
		return b.moveCols(&colUp)
	case Down:
		return b.moveCols(&colDown)
	case Left:
		return b.moveRows(&rowLeft)
	case Right:
		return b.moveRows(&rowRight)
	}
	return b
}

func (b Board) moveRows(t *[65536]uint16) Board { return Board(slideRows(uint64(b), t)) }

func (b Board) moveCols(t *[65536]uint64) Board {
	x := uint64(b.Transpose())
	return b ^ Board(t[x&0xffff]|t[x>>16&0xffff]<<4|t[x>>32&0xffff]<<8|t[x>>48]<<12)
}

// Legal reports whether m changes the board.
func (b Board) Legal(m Move) bool { return b.Move(m) != b }

// Over reports whether no move is legal: the board is full and no two
// orthogonally adjacent tiles are equal (or, trivially, it is empty).
func (b Board) Over() bool {
	return b == 0 || b.Empty() == 0 && b.Move(Left) == b && b.Move(Up) == b
}

// frame returns the board in which m slides rows (b itself for left and
// right, its transpose for up and down) and whether m slides toward the
// high nibbles (right, down).
func (b Board) frame(m Move) (x uint64, toHigh bool) {
	x = uint64(b)
	if m == Up || m == Down {
		x = uint64(b.Transpose())
	}
	return x, m == Down || m == Right
}

// Gain returns the score of move m: the sum of the tiles its merges make.
func (b Board) Gain(m Move) int {
	x, toHigh := b.frame(m)
	t := &gainLeft
	if toHigh {
		t = &gainRight
	}
	return int(t[x&0xffff] + t[x>>16&0xffff] + t[x>>32&0xffff] + t[x>>48])
}

// Overflows reports whether m merges two 32768 tiles into a 65536, which a
// Board cannot hold (Move keeps a 32768 there).
func (b Board) Overflows(m Move) bool {
	x, toHigh := b.frame(m)
	t := &overflowLeft
	if toHigh {
		t = &overflowRight
	}
	for i := 0; i < 4; i++ {
		r := x >> (16 * i) & 0xffff
		if t[r/64]>>(r%64)&1 != 0 {
			return true
		}
	}
	return false
}
