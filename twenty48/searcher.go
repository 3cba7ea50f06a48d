package twenty48

import (
	"math/bits"
	"time"
)

// maxTTBits is log2 of the largest transposition table (16 bytes an
// entry, in buckets of four: one cache line). A search uses a table sized
// to its depth limit (ttBitsFor), and even deep searches use a small one:
// the table is probed at every chance node, and a probe that misses the
// processor's caches costs more than the evaluations a bigger table saves
// (measured in docs/bench-2048.md).
const maxTTBits = 16

func ttBitsFor(limit int) uint {
	return uint(min(maxTTBits, max(10, 3*limit+4)))
}

// ttEntry caches the value of a chance node (a board after a slide, before
// the spawn) with the depth at which it was searched. tag packs the table's
// generation (upper 24 bits) with that depth, so that starting a new search
// only bumps the generation instead of clearing the table.
type ttEntry struct {
	key Board
	val float32
	tag uint32
}

// searcher is the state of one search: reused across moves through a pool,
// never shared by two goroutines at once.
type searcher struct {
	ev       *Eval
	net      *Network  // ev's network, if it is a learned evaluation
	tt       []ttEntry // of which the first 1<<ttBits entries are used
	ttBits   uint
	gen      uint32
	limit    int // depth limit: chance nodes at this depth are leaves
	depth    int // player moves made below the root move
	minProb  float32
	info     Info
	values   MoveValues // of the root's moves, from the last root search
	deadline time.Time  // zero: none
	aborted  bool
	tick     int
	touch    uint32            // sums the entries read ahead, so that the reads stay in the code
	batch    [4][8 * 32]uint32 // feature indices of a network evaluation
	// skip marks root moves not to search: moves that look legal on a
	// projected board but are not (see LegalChooser).
	skip [4]bool
}

func (s *searcher) reset(e *Eval, minProb float32) {
	s.ev, s.net = e, e.net
	s.minProb = minProb
	s.info = Info{}
	s.deadline = time.Time{}
	s.aborted = false
}

// root searches every legal move of b to depth limit and returns the best
// (the first of equals, in the order up, down, left, right).
func (s *searcher) root(b Board, limit int) (Move, bool) {
	s.gen = (s.gen + 1) & 0xffffff
	if s.gen == 0 { // wrapped: stale tags could match again
		clear(s.tt)
		s.gen = 1
	}
	s.limit, s.depth = limit, 0
	s.ttBits = ttBitsFor(limit)
	if len(s.tt) < 1<<s.ttBits {
		s.tt = make([]ttEntry, 1<<s.ttBits)
	}
	var best float32
	bestMove, found := Up, false
	s.values = MoveValues{}
	for i, m := range Moves {
		nb := b.Move(m)
		if nb == b || s.skip[i] {
			continue
		}
		var v float32
		if s.net != nil && twoRank15(uint64(b)) && b.Overflows(m) {
			v = winUnits
		} else {
			v = s.chance(nb, 1)
		}
		if s.aborted {
			return 0, false
		}
		s.values.Values[i], s.values.Legal[i] = float64(v/EvalScale), true
		if !found || v > best {
			best, bestMove, found = v, m, true
		}
	}
	if found {
		s.info.Depth, s.info.Value = limit, best/EvalScale
	}
	return bestMove, found
}

// eval evaluates b in table units.
func (s *searcher) eval(b Board) float32 {
	s.info.Evals++
	if s.net != nil {
		return float32(netUnits(s.net, uint64(b)))
	}
	return float32(s.ev.units(uint64(b), uint64(b.Transpose())))
}

