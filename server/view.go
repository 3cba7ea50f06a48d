package server

// What the page shows of a session besides the board and the moves: the
// moves a person may choose among, and the record formats that can write
// the game.

import (
	"errors"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
)

// every returns the moves a person may choose among when the rules list
// one move a position, or nil when they list every move (then they are
// the legal moves). The caller holds ss.mu.
func (ss *session) every() []string {
	if !ss.eng.Compiled.Rules.Options.UniqueMoves {
		return nil
	}
	var out []string
	for _, m := range ss.pos.EveryMove(nil) {
		out = append(out, ss.pos.Notation(m))
	}
	return out
}

// recordFormats returns the names of the record formats that can write
// games of g: the universal one and SGF always, PGN for chess-like games,
// PDN for draughts.
func recordFormats(g *engine.Game) []string {
	var out []string
	for _, f := range notation.Formats() {
		if err := f.Writes(g); err == nil || !errors.Is(err, notation.ErrUnsupported) {
			out = append(out, f.Name)
		}
	}
	return out
}

// frame is the answer of GET /api/sessions/{id}/geometry: the frame of the
// board's picture, and what else is fixed for the game.
type frame struct {
	engine.Geometry
	// Records names the record formats that write the game.
	Records []string `json:"records"`
}
