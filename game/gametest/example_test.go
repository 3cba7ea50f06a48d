package gametest_test

import (
	"fmt"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/game/gametest"
)

// nim is one heap of stones, two players taking one or two in turn; who
// takes the last stone wins. A move is the number of stones taken.
type nim struct {
	heap, mover int
	taken       []int
}

func (n *nim) Players() int        { return 2 }
func (n *nim) ToMove() game.Player { return game.Player(n.mover) }
func (n *nim) Key() uint64         { return uint64(n.heap)<<1 | uint64(n.mover) }

func (n *nim) Moves(buf []int) []int {
	for take := 1; take <= min(2, n.heap); take++ {
		buf = append(buf, take)
	}
	return buf
}

func (n *nim) Outcomes(buf []game.Outcome[int]) []game.Outcome[int] { return buf }

func (n *nim) Play(take int) {
	n.heap -= take
	n.mover = 1 - n.mover
	n.taken = append(n.taken, take)
}

func (n *nim) Undo() {
	n.heap += n.taken[len(n.taken)-1]
	n.taken = n.taken[:len(n.taken)-1]
	n.mover = 1 - n.mover
}

func (n *nim) Result() (game.Result, bool) {
	if n.heap > 0 {
		return nil, false
	}
	return game.Win(game.Player(1-n.mover), 2), true
}

// Copy makes nim a game.Copier, whose copies the suite checks too.
func (n *nim) Copy() *nim {
	c := *n
	c.taken = append([]int(nil), n.taken...)
	return &c
}

// ExampleCheck checks a game of nim. In a test, gametest.Run does the
// same as a subtest:
//
//	gametest.Run(t, "nim", func() *nim { return &nim{heap: 12} }, gametest.Options[int]{})
func ExampleCheck() {
	err := gametest.Check(func() *nim { return &nim{heap: 12} }, gametest.Options[int]{Games: 5})
	fmt.Println("nim:", err)
	// Output: nim: <nil>
}
