package search

import "sync"

// Bound kinds of a stored alpha-beta value: the true value equals it, is at
// least it (the search failed high) or is at most it (it failed low).
const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

// abEntry is one slot of the alpha-beta transposition table.
type abEntry struct {
	key   uint64
	value float64
	gen   uint32
	move  int32 // index of the best move in Moves order, plus one; 0: none
	depth int16
	bound uint8
}

// abTable is a transposition table for alpha-beta: values with their bound
// kind and the best move found, by position key. Entries of generations
// before keep are ignored, so forgetting everything is a counter bump; a
// game's session instead ages its entries, keeping them readable but
// letting newer searches replace them.
type abTable struct {
	slots []abEntry
	shift uint
	gen   uint32
	keep  uint32
}

// abTables recycles tables between decisions, by size, as tables does for
// expectimax: reallocating megabytes per decision would feed the garbage
// collector for nothing.
var abTables struct {
	sync.Mutex
	free map[int][]*abTable
}

func newABTable(bits int) *abTable {
	bits = min(max(bits, 4), 30)
	return &abTable{slots: make([]abEntry, 1<<bits), shift: uint(64 - bits)}
}

func getABTable(bits int) *abTable {
	bits = min(max(bits, 4), 30)
	abTables.Lock()
	defer abTables.Unlock()
	if list := abTables.free[bits]; len(list) > 0 {
		t := list[len(list)-1]
		abTables.free[bits] = list[:len(list)-1]
		return t
	}
	return newABTable(bits)
}

func putABTable(t *abTable) {
	abTables.Lock()
	defer abTables.Unlock()
	if abTables.free == nil {
		abTables.free = map[int][]*abTable{}
	}
	bits := 64 - int(t.shift)
	abTables.free[bits] = append(abTables.free[bits], t)
}

// forget starts a search that must not see earlier entries.
func (t *abTable) forget() {
	t.age()
	t.keep = t.gen
}

// age starts a search that may read earlier entries.
func (t *abTable) age() {
	t.gen++
	if t.gen == 0 { // wrapped: old generations could match again
		clear(t.slots)
		t.gen, t.keep = 1, 1
	}
}

func (t *abTable) slot(key uint64) *abEntry {
	return &t.slots[key*0x9E3779B97F4A7C15>>t.shift]
}

// probe returns the entry for key, if it is stored and readable.
func (t *abTable) probe(key uint64) (abEntry, bool) {
	e := t.slot(key)
	if e.key == key && e.gen >= t.keep && e.bound != 0 {
		return *e, true
	}
	return abEntry{}, false
}

// store keeps an entry unless the slot holds a deeper one of this search.
func (t *abTable) store(key uint64, depth int, v float64, bound uint8, move int32) {
	e := t.slot(key)
	if e.gen == t.gen && e.key != key && int(e.depth) > depth {
		return
	}
	if e.key == key && e.gen >= t.keep && move == 0 {
		move = e.move // keep the best move of a shallower search
	}
	*e = abEntry{key: key, value: v, gen: t.gen, move: move, depth: int16(min(depth, 1<<14)), bound: bound}
}
