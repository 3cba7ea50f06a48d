package twenty48

import (
	"fmt"
	"math/rand/v2"
	"slices"
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

// LegalChooser is a Player that can choose among moves it is told are
// legal. Past 32768 a game shows its players a projection of the board
// (Project), on which a move can look legal that is not; ChooseOn tells
// such players which moves are.
type LegalChooser interface {
	ChooseLegal(b Board, legal [4]bool, rng *rand.Rand) (m Move, info Info, ok bool)
}

// ChooseOn asks p for a move in game g: on its board, or past 32768 on
// its projection among the moves legal on the exact board (the first legal
// one if p is no LegalChooser and picks another).
func ChooseOn(p Player, g *Game, rng *rand.Rand) (Move, Info, bool) {
	if !g.Big() {
		return p.Choose(g.Board, rng)
	}
	return chooseLegal(p, g.Board, g.LegalMoves(), rng)
}

func chooseLegal(p Player, b Board, legal [4]bool, rng *rand.Rand) (Move, Info, bool) {
	if legal == [4]bool{} {
		return 0, Info{}, false
	}
	if lc, ok := p.(LegalChooser); ok {
		return lc.ChooseLegal(b, legal, rng)
	}
	m, info, ok := p.Choose(b, rng)
	if ok && (m < Up || m > Right || !legal[m]) {
		m = Move(slices.Index(legal[:], true))
	}
	return m, info, ok
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

// ChooseLegal picks one of the given legal moves at random.
func (Random) ChooseLegal(_ Board, legal [4]bool, rng *rand.Rand) (Move, Info, bool) {
	var ms [4]Move
	n := 0
	for i, ok := range legal {
		if ok {
			ms[n] = Move(i)
			n++
		}
	}
	if n == 0 {
		return 0, Info{}, false
	}
	return ms[rng.IntN(n)], Info{}, true
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

// ChooseLegal picks the legal move with the largest gain on b.
func (Greedy) ChooseLegal(b Board, legal [4]bool, _ *rand.Rand) (Move, Info, bool) {
	best, found, gain := Up, false, -1
	for i, m := range Moves {
		if legal[i] && b.Gain(m) > gain {
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
	// Downgrade is the smallest largest tile (a tile value, e.g. 16384)
	// whose boards the expectimax player searches downgraded (0: never).
	Downgrade int `json:",omitempty"`
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
	dg := 0
	if s.Downgrade != 0 {
		r, err := rankOf(s.Downgrade)
		if err != nil || r < 2 || r > MaxRank {
			return nil, fmt.Errorf("downgrade from %d: not a tile from 4 to 32768", s.Downgrade)
		}
		dg = r
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
		Time: s.Time, MinProb: s.MinProb, Downgrade: dg}, nil
}
