package twenty48

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// Player chooses moves. A Player holds only its settings and is safe for
// concurrent use; the game's own random generator is passed in for players
// that need chance (it is separate from the spawn generator, so a random
// player does not change where tiles spawn).
type Player interface {
	// Choose returns a legal move on b and what choosing it cost; ok is
	// false when no move is legal.
	Choose(b Board, rng *rand.Rand) (m Move, info Info, ok bool)
}

// Random plays a uniformly random legal move: the baseline of baselines.
type Random struct{}

// Choose picks a legal move at random.
func (Random) Choose(b Board, rng *rand.Rand) (Move, Info, bool) {
	var legal [4]Move
	n := 0
	for _, m := range Moves {
		if b.Legal(m) {
			legal[n] = m
			n++
		}
	}
	if n == 0 {
		return 0, Info{}, false
	}
	return legal[rng.IntN(n)], Info{}, true
}

// Greedy plays the move that scores most now, the first such in the order
// up, down, left, right.
type Greedy struct{}

// Choose picks the legal move with the largest gain.
func (Greedy) Choose(b Board, _ *rand.Rand) (Move, Info, bool) {
	best, found, gain := Up, false, -1
	for _, m := range Moves {
		if b.Legal(m) && b.Gain(m) > gain {
			best, found, gain = m, true, b.Gain(m)
		}
	}
	return best, Info{}, found
}

// PlayerSpec names a player and its settings as the command line gives
// them.
type PlayerSpec struct {
	// Kind is "expectimax" (the fast path), "generic" (search.Expectimax
	// on Position), "greedy" or "random".
	Kind     string
	Eval     string // evaluation name for the searching players
	Depth    int    // 0: adaptive (expectimax only)
	MinDepth int
	MaxDepth int
	// RoomyEmpty searches boards with at least this many empty cells one
	// move shallower (0: never).
	RoomyEmpty int `json:",omitempty"`
	Time       time.Duration
	MinProb    float64
}

// NewPlayer builds the player a spec describes.
func NewPlayer(s PlayerSpec) (Player, error) {
	switch s.Kind {
	case "random":
		return Random{}, nil
	case "greedy":
		return Greedy{}, nil
	case "expectimax", "generic":
	default:
		return nil, fmt.Errorf("unknown player %q (want expectimax, generic, greedy or random)", s.Kind)
	}
	ev, err := EvalByName(s.Eval)
	if err != nil {
		return nil, err
	}
	if s.Depth < 0 || s.MinDepth < 0 || s.MaxDepth < 0 || s.RoomyEmpty < 0 {
		return nil, fmt.Errorf("depths must not be negative")
	}
	if s.MinProb < 0 || s.MinProb >= 1 {
		return nil, fmt.Errorf("cut-off probability %g is not in [0, 1)", s.MinProb)
	}
	if s.Kind == "generic" {
		if s.Depth == 0 || s.Time > 0 {
			return nil, fmt.Errorf("the generic player needs a fixed --depth and no --time")
		}
		return &Generic{Eval: ev, Depth: s.Depth, MinProb: s.MinProb}, nil
	}
	return &Expectimax{Eval: ev, Depth: s.Depth, MinDepth: s.MinDepth, MaxDepth: s.MaxDepth, RoomyEmpty: s.RoomyEmpty,
		Time: s.Time, MinProb: s.MinProb}, nil
}
