package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/search"
	"github.com/ludus-games/ludus/store"
)

// maxLoaded is how many sessions stay in memory; beyond it the idle ones
// (no watcher, no bot thinking) longest unused are dropped, to be loaded
// again from the store when asked for. It keeps memory flat however many
// games the server has seen.
const maxLoaded = 4096

// SeatRequest is one seat of POST /api/sessions.
type SeatRequest struct {
	Kind string `json:"kind"`
	Spec string `json:"spec,omitempty"`
	// Open is a human seat for someone who is not here: its creator gets
	// an invite to hand on. In answers, an open seat still waits for its
	// player.
	Open bool `json:"open,omitempty"`
}

// CreateRequest is the body of POST /api/sessions.
type CreateRequest struct {
	Game    string        `json:"game"`
	Variant string        `json:"variant"`
	Seats   []SeatRequest `json:"seats"`
	// Unlisted sessions are left out of the lobby: their link finds them.
	Unlisted bool `json:"unlisted,omitempty"`
	// Clock gives each seat a time for the game (nil: no clock).
	Clock *ClockRequest `json:"clock,omitempty"`
	// Position, when given, is where the game starts (the engine's
	// position format) instead of the game's own start.
	Position string `json:"position,omitempty"`
}

// SeatToken is what POST /api/sessions answers for a seat: a token for a
// human seat, an invite for an open one, nothing for a bot.
type SeatToken struct {
	Token  string `json:"token,omitempty"`
	Invite string `json:"invite,omitempty"`
}

// Created is the answer of POST /api/sessions.
type Created struct {
	ID    string      `json:"id"`
	Seats []SeatToken `json:"seats"`
	// Creator is the token that may delete the session.
	Creator string `json:"creator"`
}

// State is a session as GET /api/sessions/{id} answers it.
type State struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	Variant  string        `json:"variant"`
	Version  int           `json:"version"`
	Players  []string      `json:"players"`
	Seats    []SeatRequest `json:"seats"`
	ToMove   *int          `json:"to_move"`
	Thinking bool          `json:"thinking"`
	Moves    []string      `json:"moves"`
	Legal    []string      `json:"legal"`
	LastMove *lastMove     `json:"last_move"`
	Position string        `json:"position"`
	Result   *Result       `json:"result"`
	Error    string        `json:"error,omitempty"`
	// Listed sessions are in the lobby; the others are found by link.
	Listed bool `json:"listed"`
	// Offers are the draws and takebacks asked for and not yet answered.
	Offers []Offer     `json:"offers"`
	Clock  *ClockState `json:"clock,omitempty"`
	// Closed says why the session was closed: nothing more is played.
	Closed string `json:"closed,omitempty"`
	// Fault says why the session does not go on at the moment.
	Fault string `json:"fault,omitempty"`
	// Every lists, for rules that list one move a position (Pentago),
	// the moves a person may choose among: each hole with each turn of
	// each quadrant. A move of it plays as the listed move of the same
	// position.
	Every []string `json:"every,omitempty"`
	// Dice are the numbers the dice on the board show (pieces of a
	// random player whose notation is a digit from 1 to 6), in the order
	// of the board's positions: backgammon's throw.
	Dice []int `json:"dice,omitempty"`
	// Check names, in chess-like games, the positions of the Kings of
	// the side to move that are attacked.
	Check []string `json:"check,omitempty"`
	// Start is the position a session set up from a position started
	// from, on one line ("" for the game's own start).
	Start string `json:"start,omitempty"`
	// Records names, for a session set up from a position, the record
	// formats that can write where it started (see GET .../geometry for
	// the others).
	Records []string `json:"records,omitempty"`
}

// Result is how a finished session ended: each seat's points and why.
type Result struct {
	Scores []float64 `json:"scores"`
	Reason string    `json:"reason"`
	// Rule names the goal of the rules that ended the game, when the
	// reason says it in words ("checkmate").
	Rule string `json:"rule,omitempty"`
	// Points are each seat's score, when the game ended by counting
	// (Go's stones and territory, komi included).
	Points []float64 `json:"points,omitempty"`
}

