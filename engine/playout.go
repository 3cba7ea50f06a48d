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
		if k != nil && k.from[s.turn] {
			// The rest of the game on bit sets (dropkernel.go).
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
