package dungeon

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/ludus-games/ludus/evolve"
)

// How Generate shares its work with the exhaustive search, in steps so
// that a seed gives the same layout on any machine: annealing alone for
// exactDelay iterations (enough for most levels), then turns of
// exactSlice iterations and exactShare times as many steps of the
// exhaustive search (nodes, positions checked and segments intersected,
// far cheaper than an annealing iteration: the exhaustive search gets
// about half the time, or more, since a level that annealing has not laid
// out by then rarely gets a layout from it later). Levels whose core of
// loops is larger than exactMaxCore are left to annealing (an exhaustive
// search of so many rooms would not end, and annealing lays out large
// levels with loops apart).
const (
	exactDelay   = 250_000
	exactSlice   = 100_000
	exactShare   = 20
	exactMaxCore = 30
)

// exactRun is an exhaustive search run in turns.
type exactRun struct {
	x    *exactSearch
	next func() (exactOutcome, bool)
	stop func()
	// until is the exhaustive search's work at the end of its turn.
	until int
}

// startExact prepares the exhaustive search of the level for Generate, or
// returns nil when the level is left to annealing.
func (g *Generator) startExact(seed uint64, expired func() bool) *exactRun {
	if g.coreRooms == 0 || g.coreRooms > exactMaxCore {
		return nil
	}
	r := &exactRun{}
	seq := func(yield func(exactOutcome) bool) {
		paused := false
		r.x = newExactSearch(g, nil, evolve.WorkerRand(seed, 1), 0, func() bool {
			if expired() || paused {
				return true
			}
			if r.x.work >= r.until {
				// The turn is over: hand the thread back until the next.
				paused = !yield(exactUnknown)
			}
			return paused || expired()
		})
		if out := r.x.run(); !paused {
			yield(out)
		}
	}
	r.next, r.stop = iter.Pull(seq)
	return r
}

// turn runs the search for about work more steps and returns its
// outcome: exactUnknown while it goes on.
func (r *exactRun) turn(work int) exactOutcome {
	if r.x != nil {
		r.until = r.x.work + work
	} else {
		r.until = work
	}
	out, ok := r.next()
	if !ok {
		return exactUnknown
	}
	return out
}

// roomNames lists the rooms of in for messages, and counts them.
func (g *Generator) roomNames(in []bool) (string, int) {
	var names []string
	for k, c := range in {
		if c {
			names = append(names, g.rooms[k].name)
		}
	}
	if len(names) > 12 {
		return strings.Join(names[:12], ", ") + ", ...", len(names)
	}
	return strings.Join(names, ", "), len(names)
}

// noLayoutError explains a level the exhaustive search proved to have no
// layout: the rooms of its core, unless the proof needed the trees too.
func (g *Generator) noLayoutError(x *exactSearch) error {
	if x.treesTried {
		return fmt.Errorf("%s: %w: its %d rooms fit together in no way with their templates (every shape and place tried, %d steps)",
			g.spec.Source, ErrNoLayout, len(g.rooms), x.nodes)
	}
	names, n := g.roomNames(x.core)
	return fmt.Errorf("%s: %w: its %d rooms on loops (%s) fit together in no way with their templates (every shape and place tried, %d steps)",
		g.spec.Source, ErrNoLayout, n, names, x.nodes)
}

// valid reports whether st is a complete layout that breaks no rule: the
// final word on what the exhaustive search returns.
func (g *Generator) valid(st *state) bool {
	if slices.Contains(st.shape, -1) {
		return false
	}
	for k := range g.rooms {
		if g.roomCost(st, k) >= zero {
			return false
		}
	}
	for e, ed := range g.edges {
		if ed.corridor < 0 {
			continue
		}
		if st.cshape[e] < 0 || g.corridorCost(st, e, st.cshape[e], st.cpos[e]) >= zero {
			return false
		}
	}
	return true
}
