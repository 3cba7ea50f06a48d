// Package search holds the players that think: algorithms that choose a
// move in any game.Position within a budget of depth, time or nodes.
//
// Every player (a Bot) holds only its settings, never a game: one bot can
// choose moves for many games on many goroutines at once, which is how the
// arena and the server share bots. The per-decision state (buffers,
// transposition table) lives in the call.
package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/ludus-games/ludus/game"
)

// Budget bounds one decision. Zero fields are unlimited, but a search
// needs at least one bound. With Time or Nodes, searches deepen
// iteratively (1, 2, ... plies, up to Depth when it is set) and the
// deepest finished search decides; results then depend on the machine.
// With Depth alone, results are deterministic.
type Budget struct {
	// Depth is the number of plies searched, the root move included: 1
	// looks at the moves of the player to move and evaluates the
	// positions they lead to. Chance moves do not count as plies.
	Depth int
	Time  time.Duration
	Nodes int64
}

// Decision is a chosen move and what finding it cost.
type Decision[M any] struct {
	Move  M
	Value float64 // the move's value for the player who chooses
	Depth int     // plies of the deepest finished search
	Nodes int64   // positions visited
	Evals int64   // evaluations of leaves and finished games
	Hits  int64   // transposition-table hits
	Time  time.Duration
}

// Bot chooses moves. Implementations hold no game state and are safe for
// concurrent use; they leave pos as they found it.
type Bot[M any, P game.Position[M]] interface {
	Choose(ctx context.Context, pos P) (Decision[M], error)
}

// ErrNoMove is returned when the position has no move to choose: the game
// is over or the chance player is to move.
var ErrNoMove = errors.New("no legal move to choose")

// errBudget is returned by searches given no bound at all.
var errBudget = errors.New("search budget has no depth, time or node limit")

// Random plays a uniformly random legal move. Its generator comes from the
// seed and the position key, so the same seed gives the same moves in the
// same positions whatever goroutine asks.
type Random[M any, P game.Position[M]] struct {
	Seed uint64
}

// Choose picks a legal move at random.
func (r Random[M, P]) Choose(_ context.Context, pos P) (Decision[M], error) {
	moves, err := rootMoves[M](pos)
	if err != nil {
		return Decision[M]{}, err
	}
	rng := rand.New(rand.NewPCG(r.Seed, pos.Key()))
	return Decision[M]{Move: moves[rng.IntN(len(moves))]}, nil
}

// limits tracks a running search against its budget, its context and the
// rules of the game searched. The context is watched by a stopper, whose
// flag a node reads in one atomic load, so that a cancelled search stops
// at its next node however slow its nodes are. The clock is read every
// 1024 nodes: a time budget is the search's own, and lets it finish the
// first plies of a small game whatever the machine's load. A rules error
// (see game.Faulter) is checked at every node, since each failing node is
// costly. Close releases the stopper.
type limits struct {
	stop     *stopper
	deadline time.Time
	maxNodes int64
	nodes    int64
	fault    game.Faulter
	stopped  error
}

// newLimits starts the limits of a search of pos.
func newLimits(ctx context.Context, b Budget, start time.Time, pos any) *limits {
	l := &limits{stop: newStopper(ctx, time.Time{}), maxNodes: b.Nodes}
	l.fault, _ = pos.(game.Faulter)
	if b.Time > 0 {
		l.deadline = start.Add(b.Time)
	}
	return l
}

// close lets go of the context.
func (l *limits) close() { l.stop.close() }

// visit counts a node and reports whether the search must stop. Once it
// has stopped, the nodes its callers still enter on the way out are not
// counted: they are not searched.
func (l *limits) visit() bool {
	if l.stopped != nil {
		return true
	}
	l.nodes++
	if l.fault != nil {
		if err := l.fault.Err(); err != nil {
			l.stopped = err
			return true
		}
	}
	switch {
	case l.maxNodes > 0 && l.nodes > l.maxNodes:
		l.stopped = fmt.Errorf("node budget of %d spent", l.maxNodes)
	case l.stop.stopped(l.nodes):
		l.stopped = l.stop.ctx.Err()
	case l.nodes&1023 == 0 && !l.deadline.IsZero() && time.Now().After(l.deadline):
		l.stopped = context.DeadlineExceeded
	}
	return l.stopped != nil
}

// checked returns d, or the error the rules raised in pos (or a copy of
// it) during the search: a move chosen over failing rules is no choice.
func checked[M any](pos any, d Decision[M]) (Decision[M], error) {
	if err := game.Err(pos); err != nil {
		return Decision[M]{}, err
	}
	return d, nil
}
