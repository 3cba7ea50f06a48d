package search

import "github.com/ludus-games/ludus/game"

// Eval estimates how good a position is for player p on the scale of
// game.Result: in board games 1 is a sure win, 0 a sure loss and
// 1/pos.Players() an even game. Searches call it on positions at their
// depth limit (alpha-beta, max^n) or at the end of a cut-off playout
// (MCTS); they score finished games from pos.Result themselves. Games with
// chance may be asked to evaluate a position where the chance player is to
// move.
type Eval[P any] func(pos P, p game.Player) float64

// evalOrEven returns e, or an evaluation that calls every position even
// when e is nil: the search then plays only for results it can see.
func evalOrEven[M any, P game.Position[M]](e Eval[P]) Eval[P] {
	if e != nil {
		return e
	}
	return func(pos P, _ game.Player) float64 { return 1 / float64(max(pos.Players(), 1)) }
}

// WithResult returns an evaluation that scores finished games by their
// result and other positions by e (even when e is nil), for searches such
// as Expectimax that hand finished games to their evaluation.
func WithResult[M any, P game.Position[M]](e Eval[P]) Eval[P] {
	e = evalOrEven[M](e)
	return func(pos P, p game.Player) float64 {
		if r, over := pos.Result(); over {
			return r[p]
		}
		return e(pos, p)
	}
}
