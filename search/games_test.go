package search_test

import (
	"github.com/ludus-games/ludus/game"
)

// pig is a one-player dice game: roll a die as often as you like, adding
// the faces, and stop whenever you want; a 1 ends the game with nothing.
// Moves: stop (0), roll (1); chance moves are faces 1-6 as 11-16.
type pig struct {
	total   int
	rolling bool
	over    bool
	undo    []pig
}

const (
	stop = 0
	roll = 1
)

func (p *pig) Players() int { return 1 }

func (p *pig) ToMove() game.Player {
	if p.rolling {
		return game.Chance
	}
	return 0
}

func (p *pig) Moves(buf []int) []int {
	if p.over || p.rolling {
		return buf
	}
	return append(buf, stop, roll)
}

func (p *pig) Outcomes(buf []game.Outcome[int]) []game.Outcome[int] {
	if !p.rolling {
		return buf
	}
	for face := 1; face <= 6; face++ {
		buf = append(buf, game.Outcome[int]{Move: 10 + face, Prob: 1.0 / 6})
	}
	return buf
}

func (p *pig) Play(m int) {
	saved := *p
	saved.undo = nil
	p.undo = append(p.undo, saved)
	switch {
	case m == stop:
		p.over = true
	case m == roll:
		p.rolling = true
	case m == 11:
		p.total, p.rolling, p.over = 0, false, true
	default:
		p.total += m - 10
		p.rolling = false
	}
}

func (p *pig) Undo() {
	last := p.undo[len(p.undo)-1]
	last.undo = p.undo[:len(p.undo)-1]
	*p = last
}

func (p *pig) Result() (game.Result, bool) {
	if !p.over {
		return nil, false
	}
	return game.Result{float64(p.total)}, true
}

func (p *pig) Key() uint64 {
	k := uint64(p.total) << 2
	if p.rolling {
		k |= 1
	}
	if p.over {
		k |= 2
	}
	return k
}

// pigTotal scores a pig position by its running total (what stopping now
// would give).
func pigTotal(p *pig, _ game.Player) float64 { return float64(p.total) }

// nim is two-player Nim with one heap: take 1, 2 or 3; who takes the last
// stone wins.
type nim struct {
	heap, mover int
	undo        []int
}

func (n *nim) Players() int                                         { return 2 }
func (n *nim) ToMove() game.Player                                  { return game.Player(n.mover) }
func (n *nim) Key() uint64                                          { return uint64(n.heap)<<1 | uint64(n.mover) }
func (n *nim) Outcomes(buf []game.Outcome[int]) []game.Outcome[int] { return buf }

func (n *nim) Moves(buf []int) []int {
	for take := 1; take <= 3 && take <= n.heap; take++ {
		buf = append(buf, take)
	}
	return buf
}

func (n *nim) Play(take int) {
	n.undo = append(n.undo, take)
	n.heap -= take
	n.mover = 1 - n.mover
}

func (n *nim) Undo() {
	take := n.undo[len(n.undo)-1]
	n.undo = n.undo[:len(n.undo)-1]
	n.heap += take
	n.mover = 1 - n.mover
}

func (n *nim) Result() (game.Result, bool) {
	if n.heap > 0 {
		return nil, false
	}
	return game.Win(game.Player(1-n.mover), 2), true // the last taker won
}

// nimEval scores finished games by their result and unfinished ones as
// even.
func nimEval(n *nim, p game.Player) float64 {
	if r, over := n.Result(); over {
		return r[p]
	}
	return 0.5
}
