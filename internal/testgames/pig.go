package testgames

import (
	"strconv"

	"github.com/ludus-games/ludus/game"
)

// Moves of pig: the player holds or rolls; the chance player's moves are
// the faces of the die, 1-6, as FaceBase+1 to FaceBase+6.
const (
	Hold     = 0
	Roll     = 1
	FaceBase = 10
)

// Pig is the two-player dice race: on your turn roll a die as often as you
// like, adding the faces to a turn total, and hold to bank it; a 1 loses
// the turn total and the turn. Who banks Target points first wins. A turn
// must roll at least once, so that every game ends.
type Pig struct {
	Target  int
	score   [2]int
	turn    int
	mover   int8
	rolling bool
	hist    []pigFrame
}

// pigFrame is what Undo restores.
type pigFrame struct {
	score   [2]int
	turn    int
	mover   int8
	rolling bool
}

// NewPig returns the start of a race to target points.
func NewPig(target int) *Pig { return &Pig{Target: target} }

// Players returns 2.
func (p *Pig) Players() int { return 2 }

// ToMove returns Chance while the die is in the air.
func (p *Pig) ToMove() game.Player {
	if p.rolling {
		return game.Chance
	}
	return game.Player(p.mover)
}

func (p *Pig) over() bool { return p.score[0] >= p.Target || p.score[1] >= p.Target }

// Moves appends hold (once the turn has rolled) and roll.
func (p *Pig) Moves(buf []int) []int {
	if p.rolling || p.over() {
		return buf
	}
	if p.turn > 0 {
		buf = append(buf, Hold)
	}
	return append(buf, Roll)
}

// Outcomes appends the six faces while the die is in the air.
func (p *Pig) Outcomes(buf []game.Outcome[int]) []game.Outcome[int] {
	if !p.rolling {
		return buf
	}
	for f := 1; f <= 6; f++ {
		buf = append(buf, game.Outcome[int]{Move: FaceBase + f, Prob: 1.0 / 6})
	}
	return buf
}

// Play makes a player's or the die's move.
func (p *Pig) Play(m int) {
	p.hist = append(p.hist, pigFrame{p.score, p.turn, p.mover, p.rolling})
	switch {
	case m == Hold:
		p.score[p.mover] += p.turn
		p.turn = 0
		p.mover = 1 - p.mover
	case m == Roll:
		p.rolling = true
	case m == FaceBase+1:
		p.rolling, p.turn = false, 0
		p.mover = 1 - p.mover
	default:
		p.rolling = false
		p.turn += m - FaceBase
		if p.score[p.mover]+p.turn >= p.Target { // banks the win at once
			p.score[p.mover] += p.turn
			p.turn = 0
		}
	}
}

// Undo takes back the last move.
func (p *Pig) Undo() {
	f := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.score, p.turn, p.mover, p.rolling = f.score, f.turn, f.mover, f.rolling
}

// Result reports a win for the player who reached the target.
func (p *Pig) Result() (game.Result, bool) {
	for pl, s := range p.score {
		if s >= p.Target {
			return game.Win(game.Player(pl), 2), true
		}
	}
	return nil, false
}

// Key packs the scores, the turn total, the mover and the die.
func (p *Pig) Key() uint64 {
	k := uint64(p.score[0])<<32 | uint64(p.score[1])<<16 | uint64(p.turn)<<2 | uint64(p.mover)<<1
	if p.rolling {
		k |= 1
	}
	return k
}

// Copy returns an independent copy.
func (p *Pig) Copy() *Pig {
	c := *p
	c.hist = append([]pigFrame(nil), p.hist...)
	return &c
}

// Notation writes hold, roll or the face rolled.
func (p *Pig) Notation(m int) string {
	switch m {
	case Hold:
		return "hold"
	case Roll:
		return "roll"
	}
	return strconv.Itoa(m - FaceBase)
}

// EndReason says how the finished game ended.
func (p *Pig) EndReason() string { return "reached " + strconv.Itoa(p.Target) }

// Eval estimates pl's chance of winning from the lead, the points on the
// turn counting for the player to move.
func (p *Pig) Eval(pl game.Player) float64 {
	if r, over := p.Result(); over {
		return r[pl]
	}
	mine, theirs := p.score[pl], p.score[1-pl]
	if game.Player(p.mover) == pl {
		mine += p.turn
	} else {
		theirs += p.turn
	}
	v := 0.5 + float64(mine-theirs)/float64(2*p.Target)
	return min(max(v, 0.01), 0.99)
}
