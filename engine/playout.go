package engine

import "math/rand/v2"

// Playout plays uniformly random moves from s until a goal ends the game
// or maxPlies moves have been played (then the result is not Over), and
// returns the result and the number of moves played. The state is left as
// it was. ml is reused for move generation. The result's Scores belong
// to s and are overwritten by its next playout: a playout allocates
// nothing once s has played one.
func Playout(s *State, rng *rand.Rand, maxPlies int, ml *MoveList) (Result, int, error) {
	start := len(s.frames)
	s.inPlayout = true
	defer func() {
		s.inPlayout = false
		for len(s.frames) > start {
			s.Undo()
		}
	}()
	k := s.g.kernel
	for ply := 0; ; ply++ {
		if k != nil && k.ready(s.turn) {
			// The rest of the game on bit sets.
			r, n, ok, err := k.playout(s, rng, maxPlies-ply, false)
			if ok || err != nil {
				return r, ply + n, err
			}
			k = nil
		}
		r, end, err := s.playoutStep(ml, rng, ply >= maxPlies)
		if end || err != nil {
			return r, ply, err
		}
	}
}

// kernel plays random games on bit sets, for a game whose model fits it
// (dropkernel.go, jumpkernel.go, flipkernel.go).
type kernel interface {
	// ready reports whether the kernel plays from entry t of the turn
	// order.
	ready(t int) bool
	// playout plays the rest of a random game from s as Playout does,
	// leaving s alone: the result and the moves played; ok is false when
	// the position holds what the kernel does not follow. With rec, the
	// moves are kept for replay.
	playout(s *State, rng *rand.Rand, maxPlies int, rec bool) (r Result, plies int, ok bool, err error)
	// replay plays on s the moves the last playout with rec kept.
	replay(s *State)
}

// playoutStep plays one uniformly random legal move, or reports the end
// of the playout: the game over (r.Over), or cut (no move is played when
// cut is set).
func (s *State) playoutStep(ml *MoveList, rng *rand.Rand, cut bool) (r Result, end bool, err error) {
	if s.staticOver() {
		r, err := s.Result()
		return r, true, err
	}
	m, drawn, err := s.drawMove(ml, rng)
	switch {
	case err != nil:
		return Result{}, true, err
	case drawn && m == nil:
		r, err := s.resultKnown(true)
		return r, true, err
	case drawn && cut:
		return Result{}, true, nil
	case drawn:
		s.Play(m)
		return Result{}, false, nil
	}
	n, err := s.countMoves(ml)
	switch {
	case err != nil:
		return Result{}, true, err
	case n == 0:
		r, err := s.resultKnown(true)
		return r, true, err
	case cut:
		return Result{}, true, nil
	}
	s.playPick(ml, rng.IntN(n))
	return Result{}, false, nil
}
