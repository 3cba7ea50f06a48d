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
	"github.com/ludus-games/ludus/games"
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
}

// CreateRequest is the body of POST /api/sessions.
type CreateRequest struct {
	Game    string        `json:"game"`
	Variant string        `json:"variant"`
	Seats   []SeatRequest `json:"seats"`
}

// SeatToken is what POST /api/sessions answers for a seat: a token for a
// human seat, nothing for a bot.
type SeatToken struct {
	Token string `json:"token,omitempty"`
}

// Created is the answer of POST /api/sessions.
type Created struct {
	ID    string      `json:"id"`
	Seats []SeatToken `json:"seats"`
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
}

// Result is how a finished session ended: each seat's points and why.
type Result struct {
	Scores []float64 `json:"scores"`
	Reason string    `json:"reason"`
}

// create starts a session.
func (s *Server) create(ctx context.Context, req CreateRequest) (*Created, error) {
	eng, title, err := s.catalog.engine(req.Game, req.Variant)
	if err != nil {
		return nil, err
	}
	players := eng.New().Players()
	if len(req.Seats) != players {
		return nil, failf(http.StatusUnprocessableEntity, "%d seats for a game of %d players", len(req.Seats), players)
	}
	out := &Created{ID: newID(), Seats: make([]SeatToken, players)}
	seats := make([]seat, players)
	for i, sr := range req.Seats {
		switch sr.Kind {
		case "human":
			tok := newID() + newID()
			out.Seats[i].Token = tok
			seats[i] = seat{Kind: "human", TokenHash: hashToken(tok)}
		case "bot":
			if _, err := s.bot(eng, sr.Spec); err != nil {
				return nil, failf(http.StatusUnprocessableEntity, "seat %d: %v", i, err)
			}
			seats[i] = seat{Kind: "bot", Spec: sr.Spec}
		default:
			return nil, failf(http.StatusUnprocessableEntity, "seat %d: kind %q: want human or bot", i, sr.Kind)
		}
	}
	// A game whose rules fail at the start is refused now, not stored.
	if start := eng.New(); start.Moves(nil) == nil && start.Err() != nil {
		msg := start.Err().Error()
		if !strings.HasPrefix(msg, req.Game+":") {
			msg = req.Game + ": " + msg
		}
		return nil, failf(http.StatusUnprocessableEntity, "%s", msg)
	}
	js, _ := json.Marshal(seats)
	if err := s.cfg.Store.CreateSession(ctx, store.Session{ID: out.ID, Game: req.Game, Variant: title, Seats: string(js)}); err != nil {
		return nil, err
	}
	ss, err := s.session(ctx, out.ID)
	if err != nil {
		return nil, err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return out, ss.advance(ctx)
}

// newID returns 128 random bits in hex.
func newID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// bot returns the shared bot of a spec for a game: bots hold no game
// state, so one serves every session that seats it.
func (s *Server) bot(eng *games.Game, spec string) (search.Bot[engine.Ply, *engine.Position], error) {
	key := botKey{eng, spec}
	s.mu.Lock()
	b, ok := s.botCache[key]
	s.mu.Unlock()
	if ok {
		return b, nil
	}
	b, err := eng.Bots.Bot(spec)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.botCache[key] = b
	s.mu.Unlock()
	return b, nil
}

type botKey struct {
	eng  *games.Game
	spec string
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
	ss, err := s.restore(row, evs)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.sessions[id]; old != nil {
		return old, nil // loaded meanwhile by another request
	}
	s.evict()
	s.sessions[id] = ss
	s.lastUsed[id] = time.Now()
	if ss.err == nil {
		ss.mu.Lock()
		err = ss.advance(ctx) // a bot seat to move asks its bot again
		ss.mu.Unlock()
	}
	return ss, err
}

// restore rebuilds a session from its stored events.
func (s *Server) restore(row *store.Session, evs []store.SessionEvent) (*session, error) {
	eng, _, err := s.catalog.engine(row.Game, row.Variant)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", row.ID, err)
	}
	ss := &session{srv: s, id: row.ID, game: row.Game, variant: row.Variant, eng: eng, created: row.Created,
		pos: eng.New(), root: &node{seat: -1}, watchers: map[chan struct{}]struct{}{}}
	ss.cur = ss.root
	if err := json.Unmarshal([]byte(row.Seats), &ss.seats); err != nil {
		return nil, fmt.Errorf("session %s: seats: %w", row.ID, err)
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
		if err := ss.apply(e); err != nil {
			ss.err = fmt.Errorf("session %s: %w", row.ID, err)
			break
		}
	}
	return ss, nil
}

// evict drops idle sessions while too many are loaded. The caller holds
// s.mu.
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
		ss.mu.Lock()
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
		st.Seats = append(st.Seats, SeatRequest{Kind: se.Kind, Spec: se.Spec})
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
	if ss.err != nil {
		st.Error = ss.err.Error()
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
		return st
	}
	if t := ss.toMove(); t >= 0 {
		st.ToMove = &t
		for _, m := range ss.pos.Moves(nil) {
			st.Legal = append(st.Legal, ss.pos.Notation(m))
		}
		if err := ss.pos.Err(); err != nil {
			// The rules failed on this position: the session stops here,
			// and no bot goes on thinking about it.
			ss.err, ss.thinking = err, false
			st.Error, st.Legal, st.ToMove, st.Thinking = err.Error(), []string{}, nil, false
		}
	}
	return st
}
