package server

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"net/http"
	"time"

	"github.com/ludus-games/ludus/store"
)

// The kinds of events besides moves and undos: a seat found its player,
// resigned, offered, accepted or declined a draw or a takeback, lost on
// time; the session was closed. Each is an event of the session's log, so
// that watchers see it and a restart finds it.
const (
	kindJoin            = "join"
	kindResign          = "resign"
	kindDrawOffer       = "draw-offer"
	kindDrawAccept      = "draw-accept"
	kindDrawDecline     = "draw-decline"
	kindTakebackOffer   = "takeback-offer"
	kindTakebackAccept  = "takeback-accept"
	kindTakebackDecline = "takeback-decline"
	kindTimeout         = "timeout"
	kindClose           = "close"
)

// Offer kinds.
const (
	offerDraw     = "draw"
	offerTakeback = "takeback"
)

// sessionOptions is what a session was created with besides its game and
// seats, kept as JSON in the store.
type sessionOptions struct {
	// Creator is the hash of the creator's token, which may delete the
	// session.
	Creator string     `json:"creator,omitempty"`
	Clock   *clockSpec `json:"clock,omitempty"`
}

// offer is a draw or takeback a seat asked for, and who agreed so far.
type offer struct {
	seat     int
	accepted []bool // by seat
}

// ending is how a game ended other than by its rules.
type ending struct {
	kind string // kindResign, kindDrawAccept or kindTimeout
	seat int    // who resigned or lost on time
}

// playState is what a session holds besides its game: its options, how it
// ended when not by the rules, the offers on the table, its clock, and
// whether and why it was closed. It is guarded by the session's mu and
// rebuilt from the event log on a restart.
type playState struct {
	opts   sessionOptions
	listed bool
	ended  *ending
	// closed says why the session was closed ("" while it is live):
	// nothing is played in it any more.
	closed  string
	deleted bool
	// stored: the store knows the session is closed (its game over).
	stored bool
	offers map[string]*offer
	clock  *clock
	// active is when the session last saw a move or lost a watcher.
	active time.Time
	// fault says why the session cannot go on at the moment (a store that
	// failed); faults counts the failures in a row, for the next retry.
	fault  string
	faults int
}

// initPlay sets up the play state of a session from its stored row, before
// its events are replayed.
func (ss *session) initPlay(row *store.Session) error {
	ss.table = playState{listed: !row.Unlisted, stored: !row.Closed.IsZero(), offers: map[string]*offer{}, active: row.Created}
	// An open seat is held by its join event, replayed next; the row's
	// copy of its token is for the lobby.
	for i := range ss.seats {
		if ss.seats[i].InviteHash != "" {
			ss.seats[i].TokenHash = ""
		}
	}
	if row.Options != "" {
		if err := json.Unmarshal([]byte(row.Options), &ss.table.opts); err != nil {
			return fmt.Errorf("session %s: options: %w", row.ID, err)
		}
	}
	if spec := ss.table.opts.Clock; spec != nil {
		ss.table.clock = newClock(*spec, len(ss.seats))
		ss.startClock(row.Created)
	}
	return nil
}

// isOpen reports whether a seat waits for a player.
func (st seat) isOpen() bool { return st.InviteHash != "" && st.TokenHash == "" }

// applyPlay applies an event of the kinds above; the caller has checked
// it, or it comes from the store.
func (ss *session) applyPlay(e store.SessionEvent) error {
	p := &ss.table
	if (e.Seat < 0 || e.Seat >= len(ss.seats)) && e.Kind != kindClose {
		return fmt.Errorf("event %d: %s of seat %d", e.Version, e.Kind, e.Seat)
	}
	switch e.Kind {
	case kindJoin:
		ss.seats[e.Seat].TokenHash = e.Move
		ss.startClock(e.Created)
	case kindResign, kindTimeout:
		p.ended = &ending{kind: e.Kind, seat: e.Seat}
	case kindDrawOffer, kindTakebackOffer:
		p.offers[offerOf(e.Kind)] = &offer{seat: e.Seat, accepted: make([]bool, len(ss.seats))}
	case kindDrawAccept, kindTakebackAccept:
		o := p.offers[offerOf(e.Kind)]
		if o == nil {
			return fmt.Errorf("event %d: %s with nothing offered", e.Version, e.Kind)
		}
		o.accepted[e.Seat] = true
		if e.Kind == kindDrawAccept && ss.agreed(o) {
			p.ended = &ending{kind: kindDrawAccept, seat: -1}
		}
	case kindDrawDecline, kindTakebackDecline:
		delete(p.offers, offerOf(e.Kind))
	case kindClose:
		p.closed = e.Note
		if p.closed == "" {
			p.closed = "closed"
		}
	default:
		return fmt.Errorf("event %d: unknown kind %q", e.Version, e.Kind)
	}
	return nil
}

// offerOf returns the offer an event kind is about.
func offerOf(kind string) string {
	switch kind {
	case kindDrawOffer, kindDrawAccept, kindDrawDecline:
		return offerDraw
	}
	return offerTakeback
}

