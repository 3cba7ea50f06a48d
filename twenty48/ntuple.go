package twenty48

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Shape is the layout of an n-tuple network: which cells each tuple reads,
// and at which largest tiles a new set of weights (a stage) takes over.
//
// A tuple's weight table has 16^len entries, one per combination of the
// ranks on its cells, and the network adds the entries of every tuple on
// each of the board's eight symmetries (rotations and reflections), so a
// tuple learns one pattern wherever it appears on the board.
type Shape struct {
	// Tuples lists the cells (row-major, 0-15) of each tuple.
	Tuples [][]int `json:"tuples"`
	// Stages lists, in increasing order, the ranks of the largest tile at
	// which stages 1, 2, ... begin; stage 0 covers the boards below the
	// first. A stage's weights start as copies of the previous stage's
	// (weight promotion), as each is first used.
	Stages []int `json:"stages"`
}

// DefaultShape is the network ludus trains: four 6-tuples (two straight
// ones over a row and a half, two 2x3 rectangles), the 4x6 layout of the
// strongest published 2048 networks, with three stages: before the 16384
// tile, with 16384, and with 32768.
var DefaultShape = Shape{
	Tuples: [][]int{
		{0, 1, 2, 3, 4, 5},
		{4, 5, 6, 7, 8, 9},
		{0, 1, 2, 4, 5, 6},
		{4, 5, 6, 8, 9, 10},
	},
	Stages: []int{14, 15},
}

// maxTupleCells bounds a tuple's length: a 7-tuple's table already has 268
// million entries (1 GiB of float32 a stage).
const maxTupleCells = 7

// maxWeights bounds a network's weights (4 GiB of float32).
const maxWeights = 1 << 30

// Validate checks that the shape describes a network ludus can hold.
func (s Shape) Validate() error {
	if len(s.Tuples) == 0 || len(s.Tuples) > 32 {
		return fmt.Errorf("network shape: %d tuples (want 1 to 32)", len(s.Tuples))
	}
	for i, t := range s.Tuples {
		if len(t) == 0 || len(t) > maxTupleCells {
			return fmt.Errorf("network shape: tuple %d has %d cells (want 1 to %d)", i, len(t), maxTupleCells)
		}
		seen := 0
		for _, c := range t {
			if c < 0 || c > 15 {
				return fmt.Errorf("network shape: tuple %d: cell %d is not a cell (0-15)", i, c)
			}
			if seen>>c&1 != 0 {
				return fmt.Errorf("network shape: tuple %d holds cell %d twice", i, c)
			}
			seen |= 1 << c
		}
	}
	var total int64
	for _, t := range s.Tuples {
		total += 1 << (4 * len(t))
	}
	if total*int64(len(s.Stages)+1) > maxWeights {
		return fmt.Errorf("network shape: %d weights (at most %d)", total*int64(len(s.Stages)+1), int64(maxWeights))
	}
	if len(s.Stages) > 8 {
		return fmt.Errorf("network shape: %d stage boundaries (at most 8)", len(s.Stages))
	}
	for i, r := range s.Stages {
		if r < 1 || r > MaxRank || i > 0 && r <= s.Stages[i-1] {
			return fmt.Errorf("network shape: stage ranks %v must increase within 1-%d", s.Stages, MaxRank)
		}
	}
	return nil
}

// Equal reports whether two shapes describe the same network.
func (s Shape) Equal(o Shape) bool {
	return slices.EqualFunc(s.Tuples, o.Tuples, slices.Equal) && slices.Equal(s.Stages, o.Stages)
}

// String writes the shape compactly, e.g. "4 tuples of 6, stages at 16384 32768".
func (s Shape) String() string {
	lens := map[int]int{}
	for _, t := range s.Tuples {
		lens[len(t)]++
	}
	desc := ""
	for n := 1; n <= maxTupleCells; n++ {
		if lens[n] > 0 {
			if desc != "" {
				desc += " + "
			}
			desc += fmt.Sprintf("%dx%d-tuple", lens[n], n)
		}
	}
	if len(s.Stages) > 0 {
		desc += ", stages at"
		for _, r := range s.Stages {
			desc += fmt.Sprintf(" %d", 1<<r)
		}
	}
	return desc
}

// ParseShape reads a shape as ludus 2048 train takes it: tuples written
// as hexadecimal cells ("012345,456789"), and the tiles whose arrival
// starts each later stage ("16384,32768"; "" for one stage).
func ParseShape(tuples, stages string) (Shape, error) {
	var s Shape
	for _, t := range strings.Split(tuples, ",") {
		var cells []int
		for _, c := range strings.TrimSpace(t) {
			v, err := strconv.ParseUint(string(c), 16, 8)
			if err != nil {
				return s, fmt.Errorf("tuple %q: %q is not a cell (0-9, a-f)", t, c)
			}
			cells = append(cells, int(v))
		}
		s.Tuples = append(s.Tuples, cells)
	}
	for _, t := range strings.Split(stages, ",") {
		if t = strings.TrimSpace(t); t == "" {
			continue
		}
		v, err := strconv.Atoi(t)
		r, rerr := rankOf(v)
		if err != nil || rerr != nil || r == 0 {
			return s, fmt.Errorf("stage tile %q is not a tile", t)
		}
		s.Stages = append(s.Stages, r)
	}
	return s, s.Validate()
}

