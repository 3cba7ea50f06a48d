package engine

import (
	"slices"
	"strconv"

	"github.com/ludus-games/ludus/engine/rules"
)

// GoalWords says a goal's condition as players say how a game ended:
// "checkmate", "stalemate", "three in a row", "repetition", "no pieces
// left", "the King captured", "a chain across"; "" when no words fit (a
// comparison of the rules' own). A condition of several parts that all
// say the same (four lines of three) says it once; one whose parts say
// different things, or that is negated, has no words.
func GoalWords(r *rules.Rules, c rules.GoalCond) string {
	switch c.Kind {
	case rules.GoalAnd, rules.GoalOr:
		words := ""
		for i, a := range c.Args {
			w := GoalWords(r, a)
			if w == "" || (i > 0 && w != words) {
				return ""
			}
			words = w
		}
		return words
	case rules.GoalCheckmated:
		return "checkmate"
	case rules.GoalStalemated:
		return "stalemate"
	case rules.GoalRepetition:
		return "repetition"
	case rules.GoalPiecesRemaining, rules.GoalTotalPieceCount:
		if c.N == 0 {
			return "no pieces left"
		}
		return countWords(c.N) + " pieces left"
	case rules.GoalCaptured:
		if len(c.Types) == 1 && c.Types[0] < len(r.Pieces) {
			return "the " + r.Pieces[c.Types[0]].Name + " captured"
		}
		return "captured"
	case rules.GoalRelativeConfig:
		if inARow(c) {
			return countWords(len(c.Specs)) + " in a row"
		}
		return "the pattern made"
	case rules.GoalAbsoluteConfig:
		return "the goal reached"
	case rules.GoalConnected:
		return "a chain across"
	case rules.GoalCompare:
		return clockWords(r, c)
	}
	return ""
}

// clockWords names a move clock reaching its limit, (>= halfmoves 100),
// as chess players do: "the fifty-move rule" (a clock counts each side's
// moves, so 100 is fifty moves each).
func clockWords(r *rules.Rules, c rules.GoalCond) string {
	if c.Op != rules.OpGe || c.X == nil || c.Y == nil || c.X.Kind != rules.EVar || c.Y.Kind != rules.ENum {
		return ""
	}
	if c.X.A < 0 || c.X.A >= len(r.Vars) || !r.Vars[c.X.A].Clock || c.Y.N < 2 || c.Y.N%2 != 0 {
		return ""
	}
	moves := c.Y.N / 2
	if moves == 50 {
		return "the fifty-move rule"
	}
	return "the " + strconv.Itoa(moves) + "-move rule"
}

// inARow reports whether a relative configuration is a line: the same
// piece of the player's own at every step of one direction.
func inARow(c rules.GoalCond) bool {
	if len(c.Specs) < 2 || len(c.Steps) != len(c.Specs)-1 {
		return false
	}
	for _, sp := range c.Specs {
		if sp != c.Specs[0] || sp.Owner != rules.OwnPiece {
			return false
		}
	}
	return !slices.ContainsFunc(c.Steps, func(d int) bool { return d != c.Steps[0] })
}

// countWords writes small numbers as words, as a sentence does.
func countWords(n int) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}