// settle brings the play state up to date after an event: a move or an
// undo changes the position offers were made on, the game may have
// ended, and the clock runs for whoever is to move now.
func (ss *session) settle(e store.SessionEvent) {
	p := &ss.table
	switch e.Kind {
	case "move":
		delete(p.offers, offerTakeback)
		if o := p.offers[offerDraw]; o != nil && o.seat != e.Seat {
			delete(p.offers, offerDraw) // a reply declines it
		}
		if c := p.clock; c != nil && c.started && e.Seat >= 0 {
			c.left[e.Seat] += c.spec.increment()
		}
	case "undo":
		clear(p.offers)
	}
	if p.ended != nil || p.closed != "" {
		clear(p.offers)
	}
	if e.Created.After(p.active) {
		p.active = e.Created
	}
	if c := p.clock; c != nil {
		c.mover = ss.toMove()
	}
}

// agreed reports whether every seat that must agree to an offer has: the
// other seats with a player. Bots and seats without a player have no say
// (draws are not offered to them).
func (ss *session) agreed(o *offer) bool {
	for i, st := range ss.seats {
		if i != o.seat && st.Kind == "human" && st.TokenHash != "" && !o.accepted[i] {
			return false
		}
	}
	return true
}

// alone reports whether every seat but one is a bot or waits for a
// player: nobody else then has a say in taking moves back.
func (ss *session) alone(seatIdx int) bool {
	for i, st := range ss.seats {
		if i != seatIdx && st.Kind == "human" && st.TokenHash != "" {
			return false
		}
	}
	return true
}

// endedResult is the result of a game ended by resignation, agreement or
// time, or nil.
func (ss *session) endedResult() *Result {
	e := ss.table.ended
	if e == nil {
		return nil
	}
	n := len(ss.seats)
	scores := make([]float64, n)
	if e.kind == kindDrawAccept {
		for i := range scores {
			scores[i] = 1 / float64(n)
		}
		return &Result{Scores: scores, Reason: "draw agreed"}
	}
	for i := range scores {
		if i != e.seat && n > 1 {
			scores[i] = 1 / float64(n-1)
		}
	}
	who := ss.playerName(e.seat)
	if e.kind == kindTimeout {
		return &Result{Scores: scores, Reason: who + " lost on time"}
	}
	return &Result{Scores: scores, Reason: who + " resigned"}
}

// playerName names the player of a seat.
func (ss *session) playerName(seatIdx int) string {
	if seatIdx < 0 || seatIdx >= ss.pos.Players() {
		return fmt.Sprintf("seat %d", seatIdx)
	}
	return ss.pos.PlayerName(ss.pos.Seat(seatIdx))
}

// checkLive refuses what cannot be done in a session that is closed or
// whose game is over.
func (ss *session) checkLive() error {
	if ss.table.closed != "" {
		return failf(http.StatusConflict, "the session is closed: %s", ss.table.closed)
	}
	if ss.over() {
		return failf(http.StatusConflict, "the game is over: its result stands")
	}
	return nil
}

// resign ends the game: the token's seat loses.
func (ss *session) resign(ctx context.Context, token string, version *int) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	st, err := ss.checkTurn(ctx, token, version)
	if err != nil {
		return err
	}
	if err := ss.checkLive(); err != nil {
		return err
	}
	return ss.append(ctx, store.SessionEvent{Kind: kindResign, Seat: st})
}

