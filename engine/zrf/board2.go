package zrf

import (
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// finishBoard removes killed positions, builds the link table, finds
// opposite directions and reads symmetries and zones. game is the game's
// form, where a game without a board section has its error.
func (b *builder) finishBoard(game *sexp.Node, sections []*sexp.Node) {
	d := b.draft()
	bd := &b.r.Board
	remap := make([]int, len(d.names))
	b.positions = map[string]int{}
	for i, name := range d.names {
		if d.killed[i] {
			remap[i] = -1
			continue
		}
		remap[i] = len(bd.Positions)
		b.positions[name] = len(bd.Positions)
		bd.Positions = append(bd.Positions, name)
		b.v.Cells = append(b.v.Cells, d.cells[i])
	}
	nd := len(bd.Dirs)
	bd.Links = make([]int32, len(bd.Positions)*nd)
	for i := range bd.Links {
		bd.Links[i] = -1
	}
	for k, to := range d.links {
		from, t := remap[k[0]], remap[to]
		if from >= 0 && t >= 0 {
			bd.Links[from*nd+k[1]] = int32(t)
		}
	}
	for _, g := range d.grids {
		eg := rules.Grid{Dims: g.dims, Coords: map[int][]int{}}
		for p, c := range g.coords {
			if q := remap[p]; q >= 0 {
				eg.Coords[q] = c
			}
		}
		bd.Grids = append(bd.Grids, eg)
	}
	bd.Opposite = opposites(bd)
	bd.Symmetry = make([][]int, len(b.r.Players))
	for p := range bd.Symmetry {
		bd.Symmetry[p] = identity(nd)
	}
	for _, s := range sections {
		for _, it := range s.Args() {
			switch it.Head() {
			case "symmetry":
				b.symmetry(it)
			case "zone":
				b.zone(it)
			}
		}
	}
	if len(bd.Positions) == 0 {
		at := game
		if len(sections) > 0 {
			at = sections[len(sections)-1]
		}
		b.errs.Addf(at, "the board has no positions")
	}
}

func identity(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// opposites pairs each direction with the one that retraces all its links.
func opposites(bd *rules.Board) []int {
	nd := len(bd.Dirs)
	np := len(bd.Positions)
	out := make([]int, nd)
	for d := range out {
		out[d] = -1
		for e := 0; e < nd && out[d] < 0; e++ {
			n, ok := 0, true
			for p := 0; p < np && ok; p++ {
				q := bd.Links[p*nd+d]
				if q >= 0 {
					n++
					ok = int(bd.Links[int(q)*nd+e]) == p
				}
				r := bd.Links[p*nd+e]
				if ok && r >= 0 {
					ok = int(bd.Links[int(r)*nd+d]) == p
				}
			}
			if ok && n > 0 {
				out[d] = e
			}
		}
	}
	return out
}

func (b *builder) dir(n *sexp.Node) (int, bool) { return b.lookup(n, b.dirs, "direction") }

// symmetry reads (symmetry Player (a b) ...): for that player direction a
// means b.
func (b *builder) symmetry(it *sexp.Node) {
	a := it.Args()
	if len(a) == 0 {
		b.errs.Addf(it, "symmetry wants a player and pairs")
		return
	}
	p, ok := b.knownPlayer(a[0], "the symmetry is ignored")
	if !ok {
		return
	}
	for _, pr := range a[1:] {
		if pr.Kind != sexp.List || len(pr.List) != 2 {
			b.errs.Addf(pr, "a symmetry pair is (from to)")
			continue
		}
		x, ok1 := b.boardDir(pr.List[0], "the pair is ignored")
		y, ok2 := b.boardDir(pr.List[1], "the pair is ignored")
		if ok1 && ok2 {
			b.r.Board.Symmetry[p][x] = y
		}
	}
}

// zone reads (zone (name z) (players P...) (positions ...)); a zone may be
// given once per player with different positions.
func (b *builder) zone(it *sexp.Node) {
	var name string
	var players []int
	var positions []int
	for _, a := range it.Args() {
		switch a.Head() {
		case "name":
			if len(a.Args()) == 1 {
				name, _ = atomText(a.Args()[0])
			}
		case "players":
			for _, p := range a.Args() {
				if i, ok := b.knownPlayer(p, "the zone is not given to it"); ok {
					players = append(players, i)
				}
			}
		case "positions":
			for _, p := range a.Args() {
				if i, ok := b.boardPosition(p, "the zone does not hold it"); ok {
					positions = append(positions, i)
				}
			}
		default:
			b.errs.Addf(a, "unknown zone item %s", describe(a))
		}
	}
	if name == "" {
		b.errs.Addf(it, "zone without a name")
		return
	}
	bd := &b.r.Board
	z, ok := b.zones[name]
	if !ok {
		z = len(bd.Zones)
		b.zones[name] = z
		bd.Zones = append(bd.Zones, rules.Zone{Name: name, Positions: make([][]int, len(b.r.Players))})
	}
	for _, p := range players {
		bd.Zones[z].Positions[p] = append(bd.Zones[z].Positions[p], positions...)
	}
}
