package testgames

import (
	"strconv"

	"github.com/ludus-games/ludus/game"
)

// Take3 is a three-player take-away game: players take 1, 2 or 3 stones
// from a heap in turn, and whoever takes the last stone wins.
type Take3 struct {
	heap  int
	mover int8
	hist  []int8
}

// NewTake3 returns a heap of n stones, player 1 to move.
func NewTake3(n int) *Take3 { return &Take3{heap: n} }

// Players returns 3.
func (t *Take3) Players() int { return 3 }

// ToMove returns the player to take.
func (t *Take3) ToMove() game.Player { return game.Player(t.mover) }

// Moves appends the numbers of stones that can be taken.
func (t *Take3) Moves(buf []int) []int {
	for n := 1; n <= 3 && n <= t.heap; n++ {
		buf = append(buf, n)
	}
	return buf
}

// Outcomes appends nothing: there is no chance.
func (t *Take3) Outcomes(buf []game.Outcome[int]) []game.Outcome[int] { return buf }

// Play takes m stones.
func (t *Take3) Play(m int) {
	t.heap -= m
	t.hist = append(t.hist, int8(m))
	t.mover = (t.mover + 1) % 3
}

// Undo puts the last stones taken back.
func (t *Take3) Undo() {
	t.heap += int(t.hist[len(t.hist)-1])
	t.hist = t.hist[:len(t.hist)-1]
	t.mover = (t.mover + 2) % 3
}

// Result reports a win for the player who took the last stone.
func (t *Take3) Result() (game.Result, bool) {
	if t.heap > 0 {
		return nil, false
	}
	return game.Win(game.Player((t.mover+2)%3), 3), true
}

// Key packs the heap and the mover.
func (t *Take3) Key() uint64 { return uint64(t.heap)<<2 | uint64(t.mover) }

// Copy returns an independent copy.
func (t *Take3) Copy() *Take3 {
	c := *t
	c.hist = append([]int8(nil), t.hist...)
	return &c
}

// Notation writes "take N".
func (t *Take3) Notation(m int) string { return "take " + strconv.Itoa(m) }

// EndReason says how the finished game ended.
func (t *Take3) EndReason() string { return "last stone" }

// Heap returns the stones left.
func (t *Take3) Heap() int { return t.heap }
