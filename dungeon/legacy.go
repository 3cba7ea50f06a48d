package dungeon

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// The reference's legacy YAML format: a map file names rooms by an integer
// range, lists passages, and takes room shapes from named room sets, each
// a YAML file of room descriptions (outline and door mode).

// legacySet is one room set: descriptions in file order.
type legacySet struct {
	name  string
	descs []*legacyDesc
}

type legacyDesc struct {
	name    string
	outline []geom.Point
	doors   DoorMode
	pos     Pos
}

// legacyReader imports one map, loading the room sets it names.
type legacyReader struct {
	d        nodes
	roomsDir string
	sets     map[string]*legacySet
	index    map[string]string // set name -> file, filled on first use
	spec     *Spec
}

func readLegacyMap(d nodes, root *yaml.Node, mapPath, roomsDir string) (*Spec, error) {
	lr := &legacyReader{d: d, roomsDir: roomsDir, sets: map[string]*legacySet{}, spec: &Spec{}}
	var from, to int
	haveRange := false
	var passages, defaults, overrides, corridors *yaml.Node
	known := []string{"roomsRange", "passages", "defaultRoomShapes", "rooms", "customRoomDescriptionsSet", "corridors"}
	err := d.fields(root, "map", known, func(key string, k, v *yaml.Node) error {
		var err error
		switch key {
		case "roomsRange":
			haveRange = true
			err = d.fields(v, "roomsRange", []string{"from", "to"}, func(key string, _, v *yaml.Node) error {
				var err error
				if key == "from" {
					from, err = d.integer(v, "roomsRange from", 0, maxCoord)
				} else {
					to, err = d.integer(v, "roomsRange to", 0, maxCoord)
				}
				return err
			})
		case "passages":
			passages = v
		case "defaultRoomShapes":
			defaults = v
		case "rooms":
			overrides = v
		case "corridors":
			corridors = v
		case "customRoomDescriptionsSet":
			var s *legacySet
			s, err = lr.readSet(v, "custom", false)
			lr.sets["custom"] = s
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if !haveRange {
		return nil, fmt.Errorf("%s: map has no roomsRange", d.file)
	}
	if to < from || to-from >= maxRooms {
		return nil, fmt.Errorf("%s: roomsRange %d..%d is empty or too large", d.file, from, to)
	}
	if lr.roomsDir == "" {
		lr.roomsDir = findRoomsDir(filepath.Dir(mapPath))
	}
	var defChoices []Choice
	if defaults != nil {
		if defChoices, err = lr.shapes(defaults, "defaultRoomShapes"); err != nil {
			return nil, err
		}
	}
	for id := from; id <= to; id++ {
		lr.spec.Rooms = append(lr.spec.Rooms, &Room{Name: strconv.Itoa(id), Templates: defChoices, Pos: d.pos(root)})
	}
	if overrides != nil {
		if err := lr.overrides(overrides, from, to); err != nil {
			return nil, err
		}
	}
	var corridor []Choice
	if corridors != nil {
		if corridor, err = lr.corridors(corridors); err != nil {
			return nil, err
		}
	}
	if passages != nil {
		if err := lr.passages(passages, from, to, corridor); err != nil {
			return nil, err
		}
	}
	return lr.spec, nil
}

// maxRooms bounds the size of a level graph read from a file.
const maxRooms = 5000

// findRoomsDir returns the first "rooms" folder found walking up from dir.
func findRoomsDir(dir string) string {
	for {
		p := filepath.Join(dir, "rooms")
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func (lr *legacyReader) passages(n *yaml.Node, from, to int, corridor []Choice) error {
	d := lr.d
	items, err := d.list(n, "passages")
	if err != nil {
		return err
	}
	for _, it := range items {
		pair, err := d.list(it, "passage")
		if err != nil {
			return err
		}
		if len(pair) != 2 {
			return d.errf(it, "passage: want [room, room], got %d items", len(pair))
		}
		var ends [2]string
		for i, p := range pair {
			v, err := d.integer(p, "passage room", from, to)
			if err != nil {
				return err
			}
			ends[i] = strconv.Itoa(v)
		}
		lr.spec.Connections = append(lr.spec.Connections, &Connection{From: ends[0], To: ends[1], Corridor: corridor, Pos: d.pos(it)})
	}
	return nil
}

func (lr *legacyReader) overrides(n *yaml.Node, from, to int) error {
	d := lr.d
	return d.fields(n, "rooms", nil, func(_ string, k, v *yaml.Node) error {
		var ids []*yaml.Node
		if k.Kind == yaml.SequenceNode {
			ids = k.Content
		} else {
			ids = []*yaml.Node{k}
		}
		var choices []Choice
		err := d.fields(v, "rooms entry", []string{"roomShapes"}, func(_ string, _, v *yaml.Node) error {
			var err error
			choices, err = lr.shapes(v, "roomShapes")
			return err
		})
		if err != nil {
			return err
		}
		for _, idn := range ids {
			id, err := d.integer(idn, "room", from, to)
			if err != nil {
				return err
			}
			lr.spec.Rooms[id-from].Templates = choices
		}
		return nil
	})
}

func (lr *legacyReader) corridors(n *yaml.Node) ([]Choice, error) {
	d := lr.d
	enabled := false
	var shapes *yaml.Node
	err := d.fields(n, "corridors", []string{"enable", "offsets", "corridorShapes"}, func(key string, _, v *yaml.Node) error {
		var err error
		switch key {
		case "enable":
			enabled, err = d.boolean(v, "corridors enable")
		case "offsets":
			// Corridor lengths come from the corridor shapes themselves; the
			// offsets are checked for form only.
			var items []*yaml.Node
			items, err = d.list(v, "corridors offsets")
			for _, it := range items {
				if err == nil {
					_, err = d.integer(it, "corridors offset", 0, maxCoord)
				}
			}
		case "corridorShapes":
			shapes = v
		}
		return err
	})
	if err != nil || !enabled {
		return nil, err
	}
	if shapes == nil {
		return nil, d.errf(n, "corridors: enabled but no corridorShapes")
	}
	return lr.shapes(shapes, "corridorShapes")
}

// shapes turns a list of room shape references into template choices,
// creating the templates on first use.
func (lr *legacyReader) shapes(n *yaml.Node, what string) ([]Choice, error) {
	d := lr.d
	items, err := d.list(n, what)
	if err != nil {
		return nil, err
	}
	var out []Choice
	for _, it := range items {
		setName, descName := "custom", ""
		weight, scale, rotate := 1.0, geom.Point{X: 1, Y: 1}, true
		known := []string{"setName", "roomDescriptionName", "probability", "scale", "rotate", "normalizeProbabilities"}
		err := d.fields(it, what+" entry", known, func(key string, _, v *yaml.Node) error {
			var err error
			switch key {
			case "setName":
				setName, err = d.str(v, "setName")
			case "roomDescriptionName":
				descName, err = d.str(v, "roomDescriptionName")
			case "probability":
				weight, err = d.number(v, "probability")
			case "scale":
				scale, err = d.point(v, "scale")
				if err == nil && (scale.X < 1 || scale.Y < 1 || scale.X > 100 || scale.Y > 100) {
					err = d.errf(v, "scale: want factors from 1 to 100")
				}
			case "rotate":
				rotate, err = d.boolean(v, "rotate")
			case "normalizeProbabilities":
				_, err = d.boolean(v, "normalizeProbabilities")
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		set, err := lr.set(setName, it)
		if err != nil {
			return nil, err
		}
		found := false
		for _, desc := range set.descs {
			if descName != "" && desc.name != descName {
				continue
			}
			found = true
			name := lr.template(set, desc, scale, rotate)
			out = append(out, Choice{Template: name, Weight: weight, Pos: d.pos(it)})
		}
		if !found {
			return nil, d.errf(it, "room set %q has no room description %q", setName, descName)
		}
	}
	return out, nil
}

// template returns the name of the template for a description with the
// given scale and rotation, creating it on first use.
func (lr *legacyReader) template(set *legacySet, desc *legacyDesc, scale geom.Point, rotate bool) string {
	name := desc.name
	if scale != (geom.Point{X: 1, Y: 1}) {
		name += fmt.Sprintf("@%dx%d", scale.X, scale.Y)
	}
	if !rotate {
		name += "@fixed"
	}
	if t := lr.spec.Template(name); t != nil && t.Pos == desc.pos {
		return name
	} else if t != nil {
		name = set.name + "/" + name
		if lr.spec.Template(name) != nil {
			return name
		}
	}
	t := &Template{Name: name, Pos: desc.pos, Doors: desc.doors}
	for _, p := range desc.outline {
		t.Outline = append(t.Outline, geom.Point{X: p.X * scale.X, Y: p.Y * scale.Y})
	}
	t.Doors.Manual = nil
	for _, door := range desc.doors.Manual {
		door.From = geom.Point{X: door.From.X * scale.X, Y: door.From.Y * scale.Y}
		door.To = geom.Point{X: door.To.X * scale.X, Y: door.To.Y * scale.Y}
		t.Doors.Manual = append(t.Doors.Manual, door)
	}
	t.Transforms = []geom.Transform{geom.Identity}
	if rotate {
		t.Transforms = slices.Clone(geom.Rotations)
	}
	lr.spec.Templates = append(lr.spec.Templates, t)
	return name
}

// set returns a room set by name, reading it from the rooms folder.
func (lr *legacyReader) set(name string, at *yaml.Node) (*legacySet, error) {
	if s, ok := lr.sets[name]; ok {
		return s, nil
	}
	if lr.roomsDir == "" {
		return nil, lr.d.errf(at, "room set %q: no rooms folder found above the map (use --rooms DIR)", name)
	}
	if lr.index == nil {
		lr.indexSets()
	}
	file, ok := lr.index[name]
	if !ok {
		return nil, lr.d.errf(at, "room set %q not found in %s", name, lr.roomsDir)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	sd := nodes{file: file}
	root, err := sd.parseDoc(data, false)
	if err != nil {
		return nil, err
	}
	saved := lr.d
	lr.d = sd
	s, err := lr.readSet(root, name, true)
	lr.d = saved
	if err != nil {
		return nil, err
	}
	lr.sets[name] = s
	return s, nil
}

// indexSets maps set names (the "name" key, or else the file name) to
// files of the rooms folder. Files that do not parse are left out here and
// reported if a map asks for them by file name.
func (lr *legacyReader) indexSets() {
	lr.index = map[string]string{}
	entries, _ := os.ReadDir(lr.roomsDir)
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || (ext != ".yml" && ext != ".yaml") {
			continue
		}
		file := filepath.Join(lr.roomsDir, e.Name())
		stem := strings.TrimSuffix(e.Name(), ext)
		if _, ok := lr.index[stem]; !ok {
			lr.index[stem] = file
		}
		var head struct {
			Name string `yaml:"name"`
		}
		if data, err := os.ReadFile(file); err == nil && yaml.Unmarshal(data, &head) == nil && head.Name != "" {
			lr.index[head.Name] = file
		}
	}
}

// readSet reads a room set: {name, default: {doorMode}, roomDescriptions}.
func (lr *legacyReader) readSet(n *yaml.Node, name string, named bool) (*legacySet, error) {
	d := lr.d
	s := &legacySet{name: name}
	var defMode *DoorMode
	var descs *yaml.Node
	err := d.fields(n, "room set", []string{"name", "default", "roomDescriptions"}, func(key string, _, v *yaml.Node) error {
		switch key {
		case "name":
			if !named {
				return d.errf(v, "the custom room set has no name")
			}
		case "default":
			return d.fields(v, "room set default", []string{"doorMode"}, func(_ string, _, v *yaml.Node) error {
				m, err := lr.doorMode(v)
				defMode = &m
				return err
			})
		case "roomDescriptions":
			descs = v
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if descs == nil {
		return nil, d.errf(n, "room set %q has no roomDescriptions", name)
	}
	err = d.fields(descs, "roomDescriptions", nil, func(dname string, k, v *yaml.Node) error {
		desc := &legacyDesc{name: dname, pos: d.pos(k)}
		haveMode := false
		err := d.fields(v, "room description "+dname, []string{"shape", "doorMode"}, func(key string, _, v *yaml.Node) error {
			var err error
			if key == "shape" {
				desc.outline, err = d.points(v, dname+" shape")
			} else {
				haveMode = true
				desc.doors, err = lr.doorMode(v)
			}
			return err
		})
		if err != nil {
			return err
		}
		if desc.outline == nil {
			return d.errf(k, "room description %q has no shape", dname)
		}
		if !haveMode {
			if defMode == nil {
				return d.errf(k, "room description %q has no doorMode and its set no default", dname)
			}
			desc.doors = *defMode
		}
		s.descs = append(s.descs, desc)
		return nil
	})
	return s, err
}

// doorMode reads !OverlapMode / !SimpleMode {doorLength, cornerDistance}
// or !SpecificPositionsMode / !ManualMode {doorPositions}.
func (lr *legacyReader) doorMode(n *yaml.Node) (DoorMode, error) {
	d := lr.d
	var m DoorMode
	tag := strings.TrimPrefix(n.Tag, "!")
	switch tag {
	case "OverlapMode", "SimpleMode":
		err := d.fields(n, tag, []string{"doorLength", "cornerDistance"}, func(key string, _, v *yaml.Node) error {
			var err error
			if key == "doorLength" {
				m.Length, err = d.integer(v, "doorLength", 1, maxCoord)
			} else {
				m.Corner, err = d.integer(v, "cornerDistance", 0, maxCoord)
			}
			return err
		})
		if err == nil && m.Length == 0 {
			err = d.errf(n, "%s: no doorLength", tag)
		}
		return m, err
	case "SpecificPositionsMode", "ManualMode":
		err := d.fields(n, tag, []string{"doorPositions"}, func(_ string, _, v *yaml.Node) error {
			items, err := d.list(v, "doorPositions")
			for _, it := range items {
				if err != nil {
					break
				}
				var door Door
				door.From, door.To, err = d.segment(it, "door position")
				m.Manual = append(m.Manual, door)
			}
			return err
		})
		if err == nil && len(m.Manual) == 0 {
			err = d.errf(n, "%s: no doorPositions", tag)
		}
		return m, err
	}
	return m, d.errf(n, "unknown door mode %q (want !OverlapMode or !SpecificPositionsMode)", n.Tag)
}
