package engine

// WithoutPlans returns a copy of g whose move programs run as bytecode
// only, with no plans and no drop candidate sets: the reference the
// plans are checked against.
func WithoutPlans(g *Game) *Game {
	c := *g
	c.Blocks = make([]*CBlock, len(g.Blocks))
	byID := map[*CBlock]*CBlock{}
	for i, b := range g.Blocks {
		nb := *b
		nb.plans = nil
		c.Blocks[i] = &nb
		byID[b] = &nb
	}
	c.types = make([]ctype, len(g.types))
	re := func(bs []*CBlock) []*CBlock {
		out := make([]*CBlock, len(bs))
		for i, b := range bs {
			out[i] = byID[b]
		}
		return out
	}
	for t, ct := range g.types {
		nt := ctype{attack: re(ct.attack)}
		for _, bs := range ct.moves {
			nt.moves = append(nt.moves, re(bs))
		}
		for _, bs := range ct.drops {
			nt.drops = append(nt.drops, re(bs))
		}
		c.types[t] = nt
	}
	c.drops = nil
	c.countDrops = nil
	return &c
}

// PlanKinds counts the start positions of each plan kind over every
// program and player: run, never, guard, direct.
func PlanKinds(g *Game) [4]int {
	var n [4]int
	for _, b := range g.Blocks {
		for _, pl := range b.plans {
			for _, k := range pl.kind {
				n[k]++
			}
		}
	}
	return n
}

// CountMoves and PickMove expose the counted move lists of count.go.
func CountMoves(s *State, ml *MoveList) (int, error) { return s.countMoves(ml) }

// PickMove returns move i of those CountMoves counted.
func PickMove(s *State, ml *MoveList, i int) *Move { return s.pickMove(ml, i) }

// PlayPick plays move i of those CountMoves counted.
func PlayPick(s *State, ml *MoveList, i int) { s.playPick(ml, i) }

// Counted reports whether the game's moves are counted without listing.
func Counted(g *Game) bool { return g.countDrops != nil }

// PictureStyle names the style Picture draws the game's board in.
func PictureStyle(g *Game, v *View) string {
	f := newPictureFrame(g, v)
	style := chooseStyle(g, v)
	if style == squares {
		style = placementStyle(g, v, f.at)
	}
	return [...]string{"squares", "hexes", "lines", "paper", "holes"}[style]
}
