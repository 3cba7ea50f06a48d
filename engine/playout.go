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
	for ply := 0; ; ply++ {
		if s.staticOver() {
			r, err := s.Result()
			return r, ply, err
		}
		m, drawn, err := s.drawMove(ml, rng)
		switch {
		case err != nil:
			return Result{}, ply, err
		case drawn && m == nil:
			r, err := s.resultKnown(true)
			return r, ply, err
		case drawn && ply >= maxPlies:
			return Result{}, ply, nil
		case drawn:
			s.Play(m)
			continue
		}
		n, err := s.countMoves(ml)
		if err != nil {
			return Result{}, ply, err
		}
		if n == 0 {
			r, err := s.resultKnown(true)
			return r, ply, err
		}
		if ply >= maxPlies {
			return Result{}, ply, nil
		}
		s.playPick(ml, rng.IntN(n))
	}
}
