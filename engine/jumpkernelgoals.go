package engine

import "github.com/ludus-games/ludus/engine/rules"

// What ends a game on the jump kernel (jumpkernel.go): the goals it
// follows (piece counts, repetitions, stalemate) and the filter that
// counts repetitions of the game's positions.

// jkBuckets is the size of the repetition filter.
const jkBuckets = 1024

// jkBucket is an entry of the repetition filter.
type jkBucket struct {
	stamp uint32
	n     uint32
}

// jkGoal is a goal to check for a player.
type jkGoal struct {
	goal, player int
	kind         rules.GoalCondKind
	n            int32
	types        uint32 // the types a count counts
}

// remember adds hash h to the history.
func (x *jkScratch) remember(h uint64) {
	x.hist, x.repsOK = append(x.hist, h), false
	e := &x.filter[h%jkBuckets]
	if e.stamp != x.stamp {
		e.stamp, e.n = x.stamp, 0
	}
	e.n++
}

// repetitions is State.Repetitions for the position of hash h: it and the
// positions of the history with its hash.
func (x *jkScratch) repetitions(h uint64) int {
	if x.repsOK && h == x.repsOf {
		return x.reps
	}
	n := 1
	if e := &x.filter[h%jkBuckets]; e.stamp == x.stamp && e.n > 0 {
		for _, o := range x.hist {
			if o == h {
				n++
			}
		}
	}
	x.reps, x.repsOf, x.repsOK = n, h, true
	return n
}

// playout plays a random game from s as Playout does; see dropKernel.

// met reports whether a goal of gs holds on b (counts and repetitions
// only: the static goals).
func (k *jumpKernel) met(b *jkBoard, x *jkScratch, gs []jkGoal) bool {
	for i := range gs {
		if k.holds(b, x, &gs[i], -1, nil) {
			return true
		}
	}
	return false
}

// holds evaluates goal jg on b; a stalemate of next by moves (nil: no
// stalemate is asked about).
func (k *jumpKernel) holds(b *jkBoard, x *jkScratch, jg *jkGoal, next int, moves func() bool) bool {
	switch jg.kind {
	case rules.GoalPiecesRemaining, rules.GoalCaptured:
		n := int32(0)
		for t := range k.g.ntypes {
			if jg.types>>t&1 != 0 {
				n += b.counts[jg.player][t]
			}
		}
		if jg.kind == rules.GoalCaptured {
			return n == 0
		}
		return n == jg.n
	case rules.GoalTotalPieceCount:
		n := int32(0)
		for o := range 2 {
			for t := range k.g.ntypes {
				if jg.types>>t&1 != 0 {
					n += b.counts[o][t]
				}
			}
		}
		return n == jg.n
	case rules.GoalRepetition:
		return x.repetitions(b.hash) >= 3
	case rules.GoalStalemated:
		return moves != nil && jg.player == next && !moves()
	}
	return false
}

// result is the result when the game ends at b with turn to move: after
// the draw found no move (none), or after a static goal held.
func (k *jumpKernel) result(s *State, b *jkBoard, x *jkScratch, mover, turn int, none bool) (Result, error) {
	g := k.g
	next := g.turns[turn].Player
	side := g.turns[turn].Side
	known, has := none, false
	moves := func() bool {
		if !known {
			has, known = k.anyMove(b, x, side), true
		}
		return has
	}
	for i := range k.full[mover] {
		if jg := &k.full[mover][i]; k.holds(b, x, jg, next, moves) {
			return s.outcome(jg.goal, jg.player)
		}
	}
	if !moves() {
		return s.draw("no moves"), nil
	}
	return Result{}, nil
}
