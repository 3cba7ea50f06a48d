package search

import (
	"context"

	"github.com/ludus-games/ludus/game"
)

// Session is a player for one game. A bot holds no game state, so it cannot
// carry anything from one move to the next; a session, made for one game
// and used by one goroutine, can: MCTS keeps the subtree of the move
// played, alpha-beta its transposition table. It also carries the game's
// seed, so that random players differ from game to game.
type Session[M any, P game.Position[M]] interface {
	Bot[M, P]
	// Close releases what the session holds; it is not used again.
	Close()
}

// Sessioner is implemented by bots that play better, or differently from
// game to game, with a session.
type Sessioner[M any, P game.Position[M]] interface {
	// Session returns a player for one game whose randomness, if any,
	// comes from the bot's seed and seed together.
	Session(seed uint64) Session[M, P]
}

// NewSession returns a player for one game: the bot's own session when it
// has them, else the bot itself (which then plays every game alike).
func NewSession[M any, P game.Position[M]](b Bot[M, P], seed uint64) Session[M, P] {
	if s, ok := b.(Sessioner[M, P]); ok {
		return s.Session(seed)
	}
	return plainSession[M, P]{b}
}

// plainSession is a bot used as a session: it has nothing to keep.
type plainSession[M any, P game.Position[M]] struct{ Bot[M, P] }

// Close does nothing: the bot keeps nothing.
func (plainSession[M, P]) Close() {}

// Session returns a random player whose moves also depend on seed.
func (r Random[M, P]) Session(seed uint64) Session[M, P] {
	return plainSession[M, P]{Random[M, P]{Seed: mixSeed(r.Seed, seed)}}
}

// mixSeed combines two seeds into one (splitmix64 finalisers), so that
// nearby seeds give unrelated streams.
func mixSeed(a, b uint64) uint64 {
	return splitmix(a ^ splitmix(b+0x9E3779B97F4A7C15))
}

func splitmix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Session returns a player for one game that keeps its transposition
// table (and history counters) from move to move. Alpha-beta is
// deterministic, so seed is not used.
func (a *AlphaBeta[M, P]) Session(uint64) Session[M, P] {
	tt := getABTable(a.tableBits())
	tt.forget() // a recycled table may hold another game's entries
	return &abSession[M, P]{a: a, tt: tt, history: make([]float64, historySize)}
}

// abSession is an alpha-beta player for one game.
type abSession[M any, P game.Position[M]] struct {
	a       *AlphaBeta[M, P]
	tt      *abTable
	history []float64
}

// Choose searches with the table of the game's earlier decisions.
func (s *abSession[M, P]) Choose(ctx context.Context, pos P) (Decision[M], error) {
	return s.a.choose(ctx, pos, s, nil)
}

// Close gives the table back for other decisions.
func (s *abSession[M, P]) Close() {
	if s.tt != nil {
		putABTable(s.tt)
		s.tt = nil
	}
}
