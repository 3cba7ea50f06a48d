package engine

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/ludus-games/ludus/game"
)

// Position is a game of the engine seen as a game.Position[Ply], the
// interface the search players and the match runner work on. Random
// players (?Dice) become game.Chance, whose moves are equally likely
// outcomes; the other players are numbered from 0 in their order in the
// rules. Results are the goals' outcomes shared so that they add up to 1.
//
// A Position owns its State; the compiled Game is shared read-only, so
// any number of positions of one game may be played on as many
// goroutines. A Position itself is not safe for concurrent use: Copy it.
type Position struct {
	s *State
	// lists[d] holds the moves generated at depth d (moves played since
	// the position was made), valid while stamp[d] == ids[d]: every
	// position reached gets a fresh id, so Result and Moves at one node,
	// and the moves of a node again after its children were searched,
	// are generated once.
	lists []MoveList
	stamp []uint64
	ids   []uint64
	next  uint64
	// seat[p] is the game.Player of engine player p (Chance for random
	// players); player[gp] is the engine player of game.Player gp.
	seat   []game.Player
	player []int
	eval   *Evaluator
	// fault holds the first error of this position and of its copies:
	// a copy searched on another goroutine fails the whole search.
	fault *fault
	// scratch and mob are buffers of the mobility term; draws holds the
	// moves of RandomGame.
	scratch MoveList
	mob     []int
	draws   MoveList
}

// NewPosition wraps s (which the Position then owns) with the evaluation
// e, which may be nil (Evaluate then uses the rules' default evaluator).
func NewPosition(s *State, e *Evaluator) *Position {
	g := s.g
	p := &Position{s: s, ids: []uint64{1}, next: 1, eval: e, fault: new(fault)}
	for i, pl := range g.Rules.Players {
		if pl.Random {
			p.seat = append(p.seat, game.Chance)
			continue
		}
		if !g.Rules.Chooses(i) {
			p.seat = append(p.seat, Unseated)
			continue
		}
		p.seat = append(p.seat, game.Player(len(p.player)))
		p.player = append(p.player, i)
	}
	return p
}

// State returns the engine state the position plays on.
func (p *Position) State() *State { return p.s }

// fault keeps the first error raised by a position or its copies.
type fault struct{ err atomic.Pointer[error] }

// Err returns the first error that move generation or a goal raised (a
// program that does not stop) in this position or any copy of it: the
// position then reports the game as over, and the caller must report the
// error instead (see game.Faulter).
func (p *Position) Err() error {
	if e := p.fault.err.Load(); e != nil {
		return *e
	}
	return nil
}

// Unseated is the seat of a player who never moves (one outside the turn
// order, such as a Neutral owner of pieces): it has no game.Player.
const Unseated game.Player = -2

// Players returns the number of players who choose their moves.
func (p *Position) Players() int { return len(p.player) }

// Seat returns the game.Player of the rules' player index i (Chance for
// a random player, Unseated for one who never moves).
func (p *Position) Seat(i int) game.Player { return p.seat[i] }

// PlayerName returns the rules' name of a player.
func (p *Position) PlayerName(gp game.Player) string {
	if gp == game.Chance {
		return "chance"
	}
	if gp < 0 || int(gp) >= len(p.player) {
		return "nobody"
	}
	return p.s.g.Rules.Players[p.player[gp]].Name
}

// ToMove returns the player to move, or game.Chance for a random player.
func (p *Position) ToMove() game.Player { return p.seat[p.s.ToMove()] }

// generated returns the moves of the current position, generating them
// once per position reached.
func (p *Position) generated() []Move {
	d := len(p.ids) - 1
	for len(p.lists) <= d {
		p.lists = append(p.lists, MoveList{})
		p.stamp = append(p.stamp, 0)
	}
	if p.stamp[d] != p.ids[d] {
		if _, err := p.s.Moves(&p.lists[d]); err != nil {
			p.fail(err)
			p.lists[d].reset()
		}
		p.stamp[d] = p.ids[d]
	}
	return p.lists[d].Moves
}

