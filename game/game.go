// Package game is the vocabulary shared by every game, player and server
// in ludus: players (and the chance player that rolls dice and spawns
// tiles), results per player, and the Position interface that search
// algorithms work on.
//
// A Position is a mutable game state that a search walks with Play and
// Undo. It is generic over the move type M, so a game keeps its moves as
// plain values: a direction in 2048, a composite move (from, to, captures,
// promotion) in the board-game engine, a die face for the chance player.
package game

import "fmt"

// Player numbers the sides of a game from 0. Chance is the pseudo-player
// whose moves are random outcomes (dice, shuffles, spawned tiles).
type Player int

// Chance is the player to move when the next move is drawn at random.
const Chance Player = -1

// String returns "chance" or "player N" (counting from 1, as people do).
func (p Player) String() string {
	if p == Chance {
		return "chance"
	}
	return fmt.Sprintf("player %d", int(p)+1)
}

// Result is the payoff of a finished game for each player, indexed by
// Player: 1 for a win, 0 for a loss and 1/2 for a draw in board games, the
// score in single-player games such as 2048.
type Result []float64

// Win returns the result of an n-player game won by p alone.
func Win(p Player, n int) Result {
	r := make(Result, n)
	if p >= 0 && int(p) < n {
		r[p] = 1
	}
	return r
}

// Draw returns the result of an n-player game in which every player
// shares the points equally.
func Draw(n int) Result {
	r := make(Result, n)
	for i := range r {
		r[i] = 1 / float64(n)
	}
	return r
}

// Outcome is one possible random move of the chance player with its
// probability.
type Outcome[M any] struct {
	Move M
	Prob float64
}

// Position is a game state that a search explores in place. Moves and
// Outcomes append to the buffer they are given and return it, so that a
// search can reuse one buffer per depth and allocate nothing in its inner
// loop.
type Position[M any] interface {
	// Players returns the number of players (Chance not counted).
	Players() int
	// ToMove returns the player to move, or Chance when the next move is
	// random.
	ToMove() Player
	// Moves appends the legal moves of the player to move. It appends
	// nothing when the game is over or when ToMove is Chance.
	Moves(buf []M) []M
	// Outcomes appends the random moves and their probabilities, which add
	// up to 1, when ToMove is Chance; otherwise it appends nothing.
	Outcomes(buf []Outcome[M]) []Outcome[M]
	// Play makes a move returned by Moves or Outcomes.
	Play(m M)
	// Undo takes back the last move played.
	Undo()
	// Result reports whether the game is over and, if so, the payoff of
	// each player.
	Result() (Result, bool)
	// Key is a hash of the state for transposition tables: equal states
	// (the player to move included) have equal keys.
	Key() uint64
}

// Copier is implemented by positions that can be duplicated, for searches
// that run on several goroutines or play random games to the end.
type Copier[P any] interface {
	Copy() P
}

// Faulter is implemented by positions whose rules can fail while moves are
// generated or goals checked: a rules program that never stops, say. Once
// a position has failed, its moves and result mean nothing (it reports the
// game as over); every caller that plays or searches it must ask Err and
// pass the error on rather than score the game.
type Faulter interface {
	// Err returns the first error the rules raised in this position or in
	// any copy of it, or nil.
	Err() error
}

// Err returns the error pos reports when it is a Faulter, or nil.
func Err(pos any) error {
	if f, ok := pos.(Faulter); ok {
		return f.Err()
	}
	return nil
}
