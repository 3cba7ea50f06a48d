package dungeon

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/dungeon/geom"
	"github.com/ludus-games/ludus/dungeon/planar"
)

// inst is a template under one of its transforms: a shape ready for layout.
type inst struct {
	shape     *geom.Shape
	template  int
	transform geom.Transform
}

// choiceSet is a weighted list of shape instances a room may take.
type choiceSet struct {
	insts   []int
	weights []float64 // cumulative
}

// roomInfo is a room of the level graph as the generator sees it.
type roomInfo struct {
	name    string
	choices choiceSet
	adj     []adjacent
}

type adjacent struct{ room, edge int }

// edgeInfo is a connection; corridor is an index into Generator.corridors
// or -1 when the rooms touch.
type edgeInfo struct {
	a, b     int
	corridor int
	name     string // id of the corridor room
}

// Generator lays out one spec. It holds everything computed once per spec:
// shape instances, configuration spaces and chains. Its methods may be
// called from several goroutines at once.
type Generator struct {
	spec      *Spec
	insts     []inst
	rooms     []roomInfo
	edges     []edgeInfo
	corridors []choiceSet
	// chains holds the decompositions (trees last, trees early and, on
	// small levels with several loops, all loops as one chain), used by
	// turns on restarts.
	chains  [][]chain
	numeric bool
	// cs[a*len(insts)+b] is the configuration space of instance b around
	// instance a; ccs[k][...] the same through corridor set k.
	cs  *spaceCache
	ccs []*spaceCache
	// avgSize is the mean of (width+height)/2 over instances, the unit of
	// distances in the energy; maxSpan the largest width or height.
	avgSize float64
	maxSpan int
	// repeats is set when some template limits its repetition.
	repeats bool
	// coreRooms counts the rooms on loops and between them (see
	// loopCore).
	coreRooms int
}

// NewGenerator checks spec and prepares it for generation. Problems are
// reported together, each naming the templates, rooms or connections at
// fault.
func NewGenerator(spec *Spec) (*Generator, error) {
	g := &Generator{spec: spec}
	if err := g.compileTemplates(); err != nil {
		return nil, err
	}
	if err := g.compileGraph(); err != nil {
		return nil, err
	}
	if err := g.checkGraph(); err != nil {
		return nil, err
	}
	if err := g.checkEnclosure(); err != nil {
		return nil, err
	}
	for _, t := range spec.Templates {
		g.repeats = g.repeats || t.Repeat != RepeatAllow
	}
	g.computeSpaces()
	if err := g.checkDoors(); err != nil {
		return nil, err
	}
	return g, nil
}

// compileTemplates builds the instances of every template.
func (g *Generator) compileTemplates() error {
	var errs []error
	seen := map[string]bool{}
	sockets := map[string]int{"": 0}
	socket := func(s string) int {
		if id, ok := sockets[s]; ok {
			return id
		}
		sockets[s] = len(sockets)
		return sockets[s]
	}
	for ti, t := range g.spec.Templates {
		if seen[t.Name] {
			errs = append(errs, fmt.Errorf("%s: template %q defined twice", t.Pos, t.Name))
			continue
		}
		seen[t.Name] = true
		poly, err := geom.NewPolygon(t.Outline)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: template %q: outline: %w", t.Pos, t.Name, err))
			continue
		}
		transforms := t.Transforms
		if len(transforms) == 0 {
			transforms = []geom.Transform{geom.Identity}
		}
		// Doors are checked on the outline as written; its symmetries then
		// cannot fail.
		if _, err := g.doorLines(t, poly, geom.Identity, socket); err != nil {
			errs = append(errs, fmt.Errorf("%s: template %q: %w", t.Pos, t.Name, err))
			continue
		}
		var mine []*geom.Shape
		for _, tr := range transforms {
			p := geom.TransformPolygon(poly, tr)
			doors, _ := g.doorLines(t, p, tr, socket)
			s := geom.NewShape(p, doors)
			if slices.ContainsFunc(mine, func(o *geom.Shape) bool { return sameShape(o, s) }) {
				continue
			}
			mine = append(mine, s)
			g.insts = append(g.insts, inst{shape: s, template: ti, transform: tr})
		}
	}
	return errors.Join(errs...)
}

