package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
	"github.com/ludus-games/ludus/store"
)

// maxPlies ends a session's line as a draw, so that no session grows
// without end (bots that shuffle pieces forever).
const maxPlies = 2000

// seat is who plays one player of a session, as stored.
type seat struct {
	Kind string `json:"kind"` // human or bot
	Spec string `json:"spec,omitempty"`
	// TokenHash is the SHA-256 of the seat's token: the store never holds
	// a token itself.
	TokenHash string `json:"token_hash,omitempty"`
	// InviteHash is the SHA-256 of an open seat's invite: the seat waits
	// for a player until its join event gives it a token.
	InviteHash string `json:"invite_hash,omitempty"`
}

// node is a move of the session's tree.
type node struct {
	move     string
	seat     int // -1 for chance
	parent   *node
	children []*node
	// from, to and captures of the move, for the page to show.
	last lastMove
}

type lastMove struct {
	From     string   `json:"from,omitempty"`
	To       string   `json:"to,omitempty"`
	Captures []string `json:"captures"`
}

// session is a loaded session: its game at the current node of its move
// tree, its event log and its watchers. Everything is guarded by mu.
type session struct {
	srv     *Server
	id      string
	game    string
	variant string
	eng     *games.Game
	seats   []seat
	bots    []search.Bot[engine.Ply, *engine.Position] // nil for human seats
	created time.Time
	// catching is set while a catch-up with other servers' events is
	// under way or due, heard when news came meanwhile (see listenLoop):
	// one catch-up at a time, however many events are heard of.
	// heardUpTo is the last version heard of and not yet read
	// (math.MaxInt64: read whatever the version; 0: nothing to read).
	catching, heard atomic.Bool
	heardUpTo       atomic.Int64

	mu  sync.Mutex
	pos *engine.Position
	// start is the position a session set up from a position started
	// from (nil: the game's start); the root of the tree is there.
	start *engine.State
	// setup is start's text on one line, as the state gives it.
	setup    string
	root     *node
	cur      *node
	line     int // plies from the root to cur
	events   []store.SessionEvent
	plies    []int // plies[i]: the line's length after events[i]
	watchers map[chan struct{}]struct{}
	thinking bool
	err      error // the rules failed: no more moves
	table    playState
}

// hashToken returns the stored form of a token.
func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// version is the number of events so far.
func (ss *session) version() int { return len(ss.events) }

// seatOf returns the seat whose token this is, or -1.
func (ss *session) seatOf(token string) int {
	if token == "" {
		return -1
	}
	h := hashToken(token)
	for i, st := range ss.seats {
		if st.TokenHash != "" && st.TokenHash == h {
			return i
		}
	}
	return -1
}

// toMove returns the seat to move, or -1 when the game is over, failed, or
// waits for a chance move.
func (ss *session) toMove() int {
	if ss.err != nil || ss.table.closed != "" || ss.over() {
		return -1
	}
	p := ss.pos.ToMove()
	if p == game.Chance {
		return -1
	}
	return int(p)
}

// over reports whether the game has ended (a goal, no moves, the ply cap,
// a resignation, a draw agreed, a loss on time).
func (ss *session) over() bool {
	if ss.line >= maxPlies || ss.table.ended != nil {
		return true
	}
	_, done := ss.pos.Result()
	return done
}

// apply makes an event (already validated and stored) on the tree and the
// position. A move event's text is the move's notation.
func (ss *session) apply(e store.SessionEvent) error {
	ss.charge(e.Created)
	switch e.Kind {
	case kindSetup:
		if err := ss.applySetup(e); err != nil {
			return err
		}
	case "move":
		ply, err := ss.pos.ParseMove(e.Move)
		if err != nil {
			return fmt.Errorf("event %d: %w", e.Version, err)
		}
		ss.play(ply, e.Seat)
	case "undo":
		var n int
		if _, err := fmt.Sscan(e.Move, &n); err != nil || n < 1 || n > ss.line {
			return fmt.Errorf("event %d: bad undo %q", e.Version, e.Move)
		}
		for range n {
			ss.pos.Undo()
			ss.cur = ss.cur.parent
			ss.line--
		}
	default:
		if err := ss.applyPlay(e); err != nil {
			return err
		}
	}
	ss.events = append(ss.events, e)
	ss.plies = append(ss.plies, ss.line)
	// Whether the game is over asks the rules for the next moves: a move
	// program that fails there stops the session now, rather than passing
	// for the end of the game.
	ss.over()
	ss.err = ss.pos.Err()
	ss.settle(e)
	return nil
}