func (p *Position) fail(err error) {
	p.fault.err.CompareAndSwap(nil, &err)
}

// over reports whether a goal ends the game here or no move is left.
func (p *Position) over() bool {
	return p.s.staticOver() || len(p.generated()) == 0
}

// Moves appends the legal moves of the player to move; nothing when the
// game is over or a random player is to move.
func (p *Position) Moves(buf []Ply) []Ply {
	if p.s.Chance() || p.over() {
		return buf
	}
	return appendPlies(buf, p.generated())
}

// EveryMove appends the moves the player to move may choose among (see
// State.EveryMove): the legal moves, with those "unique moves" leaves out.
// A move of them not among Moves is played by the listed move of the same
// position, which ParseMove finds from its notation.
func (p *Position) EveryMove(buf []Ply) []Ply {
	if p.s.Chance() || p.over() {
		return buf
	}
	if !p.s.g.Rules.Options.UniqueMoves {
		return appendPlies(buf, p.generated())
	}
	var ml MoveList
	ms, err := p.s.EveryMove(&ml)
	if err != nil {
		p.fail(err)
		return buf
	}
	return appendPlies(buf, ms)
}

func appendPlies(buf []Ply, ms []Move) []Ply {
	for i := range ms {
		buf = append(buf, newPly(&ms[i]))
	}
	return buf
}

// Outcomes appends the moves of a random player, equally likely.
func (p *Position) Outcomes(buf []game.Outcome[Ply]) []game.Outcome[Ply] {
	if !p.s.Chance() || p.over() {
		return buf
	}
	ms := p.generated()
	prob := 1 / float64(len(ms))
	for i := range ms {
		buf = append(buf, game.Outcome[Ply]{Move: newPly(&ms[i]), Prob: prob})
	}
	return buf
}

// Play makes a move returned by Moves or Outcomes.
func (p *Position) Play(m Ply) {
	p.s.playPly(&m)
	p.next++
	p.ids = append(p.ids, p.next)
}

// Undo takes back the last move played.
func (p *Position) Undo() {
	if !p.s.Undo() {
		return
	}
	if len(p.ids) > 1 {
		p.ids = p.ids[:len(p.ids)-1]
		return
	}
	// Back past where the position was made: a node not seen before.
	p.next++
	p.ids[0] = p.next
}

// Key returns the Zobrist key of the position (the player to move
// included).
func (p *Position) Key() uint64 { return p.s.Hash() }

// Result reports whether the game is over and each player's share: 1 to
// a sole winner, split equally between several winners, 1/Players() each
// in a draw.
func (p *Position) Result() (game.Result, bool) {
	r, err := p.result()
	if err != nil {
		return game.Draw(p.Players()), true
	}
	if !r.Over {
		return nil, false
	}
	return p.shares(r.Scores), true
}

// EndReason says how a finished game ended: the goal that ended it
// ("win-condition of X at tic-tac-toe.zrf:20:3"), "no moves", or the
// error a move program raised; "" while the game goes on.
func (p *Position) EndReason() string {
	r, err := p.result()
	if err != nil {
		return "error: " + err.Error()
	}
	return r.Reason
}

// EndWords says how a finished game ended as its players say it
// (Result.Words): "checkmate", "three in a row", "no moves"; "" while the
// game goes on, or when the goal that ended it has no such words.
func (p *Position) EndWords() string {
	r, err := p.result()
	if err != nil {
		return ""
	}
	return r.Words
}

// result evaluates the goals, generating the moves only when no goal
// that ignores them ends the game. An error is also kept in Err.
func (p *Position) result() (Result, error) {
	var r Result
	var err error
	switch {
	case p.s.staticOver():
		r, err = p.s.Result()
	case len(p.generated()) == 0:
		r, err = p.s.resultKnown(true)
	default:
		return Result{}, nil
	}
	if err != nil {
		p.fail(err)
	}
	return r, err
}

