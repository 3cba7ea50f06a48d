package twenty48

// Project maps a board of any tiles (65536 and 131072 included) to a
// Board for the players, when some tile does not fit a 4-bit cell. The
// largest tile becomes 32768 and each smaller one keeps its rank, or
// moves down just far enough to stay below the next larger one: one rank
// below it if its own rank was one below (they stay merge neighbours),
// else two (the gap between them stays a gap). Small tiles therefore keep
// their ranks, equal tiles stay equal and different tiles different, and
// a tile's merge makes the projection of the merged tile: moves, merges
// and legality are those of the exact board, as long as the ranks leave
// room (a board of sixteen different tiles does not fit, and its smallest
// ranks are squeezed together). A board whose tiles all fit is returned as
// it is.
func Project(t [16]int) Board {
	var ranks [16]int
	present := 0 // bit r: some tile has rank r
	for i, v := range t {
		r, _ := rankOf(v)
		ranks[i] = r
		present |= 1 << r
	}
	present &^= 1
	var label [32]int
	next := MaxRank + 2 // the label of the next larger rank present
	prev := 0
	for r := 31; r >= 1; r-- {
		if present>>r&1 == 0 {
			continue
		}
		gap := 2
		if prev == r+1 {
			gap = 1
		}
		label[r] = max(1, min(r, next-gap))
		next, prev = label[r], r
	}
	var b Board
	for i, r := range ranks {
		if r > 0 {
			b = b.WithRank(i, label[r])
		}
	}
	return b
}