// FormatTuples writes tuples as ParseShape reads them.
func FormatTuples(tuples [][]int) string {
	parts := make([]string, len(tuples))
	for i, t := range tuples {
		for _, c := range t {
			parts[i] += strconv.FormatInt(int64(c), 16)
		}
	}
	return strings.Join(parts, ",")
}

// Network is an n-tuple network: the value of a board (an afterstate: after
// a slide, before the spawn) is Init plus the sum of one weight per tuple
// and symmetry. Weights are kept as offsets from the initial value, so that
// the untouched entries of the huge tables are zero and stay unallocated
// pages; a zero weight in stage k > 0 reads through to stage k-1, which is
// how a stage inherits its predecessor's weights until it learns its own.
//
// Reading a Network from several goroutines is safe; training updates it
// in place without locks (see Train).
type Network struct {
	Shape Shape
	// Init is the value of a board whose weights are all untouched: a
	// positive value makes the training optimistic about boards it has not
	// seen, so that it tries them.
	Init float32
	w    [][]float32 // stage-major: w[stage*len(Tuples)+t]
	ex   []extractor
	// stageAdd holds, per stage boundary, the byte-lane constant that
	// carries into bit 4 of a lane when the cell's rank reaches it.
	stageAdd []uint64
}

// NewNetwork returns an untrained network of the given shape.
func NewNetwork(s Shape, init float32) (*Network, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	s = Shape{Tuples: slices.Clone(s.Tuples), Stages: slices.Clone(s.Stages)}
	n := &Network{Shape: s, Init: init}
	for st := 0; st <= len(s.Stages); st++ {
		for _, t := range s.Tuples {
			n.w = append(n.w, allocWeights(n, 1<<(4*len(t))))
		}
	}
	for _, t := range s.Tuples {
		n.ex = append(n.ex, newExtractor(t))
	}
	for _, r := range s.Stages {
		n.stageAdd = append(n.stageAdd, uint64(16-r)*0x0101010101010101)
	}
	return n, nil
}

// Features is the number of weights a board's value adds up.
func (n *Network) Features() int { return 8 * len(n.Shape.Tuples) }

// Weights returns the number of weights of the network (all stages).
func (n *Network) Weights() int64 {
	var total int64
	for _, w := range n.w {
		total += int64(len(w))
	}
	return total
}

// extractor gathers a tuple's cells from a board into a table index: the
// cells form runs of neighbours in row-major order, and each run is one
// shift and mask.
type extractor struct {
	runs  int
	shift [maxTupleCells]uint8
	mask  [maxTupleCells]uint64
	dst   [maxTupleCells]uint8
}

func newExtractor(cells []int) extractor {
	var e extractor
	for j := 0; j < len(cells); {
		k := j + 1
		for k < len(cells) && cells[k] == cells[k-1]+1 {
			k++
		}
		e.shift[e.runs] = uint8(4 * cells[j])
		e.mask[e.runs] = 1<<(4*(k-j)) - 1
		e.dst[e.runs] = uint8(4 * j)
		e.runs++
		j = k
	}
	return e
}

func (e *extractor) index(x uint64) uint64 {
	i := x >> e.shift[0] & e.mask[0]
	if e.runs == 1 {
		return i
	}
	i |= (x >> e.shift[1] & e.mask[1]) << e.dst[1]
	for k := 2; k < e.runs; k++ {
		i |= (x >> e.shift[k] & e.mask[k]) << e.dst[k]
	}
	return i
}

// symmetries returns the eight images of board x under the rotations and
// reflections of the square.
func symmetries(x uint64) [8]uint64 {
	t := uint64(Board(x).Transpose())
	mx, mt := mirror(x), mirror(t)
	return [8]uint64{x, mx, flip(x), flip(mx), t, mt, flip(t), flip(mt)}
}

// mirror reverses the cells of every row.
func mirror(x uint64) uint64 {
	return x&0xF000F000F000F000>>12 | x&0x0F000F000F000F00>>4 |
		x&0x00F000F000F000F0<<4 | x&0x000F000F000F000F<<12
}

// flip reverses the order of the rows.
func flip(x uint64) uint64 {
	return x>>48 | x>>16&0xFFFF0000 | x<<16&0xFFFF00000000 | x<<48
}