// play makes a move at the current node: it follows the child that made
// the same move, or opens a new variation.
func (ss *session) play(ply engine.Ply, seatIdx int) {
	text := ss.pos.Notation(ply)
	st := ss.pos.State()
	before := make([]engine.Piece, len(st.Game().Rules.Board.Positions))
	for p := range before {
		before[p] = st.At(p)
	}
	ss.pos.Play(ply)
	var next *node
	for _, c := range ss.cur.children {
		if c.move == text {
			next = c
			break
		}
	}
	if next == nil {
		next = &node{move: text, seat: seatIdx, parent: ss.cur}
		ss.cur.children = append(ss.cur.children, next)
	}
	next.last = describeMove(st, before)
	ss.cur = next
	ss.line++
}

// describeMove names where the last move went and what it captured: the
// positions that held an opponent's piece and no longer do, as many of
// each kind of piece as the board lost (a piece pushed, pulled or lifted
// to another position was not captured).
func describeMove(st *engine.State, before []engine.Piece) lastMove {
	names := st.Game().Rules.Board.Positions
	var lm lastMove
	from, to := st.LastMove()
	if from >= 0 && from < len(names) {
		lm.From = names[from]
	}
	if to >= 0 && to < len(names) {
		lm.To = names[to]
	}
	lm.Captures = []string{}
	mover := -1
	if to >= 0 && to < len(names) && !st.At(to).Empty() {
		mover = st.At(to).Owner()
	}
	type kind struct{ owner, typ int }
	lost := map[kind]int{}
	for p, was := range before {
		if !was.Empty() {
			lost[kind{was.Owner(), was.Type()}]++
		}
		if now := st.At(p); !now.Empty() {
			lost[kind{now.Owner(), now.Type()}]--
		}
	}
	for p, was := range before {
		if was.Empty() || was.Owner() == mover || mover < 0 || p == to {
			continue
		}
		k := kind{was.Owner(), was.Type()}
		if now := st.At(p); (now.Empty() || kind{now.Owner(), now.Type()} != k) && lost[k] > 0 {
			lost[k]--
			lm.Captures = append(lm.Captures, names[p])
		}
	}
	return lm
}

// append stores e as the next event, applies it and tells the watchers.
// The caller holds mu and has checked e against the position; append
// checks what holds for every event: a clock whose time has run out ends
// the game first, and a session has a bound of events.
func (ss *session) append(ctx context.Context, e store.SessionEvent) error {
	if e.Kind != kindTimeout && e.Kind != kindClose {
		if flagged, err := ss.checkFlag(ctx); err != nil {
			return err
		} else if flagged {
			return failf(http.StatusConflict, "time is up: %s", ss.endedResult().Reason)
		}
		if err := ss.checkCap(e.Kind); err != nil {
			return err
		}
	}
	e.Version = ss.version() + 1
	if e.Created.IsZero() {
		// The clocks are reckoned from the events' times, to the
		// microsecond that every store keeps.
		e.Created = time.Now().UTC().Truncate(time.Microsecond)
	}
	if err := ss.srv.writer.append(ss.id, e); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return ss.movedOn(ctx, err)
		}
		return err
	}
	ss.table.fault, ss.table.faults = "", 0
	if err := ss.apply(e); err != nil {
		// The event was checked against this very position; a failure
		// here is a fault of the engine, kept as the session's error.
		ss.err = err
	}
	ss.storeClosed(ctx)
	ss.armClock()
	ss.notify()
	return nil
}

// notify tells the watchers that something happened. The caller holds mu.
func (ss *session) notify() {
	for w := range ss.watchers {
		select {
		case w <- struct{}{}:
		default:
		}
	}
}

