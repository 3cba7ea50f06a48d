// Package testgames holds small games written directly against
// game.Position, for testing and measuring the players of package search
// and the matches of package arena without the board-game engine:
// tic-tac-toe and connect four (two players, no chance), a two-player race
// of pig (dice: chance nodes) and a three-player take-away game.
//
// Every game plays moves in place with an undo stack, implements
// game.Copier, writes its moves with Notation and says how a finished game
// ended with EndReason.
package testgames

import (
	"fmt"
	"strconv"

	"github.com/ludus-games/ludus/game"
)

// ticLines are the eight lines of three on a 3x3 board, cells numbered
// row by row from 0.
var ticLines = [8][3]int{
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8},
	{0, 3, 6}, {1, 4, 7}, {2, 5, 8},
	{0, 4, 8}, {2, 4, 6},
}

// TicTacToe is noughts and crosses; a move is the number of a cell, 0-8
// row by row from the top left. X (player 1) starts.
type TicTacToe struct {
	cells [9]int8 // 0 empty, 1 X, 2 O
	mover int8
	hist  []int8
}

// NewTicTacToe returns the empty board.
func NewTicTacToe() *TicTacToe { return &TicTacToe{} }

// Players returns 2.
func (t *TicTacToe) Players() int { return 2 }

// ToMove returns the player whose mark goes next.
func (t *TicTacToe) ToMove() game.Player { return game.Player(t.mover) }

// Moves appends the empty cells.
func (t *TicTacToe) Moves(buf []int) []int {
	if t.winner() >= 0 {
		return buf
	}
	for i, c := range t.cells {
		if c == 0 {
			buf = append(buf, i)
		}
	}
	return buf
}

// Outcomes appends nothing: there is no chance.
func (t *TicTacToe) Outcomes(buf []game.Outcome[int]) []game.Outcome[int] { return buf }

// Play marks cell m for the player to move.
func (t *TicTacToe) Play(m int) {
	t.cells[m] = t.mover + 1
	t.hist = append(t.hist, int8(m))
	t.mover = 1 - t.mover
}

// Undo takes back the last mark.
func (t *TicTacToe) Undo() {
	m := t.hist[len(t.hist)-1]
	t.hist = t.hist[:len(t.hist)-1]
	t.cells[m] = 0
	t.mover = 1 - t.mover
}

// winner returns the player with three in a row, 2 for a full board
// without one, or -1 while the game goes on.
func (t *TicTacToe) winner() int {
	for _, l := range ticLines {
		if c := t.cells[l[0]]; c != 0 && c == t.cells[l[1]] && c == t.cells[l[2]] {
			return int(c - 1)
		}
	}
	if len(t.hist) == 9 {
		return 2
	}
	return -1
}

// Result reports a win for three in a row and a draw for a full board.
func (t *TicTacToe) Result() (game.Result, bool) {
	switch w := t.winner(); w {
	case -1:
		return nil, false
	case 2:
		return game.Draw(2), true
	default:
		return game.Win(game.Player(w), 2), true
	}
}

// Key encodes the board in base 3; the player to move follows from it.
func (t *TicTacToe) Key() uint64 {
	var k uint64
	for _, c := range t.cells {
		k = k*3 + uint64(c)
	}
	return k
}

// Copy returns an independent copy.
func (t *TicTacToe) Copy() *TicTacToe {
	c := *t
	c.hist = append(make([]int8, 0, 9), t.hist...)
	return &c
}

// Notation writes a move as its column letter and row number, a1 at the
// bottom left.
func (t *TicTacToe) Notation(m int) string { return cellName(m%3, 2-m/3) }

// EndReason says how the finished game ended.
func (t *TicTacToe) EndReason() string {
	if t.winner() == 2 {
		return "full board"
	}
	return "three in a row"
}

// Ply returns the number of marks on the board.
func (t *TicTacToe) Ply() int { return len(t.hist) }

// String draws the board, top row first.
func (t *TicTacToe) String() string {
	s := make([]byte, 0, 12)
	for i, c := range t.cells {
		s = append(s, ".XO"[c])
		if i%3 == 2 {
			s = append(s, '\n')
		}
	}
	return string(s)
}

// cellName writes a board cell as a letter for the column and a number for
// the row, both counted from 0.
func cellName(col, row int) string {
	return fmt.Sprintf("%c%s", 'a'+col, strconv.Itoa(row+1))
}