// stage returns the stage of board x: how many stage ranks its largest
// tile reaches. The cells are spread into byte lanes, and adding 16-r to
// each lane carries into bit 4 exactly when the cell holds rank r or more.
func (n *Network) stage(x uint64) int {
	if len(n.stageAdd) == 0 {
		return 0
	}
	const lanes, carry = 0x0F0F0F0F0F0F0F0F, 0x1010101010101010
	lo, hi := x&lanes, x>>4&lanes
	st := 0
	for _, add := range n.stageAdd {
		if ((lo+add)|(hi+add))&carry == 0 {
			break
		}
		st++
	}
	return st
}

// Value returns the network's value of board b: the score it expects
// the rest of the game to add when b is an afterstate.
func (n *Network) Value(b Board) float32 { return n.value(uint64(b)) }

func (n *Network) value(x uint64) float32 {
	st := n.stage(x)
	nt := len(n.ex)
	sy := symmetries(x)
	v := n.Init
	for t := range n.ex {
		e := &n.ex[t]
		tb := n.w[st*nt+t]
		for _, s := range sy {
			i := e.index(s)
			w := tb[i]
			if st > 0 && w == 0 {
				w = n.inherited(st, t, i)
			}
			v += w
		}
	}
	return v
}

// values returns the value of each board of next that differs from b, in
// two passes: the feature indices of all of them first, then their
// weights, so that the processor has many independent reads of the large
// tables in flight at once instead of a few per board.
func (n *Network) values(b Board, next *[4]Board, idx *[4][8 * 32]uint32) (v [4]float32) {
	var st [4]int
	for m, nb := range next {
		if nb != b {
			st[m] = n.features(uint64(nb), idx[m][:])
		}
	}
	for m, nb := range next {
		if nb != b {
			v[m] = n.valueOf(st[m], idx[m][:])
		}
	}
	return v
}

// features returns the stage of board x and puts the table index of each
// of its features in idx (tuple-major, 8 per tuple).
func (n *Network) features(x uint64, idx []uint32) int {
	sy := symmetries(x)
	idx = idx[:8*len(n.ex)]
	for t := range n.ex {
		e := &n.ex[t]
		f := idx[8*t:][:8]
		for k, s := range sy {
			f[k] = uint32(e.index(s))
		}
	}
	return n.stage(x)
}

// valueOf is the value of the board of stage st whose feature indices are
// idx.
func (n *Network) valueOf(st int, idx []uint32) float32 {
	v := n.Init
	if st == 0 {
		// No test of the weights read: a branch on a weight still on
		// its way from memory, mispredicted, would hold back the reads
		// after it, and most boards are of stage 0.
		for t, tb := range n.w[:len(n.ex)] {
			for _, i := range idx[8*t:][:8] {
				v += tb[i]
			}
		}
		return v
	}
	nt := len(n.ex)
	for t := range n.ex {
		tb := n.w[st*nt+t]
		for _, i := range idx[8*t:][:8] {
			w := tb[i]
			if st > 0 && w == 0 {
				w = n.inherited(st, t, uint64(i))
			}
			v += w
		}
	}
	return v
}

// inherited is the weight of entry i of tuple t in the nearest stage below
// st that has learnt it (0 if none has).
func (n *Network) inherited(st, t int, i uint64) float32 {
	nt := len(n.ex)
	for s := st - 1; s >= 0; s-- {
		if w := n.w[s*nt+t][i]; w != 0 {
			return w
		}
	}
	return 0
}

// add adds d to every weight of the board of stage st whose feature
// indices are idx. A weight of a later stage first takes its
// predecessor's value, and a weight never becomes exactly zero, which
// would read as untouched.
func (n *Network) add(st int, idx []uint32, d float32) {
	nt := len(n.ex)
	for t := range n.ex {
		tb := n.w[st*nt+t]
		for _, i := range idx[8*t:][:8] {
			w := tb[i]
			if st > 0 && w == 0 {
				w = n.inherited(st, t, uint64(i))
			}
			w += d
			if w == 0 {
				w = math.SmallestNonzeroFloat32
			}
			tb[i] = w
		}
	}
}

// addBoard adds d to every weight of board x's features and returns the
// board's value afterwards.
func (n *Network) addBoard(x uint64, d float32) float32 {
	var idx [8 * 32]uint32
	st := n.features(x, idx[:])
	n.add(st, idx[:], d)
	return n.valueOf(st, idx[:])
}

// Digest returns a fingerprint of the network's weights (FNV-1a over the
// non-zero entries and their places), to tell whether two trainings made
// the same network.
func (n *Network) Digest() string {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		for k := 0; k < 8; k++ {
			h ^= v & 0xff
			h *= 1099511628211
			v >>= 8
		}
	}
	for t, tb := range n.w {
		mix(uint64(t))
		for i, w := range tb {
			if w != 0 {
				mix(uint64(i)<<32 | uint64(math.Float32bits(w)))
			}
		}
	}
	return fmt.Sprintf("%016x", h)
}
