package engine

// PerftProgress is Perft reporting each finished first move through done
// (for progress bars); total is the number of first moves.
func PerftProgress(s *State, depth int, start func(total int), done func()) (int64, error) {
	if depth <= 1 {
		return Perft(s, depth)
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
	return perftMoves(s, ms, depth, make([]MoveList, depth), func(int, int64) { done() })
}
