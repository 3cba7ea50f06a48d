package zrf

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// boardDraft collects the board while its sections are read; finishBoard
// turns it into engine.Board once positions are final (kill-positions
// removes some after links were made).
type boardDraft struct {
	names  []string
	cells  []rules.Cell
	links  map[[2]int]int // (position, direction) -> position
	killed map[int]bool
	grids  []draftGrid
}

type draftGrid struct {
	dims   [][]string
	coords map[int][]int
}

func (b *builder) draft() *boardDraft {
	if b.bd == nil {
		b.bd = &boardDraft{links: map[[2]int]int{}, killed: map[int]bool{}}
	}
	return b.bd
}

func (b *builder) addPosition(name string, n *sexp.Node) int {
	d := b.draft()
	if p, ok := b.positions[name]; ok {
		return p
	}
	b.checkPositions(n, len(d.names)+1)
	if _, clash := b.dirs[name]; clash {
		b.errs.Addf(n, "position %s has the name of a direction", name)
	}
	b.positions[name] = len(d.names)
	d.names = append(d.names, name)
	d.cells = append(d.cells, rules.Cell{})
	return len(d.names) - 1
}

// checkPositions reports whether a board of n positions is within the
// limits; the first time it is not, the build is refused at node at.
func (b *builder) checkPositions(at *sexp.Node, n int) bool {
	max := b.limits.Positions
	if max <= 0 || n <= max {
		return true
	}
	if b.tooLarge == nil {
		var l sexp.ErrorList
		l.Addf(at, "the board would have %d positions or more", n)
		b.tooLarge = fmt.Errorf("%v: %w (at most %d positions)", l[0], ErrTooLarge, max)
	}
	return false
}

func (b *builder) addDir(name string, n *sexp.Node) int {
	if d, ok := b.dirs[name]; ok {
		return d
	}
	if _, clash := b.positions[name]; clash {
		b.errs.Addf(n, "direction %s has the name of a position", name)
	}
	b.dirs[name] = len(b.r.Board.Dirs)
	b.r.Board.Dirs = append(b.r.Board.Dirs, name)
	return len(b.r.Board.Dirs) - 1
}

// boardSection reads the parts of (board ...) that make positions and
// links; symmetries and zones wait for finishBoard.
func (b *builder) boardSection(s *sexp.Node) {
	for _, it := range s.Args() {
		switch it.Head() {
		case "image":
			for _, a := range it.Args() {
				if v, ok := a.Value(); ok {
					b.v.BoardImages = append(b.v.BoardImages, v)
				}
			}
		case "grid":
			b.grid(it)
		case "attribute":
			b.posAttribute(it)
		case "positions":
			b.positionsItem(it)
		case "dummy":
			for _, a := range it.Args() {
				if name, ok := atomText(a); ok {
					p := b.addPosition(name, a)
					b.draft().cells[p].Dummy = true
				}
			}
		case "links", "unlink", "kill-positions", "symmetry", "zone":
		default:
			b.errs.Addf(it, "unknown board item %s", describe(it))
		}
	}
	for _, it := range s.Args() {
		switch it.Head() {
		case "links":
			b.links(it)
		case "unlink":
			b.unlink(it)
		case "kill-positions":
			for _, a := range it.Args() {
				if p, ok := b.position(a); ok {
					b.draft().killed[p] = true
				}
			}
		}
	}
}