// shares turns the engine's scores (1 win, 0 loss, 1/2 draw, per rules
// player) into a game.Result that adds up to 1.
func (p *Position) shares(scores []float64) game.Result {
	out := make(game.Result, len(p.player))
	sum := 0.0
	for gp, i := range p.player {
		out[gp] = scores[i]
		sum += scores[i]
	}
	allEqual := true
	for _, v := range out {
		allEqual = allEqual && v == out[0]
	}
	if sum == 0 || allEqual {
		return game.Draw(len(out))
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// Copy returns an independent position in the same state (history
// included), sharing the compiled game, the evaluator and the record of
// errors: an error raised in the copy is reported by Err of both.
func (p *Position) Copy() *Position {
	c := &Position{s: p.s.Clone(), ids: []uint64{1}, next: 1, seat: p.seat, player: p.player, eval: p.eval, fault: p.fault}
	return c
}

// Notation writes a move of this position in the universal notation.
func (p *Position) Notation(m Ply) string { return p.s.PlyNotation(&m) }

// ParseMove reads a move of this position written in the universal
// notation.
func (p *Position) ParseMove(text string) (Ply, error) { return p.s.ParsePly(text) }

// Evaluate estimates player gp's result on the scale of game.Result: 1/2
// is even, toward 1 a win. It maps the evaluator's points (material,
// mobility, goal lines and the rules' evaluation against the average opponent, the least
// valuable piece worth 100) as chess programs map centipawns: 1/(1+10^(-points/scale)),
// scale 400 unless the evaluator sets another. With
// two players the two estimates add up to 1. Finished games are not
// recognised here: ask Result first.
func (p *Position) Evaluate(gp game.Player) float64 {
	if gp < 0 || int(gp) >= len(p.player) {
		return 1 / float64(max(len(p.player), 1))
	}
	e := p.eval
	if e == nil {
		e = p.s.g.Evaluator()
	}
	return e.WinChance(p.Points(gp))
}

// Points returns player gp's score in points from the evaluator:
// material, mobility, goal lines and the rules' own evaluation against
// the average of its opponents.
func (p *Position) Points(gp game.Player) float64 {
	e := p.eval
	if e == nil {
		e = p.s.g.Evaluator()
	}
	var mob []int
	if e.Mobility != 0 {
		mob = p.mobility()
	}
	v, err := e.score(p.s, p.player[gp], mob)
	if err != nil {
		p.fail(err)
	}
	return v
}

// EvalSummary writes each player's points and estimate:
// "White 120 points (0.67), Black -120 points (0.33)".
func (p *Position) EvalSummary() string {
	var parts []string
	for gp := range p.player {
		parts = append(parts, fmt.Sprintf("%s %.0f points (%.2f)", p.PlayerName(game.Player(gp)),
			p.Points(game.Player(gp)), p.Evaluate(game.Player(gp))))
	}
	return strings.Join(parts, ", ")
}

// mobility counts each player's legal moves; the side to move's come
// from the moves already generated here.
func (p *Position) mobility() []int {
	g := p.s.g
	if cap(p.mob) < g.nplayers {
		p.mob = make([]int, g.nplayers)
	}
	mob := p.mob[:g.nplayers]
	mover := p.s.ToMove()
	for o := range mob {
		switch {
		case g.randomPlayer[o]:
			mob[o] = 0
		case o == mover:
			mob[o] = len(p.generated())
		default:
			n, err := p.s.movesAs(o, &p.scratch)
			if err != nil {
				p.fail(err)
			}
			mob[o] = n
		}
	}
	return mob
}

// MoveKey names a move for move-ordering tables (killer moves, history):
// equal for the same move in different positions.
func MoveKey(m Ply) uint64 { return m.Key() }

// Interface checks.
var (
	_ game.Position[Ply]     = (*Position)(nil)
	_ game.Copier[*Position] = (*Position)(nil)
	_ game.Faulter           = (*Position)(nil)
)