// advance plays the moves nobody chooses (chance moves, seeded by the
// session and version) and asks a bot when a bot seat is to move. The
// caller holds mu.
func (ss *session) advance(ctx context.Context) error {
	for ss.err == nil && ss.table.closed == "" && !ss.over() && ss.pos.ToMove() == game.Chance {
		outs := ss.pos.Outcomes(nil)
		if len(outs) == 0 {
			break
		}
		h := fnv.New64a()
		fmt.Fprintf(h, "%s/%d", ss.id, ss.version())
		rng := rand.New(rand.NewPCG(h.Sum64(), 0))
		x, pick := rng.Float64(), outs[len(outs)-1].Move
		for _, o := range outs {
			if x < o.Prob {
				pick = o.Move
				break
			}
			x -= o.Prob
		}
		if err := ss.append(ctx, store.SessionEvent{Kind: "move", Seat: -1, Move: ss.pos.Notation(pick)}); err != nil {
			ss.storeFault(err)
			return nil
		}
	}
	ss.thinking = false
	if t := ss.toMove(); t >= 0 && ss.bots[t] != nil {
		if err := ss.checkCap("move"); err != nil {
			ss.storeFault(err)
			return nil
		}
		ss.thinking = true
		ss.srv.bots.submit(botJob{ss: ss, version: ss.version()})
	}
	return nil
}

// move plays a human seat's move: the errors are the API's (403, 409,
// 422); a rejected move changes nothing.
func (ss *session) move(ctx context.Context, token, text string, version *int) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	defer ss.srv.budget().start(ss.pos.State())()
	st, err := ss.checkTurn(ctx, token, version)
	if err != nil {
		return err
	}
	if ss.over() {
		return failf(http.StatusConflict, "the game is over")
	}
	if ss.toMove() != st {
		return failf(http.StatusConflict, "not your turn: seat %d is to move", ss.toMove())
	}
	ply, err := ss.parseMove(text)
	if err != nil {
		return failf(http.StatusUnprocessableEntity, "%v", err)
	}
	if err := ss.append(ctx, store.SessionEvent{Kind: "move", Seat: st, Move: ss.pos.Notation(ply)}); err != nil {
		return err
	}
	return ss.advance(ctx)
}

// undo takes back moves until the token's seat is to move again, before its
// last move.
func (ss *session) undo(ctx context.Context, token string, version *int) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	defer ss.srv.budget().start(ss.pos.State())()
	st, err := ss.checkTurn(ctx, token, version)
	if err != nil {
		return err
	}
	// The result of a game stands; and nobody takes back the moves of
	// others alone.
	if err := ss.checkLive(); err != nil {
		return err
	}
	if !ss.alone(st) {
		return failf(http.StatusConflict, "the other players must agree to take moves back: ask with POST /api/sessions/%s/takeback/offer", ss.id)
	}
	n, found := ss.takebackLength(st)
	if !found {
		return failf(http.StatusConflict, "nothing to take back: seat %d has made no move on this line", st)
	}
	if err := ss.append(ctx, store.SessionEvent{Kind: "undo", Seat: st, Move: fmt.Sprint(n)}); err != nil {
		return err
	}
	return ss.advance(ctx)
}

// checkTurn checks the token and the version a client saw, returning the
// token's seat.
func (ss *session) checkTurn(ctx context.Context, token string, version *int) (int, error) {
	if version != nil && *version > ss.version() || ss.seatOf(token) < 0 {
		ss.lagging(ctx)
	}
	st := ss.seatOf(token)
	if st < 0 {
		return -1, failf(http.StatusForbidden, "the token is not a seat's of this session")
	}
	if version != nil && *version != ss.version() {
		return -1, failf(http.StatusConflict, "stale version %d: the session is at version %d", *version, ss.version())
	}
	if ss.err != nil {
		return -1, failf(http.StatusConflict, "the session stopped on an error of the rules: %v", ss.err)
	}
	if ss.table.closed != "" {
		return -1, failf(http.StatusConflict, "the session is closed: %s", ss.table.closed)
	}
	return st, nil
}

// parseMove reads a move as a person types it (engine.Position.ReadMove),
// so that clients need not write the program names.
func (ss *session) parseMove(text string) (engine.Ply, error) {
	return ss.pos.ReadMove(text)
}