// chance is the expected value of board b (after a slide) over the spawns:
// each empty cell equally likely, a 2 with probability 0.9, else a 4.
// cprob is the probability of reaching b from the root.
func (s *searcher) chance(b Board, cprob float32) float32 {
	if cprob < s.minProb || s.depth >= s.limit {
		return s.eval(b)
	}
	bucket := s.tt[s.slot(b):][:4]
	for k := range bucket {
		if e := &bucket[k]; e.key == b && e.tag>>8 == s.gen {
			if int(e.tag&0xff) <= s.depth {
				s.info.Hits++
				return e.val
			}
			break
		}
	}
	if s.deadline != (time.Time{}) {
		if s.tick++; s.tick&1023 == 0 && time.Now().After(s.deadline) {
			s.aborted = true
		}
		if s.aborted {
			return 0
		}
	}
	s.info.Nodes++
	empty := b.emptyMask()
	n := bits.OnesCount64(empty)
	cprob /= float32(n)
	p2, p4 := cprob*0.9, cprob*0.1
	var res float32
	if s.depth+1 >= s.limit || p2 < s.minProb {
		res = s.bottom(b, empty)
	} else {
		// Empty cells in the order of the cells (a spawned 2 is the lowest
		// set bit of the mask), so that sums add up in a fixed order.
		for m := empty; m != 0; m &= m - 1 {
			tile := Board(m & -m)
			res += s.max(b|tile, p2) * 0.9
			res += s.max(b|tile<<1, p4) * 0.1
		}
	}
	res /= float32(n)
	s.store(bucket, b, res)
	return res
}

// store keeps a chance node's value in its bucket of four entries (one
// cache line), in the place of the same board, of a stale entry, or else
// of the entry nearest the leaves: the cheapest to compute again.
func (s *searcher) store(bucket []ttEntry, b Board, v float32) {
	victim := 0
	for k := range bucket {
		e := &bucket[k]
		if e.key == b || e.tag>>8 != s.gen {
			victim = k
			break
		}
		if e.tag&0xff > bucket[victim].tag&0xff {
			victim = k
		}
	}
	bucket[victim] = ttEntry{key: b, val: v, tag: s.gen<<8 | uint32(s.depth)}
}

// bottom is the sum over the spawns of a chance node whose children are
// all leaves: 0.9 times the value after a 2 plus 0.1 times the value after
// a 4, cell by cell. The values are integers, so the sum is exact, and the
// assembly version (bottomPext, where the processor allows) gives the same
// sum and count.
func (s *searcher) bottom(b Board, empty uint64) float32 {
	if s.net != nil {
		return s.netBottom(b, empty)
	}
	if bottomAsm {
		sum, evals := bottomPext(uint64(b), uint64(b.Transpose()), empty, s.ev.rows, s.ev.cols)
		s.info.Evals += evals
		return float32(sum) / 10
	}
	var sum int64
	x, t := uint64(b), uint64(b.Transpose())
	// Walking the mask of empty cells instead of testing all sixteen
	// spares the processor a mispredicted branch per empty cell.
	for m := empty; m != 0; m &= m - 1 {
		at := uint(bits.TrailingZeros64(m))
		cell := at / 4
		// The spawned board and its transpose, without a transpose.
		atT := 4 * (4*(cell%4) + cell/4)
		sum += 9*int64(s.leafMaxT(x|1<<at, t|1<<atT)) + int64(s.leafMaxT(x|2<<at, t|2<<atT))
	}
	return float32(sum) / 10
}

// max is the value of board b (after a spawn) for the player: the best
// chance node over its legal moves, or 0 when none is legal.
func (s *searcher) max(b Board, cprob float32) float32 {
	if s.depth+1 >= s.limit || cprob < s.minProb {
		if s.net != nil {
			return float32(s.netLeafMax(b))
		}
		return float32(s.leafMax(b))
	}
	if s.net != nil && overflowWin(b) {
		return winUnits
	}
	var best float32
	s.depth++
	// The children's table entries are requested together before the
	// first is searched, so that their cache misses overlap.
	next := slides(b)
	for _, nb := range next {
		if nb != b {
			s.touch += s.tt[s.slot(nb)].tag
		}
	}
	for _, nb := range next {
		if nb != b {
			best = max(best, s.chance(nb, cprob))
		}
	}
	s.depth--
	return best
}

