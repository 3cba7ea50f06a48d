package engine

// Perft counts the leaves of the move tree depth plies deep (a composite
// move is one ply). A position where a goal is met, or where the player to
// move has no move, has no children.
func Perft(s *State, depth int) (int64, error) {
	lists := make([]MoveList, depth+1)
	return perft(s, depth, lists)
}

func perft(s *State, depth int, lists []MoveList) (int64, error) {
	if depth == 0 {
		return 1, nil
	}
	if over, err := s.staticEnd(); over || err != nil {
		return 0, err
	}
	ms, err := s.Moves(&lists[depth])
	if err != nil {
		return 0, err
	}
	if depth == 1 {
		return int64(len(ms)), nil
	}
	return perftMoves(s, ms, depth, lists, nil)
}

// PerftEnded is Perft under the other convention of published tables
// (Aart Bik's Othello table among them): a position where the game is
// over counts as a leaf at any depth, not only at the last. The two agree
// as deep as no game can end earlier.
func PerftEnded(s *State, depth int) (int64, error) {
	lists := make([]MoveList, depth+1)
	var walk func(depth int) (int64, error)
	walk = func(depth int) (int64, error) {
		if depth == 0 {
			return 1, nil
		}
		if over, err := s.staticEnd(); over || err != nil {
			return 1, err
		}
		ms, err := s.Moves(&lists[depth])
		if err != nil || len(ms) == 0 {
			return 1, err
		}
		if depth == 1 {
			return int64(len(ms)), nil
		}
		var n int64
		for i := range ms {
			s.Play(&ms[i])
			k, err := walk(depth - 1)
			s.Undo()
			if err != nil {
				return 0, err
			}
			n += k
		}
		return n, nil
	}
	return walk(depth)
}

// perftMoves sums the counts under each move, telling each to each.
func perftMoves(s *State, ms []Move, depth int, lists []MoveList, each func(i int, n int64)) (int64, error) {
	var n int64
	for i := range ms {
		s.Play(&ms[i])
		k, err := perft(s, depth-1, lists)
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

// DivideEntry is the count under one first move.
type DivideEntry struct {
	Move  string
	Nodes int64
}

// Divide counts the leaves under each legal move of the position, named in
// the universal notation.
func Divide(s *State, depth int) ([]DivideEntry, error) {
	var ml MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		return nil, err
	}
	out := make([]DivideEntry, len(ms))
	for i := range ms {
		out[i].Move = s.Notation(&ms[i])
	}
	_, err = perftMoves(s, ms, depth, make([]MoveList, depth+1), func(i int, n int64) { out[i].Nodes = n })
	return out, err
}
