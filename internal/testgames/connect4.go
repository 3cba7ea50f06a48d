package testgames

import (
	"math"
	"math/bits"

	"github.com/ludus-games/ludus/game"
)

// Connect four is played on 7 columns of 6 rows. Its boards are bitboards
// with 7 bits per column (6 rows and an empty sentinel bit on top), so that
// a line of four is found with three shifts and masks.
const (
	c4Cols   = 7
	c4Rows   = 6
	c4Height = c4Rows + 1
)

// c4Bottom has the lowest bit of every column set.
var c4Bottom = func() uint64 {
	var b uint64
	for c := 0; c < c4Cols; c++ {
		b |= 1 << (c * c4Height)
	}
	return b
}()

// c4Windows are the 69 lines of four cells a player can complete.
var c4Windows = func() []uint64 {
	var ws []uint64
	cell := func(c, r int) uint64 { return 1 << (c*c4Height + r) }
	for c := 0; c < c4Cols; c++ {
		for r := 0; r < c4Rows; r++ {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				ec, er := c+3*d[0], r+3*d[1]
				if ec >= c4Cols || er < 0 || er >= c4Rows {
					continue
				}
				var w uint64
				for i := 0; i < 4; i++ {
					w |= cell(c+i*d[0], r+i*d[1])
				}
				ws = append(ws, w)
			}
		}
	}
	return ws
}()

// ConnectFour is the game of dropping discs into columns, four in a row
// winning; a move is a column, 0-6 from the left. Player 1 starts.
type ConnectFour struct {
	stones [2]uint64
	height [c4Cols]int8
	mover  int8
	hist   []int8
}

// NewConnectFour returns the empty board.
func NewConnectFour() *ConnectFour { return &ConnectFour{} }

// Players returns 2.
func (c *ConnectFour) Players() int { return 2 }

// ToMove returns the player whose disc goes next.
func (c *ConnectFour) ToMove() game.Player { return game.Player(c.mover) }

// Moves appends the columns that are not full, centre first (the order a
// search looks at them in when it has nothing better to go on).
func (c *ConnectFour) Moves(buf []int) []int {
	if c.over() {
		return buf
	}
	for _, col := range [c4Cols]int{3, 2, 4, 1, 5, 0, 6} {
		if c.height[col] < c4Rows {
			buf = append(buf, col)
		}
	}
	return buf
}

// Outcomes appends nothing: there is no chance.
func (c *ConnectFour) Outcomes(buf []game.Outcome[int]) []game.Outcome[int] { return buf }

// Play drops a disc into column m.
func (c *ConnectFour) Play(m int) {
	c.stones[c.mover] |= 1 << (m*c4Height + int(c.height[m]))
	c.height[m]++
	c.hist = append(c.hist, int8(m))
	c.mover = 1 - c.mover
}

// Undo takes back the last disc.
func (c *ConnectFour) Undo() {
	m := c.hist[len(c.hist)-1]
	c.hist = c.hist[:len(c.hist)-1]
	c.mover = 1 - c.mover
	c.height[m]--
	c.stones[c.mover] &^= 1 << (int(m)*c4Height + int(c.height[m]))
}

// fours reports whether board b holds four in a row.
func fours(b uint64) bool {
	for _, s := range [4]uint{1, c4Height, c4Height - 1, c4Height + 1} {
		m := b & (b >> s)
		if m&(m>>(2*s)) != 0 {
			return true
		}
	}
	return false
}

// winner returns the player with four in a row, or -1. Only the player who
// moved last can have just made four.
func (c *ConnectFour) winner() int {
	if len(c.hist) == 0 {
		return -1
	}
	last := 1 - c.mover
	if fours(c.stones[last]) {
		return int(last)
	}
	return -1
}

func (c *ConnectFour) over() bool {
	return len(c.hist) == c4Cols*c4Rows || c.winner() >= 0
}

// Result reports a win for four in a row and a draw for a full board.
func (c *ConnectFour) Result() (game.Result, bool) {
	if w := c.winner(); w >= 0 {
		return game.Win(game.Player(w), 2), true
	}
	if len(c.hist) == c4Cols*c4Rows {
		return game.Draw(2), true
	}
	return nil, false
}

// Key is unique per position: the mover's discs plus the occupied cells
// plus the bottom row mark every column's height and contents.
func (c *ConnectFour) Key() uint64 {
	all := c.stones[0] | c.stones[1]
	return c.stones[c.mover] + all + c4Bottom
}

// Copy returns an independent copy.
func (c *ConnectFour) Copy() *ConnectFour {
	d := *c
	d.hist = append(make([]int8, 0, c4Cols*c4Rows), c.hist...)
	return &d
}

// Notation writes a move as its column letter, a-g.
func (c *ConnectFour) Notation(m int) string { return string(rune('a' + m)) }

// EndReason says how the finished game ended.
func (c *ConnectFour) EndReason() string {
	if c.winner() >= 0 {
		return "four in a row"
	}
	return "full board"
}

// Ply returns the number of discs on the board.
func (c *ConnectFour) Ply() int { return len(c.hist) }

// Eval estimates p's chance of winning from the lines of four still open
// to one side only, weighting lines by the square of their discs: a
// crude but cheap guide for a depth-limited search.
func (c *ConnectFour) Eval(p game.Player) float64 {
	if r, over := c.Result(); over {
		return r[p]
	}
	me, opp := c.stones[p], c.stones[1-p]
	var score float64
	for _, w := range c4Windows {
		a, b := bits.OnesCount64(me&w), bits.OnesCount64(opp&w)
		switch {
		case b == 0:
			score += float64(a * a)
		case a == 0:
			score -= float64(b * b)
		}
	}
	return 0.5 + 0.5*math.Tanh(score/60)
}
