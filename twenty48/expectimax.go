package twenty48

import (
	"math/rand/v2"
	"sync"
	"time"
)

// DefaultMinProb is the cumulative-probability cut-off of nneonneo/2048-ai:
// a branch less likely than this is evaluated instead of searched.
const DefaultMinProb = 0.0001

// Expectimax is the 2048 expectimax player on the bitboard: max nodes over
// the legal moves, chance nodes over every empty cell and both tile values,
// a cumulative-probability cut-off, a transposition table and a depth limit
// fixed, chosen per move from the board, or deepened until a time budget
// runs out. It is the specialised fast path; search.Expectimax plays the
// same game through the generic game.Position interface.
//
// An Expectimax holds only its settings and is safe for concurrent use.
type Expectimax struct {
	Eval *Eval
	// Depth counts as nneonneo/2048-ai's depth limit does: the root move
	// plus Depth further player moves. 0 selects the adaptive policy
	// max(MinDepth, distinct tiles - 2), capped at MaxDepth when positive.
	Depth    int
	MinDepth int // adaptive floor; 0 means 3
	MaxDepth int // adaptive cap; 0 means none
	// RoomyEmpty, when positive, searches one move shallower (but at
	// least 1) on boards with at least that many empty cells: they cost the
	// most to search (a chance node per empty cell) and are the least
	// dangerous, so the time goes to the crowded boards.
	RoomyEmpty int
	// Time, when positive, deepens iteratively (1, 2, ...) up to the
	// depth above (or without limit if that is adaptive) until the budget
	// per move is spent; the deepest finished search decides. Results then
	// depend on the machine's speed.
	Time time.Duration
	// MinProb is the cumulative-probability cut-off: a line of spawns
	// less likely than this is evaluated instead of searched. 0 searches
	// every line; DefaultMinProb is nneonneo's cut-off.
	MinProb float64
	// Downgrade, when positive, searches a board whose largest tile is of
	// this rank or more as its downgraded image (see downgrade): a
	// learned network judges the late game by what it learnt of the
	// earlier one. The moves are those of the board itself; the values
	// are the image's.
	Downgrade int
}

// Info reports what one search did.
type Info struct {
	Depth int   // depth limit of the deepest finished search
	Evals int64 // board evaluations
	Nodes int64 // chance nodes expanded
	Hits  int64 // transposition-table hits
	Value float32
}

// DepthFor returns the depth limit the player uses on b (without a time
// budget).
func (x *Expectimax) DepthFor(b Board) int {
	d := x.Depth
	if d <= 0 {
		lo := x.MinDepth
		if lo <= 0 {
			lo = 3
		}
		d = max(lo, b.Distinct()-2)
		if x.MaxDepth > 0 {
			d = min(d, x.MaxDepth)
		}
	}
	if x.RoomyEmpty > 0 && b.Empty() >= x.RoomyEmpty {
		d = max(1, d-1)
	}
	return d
}

// searchers keeps the search states (and their transposition tables) of
// finished searches for the next ones. A sync.Pool would be emptied by
// every garbage collection and the tables reallocated, which in turn
// triggers collections: a plain free list keeps one state per goroutine
// that has searched at once.
var searchers struct {
	sync.Mutex
	free []*searcher
}

func getSearcher() *searcher {
	searchers.Lock()
	defer searchers.Unlock()
	if n := len(searchers.free); n > 0 {
		s := searchers.free[n-1]
		searchers.free = searchers.free[:n-1]
		return s
	}
	return new(searcher)
}

func putSearcher(s *searcher) {
	searchers.Lock()
	defer searchers.Unlock()
	searchers.free = append(searchers.free, s)
}

// Choose returns the best move on b and what the search did. ok is false
// when no move is legal. The generator is not used: the search is
// deterministic with a depth budget.
func (x *Expectimax) Choose(b Board, _ *rand.Rand) (m Move, info Info, ok bool) {
	m, info, _, ok = x.search(b, [4]bool{})
	return m, info, ok
}

// ChooseLegal is Choose among the given legal moves (see LegalChooser).
func (x *Expectimax) ChooseLegal(b Board, legal [4]bool, _ *rand.Rand) (m Move, info Info, ok bool) {
	m, info, _, ok = x.search(b, skipOf(legal))
	return m, info, ok
}

func skipOf(legal [4]bool) (skip [4]bool) {
	for i, l := range legal {
		skip[i] = !l
	}
	return skip
}

// MoveValues is what a search made of every move of a board, in the order
// of Moves: the expected evaluation after the move (in evaluation points)
// for the moves that change the board, which Legal marks.
type MoveValues struct {
	Values [4]float64
	Legal  [4]bool
}

// Analyze is Choose that also returns the value of every move, from the
// deepest search that finished: what a front end shows beside the move
// chosen.
func (x *Expectimax) Analyze(b Board) (m Move, vals MoveValues, info Info, ok bool) {
	m, info, vals, ok = x.search(b, [4]bool{})
	return m, vals, info, ok
}

// AnalyzeGame is Analyze on a game's board, past 32768 among the moves
// legal on its exact tiles.
func (x *Expectimax) AnalyzeGame(g *Game) (m Move, vals MoveValues, info Info, ok bool) {
	var skip [4]bool
	if g.Big() {
		skip = skipOf(g.LegalMoves())
	}
	m, info, vals, ok = x.search(g.Board, skip)
	return m, vals, info, ok
}

func (x *Expectimax) search(b Board, skip [4]bool) (m Move, info Info, vals MoveValues, ok bool) {
	b = downgrade(b, x.Downgrade)
	s := getSearcher()
	defer putSearcher(s)
	s.reset(x.Eval, float32(x.MinProb))
	s.skip = skip
	if x.Time <= 0 {
		m, ok = s.root(b, x.DepthFor(b))
		return m, s.info, s.values, ok
	}
	return x.deepen(s, b)
}

// deepen runs searches of growing depth until the next one would not fit
// the time budget, predicting its cost from the growth of the last two.
func (x *Expectimax) deepen(s *searcher, b Board) (best Move, info Info, vals MoveValues, ok bool) {
	start := time.Now()
	s.deadline = start.Add(x.Time)
	limit := x.Depth
	if limit <= 0 {
		limit = x.MaxDepth
	}
	if limit <= 0 {
		limit = 32
	}
	var prev time.Duration
	for d := 1; d <= limit; d++ {
		t0 := time.Now()
		m, found := s.root(b, d)
		if s.aborted {
			break
		}
		if !found {
			return 0, s.info, s.values, false
		}
		best, ok, info, vals = m, true, s.info, s.values
		took := time.Since(t0)
		growth := 8.0
		if prev > 0 {
			growth = max(2, float64(took)/float64(prev))
		}
		prev = took
		if time.Since(start)+time.Duration(growth*float64(took)) > x.Time {
			break
		}
	}
	if !ok { // not even depth 1 finished: play the best single move
		s.deadline, s.aborted = time.Time{}, false
		best, ok = s.root(b, 1)
		info, vals = s.info, s.values
	}
	info.Evals, info.Nodes, info.Hits = s.info.Evals, s.info.Nodes, s.info.Hits
	return best, info, vals, ok
}