func number(n *sexp.Node) (float64, bool) {
	s, ok := atomText(n)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

func (b *builder) numbers(nodes []*sexp.Node, want int, what *sexp.Node) ([]float64, bool) {
	if len(nodes) != want {
		b.errs.Addf(what, "%s wants %d numbers", what.Head(), want)
		return nil, false
	}
	out := make([]float64, want)
	for i, n := range nodes {
		f, ok := number(n)
		if !ok {
			b.errs.Addf(n, "want a number, got %s", describe(n))
			return nil, false
		}
		out[i] = f
	}
	return out, true
}

// grid makes the positions of (grid (start-rectangle ...) (dimensions ...)
// (directions ...)): names join one name per dimension, the last dimension
// varies slowest, and a direction links positions whose coordinates differ
// by its vector.
func (b *builder) grid(g *sexp.Node) {
	var start [4]float64
	var dims [][]string
	var steps [][2]float64
	type dirVec struct {
		d    int
		vec  []int
		node *sexp.Node
	}
	var dirs []dirVec
	for _, it := range g.Args() {
		switch it.Head() {
		case "start-rectangle":
			if v, ok := b.numbers(it.Args(), 4, it); ok {
				copy(start[:], v)
			}
		case "dimensions":
			for _, d := range it.Args() {
				if d.Kind != sexp.List || len(d.List) < 1 || d.List[0].Kind == sexp.List {
					b.errs.Addf(d, "a dimension is (\"a/b/c\" (dx dy))")
					continue
				}
				dims = append(dims, strings.Split(d.List[0].Text, "/"))
				var st [2]float64
				if len(d.List) > 1 && d.List[1].Kind == sexp.List {
					if v, ok := b.numbers(d.List[1].List, 2, d); ok {
						st = [2]float64{v[0], v[1]}
					}
				}
				steps = append(steps, st)
			}
		case "directions":
			for _, d := range it.Args() {
				if d.Kind != sexp.List || len(d.List) < 2 {
					b.errs.Addf(d, "a direction is (name dx dy ...)")
					continue
				}
				name, ok := atomText(d.List[0])
				if !ok {
					b.errs.Addf(d, "a direction needs a name")
					continue
				}
				var vec []int
				for _, c := range d.List[1:] {
					v, err := strconv.Atoi(c.Text)
					if err != nil || c.Kind == sexp.List {
						b.errs.Addf(c, "want an integer offset, got %s", describe(c))
						continue
					}
					vec = append(vec, v)
				}
				dirs = append(dirs, dirVec{b.addDir(name, d.List[0]), vec, d})
			}
		default:
			b.errs.Addf(it, "unknown grid item %s", describe(it))
		}
	}
	if len(dims) == 0 {
		b.errs.Addf(g, "grid has no dimensions")
		return
	}
	// A direction must move, and only along dimensions the grid has
	// (trailing zeros, as in (e 1 0) on a line, are harmless).
	for _, dv := range dirs {
		moves, beyond := false, 0
		for i, v := range dv.vec {
			switch {
			case v != 0 && i < len(dims):
				moves = true
			case v != 0 && beyond == 0:
				beyond = i + 1
			}
		}
		switch {
		case beyond > 0:
			b.errs.Addf(dv.node, "direction %s moves along dimension %d, but the grid has %d", dv.node.List[0].Text, beyond, len(dims))
		case !moves && len(dv.vec) > 0:
			b.errs.Addf(dv.node, "direction %s goes nowhere: its offsets are all 0", dv.node.List[0].Text)
		}
	}
	total := 1
	for _, d := range dims {
		total *= len(d)
		if total > 1<<16 {
			b.errs.Addf(g, "grid too large (over 65536 positions)")
			return
		}
	}
	d := b.draft()
	if !b.checkPositions(g, len(d.names)+total) {
		return
	}
	dg := draftGrid{dims: dims, coords: map[int][]int{}}
	index := map[string]int{}
	w, h := start[2]-start[0], start[3]-start[1]
	for k := 0; k < total; k++ {
		// The first dimension varies fastest.
		coord := make([]int, len(dims))
		rest := k
		for i := range dims {
			coord[i] = rest % len(dims[i])
			rest /= len(dims[i])
		}
		var name strings.Builder
		x, y := start[0], start[1]
		for i, c := range coord {
			name.WriteString(dims[i][c])
			x += float64(c) * steps[i][0]
			y += float64(c) * steps[i][1]
		}
		p := b.addPosition(name.String(), g)
		d.cells[p] = rules.Cell{X1: x, Y1: y, X2: x + w, Y2: y + h, HasRect: true}
		dg.coords[p] = coord
		index[key(coord)] = p
	}
	for p, coord := range dg.coords {
		for _, dv := range dirs {
			to := make([]int, len(coord))
			ok := true
			for i := range coord {
				v := 0
				if i < len(dv.vec) {
					v = dv.vec[i]
				}
				to[i] = coord[i] + v
				if to[i] < 0 || to[i] >= len(dims[i]) {
					ok = false
					break
				}
			}
			if ok {
				d.links[[2]int{p, dv.d}] = index[key(to)]
			}
		}
	}
	d.grids = append(d.grids, dg)
	b.v.Grids = append(b.v.Grids, rules.GridView{Start: start, Steps: steps})
}

func key(c []int) string {
	var s strings.Builder
	for _, v := range c {
		s.WriteString(strconv.Itoa(v))
		s.WriteByte(',')
	}
	return s.String()
}

// positionsItem reads (positions (name x1 y1 x2 y2) ...).
func (b *builder) positionsItem(it *sexp.Node) {
	for _, p := range it.Args() {
		if p.Kind != sexp.List || len(p.List) == 0 {
			b.errs.Addf(p, "a position is (name x1 y1 x2 y2)")
			continue
		}
		name, ok := atomText(p.List[0])
		if !ok {
			b.errs.Addf(p, "a position needs a name")
			continue
		}
		i := b.addPosition(name, p.List[0])
		if len(p.List) == 5 {
			if v, ok := b.numbers(p.List[1:], 4, p); ok {
				b.draft().cells[i] = rules.Cell{X1: v[0], Y1: v[1], X2: v[2], Y2: v[3], HasRect: true}
			}
		} else if len(p.List) != 1 {
			b.errs.Addf(p, "a position is (name x1 y1 x2 y2)")
		}
	}
}

// links reads (links dir (a b) ...).
func (b *builder) links(it *sexp.Node) {
	a := it.Args()
	if len(a) == 0 {
		b.errs.Addf(it, "links wants a direction and pairs")
		return
	}
	name, ok := atomText(a[0])
	if !ok {
		b.errs.Addf(a[0], "links wants a direction name first")
		return
	}
	dir := b.addDir(name, a[0])
	for _, pr := range a[1:] {
		if pr.Kind != sexp.List || len(pr.List) != 2 {
			b.errs.Addf(pr, "a link is (from to)")
			continue
		}
		from, ok1 := b.position(pr.List[0])
		to, ok2 := b.position(pr.List[1])
		if ok1 && ok2 {
			b.draft().links[[2]int{from, dir}] = to
		}
	}
}

// unlink reads (unlink (a b) ... (a dir) ... pos ...): a pair removes the
// links between two positions, a position and a direction the link from
// the position that way, a lone position every link from or to it.
func (b *builder) unlink(it *sexp.Node) {
	d := b.draft()
	for _, a := range it.Args() {
		if a.Kind == sexp.List {
			if len(a.List) != 2 {
				b.errs.Addf(a, "unlink wants (from to) pairs or positions")
				continue
			}
			if dir, isDir := b.dirs[a.List[1].Text]; isDir && a.List[1].Kind == sexp.Atom && !isPosition(b, a.List[1].Text) {
				if p, ok := b.position(a.List[0]); ok {
					delete(d.links, [2]int{p, dir})
				}
				continue
			}
			p, ok1 := b.position(a.List[0])
			q, ok2 := b.position(a.List[1])
			if !ok1 || !ok2 {
				continue
			}
			for k, v := range d.links {
				if (k[0] == p && v == q) || (k[0] == q && v == p) {
					delete(d.links, k)
				}
			}
			continue
		}
		p, ok := b.position(a)
		if !ok {
			continue
		}
		for k, v := range d.links {
			if k[0] == p || v == p {
				delete(d.links, k)
			}
		}
	}
}
