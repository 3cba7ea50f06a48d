package server

// Sessions that start from a position set up by a client (the position
// format of package engine) rather than from the game's own start. The
// position is the session's first event, kindSetup, so that a restart
// (and every other server of a shared store) starts it there too.

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/engine/sexp"
	"github.com/ludus-games/ludus/engine/uci"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/store"
)

const (
	// kindSetup is the first event of a session set up from a position:
	// its text is the position.
	kindSetup = "setup"
	// maxPositionText bounds a position a client sends, far above a
	// position of any bundled game (chess's start is 200 bytes).
	maxPositionText = 64 << 10
)

// readPosition reads a client's position of eng within the rules'
// budget, on a play slot of the rules pool, and returns its text as the
// engine writes it. The position must say whose turn it is, name
// only the game's players, pieces and positions, and leave a game to
// play: a position that the rules find over, or fail on, is refused.
// Every refusal is a 422 that names the problem (file:line:col for the
// text, "position" as the file).
func (s *Server) readPosition(ctx context.Context, eng *games.Game, text string) (string, error) {
	if len(text) > maxPositionText {
		return "", failf(http.StatusUnprocessableEntity, "a position of %d bytes: positions are at most %d", len(text), maxPositionText)
	}
	nodes, errs := sexp.Parse("position", []byte(text))
	if err := errs.Err(); err != nil {
		return "", failf(http.StatusUnprocessableEntity, "the position does not read: %v", err)
	}
	if len(nodes) == 1 && nodes[0].Head() == "position" {
		nodes = nodes[0].Args()
	}
	turn := false
	for _, n := range nodes {
		turn = turn || n.Head() == "turn"
	}
	if !turn {
		return "", failf(http.StatusUnprocessableEntity, "the position must say whose turn it is, as (turn %s)", eng.Compiled.Rules.Players[0].Name)
	}
	release, err := s.rules.playing(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	st, err := engine.ParsePosition(eng.Compiled, "position", []byte(text))
	if err != nil {
		return "", failf(http.StatusUnprocessableEntity, "the position does not fit %s: %v", eng.Name, err)
	}
	if err := s.playable(eng, st); err != nil {
		return "", err
	}
	return st.FormatPosition(), nil
}

// playable refuses a position (422, naming the problem) whose game is
// over, or on which the rules fail or go over the budget, looking at its
// moves within the budget; st is left with the budget of steps.
func (s *Server) playable(eng *games.Game, st *engine.State) error {
	b := s.budget()
	defer b.start(st)()
	pos := engine.NewPosition(st, eng.Eval)
	_, over := pos.Result()
	if !over {
		pos.Moves(nil)
	}
	if err := pos.Err(); err != nil {
		if r := b.refusal(err); r != nil {
			return r
		}
		return failf(http.StatusUnprocessableEntity, "the rules fail in this position: %v", err)
	}
	if over {
		why := pos.EndWords()
		if why == "" {
			why = eng.Reason(pos)
		}
		return failf(http.StatusUnprocessableEntity, "the game is over in this position (%s): set up one with a move to play", why)
	}
	return nil
}

// createSetup stores the first event of a session created from a
// position; a session whose setup the store fails to keep is deleted
// again, so that it never starts from the game's own start instead.
func (s *Server) createSetup(ctx context.Context, id, text string) error {
	err := s.cfg.Store.AppendEvent(ctx, id, store.SessionEvent{Version: 1, Kind: kindSetup, Seat: -1, Move: text})
	if err != nil {
		if derr := s.cfg.Store.DeleteSession(ctx, id); derr != nil {
			s.cfg.Logf("session %s: deleting it after its setup failed: %v", id, derr)
		}
		return fmt.Errorf("storing the position: %w", err)
	}
	return nil
}

// applySetup sets the session up from the position of its first event.
// The caller holds mu and has given the session's state the rules'
// budget; the position takes a budget of steps of its own.
func (ss *session) applySetup(e store.SessionEvent) error {
	if e.Version != 1 || len(ss.events) > 0 {
		return fmt.Errorf("event %d: a setup after the start", e.Version)
	}
	st, err := engine.ParsePosition(ss.eng.Compiled, "position", []byte(e.Move))
	if err != nil {
		return fmt.Errorf("event %d: %w", e.Version, err)
	}
	st.SetBudget(engine.Budget{Steps: ss.srv.budget().steps})
	ss.start, ss.setup = st.Clone(), strings.Join(strings.Fields(e.Move), " ")
	ss.pos = engine.NewPosition(st, ss.eng.Eval)
	return nil
}

// startState returns a copy of the position the session started from:
// its setup, or the game's start.
func (ss *session) startState() *engine.State {
	if ss.start != nil {
		return ss.start.Clone()
	}
	return ss.eng.New().State()
}

// recordStart tags a record of format f with where a set-up session
// started: the position on one line in the universal notation's record
// (tag Position), FEN in PGN, as PGN readers expect it. A format that
// cannot say where the session started is refused (422), rather than
// written as a record whose moves do not follow from its start. The
// caller holds mu.
func (ss *session) recordStart(f notation.Format, rec *engine.Record) error {
	if ss.start == nil {
		return nil
	}
	switch f.Name {
	case notation.Universal.Name:
		rec.SetTag("SetUp", "1")
		rec.SetTag("Position", ss.setup)
		return nil
	case notation.PGN.Name:
		if fen := ss.fen(); fen != "" {
			rec.SetTag("SetUp", "1")
			rec.SetTag("FEN", fen)
			return nil
		}
	}
	return failf(http.StatusUnprocessableEntity, "%s cannot say where this session started (a position set up): use format=%s",
		strings.ToUpper(f.Name), strings.Join(ss.setupFormats(), " or format="))
}

// fen returns the FEN of a set-up session's start, or "" when the game
// has no FEN (not chess on a board of 8 by 8, with its six pieces).
func (ss *session) fen() string {
	if ss.start == nil || notation.PGN.Writes(ss.eng.Compiled) != nil {
		return ""
	}
	c, err := uci.NewChess(ss.eng.Compiled)
	if err != nil {
		return ""
	}
	return c.FEN(ss.start)
}

// setupFormats names the record formats that write a set-up session:
// the universal notation's, and PGN where its start has a FEN.
func (ss *session) setupFormats() []string {
	out := []string{notation.Universal.Name}
	if ss.fen() != "" {
		out = append(out, notation.PGN.Name)
	}
	return out
}
