package search

import "errors"

// Forfeit is the error of a bot that loses the game by its own doing,
// rather than one that stops the run: an external engine that answered a
// move the rules do not allow, answered nothing in time, resigned or
// died. The arena scores the game as lost by the bot's seat and keeps
// Reason and Detail in the record; any other error of a bot (a rules
// error, a cancelled context) stops the run instead.
type Forfeit struct {
	// Reason says what happened in a few words that are the same for
	// like cases ("illegal move", "no answer in time", "resigns"): the
	// endings of a run are counted by it.
	Reason string
	// Detail is what the engine said or did, as it said it.
	Detail string
}

// Error returns the reason and the detail.
func (f *Forfeit) Error() string {
	if f.Detail == "" {
		return "forfeit: " + f.Reason
	}
	return "forfeit: " + f.Reason + ": " + f.Detail
}

// AsForfeit returns the Forfeit err holds, if any.
func AsForfeit(err error) (*Forfeit, bool) {
	var f *Forfeit
	ok := errors.As(err, &f)
	return f, ok
}
