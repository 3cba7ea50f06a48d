package notation

import (
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// outcome is a game's result apart from how a notation writes it.
type outcome struct {
	known  bool
	winner int    // the winning player, -1 for a draw
	how    string // what SGF writes after "+": "R", "T", a score margin
	raw    string // a result none of the forms describe ("?", "Void")
}

// outcomeOf turns scores (1 a win, 1/2 a draw) into an outcome: the one
// best score wins, a shared best score draws.
func outcomeOf(scores []float64) outcome {
	if len(scores) == 0 {
		return outcome{}
	}
	best, n := 0, 0
	for p, v := range scores {
		switch {
		case v > scores[best]:
			best, n = p, 1
		case v == scores[best]:
			n++
		}
	}
	if n > 1 {
		return outcome{known: true, winner: -1}
	}
	return outcome{known: true, winner: best}
}

// pgnFor writes the outcome as PGN writes results, "1-0" for a White win,
// with white the player PGN calls White.
func (o outcome) pgnFor(white int) string {
	switch {
	case !o.known:
		return "*"
	case o.winner < 0:
		return "1/2-1/2"
	case o.winner == white:
		return "1-0"
	case o.winner == 1-white:
		return "0-1"
	}
	return "*"
}

// pgn writes the outcome of a game whose first player is White.
func (o outcome) pgn() string { return o.pgnFor(0) }

// sgf writes the outcome as SGF's RE: "B+", "W+R", "0" for a draw; "" when
// nothing is known.
func (o outcome) sgf(black, white int) string {
	switch {
	case o.raw != "":
		return o.raw
	case !o.known:
		return ""
	case o.winner < 0:
		return "0"
	case o.winner == black:
		return "B+" + o.how
	case o.winner == white:
		return "W+" + o.how
	}
	return "?"
}

// parseOutcome reads a Result tag in the form of PGN or PDN ("1-0", "2-0",
// "1/2-1/2", "1-1", "*") or of SGF ("B+R", "W+7.5", "0", "Draw", "?"):
// white is the player PGN calls White, black and white the players SGF
// calls B and W. Free text (a reason) reads as unknown.
func parseOutcome(text string, pgnWhite, black, white int) outcome {
	other := 1 - pgnWhite
	t := strings.TrimSpace(text)
	switch t {
	case "1-0", "2-0":
		return outcome{known: true, winner: pgnWhite}
	case "0-1", "0-2":
		return outcome{known: true, winner: other}
	case "1/2-1/2", "1-1", "0", "Draw", "D", "0-0":
		return outcome{known: true, winner: -1}
	case "", "*":
		return outcome{}
	case "?", "Void":
		return outcome{raw: t}
	}
	if c, how, ok := strings.Cut(t, "+"); ok && (c == "B" || c == "W") && !strings.ContainsAny(how, " []") {
		w := black
		if c == "W" {
			w = white
		}
		return outcome{known: true, winner: w, how: how}
	}
	return outcome{}
}

// finalOutcome is the result a record ends with: that of the end of its
// main line when the game is over there (with the margin of a count goal,
// for SGF), or else the one its Result tag gives.
func finalOutcome(end *engine.State, tag outcome) outcome {
	r, err := end.Result()
	if err != nil || !r.Over {
		return tag
	}
	o := outcomeOf(r.Scores)
	if o.winner >= 0 && strings.HasPrefix(r.Reason, "count-condition") {
		if sc, err := end.Scores(); err == nil && len(sc) == 2 {
			if d := sc[o.winner] - sc[1-o.winner]; d > 0 {
				o.how = strconv.FormatFloat(d, 'f', -1, 64)
			}
		}
	}
	return o
}

// tagOutcome reads a record's Result tag for game g, whose "1-0" is a win
// of player first.
func tagOutcome(rec *engine.Record, g *engine.Game, first int) outcome {
	sg := sgfGameOf(g)
	return parseOutcome(rec.Tag("Result"), first, sg.black, sg.white)
}