// create starts a session.
func (s *Server) create(ctx context.Context, req CreateRequest) (*Created, error) {
	b, title, version, err := s.catalog.engine(ctx, req.Game, current, req.Variant)
	if err != nil {
		return nil, err
	}
	eng := b.eng
	players := eng.New().Players()
	if len(req.Seats) != players {
		return nil, failf(http.StatusUnprocessableEntity, "%d seats for a game of %d players", len(req.Seats), players)
	}
	out := &Created{ID: newID(), Seats: make([]SeatToken, players), Creator: newID() + newID()}
	opts, err := newOptions(req, out.Creator)
	if err != nil {
		return nil, err
	}
	seats := make([]seat, players)
	open := 0
	for i, sr := range req.Seats {
		switch {
		case sr.Open && sr.Kind != "human":
			return nil, failf(http.StatusUnprocessableEntity, "seat %d: only a human seat is open", i)
		case sr.Open:
			inv := newID() + newID()
			out.Seats[i].Invite = inv
			seats[i] = seat{Kind: "human", InviteHash: hashToken(inv)}
			open++
			continue
		}
		switch sr.Kind {
		case "human":
			tok := newID() + newID()
			out.Seats[i].Token = tok
			seats[i] = seat{Kind: "human", TokenHash: hashToken(tok)}
		case "bot":
			if err := s.checkSpec(sr.Spec); err != nil {
				return nil, failf(http.StatusUnprocessableEntity, "seat %d: %v", i, err)
			}
			if _, err := s.bot(eng, sr.Spec); err != nil {
				return nil, failf(http.StatusUnprocessableEntity, "seat %d: %v", i, err)
			}
			seats[i] = seat{Kind: "bot", Spec: sr.Spec}
		default:
			return nil, failf(http.StatusUnprocessableEntity, "seat %d: kind %q: want human or bot", i, sr.Kind)
		}
	}
	// A game whose rules fail at the start is refused now, not stored (the
	// catalog generated the start position's moves once, on the pool).
	if b.start != nil && req.Position == "" {
		msg := b.start.Error()
		if !strings.HasPrefix(msg, req.Game+":") {
			msg = req.Game + ": " + msg
		}
		return nil, failf(http.StatusUnprocessableEntity, "%s", msg)
	}
	setup := ""
	if req.Position != "" {
		if setup, err = s.readPosition(ctx, eng, req.Position); err != nil {
			return nil, err
		}
	}
	js, _ := json.Marshal(seats)
	row := store.Session{ID: out.ID, Game: req.Game, Variant: title, Seats: string(js), GameVersion: version,
		Options: opts, Client: clientName(ctx), Unlisted: req.Unlisted, OpenSeats: open}
	if err := s.storeNew(ctx, row); err != nil {
		return nil, err
	}
	if setup != "" {
		if err := s.createSetup(ctx, out.ID, setup); err != nil {
			return nil, err
		}
	}
	_, err = s.session(ctx, out.ID) // loading it asks a bot seat to move
	return out, err
}

// newID returns 128 random bits in hex.
func newID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// session returns a loaded session, loading it from the store when needed.
func (s *Server) session(ctx context.Context, id string) (*session, error) {
	s.mu.Lock()
	if ss := s.sessions[id]; ss != nil {
		s.lastUsed[id] = time.Now()
		s.mu.Unlock()
		return ss, nil
	}
	s.mu.Unlock()
	row, evs, err := s.cfg.Store.LoadSession(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, failf(http.StatusNotFound, "no session %q", id)
	}
	if err != nil {
		return nil, err
	}
	ss, err := s.restore(ctx, row, evs)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if old := s.sessions[id]; old != nil {
		s.mu.Unlock()
		return old, nil // loaded meanwhile by another request
	}
	s.evict()
	s.sessions[id] = ss
	s.lastUsed[id] = time.Now()
	s.mu.Unlock()
	// The rules work of the start, if any, is done outside the server's
	// lock: a bot seat to move asks its bot again.
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if s.cfg.Store.Shared() {
		// Events another server appended while this one loaded the
		// session were not heard of by it.
		if _, err := ss.catchUp(ctx); err != nil {
			return nil, err
		}
	}
	if ss.err == nil {
		defer s.budget().start(ss.pos.State())()
		err = ss.advance(ctx)
	}
	return ss, err
}