// answer offers, accepts or declines (or, for its maker, withdraws) a draw
// or a takeback for the token's seat.
func (ss *session) answer(ctx context.Context, what, action, token string, version *int) error {
	if action != "offer" && action != "accept" && action != "decline" {
		return failf(http.StatusNotFound, "%s/%s: want offer, accept or decline", what, truncate(action, maxEcho))
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	st, err := ss.checkTurn(ctx, token, version)
	if err != nil {
		return err
	}
	if err := ss.checkLive(); err != nil {
		return err
	}
	o := ss.table.offers[what]
	kind := what + "-" + action
	switch action {
	case "offer":
		if err := ss.checkOffer(what, st, o); err != nil {
			return err
		}
	case "accept":
		if o == nil || o.seat == st {
			return failf(http.StatusConflict, "no %s was offered to you", what)
		}
		if o.accepted[st] {
			return failf(http.StatusConflict, "you have accepted the %s already", what)
		}
	case "decline":
		if o == nil {
			return failf(http.StatusConflict, "no %s is on offer", what)
		}
	}
	if err := ss.append(ctx, store.SessionEvent{Kind: kind, Seat: st}); err != nil {
		return err
	}
	if what == offerTakeback {
		return ss.finishTakeback(ctx)
	}
	return nil
}

// checkOffer refuses an offer that cannot be made.
func (ss *session) checkOffer(what string, st int, o *offer) error {
	if o != nil {
		if o.seat == st {
			return failf(http.StatusConflict, "you have offered a %s already", what)
		}
		return failf(http.StatusConflict, "%s offers a %s already: accept or decline it", ss.playerName(o.seat), what)
	}
	if what == offerTakeback {
		if _, found := ss.takebackLength(st); !found {
			return failf(http.StatusConflict, "nothing to take back: seat %d has made no move on this line", st)
		}
		return nil
	}
	for i, other := range ss.seats {
		switch {
		case i == st:
		case other.Kind == "bot":
			return failf(http.StatusConflict, "a bot does not agree to draws: play on, or resign")
		case other.TokenHash == "":
			return failf(http.StatusConflict, "%s has no player yet", ss.playerName(i))
		}
	}
	return nil
}

// takebackLength returns how many moves to take back so that a seat is to
// move again, before its last move on the line.
func (ss *session) takebackLength(st int) (int, bool) {
	n := 0
	for nd := ss.cur; nd.parent != nil; nd = nd.parent {
		n++
		if nd.seat == st {
			return n, true
		}
	}
	return 0, false
}

// finishTakeback takes the moves back once everyone with a say has agreed
// (at once when nobody else has one). The caller holds mu.
func (ss *session) finishTakeback(ctx context.Context) error {
	o := ss.table.offers[offerTakeback]
	if o == nil || !ss.agreed(o) || ss.checkLive() != nil {
		return nil
	}
	n, found := ss.takebackLength(o.seat)
	if !found {
		return ss.append(ctx, store.SessionEvent{Kind: kindTakebackDecline, Seat: o.seat, Note: "nothing left to take back"})
	}
	if err := ss.append(ctx, store.SessionEvent{Kind: "undo", Seat: o.seat, Move: fmt.Sprint(n)}); err != nil {
		return err
	}
	return ss.advance(ctx)
}

// join gives an open seat to its first taker: the answer is the seat's
// token. A seat of an unlisted session is taken with its invite only.
func (ss *session) join(ctx context.Context, n int, invite string) (string, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if n < 0 || n >= len(ss.seats) {
		return "", failf(http.StatusNotFound, "no seat %d: the game has seats 0 to %d", n, len(ss.seats)-1)
	}
	st := ss.seats[n]
	switch {
	case st.InviteHash == "":
		return "", failf(http.StatusConflict, "seat %d is not open", n)
	case st.TokenHash != "":
		return "", failf(http.StatusConflict, "seat %d has been taken", n)
	case invite != "" && hashToken(invite) != st.InviteHash:
		return "", failf(http.StatusForbidden, "the invite is not seat %d's", n)
	case invite == "" && !ss.table.listed:
		return "", failf(http.StatusForbidden, "the seats of an unlisted session are taken through their invite links")
	}
	if err := ss.checkLive(); err != nil {
		return "", err
	}
	tok := newID() + newID()
	if err := ss.append(ctx, store.SessionEvent{Kind: kindJoin, Seat: n, Move: hashToken(tok)}); err != nil {
		return "", err
	}
	// The lobby's view of the seats; the event holds the seat.
	js, _ := json.Marshal(ss.seats)
	if err := ss.srv.cfg.Store.TakeSeat(ctx, ss.id, string(js)); err != nil {
		ss.srv.cfg.Logf("session %s: %v", ss.id, err)
	}
	return tok, ss.advance(ctx)
}

// Offer is a draw or takeback a seat asked for, as GET
// /api/sessions/{id} answers it: who asked, and who has agreed so far.
type Offer struct {
	Kind     string `json:"kind"`
	Seat     int    `json:"seat"`
	Accepted []int  `json:"accepted"`
}

// describeTable adds the play state to a state; the caller holds mu.
func (ss *session) describeTable(st *State) {
	p := &ss.table
	st.Listed, st.Closed, st.Offers = p.listed, p.closed, []Offer{}
	for _, kind := range []string{offerDraw, offerTakeback} {
		if o := p.offers[kind]; o != nil {
			out := Offer{Kind: kind, Seat: o.seat, Accepted: []int{}}
			for i, ok := range o.accepted {
				if ok {
					out.Accepted = append(out.Accepted, i)
				}
			}
			st.Offers = append(st.Offers, out)
		}
	}
	st.Clock = ss.clockState(time.Now())
	if !ss.over() && p.closed == "" {
		st.Fault = p.fault
	}
}

// newOptions makes the stored options of a session being created.
func newOptions(req CreateRequest, creator string) (string, error) {
	opts := sessionOptions{Creator: hashToken(creator)}
	if req.Clock != nil {
		spec, err := req.Clock.spec()
		if err != nil {
			return "", err
		}
		opts.Clock = spec
	}
	js, err := json.Marshal(opts)
	return string(js), err
}

// createStripes is the number of locks the clients' creates share.
const createStripes = 64

// storeNew stores a new session within its client's quota of live
// sessions. Without a quota, creates do not wait for each other.
func (s *Server) storeNew(ctx context.Context, row store.Session) error {
	if s.cfg.Limits.Sessions > 0 && row.Client != "" {
		h := fnv.New32a()
		h.Write([]byte(row.Client))
		mu := &s.createMu[h.Sum32()%createStripes]
		mu.Lock()
		defer mu.Unlock()
		if err := s.checkQuota(ctx, row.Client); err != nil {
			return err
		}
	}
	return s.cfg.Store.CreateSession(ctx, row)
}
