package search

import "sync"

// table is a transposition table of node values: a fixed array indexed by
// the position key, each slot holding the last value stored there. A value
// is reused only when it was searched at least as deep as asked. Starting a
// new search bumps a generation number instead of clearing the array.
type table struct {
	slots []slot
	shift uint
	gen   uint32
}

type slot struct {
	key   uint64
	value float64
	gen   uint32
	plies int32
}

// tables recycles tables between decisions, by size, so that a bot
// choosing thousands of moves allocates its table once per goroutine. (A
// sync.Pool would drop them at every garbage collection, and reallocating
// megabytes of table per decision would cause the next collection.)
var tables struct {
	sync.Mutex
	free map[int][]*table // by bits
}

func getTable(bits int) *table {
	bits = min(max(bits, 4), 30)
	tables.Lock()
	defer tables.Unlock()
	if list := tables.free[bits]; len(list) > 0 {
		t := list[len(list)-1]
		tables.free[bits] = list[:len(list)-1]
		return t
	}
	return &table{slots: make([]slot, 1<<bits), shift: uint(64 - bits)}
}

func putTable(t *table) {
	tables.Lock()
	defer tables.Unlock()
	if tables.free == nil {
		tables.free = map[int][]*table{}
	}
	bits := 64 - int(t.shift)
	tables.free[bits] = append(tables.free[bits], t)
}

// next starts a new search: everything stored before is forgotten.
func (t *table) next() {
	t.gen++
	if t.gen == 0 { // wrapped: old generations could match again
		clear(t.slots)
		t.gen = 1
	}
}

func (t *table) index(key uint64) int {
	return int(key * 0x9E3779B97F4A7C15 >> t.shift)
}

func (t *table) get(key uint64, plies int) (float64, bool) {
	s := &t.slots[t.index(key)]
	if s.gen == t.gen && s.key == key && int(s.plies) >= plies {
		return s.value, true
	}
	return 0, false
}

func (t *table) put(key uint64, plies int, v float64) {
	t.slots[t.index(key)] = slot{key: key, value: v, gen: t.gen, plies: int32(plies)}
}
