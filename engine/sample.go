package engine

import "math/rand/v2"

// Drawing a random move before testing it. Under the chess invariant a
// move is legal when it leaves no royal piece attacked, a test that costs
// a trial of the move. Listing the legal moves tests every candidate (or
// works out which need no test); a random playout needs one legal move,
// so it draws a candidate and tests only that one, drawing again among
// the rest when it fails. Each draw is uniform over the untested
// candidates, so the move found is uniform over the legal ones, as a draw
// from the list of legal moves would be.

// samples reports whether the game's random playouts draw before testing:
// moves are filtered for legality and by nothing else that looks at the
// whole list (maximal captures, passes, ko).
func (g *Game) samples() bool {
	o := &g.Rules.Options
	return g.legality && o.MaximalCaptures == 0 && o.PassTurn == 0 && g.ko == KoNone
}

// sampleMove returns a uniformly random legal move of the player to move,
// living in ml, or nil when there is none. The game must sample.
func (s *State) sampleMove(ml *MoveList, rng *rand.Rand) (*Move, error) {
	g := s.g
	gn := s.generator()
	t := g.turns[s.turn]
	gn.findRoyals(t.Side, &gn.lg)
	for cl := range g.classes {
		ml.reset()
		gn.out, gn.err = ml, nil
		gn.genClass(cl, t)
		if gn.err != nil {
			return nil, gn.err
		}
		for n := len(ml.Moves); n > 0; n-- {
			k := rng.IntN(n)
			ok := gn.legal(&ml.Moves[k], t.Side)
			if gn.err != nil {
				return nil, gn.err
			}
			if ok {
				return &ml.Moves[k], nil
			}
			ml.Moves[k], ml.Moves[n-1] = ml.Moves[n-1], ml.Moves[k]
		}
	}
	return nil, nil
}
