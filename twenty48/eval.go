package twenty48

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Eval is a board evaluation that adds one term per row and one per column,
// each read from a 65536-entry table indexed by the line's four ranks (the
// column's top cell in the low nibble). Table-driven evaluations are what
// makes a deep expectimax affordable: a board costs eight loads.
//
// The tables hold fixed-point integers (1/EvalScale units): integer sums and
// comparisons are cheaper than float ones in the search's innermost loop,
// and 1/8 is as fine as float32 resolves evaluations of this size.
type Eval struct {
	Name string
	Doc  string
	rows *[65536]int32
	cols *[65536]int32
	net  *Network // a learned evaluation instead of the tables (NetworkEval)
}

// EvalScale is the number of table units per evaluation point.
const EvalScale = 8

// Score evaluates b.
func (e *Eval) Score(b Board) float32 {
	if e.net != nil {
		return e.scoreNet(b)
	}
	return float32(e.units(uint64(b), uint64(b.Transpose()))) / EvalScale
}

// units evaluates a board given with its transpose, in table units.
func (e *Eval) units(x, t uint64) int32 {
	r, c := e.rows, e.cols
	return r[x&0xffff] + r[x>>16&0xffff] + r[x>>32&0xffff] + r[x>>48] +
		c[t&0xffff] + c[t>>16&0xffff] + c[t>>32&0xffff] + c[t>>48]
}

// NewEval builds a row-and-column evaluation from a function of a line's
// ranks (index 0 nearest the left or top edge). Rows and columns use the
// same function, whose values must stay within ±2^27 so that a board's
// sum fits the tables' integers.
func NewEval(name, doc string, line func(r [4]int) float64) *Eval {
	t := new([65536]int32)
	for i := range t {
		v := line([4]int{i & 0xf, i >> 4 & 0xf, i >> 8 & 0xf, i >> 12 & 0xf})
		t[i] = int32(math.Round(min(max(v, -1<<27), 1<<27) * EvalScale))
	}
	return &Eval{Name: name, Doc: doc, rows: t, cols: t}
}

// NneonneoWeights are the published weights of nneonneo/2048-ai, tuned by
// CMA-ES.
var NneonneoWeights = LineWeights{
	Base: 200000, Empty: 270, Merges: 700,
	Mono: 47, MonoPower: 4, Sum: 11, SumPower: 3.5,
}

// LineWeights parameterise the nneonneo family of line evaluations:
//
//	Base + Empty*empty + Merges*merges - Mono*min(monoL, monoR) - Sum*Σ rank^SumPower
//
// where monoL adds r[i-1]^MonoPower - r[i]^MonoPower over adjacent pairs
// that decrease to the right (empties count as rank 0), monoR the same for
// pairs that increase, and merges adds k over every run of k >= 2 equal
// non-zero ranks (empties skipped).
type LineWeights struct {
	Base, Empty, Merges, Mono, MonoPower, Sum, SumPower float64
}

// Line evaluates one line with these weights.
func (w LineWeights) Line(r [4]int) float64 {
	var sum float64
	empty, merges, prev, run := 0, 0, 0, 0
	for _, v := range r {
		sum += math.Pow(float64(v), w.SumPower)
		if v == 0 {
			empty++
			continue
		}
		if v == prev {
			run++
		} else {
			if run > 0 {
				merges += run + 1
			}
			run = 0
		}
		prev = v
	}
	if run > 0 {
		merges += run + 1
	}
	var monoL, monoR float64
	for i := 1; i < 4; i++ {
		a, b := math.Pow(float64(r[i-1]), w.MonoPower), math.Pow(float64(r[i]), w.MonoPower)
		if r[i-1] > r[i] {
			monoL += a - b
		} else {
			monoR += b - a
		}
	}
	return w.Base + w.Empty*float64(empty) + w.Merges*float64(merges) -
		w.Mono*math.Min(monoL, monoR) - w.Sum*sum
}

var (
	evalMu     sync.Mutex
	evalMakers = map[string]func() (*Eval, error){}
	evalCache  = map[string]*Eval{}
)

// RegisterEval makes an evaluation available by name (EvalByName, the
// --eval flag). Tables are built on first use.
func RegisterEval(name string, make func() *Eval) {
	registerEval(name, func() (*Eval, error) { return make(), nil })
}

func registerEval(name string, make func() (*Eval, error)) {
	evalMu.Lock()
	defer evalMu.Unlock()
	evalMakers[name] = make
}

// EvalByName returns an evaluation, building it once: a registered name
// ("ludus", "nneonneo", "learned"), heuristic terms such as
// "empty=1000,merges=500" or "nneonneo,sum=12" (see ParseWeights), or the
// path of a network file (anything with a path separator or the .ntuple
// extension).
func EvalByName(name string) (*Eval, error) {
	evalMu.Lock()
	defer evalMu.Unlock()
	if e, ok := evalCache[name]; ok {
		return e, nil
	}
	var e *Eval
	var err error
	switch mk, ok := evalMakers[name]; {
	case ok:
		e, err = mk()
	case strings.Contains(name, "="):
		var w LineWeights
		if w, err = ParseWeights(name); err == nil {
			e = NewEval(name, "the nneonneo terms with the weights given", w.Line)
		}
	case strings.ContainsRune(name, filepath.Separator) || strings.ContainsRune(name, '/') || filepath.Ext(name) == NetworkExt:
		var n *Network
		if n, _, err = LoadNetwork(name); err == nil {
			e = NetworkEval(name, "the learned network of "+name, n)
		}
	default:
		err = fmt.Errorf("unknown evaluation %q (have %s, heuristic terms such as %q, or a network file)",
			name, strings.Join(evalNamesLocked(), ", "), "empty=1000,merges=500")
	}
	if err != nil {
		return nil, err
	}
	evalCache[name] = e
	return e, nil
}

// NetworkExt is the extension of network files.
const NetworkExt = ".ntuple"

// EvalNames lists the registered evaluations.
func EvalNames() []string {
	evalMu.Lock()
	defer evalMu.Unlock()
	return evalNamesLocked()
}

func evalNamesLocked() []string {
	names := make([]string, 0, len(evalMakers))
	for n := range evalMakers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func init() {
	RegisterEval("nneonneo", func() *Eval {
		return NewEval("nneonneo", "the published heuristic of nneonneo/2048-ai", NneonneoWeights.Line)
	})
}

// LudusWeights are ludus's own weights for the nneonneo family of terms,
// re-tuned for shallow searches: a (1+1) evolution strategy on the mean
// score of 150 games at depth 2 (seeds 90001-90150), checked at depth 3 on
// 100 other games (docs/bench-2048.md). Empty cells weigh four times more
// than in the published weights, monotonicity less than half: with a few
// moves of lookahead, room to move matters most.
var LudusWeights = LineWeights{
	Base: 240000, Empty: 1200, Merges: 470,
	Mono: 19, MonoPower: 3.85, Sum: 18, SumPower: 3.5,
}

func init() {
	RegisterEval("ludus", func() *Eval {
		return NewEval("ludus", "the nneonneo terms with weights re-tuned for shallow search", LudusWeights.Line)
	})
}
