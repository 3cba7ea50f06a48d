package engine

import "context"

// Perft counts the leaves of the move tree depth plies deep (a composite
// move is one ply). A position where a goal is met, or where the player to
// move has no move, has no children.
func Perft(s *State, depth int) (int64, error) {
	return PerftContext(context.Background(), s, depth)
}

// PerftContext is Perft stopped by ctx: a cancelled count returns ctx's
// error within a few thousand positions.
func PerftContext(ctx context.Context, s *State, depth int) (int64, error) {
	r := &perftRun{ctx: ctx, top: depth}
	return r.perft(s, depth)
}

// PerftEnded is Perft under the other convention of published tables
// (Aart Bik's Othello table among them): a position where the game is
// over counts as a leaf at any depth, not only at the last. The two agree
// as deep as no game can end earlier.
func PerftEnded(s *State, depth int) (int64, error) {
	return PerftEndedContext(context.Background(), s, depth)
}

// PerftEndedContext is PerftEnded stopped by ctx.
func PerftEndedContext(ctx context.Context, s *State, depth int) (int64, error) {
	r := &perftRun{ctx: ctx, top: depth, ended: true}
	return r.perft(s, depth)
}

// perftRun is one count: the move lists of each ply from the root, made
// as the search reaches them (a depth beyond the game's end costs
// nothing), and the context checked every checkEvery positions.
type perftRun struct {
	ctx    context.Context
	top    int
	lists  []MoveList
	visits int
	// ended: a finished game is a leaf (PerftEnded).
	ended bool
}

const checkEvery = 1 << 12

// list returns the move list of the ply depth plies above the leaves.
func (r *perftRun) list(depth int) *MoveList {
	ply := r.top - depth
	for len(r.lists) <= ply {
		r.lists = append(r.lists, MoveList{})
	}
	return &r.lists[ply]
}

func (r *perftRun) perft(s *State, depth int) (int64, error) {
	if depth == 0 {
		return 1, nil
	}
	if r.visits++; r.visits%checkEvery == 0 {
		if err := r.ctx.Err(); err != nil {
			return 0, err
		}
	}
	if over, err := s.staticEnd(); over || err != nil {
		if r.ended && err == nil {
			return 1, nil
		}
		return 0, err
	}
	ms, err := s.Moves(r.list(depth))
	if err != nil {
		return 0, err
	}
	if r.ended && len(ms) == 0 {
		return 1, nil
	}
	if depth == 1 {
		return int64(len(ms)), nil
	}
	return r.moves(s, ms, depth, nil)
}

// moves sums the counts under each move, telling each to each.
func (r *perftRun) moves(s *State, ms []Move, depth int, each func(i int, n int64)) (int64, error) {
	var n int64
	for i := range ms {
		s.Play(&ms[i])
		k, err := r.perft(s, depth-1)
		s.Undo()
		if err != nil {
			return 0, err
		}
		n += k
		if each != nil {
			each(i, k)
		}
	}
	return n, nil
}