// restore rebuilds a session from its stored events, each replayed within
// the rules' budget, on a play slot of the rules pool.
func (s *Server) restore(ctx context.Context, row *store.Session, evs []store.SessionEvent) (*session, error) {
	b, _, _, err := s.catalog.engine(ctx, row.Game, row.GameVersion, row.Variant)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", row.ID, err)
	}
	eng := b.eng
	release, err := s.rules.playing(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	ss := &session{srv: s, id: row.ID, game: row.Game, variant: row.Variant, eng: eng, created: row.Created,
		pos: eng.New(), root: &node{seat: -1}, watchers: map[chan struct{}]struct{}{}}
	ss.cur = ss.root
	if err := json.Unmarshal([]byte(row.Seats), &ss.seats); err != nil {
		return nil, fmt.Errorf("session %s: seats: %w", row.ID, err)
	}
	if err := ss.initPlay(row); err != nil {
		return nil, err
	}
	for i, st := range ss.seats {
		var b search.Bot[engine.Ply, *engine.Position]
		if st.Kind == "bot" {
			if b, err = s.bot(eng, st.Spec); err != nil {
				return nil, fmt.Errorf("session %s: seat %d: %w", row.ID, i, err)
			}
		}
		ss.bots = append(ss.bots, b)
	}
	for _, e := range evs {
		done := s.budget().start(ss.pos.State())
		err := ss.apply(e)
		done()
		if err != nil {
			ss.err = fmt.Errorf("session %s: %w", row.ID, err)
			break
		}
	}
	return ss, nil
}

// evict drops idle sessions while too many are loaded. The caller holds
// s.mu, so it never waits for a session's lock: a session whose lock is
// held is busy, and stays.
func (s *Server) evict() {
	if len(s.sessions) < maxLoaded {
		return
	}
	ids := make([]string, 0, len(s.sessions))
	for id := range s.sessions {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return s.lastUsed[ids[i]].Before(s.lastUsed[ids[j]]) })
	for _, id := range ids[:len(ids)/4] {
		ss := s.sessions[id]
		if !ss.mu.TryLock() {
			continue
		}
		idle := len(ss.watchers) == 0 && !ss.thinking
		ss.mu.Unlock()
		if idle {
			delete(s.sessions, id)
			delete(s.lastUsed, id)
		}
	}
}

// state describes a session; the caller holds ss.mu.
func (ss *session) state() *State {
	st := &State{ID: ss.id, Game: ss.game, Variant: ss.variant, Version: ss.version(), Thinking: ss.thinking,
		Moves: []string{}, Legal: []string{}, Position: ss.pos.State().FormatPosition()}
	for p := range ss.pos.Players() {
		st.Players = append(st.Players, ss.pos.PlayerName(game.Player(p)))
	}
	for _, se := range ss.seats {
		st.Seats = append(st.Seats, SeatRequest{Kind: se.Kind, Spec: se.Spec, Open: se.isOpen()})
	}
	ss.describeTable(st)
	if st.Start = ss.setup; st.Start != "" {
		st.Records = ss.setupFormats()
	}
	for nd := ss.cur; nd.parent != nil; nd = nd.parent {
		st.Moves = append(st.Moves, nd.move)
	}
	for i, j := 0, len(st.Moves)-1; i < j; i, j = i+1, j-1 {
		st.Moves[i], st.Moves[j] = st.Moves[j], st.Moves[i]
	}
	if ss.cur.parent != nil {
		lm := ss.cur.last
		st.LastMove = &lm
	}
	st.Check = ss.check()
	st.Dice = ss.pos.State().Dice()
	if ss.err != nil {
		st.Error = ss.srv.budget().explain(ss.err)
		return st
	}
	if r := ss.endedResult(); r != nil {
		st.Result = r
		return st
	}
	if ss.over() {
		res, _ := ss.pos.Result()
		reason := ss.eng.Reason(ss.pos)
		if ss.line >= maxPlies {
			res, reason = make([]float64, ss.pos.Players()), fmt.Sprintf("draw: the line reached %d moves", maxPlies)
			for i := range res {
				res[i] = 1 / float64(len(res))
			}
		}
		st.Result = &Result{Scores: res, Reason: reason}
		if ss.line < maxPlies {
			ss.inWords(st.Result)
		}
		return st
	}
	if t := ss.toMove(); t >= 0 {
		st.ToMove = &t
		for _, m := range ss.pos.Moves(nil) {
			st.Legal = append(st.Legal, ss.pos.Notation(m))
		}
		st.Every = ss.every()
		if err := ss.pos.Err(); err != nil {
			// The rules failed on this position: the session stops here,
			// and no bot goes on thinking about it.
			ss.err, ss.thinking = err, false
			st.Error, st.Legal, st.ToMove, st.Thinking = ss.srv.budget().explain(err), []string{}, nil, false
		}
	}
	return st
}
