package dungeon

import "fmt"

// deadEnds counts, per decomposition and chain, the partial layouts the
// chain could not extend at all. A level that does not lay out in time
// gets stuck somewhere, mostly at the same few rooms, and its designer
// needs to know which: those are the rooms to give more space or fewer
// connections.
type deadEnds [wholeVariant + 1][]int

// add records that chain c of decomposition variant (of n chains) found
// no place.
func (d *deadEnds) add(variant, c, n int) {
	if d[variant] == nil {
		d[variant] = make([]int, n)
	}
	d[variant][c]++
}

// worst returns the decomposition and chain with the most dead ends,
// their number (0 when there were none) and the dead ends of the
// decompositions compared. Those by faces come first: their chains are
// single loops and trees, and say more than all the loops at once.
func (d *deadEnds) worst() (variant, c, n, total int) {
	for v, counts := range d {
		if v == wholeVariant && n > 0 {
			break
		}
		for i, k := range counts {
			total += k
			if k > n {
				variant, c, n = v, i, k
			}
		}
	}
	return variant, c, n, total
}

// stuckAt notes in the stats where the search got stuck most often and
// describes it for the error of a level not laid out in time ("" when it
// never got stuck).
func (g *Generator) stuckAt(d *deadEnds, stats *Stats) string {
	v, c, n, total := d.worst()
	if n == 0 {
		return ""
	}
	rooms := g.chains[v][c].rooms
	stats.Stuck = stats.Stuck[:0]
	for _, k := range rooms {
		stats.Stuck = append(stats.Stuck, g.rooms[k].name)
	}
	return fmt.Sprintf("; the rooms that most often found no place: %s (%d of %d dead ends)",
		g.names(rooms, 12), n, total)
}
