package game_test

import (
	"fmt"

	"github.com/ludus-games/ludus/game"
)

// pig is a one-player dice game: roll a die as often as you like, adding
// the faces, and stop whenever you want; a 1 ends the game with nothing.
type pig struct {
	total   int
	rolling bool // the die is in the air: chance to move
	over    bool
	undo    []pig
}

// A move is stop (0), roll (1) or, for the chance player, a face (2-7
// for 1-6).
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
		buf = append(buf, game.Outcome[int]{Move: face + 1, Prob: 1.0 / 6})
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
	case m == 2: // rolled a 1
		p.total, p.rolling, p.over = 0, false, true
	default:
		p.total += m - 1
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

// Example plays a short game of pig through the Position interface.
func Example() {
	var pos game.Position[int] = &pig{}
	fmt.Println(pos.ToMove(), pos.Moves(nil))
	pos.Play(roll)
	fmt.Println(pos.ToMove(), len(pos.Outcomes(nil)), "outcomes")
	pos.Play(6) // a five
	pos.Play(stop)
	res, over := pos.Result()
	fmt.Println(over, res)
	pos.Undo() // take back the stop
	_, over = pos.Result()
	fmt.Println(over, pos.Moves(nil))
	// Output:
	// player 1 [0 1]
	// chance 6 outcomes
	// true [5]
	// false [0 1]
}

func ExampleWin() {
	fmt.Println(game.Win(1, 2), game.Draw(2))
	// Output: [0 1] [0.5 0.5]
}