// slides returns b after each move, in the order of Moves. The columns
// slide as rows of the transposed board, through the row tables the last
// ply keeps in the processor's caches anyway (Board.Move's column tables
// are eight times larger).
func slides(b Board) [4]Board {
	x, t := uint64(b), uint64(b.Transpose())
	return [4]Board{
		Board(slideRows(t, &rowLeft)).Transpose(), Board(slideRows(t, &rowRight)).Transpose(),
		Board(slideRows(x, &rowLeft)), Board(slideRows(x, &rowRight)),
	}
}

// slot is the first entry of board b's bucket in the transposition table.
func (s *searcher) slot(b Board) uint64 {
	return uint64(b) * 0x9E3779B97F4A7C15 >> (64 - s.ttBits) &^ 3
}

// leafMax is max when every child is a leaf: the best evaluation over the
// legal moves, at least 0. It slides the columns on the transposed board,
// and it works in integers, whose sums and maxima the processor does
// without branches.
func (s *searcher) leafMax(b Board) int32 {
	return s.leafMaxT(uint64(b), uint64(b.Transpose()))
}

// leafMaxT is leafMax given the board x and its transpose t. The slid
// lines index the evaluation table straight from the slide table's
// entries, and the lines across the slide are gathered from the slid board
// by across; an illegal move is masked to 0 instead of branched over,
// since whether a move is legal is too irregular for the processor to
// predict. Together these take a tenth of the instructions off a search.
func (s *searcher) leafMaxT(x, t uint64) int32 {
	rows, cols := s.ev.rows, s.ev.cols
	// One move at a time, so that few values are live at once.
	x0, x1, x2, x3 := x&0xffff, x>>16&0xffff, x>>32&0xffff, x>>48
	a, b, c, d := rowLeft[x0], rowLeft[x1], rowLeft[x2], rowLeft[x3]
	l := join(a, b, c, d)
	vl := rows[a] + rows[b] + rows[c] + rows[d] + across(cols, l)
	a, b, c, d = rowRight[x0], rowRight[x1], rowRight[x2], rowRight[x3]
	r := join(a, b, c, d)
	vr := rows[a] + rows[b] + rows[c] + rows[d] + across(cols, r)
	x0, x1, x2, x3 = t&0xffff, t>>16&0xffff, t>>32&0xffff, t>>48
	a, b, c, d = rowLeft[x0], rowLeft[x1], rowLeft[x2], rowLeft[x3]
	u := join(a, b, c, d)
	vu := cols[a] + cols[b] + cols[c] + cols[d] + across(rows, u)
	a, b, c, d = rowRight[x0], rowRight[x1], rowRight[x2], rowRight[x3]
	dn := join(a, b, c, d)
	vd := cols[a] + cols[b] + cols[c] + cols[d] + across(rows, dn)
	ml, mr, mu, md := legalMask(l != x), legalMask(r != x), legalMask(u != t), legalMask(dn != t)
	s.info.Evals -= int64(ml + mr + mu + md)
	return max(0, vl&ml, vr&mr, vu&mu, vd&md)
}

// legalMask is -1 for a legal move and 0 for an illegal one.
func legalMask(legal bool) int32 {
	var m int32
	if legal {
		m = -1
	}
	return m
}

// join packs four lines into a board, line a in the low bits.
func join(a, b, c, d uint16) uint64 {
	return uint64(a) | uint64(b)<<16 | uint64(c)<<32 | uint64(d)<<48
}

// across adds up table t over the four columns of x. Each column is
// gathered into a line by a multiplication, which moves its four nibbles
// (16 bits apart) next to each other in the top 16 bits without carries:
// fewer instructions than a transpose and four extractions.
func across(t *[65536]int32, x uint64) int32 {
	const cells, gather = 0x000F000F000F000F, 0x0001001001001000
	return t[(x&cells)*gather>>48] + t[(x>>4&cells)*gather>>48] +
		t[(x>>8&cells)*gather>>48] + t[(x>>12&cells)*gather>>48]
}

// slideRows slides the four lines of x through table t.
func slideRows(x uint64, t *[65536]uint16) uint64 {
	return uint64(t[x&0xffff]) | uint64(t[x>>16&0xffff])<<16 |
		uint64(t[x>>32&0xffff])<<32 | uint64(t[x>>48])<<48
}