// doorLines returns the door lines of template t under transform tr.
func (g *Generator) doorLines(t *Template, p geom.Polygon, tr geom.Transform, socket func(string) int) ([]geom.DoorLine, error) {
	if len(t.Doors.Manual) == 0 {
		if t.Doors.Length <= 0 {
			return nil, errors.New("no doors: give a door length or door segments")
		}
		d := geom.SimpleDoors(p, t.Doors.Length, t.Doors.Corner, socket(t.Doors.Socket))
		if len(d) == 0 {
			return nil, fmt.Errorf("no wall is long enough for a door of length %d at %d from the corners", t.Doors.Length, t.Doors.Corner)
		}
		return d, nil
	}
	var out []geom.DoorLine
	for _, door := range t.Doors.Manual {
		d, err := geom.ManualDoor(p, tr.Apply(door.From), tr.Apply(door.To), socket(door.Socket))
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// sameShape reports whether two instances are interchangeable.
func sameShape(a, b *geom.Shape) bool {
	if !a.Outline.Equal(b.Outline) || len(a.Doors) != len(b.Doors) {
		return false
	}
	for _, d := range a.Doors {
		if !slices.Contains(b.Doors, d) {
			return false
		}
	}
	return true
}

// choiceSet resolves template choices to weighted instances.
func (g *Generator) choiceSet(cs []Choice, owner string) (choiceSet, error) {
	var out choiceSet
	total := 0.0
	for _, c := range cs {
		ti := slices.IndexFunc(g.spec.Templates, func(t *Template) bool { return t.Name == c.Template })
		if ti < 0 {
			return out, fmt.Errorf("%s: %s: unknown template %q", c.Pos, owner, c.Template)
		}
		var mine []int
		for i, in := range g.insts {
			if in.template == ti {
				mine = append(mine, i)
			}
		}
		for _, i := range mine {
			total += c.Weight / float64(len(mine))
			out.insts = append(out.insts, i)
			out.weights = append(out.weights, total)
		}
	}
	if len(out.insts) == 0 {
		return out, fmt.Errorf("%s has no templates", owner)
	}
	return out, nil
}

// compileGraph resolves rooms and connections.
func (g *Generator) compileGraph() error {
	var errs []error
	index := map[string]int{}
	g.numeric = len(g.spec.Rooms) > 0
	for _, r := range g.spec.Rooms {
		if _, dup := index[r.Name]; dup {
			errs = append(errs, fmt.Errorf("%s: room %q defined twice", r.Pos, r.Name))
			continue
		}
		index[r.Name] = len(g.rooms)
		cs, err := g.choiceSet(r.Templates, fmt.Sprintf("room %q", r.Name))
		if err != nil && len(r.Templates) == 0 {
			err = fmt.Errorf("%s: room %q has no templates (give it some, or set defaultTemplates)", r.Pos, r.Name)
		}
		errs = append(errs, err)
		g.rooms = append(g.rooms, roomInfo{name: r.Name, choices: cs})
		if n, err := strconv.Atoi(r.Name); err != nil || strconv.Itoa(n) != r.Name {
			g.numeric = false
		}
	}
	if len(g.rooms) > maxRooms {
		return fmt.Errorf("%s: %d rooms, at most %d are supported", g.spec.Source, len(g.rooms), maxRooms)
	}
	seen := map[[2]int]*Connection{}
	corridorKey := map[string]int{}
	for _, c := range g.spec.Connections {
		a, okA := index[c.From]
		b, okB := index[c.To]
		switch {
		case !okA || !okB:
			missing := c.From
			if okA {
				missing = c.To
			}
			errs = append(errs, fmt.Errorf("%s: connection %s-%s: unknown room %q", c.Pos, c.From, c.To, missing))
			continue
		case a == b:
			errs = append(errs, fmt.Errorf("%s: connection %s-%s joins a room to itself", c.Pos, c.From, c.To))
			continue
		}
		k := [2]int{min(a, b), max(a, b)}
		if prev := seen[k]; prev != nil {
			errs = append(errs, fmt.Errorf("%s: connection %s-%s given twice (first at %s)", c.Pos, c.From, c.To, prev.Pos))
			continue
		}
		seen[k] = c
		e := edgeInfo{a: a, b: b, corridor: -1, name: c.CorridorName}
		if len(c.Corridor) > 0 {
			key := fmt.Sprint(c.Corridor)
			id, ok := corridorKey[key]
			if !ok {
				cs, err := g.choiceSet(c.Corridor, fmt.Sprintf("corridor %s-%s", c.From, c.To))
				if err != nil {
					errs = append(errs, err)
					continue
				}
				id = len(g.corridors)
				corridorKey[key] = id
				g.corridors = append(g.corridors, cs)
			}
			e.corridor = id
		}
		g.rooms[a].adj = append(g.rooms[a].adj, adjacent{b, len(g.edges)})
		g.rooms[b].adj = append(g.rooms[b].adj, adjacent{a, len(g.edges)})
		g.edges = append(g.edges, e)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return g.nameCorridors(index)
}

// nameCorridors gives every corridor room an id: the next integers for
// numbered rooms, "a~b" otherwise, unless the spec named it.
func (g *Generator) nameCorridors(index map[string]int) error {
	next := 0
	for _, r := range g.rooms {
		if n, err := strconv.Atoi(r.name); err == nil && n >= next {
			next = n + 1
		}
	}
	used := map[string]bool{}
	for name := range index {
		used[name] = true
	}
	for i := range g.edges {
		e := &g.edges[i]
		if e.corridor < 0 {
			continue
		}
		if e.name == "" {
			if g.numeric {
				e.name = strconv.Itoa(next)
				next++
			} else {
				e.name = g.rooms[e.a].name + "~" + g.rooms[e.b].name
			}
		} else if _, err := strconv.Atoi(e.name); err != nil {
			g.numeric = false
		}
		if used[e.name] {
			return fmt.Errorf("%s: corridor room %q has the name of another room", g.spec.Source, e.name)
		}
		used[e.name] = true
	}
	return nil
}

// checkGraph checks that the level graph is connected and planar, and
// decomposes it into chains.
func (g *Generator) checkGraph() error {
	n := len(g.rooms)
	if n == 0 {
		return fmt.Errorf("%s: the level graph has no rooms", g.spec.Source)
	}
	adj := make([][]int, n)
	var pairs [][2]int
	for _, e := range g.edges {
		adj[e.a] = append(adj[e.a], e.b)
		adj[e.b] = append(adj[e.b], e.a)
		pairs = append(pairs, [2]int{e.a, e.b})
	}
	if comps := components(n, adj); len(comps) > 1 {
		var parts []string
		for _, c := range comps {
			parts = append(parts, "{"+g.names(c, 12)+"}")
		}
		return fmt.Errorf("%s: the level graph is not connected: it falls into %d parts: %s",
			g.spec.Source, len(comps), strings.Join(parts, ", "))
	}
	blocks, err := planar.Embed(n, pairs)
	if err != nil {
		var np *planar.NonPlanarError
		if errors.As(err, &np) {
			return g.nonPlanar(np)
		}
		return err
	}
	faces := innerFaces(blocks)
	g.chains = [][]chain{decompose(n, adj, faces, 0), decompose(n, adj, faces, 2)}
	core := loopCore(g, nil)
	if whole := wholeCore(n, adj, core, g.chains[0]); whole != nil {
		g.chains = append(g.chains, whole)
	}
	for _, c := range core {
		if c {
			g.coreRooms++
		}
	}
	return nil
}

// nonPlanar explains a non-planar graph in room names.
func (g *Generator) nonPlanar(np *planar.NonPlanarError) error {
	var rooms []int
	for _, e := range np.Edges {
		rooms = append(rooms, e[0], e[1])
	}
	slices.Sort(rooms)
	rooms = slices.Compact(rooms)
	msg := fmt.Sprintf("%s: the level graph is not planar, so no layout exists", g.spec.Source)
	switch np.Kind {
	case "K5":
		msg += fmt.Sprintf(": rooms %s are joined to each other by separate paths (a subdivided K5)", g.names(np.Branch, 0))
	case "K3,3":
		msg += fmt.Sprintf(": each of rooms %s is joined to each of rooms %s by separate paths (a subdivided K3,3)",
			g.names(np.Branch[:3], 0), g.names(np.Branch[3:], 0))
	}
	return fmt.Errorf("%s; the paths go through rooms %s", msg, g.names(rooms, 40))
}

// names lists room names, cut after limit (0: no limit).
func (g *Generator) names(rooms []int, limit int) string {
	var parts []string
	for i, r := range rooms {
		if limit > 0 && i == limit {
			parts = append(parts, fmt.Sprintf("... (%d more)", len(rooms)-limit))
			break
		}
		parts = append(parts, g.rooms[r].name)
	}
	return strings.Join(parts, ", ")
}

// components returns the connected components, smallest first.
func components(n int, adj [][]int) [][]int {
	seen := make([]bool, n)
	var out [][]int
	for s := range n {
		if seen[s] {
			continue
		}
		comp := []int{s}
		seen[s] = true
		for i := 0; i < len(comp); i++ {
			for _, w := range adj[comp[i]] {
				if !seen[w] {
					seen[w] = true
					comp = append(comp, w)
				}
			}
		}
		slices.Sort(comp)
		out = append(out, comp)
	}
	slices.SortStableFunc(out, func(a, b []int) int { return len(a) - len(b) })
	return out
}

// Summary describes the prepared level: its size, shapes and chains.
func (g *Generator) Summary() string {
	corridors, cycles := 0, 0
	for _, e := range g.edges {
		if e.corridor >= 0 {
			corridors++
		}
	}
	for _, c := range g.chains[0] {
		if c.cycle {
			cycles++
		}
	}
	return fmt.Sprintf("%s: %d rooms, %d connections (%d through corridors), %d templates (%d shapes with transforms), %d chains (%d with cycles), minimum distance %d",
		g.spec.Source, len(g.rooms), len(g.edges), corridors, len(g.spec.Templates), len(g.insts), len(g.chains[0]), cycles, g.spec.MinDistance)
}
