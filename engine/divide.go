package engine

import "context"

// PerftProgress is PerftContext reporting each finished first move
// through done (for progress bars); total is the number of first moves.
func PerftProgress(ctx context.Context, s *State, depth int, start func(total int), done func()) (int64, error) {
	if depth <= 1 {
		return PerftContext(ctx, s, depth)
	}
	if over, err := s.staticEnd(); over || err != nil {
		return 0, err
	}
	var ml MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		return 0, err
	}
	start(len(ms))
	r := &perftRun{ctx: ctx, top: depth - 1}
	return r.moves(s, ms, depth, func(int, int64) { done() })
}

// DivideEntry is the count under one first move.
type DivideEntry struct {
	Move  string
	Nodes int64
}

// Divide counts the leaves under each legal move of the position, named in
// the universal notation; ctx stops it as it stops PerftContext.
func Divide(ctx context.Context, s *State, depth int) ([]DivideEntry, error) {
	var ml MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		return nil, err
	}
	out := make([]DivideEntry, len(ms))
	for i := range ms {
		out[i].Move = s.Notation(&ms[i])
	}
	r := &perftRun{ctx: ctx, top: depth - 1}
	_, err = r.moves(s, ms, depth, func(i int, n int64) { out[i].Nodes = n })
	return out, err
}
