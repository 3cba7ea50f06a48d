package twenty48

// downgrade returns b with its tiles shifted down past the gaps of its
// ranks while its largest tile is of rank from or more: every tile above
// the smallest rank from 8 up missing below the largest takes the rank
// below (2s and 4s keep theirs, as the spawned tiles do). The
// board keeps its shape, the order of its tiles and which of them can
// merge now, and looks like a board of an earlier stage of the game,
// which a learned network has seen far more often (the tile-downgrading of
// Guei et al.'s players). Without a gap, or from 0, b is returned as it
// is.
func downgrade(b Board, from int) Board {
	if from <= 0 {
		return b
	}
	for {
		top := b.maxRank()
		if top < from {
			return b
		}
		var present uint32
		for x := uint64(b); x != 0; x >>= 4 {
			present |= 1 << (x & 0xf)
		}
		gap := 3
		for gap < top && present&(1<<gap) != 0 {
			gap++
		}
		if gap >= top {
			return b
		}
		var out uint64
		for k := 0; k < 16; k++ {
			r := uint64(b) >> (4 * k) & 0xf
			if int(r) > gap {
				r--
			}
			out |= r << (4 * k)
		}
		b = Board(out)
	}
}
