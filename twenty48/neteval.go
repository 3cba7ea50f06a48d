package twenty48

import "math"

// scoreRow holds, for each row, the score its tiles took to make: a tile
// of rank r >= 2 made only of spawned 2s took (r-1)*2^r points of merges.
// Every merge adds exactly the merged tile to this sum and to the score,
// so the sum over a board is the score of the game that reached it, less
// 4 for every 4 that spawned (a spawned 4 counts as made by a merge).
var scoreRow = func() *[65536]int32 {
	t := new([65536]int32)
	for row := range t {
		for k := 0; k < 4; k++ {
			if r := row >> (4 * k) & 0xf; r >= 2 {
				t[row] += int32((r - 1) << r)
			}
		}
	}
	return t
}()

// boardScore is the score a board's tiles took to make (see scoreRow).
func boardScore(x uint64) float32 {
	return float32(scoreRow[x&0xffff] + scoreRow[x>>16&0xffff] + scoreRow[x>>32&0xffff] + scoreRow[x>>48])
}

// NetworkEval makes an evaluation of a learned network. The network's
// value of an afterstate is the score the rest of the game will add; the
// evaluation adds the score the board's tiles took to make, so that the
// evaluation of a board after several moves includes what those moves
// scored, and the expectimax search, which compares boards and not the
// scores of the moves leading to them, compares expected final scores. The
// 4s spawned along a line of play shift every board below it alike (0.4
// points per spawn on average), which changes no choice.
func NetworkEval(name, doc string, n *Network) *Eval {
	return &Eval{Name: name, Doc: doc, net: n}
}

// Network returns the learned network of a network evaluation, nil for a
// table evaluation.
func (e *Eval) Network() *Network { return e.net }

// netUnits evaluates afterstate x with the network, in table units.
func netUnits(n *Network, x uint64) int32 {
	return int32((n.value(x) + boardScore(x)) * EvalScale)
}

// winUnits is the value of a move that makes 65536: above any evaluation.
// A 4-bit board cannot show the tile, so the search scores the move
// itself, and the game goes on from the exact board.
const winUnits = 1 << 30

// overflowWin reports whether some move of b merges two 32768 tiles.
func overflowWin(b Board) bool {
	if !twoRank15(uint64(b)) {
		return false
	}
	for _, m := range Moves {
		if b.Overflows(m) {
			return true
		}
	}
	return false
}

// netLeafMax is leafMax with a network: the best evaluation over the legal
// moves, at least 0.
func (s *searcher) netLeafMax(b Board) int32 {
	if overflowWin(b) {
		return winUnits
	}
	next := slides(b)
	vals := s.net.values(b, &next, &s.batch)
	best := int32(0)
	for m, nb := range next {
		if nb != b {
			s.info.Evals++
			best = max(best, int32((vals[m]+boardScore(uint64(nb)))*EvalScale))
		}
	}
	return best
}

// netBottom is bottom with a network.
func (s *searcher) netBottom(b Board, empty uint64) float32 {
	var sum int64
	for m := empty; m != 0; m &= m - 1 {
		tile := Board(m & -m)
		sum += 9*int64(s.netLeafMax(b|tile)) + int64(s.netLeafMax(b|tile<<1))
	}
	return float32(sum) / 10
}

// scoreNet is Eval.Score for a network evaluation, in points.
func (e *Eval) scoreNet(b Board) float32 {
	return float32(math.Round(float64(netUnits(e.net, uint64(b))))) / EvalScale
}
