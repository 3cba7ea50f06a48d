package dungeon

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ReadOptions tune how spec files are read.
type ReadOptions struct {
	// RoomsDir is where the room sets of a legacy map are looked up; empty
	// means the first "rooms" folder found walking up from the map's folder.
	RoomsDir string
}

// ReadFile reads a spec: our own YAML or JSON format, a legacy YAML map of
// the reference (with its room sets), or a transcribed example of the
// reference's newer documentation. The format is told from the top-level
// keys.
func ReadFile(path string, opts ReadOptions) (*Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseSpec(data, path, opts)
}

// Parse reads a spec from memory; name is used in messages and, for legacy
// maps, to find the room sets.
func Parse(data []byte, name string, opts ReadOptions) (*Spec, error) {
	return parseSpec(data, name, opts)
}

func parseSpec(data []byte, name string, opts ReadOptions) (*Spec, error) {
	d := nodes{file: name}
	root, err := d.parseDoc(data, strings.EqualFold(filepath.Ext(name), ".json"))
	if err != nil {
		return nil, err
	}
	var spec *Spec
	switch {
	case hasKey(root, "roomsRange") || hasKey(root, "passages"):
		spec, err = readLegacyMap(d, root, name, opts.RoomsDir)
	case hasKey(root, "roomTemplates"):
		spec, err = readV2(d, root)
	default:
		spec, err = readOurs(d, root)
	}
	if err != nil {
		return nil, err
	}
	spec.Source = name
	return spec, nil
}

func hasKey(m *yaml.Node, key string) bool {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return true
		}
	}
	return false
}

// readOurs decodes our own format (see docs/dungeon.md).
func readOurs(d nodes, root *yaml.Node) (*Spec, error) {
	spec := &Spec{}
	var defaults []Choice
	var defaultCorridor []Choice
	var roomsNode, connsNode *yaml.Node
	known := []string{"name", "description", "minDistance", "templates", "defaultTemplates", "rooms", "connections", "corridors"}
	err := d.fields(root, "spec", known, func(key string, k, v *yaml.Node) error {
		var err error
		switch key {
		case "minDistance":
			spec.MinDistance, err = d.integer(v, "minDistance", 0, 1000)
		case "templates":
			spec.Templates, err = d.templates(v)
		case "defaultTemplates":
			defaults, err = d.choices(v, "defaultTemplates")
		case "corridors":
			defaultCorridor, err = d.choices(v, "corridors")
		case "rooms":
			roomsNode = v
		case "connections":
			connsNode = v
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if roomsNode != nil {
		if err := d.fields(roomsNode, "rooms", nil, func(name string, k, v *yaml.Node) error {
			r, err := d.room(name, k, v, defaults)
			if err == nil {
				spec.Rooms = append(spec.Rooms, r)
			}
			return err
		}); err != nil {
			return nil, err
		}
	}
	if connsNode == nil {
		return spec, nil
	}
	items, err := d.list(connsNode, "connections")
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		c, err := d.connection(it, defaultCorridor)
		if err != nil {
			return nil, err
		}
		spec.Connections = append(spec.Connections, c)
		for _, name := range []string{c.From, c.To} {
			if spec.room(name) == nil {
				spec.Rooms = append(spec.Rooms, &Room{Name: name, Templates: defaults, Pos: c.Pos})
			}
		}
	}
	return spec, nil
}

// room returns the room with the given name, or nil.
func (s *Spec) room(name string) *Room {
	for _, r := range s.Rooms {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// templates reads the name -> template mapping.
func (d nodes) templates(n *yaml.Node) ([]*Template, error) {
	var out []*Template
	err := d.fields(n, "templates", nil, func(name string, k, v *yaml.Node) error {
		t := &Template{Name: name, Pos: d.pos(k)}
		what := fmt.Sprintf("template %q", name)
		seenOutline, seenDoors := false, false
		err := d.fields(v, what, []string{"outline", "doors", "transforms", "repeat"}, func(key string, _, v *yaml.Node) error {
			var err error
			switch key {
			case "outline":
				seenOutline = true
				t.Outline, err = d.points(v, what+" outline")
			case "doors":
				seenDoors = true
				t.Doors, err = d.doors(v, what)
			case "transforms":
				t.Transforms, err = d.transforms(v)
			case "repeat":
				t.Repeat, err = d.repeat(v)
			}
			return err
		})
		if err == nil && !seenOutline {
			err = d.errf(k, "%s: no outline", what)
		}
		if err == nil && !seenDoors {
			err = d.errf(k, "%s: no doors (give {length, corner} or a list of door segments)", what)
		}
		out = append(out, t)
		return err
	})
	return out, err
}

// doors reads a door mode: {length, corner, socket} or a list of segments.
func (d nodes) doors(n *yaml.Node, what string) (DoorMode, error) {
	var m DoorMode
	if n.Kind == yaml.MappingNode {
		err := d.fields(n, what+" doors", []string{"length", "corner", "socket"}, func(key string, _, v *yaml.Node) error {
			var err error
			switch key {
			case "length":
				m.Length, err = d.integer(v, what+" door length", 1, maxCoord)
			case "corner":
				m.Corner, err = d.integer(v, what+" door corner distance", 0, maxCoord)
			case "socket":
				m.Socket, err = d.str(v, what+" door socket")
			}
			return err
		})
		if err == nil && m.Length == 0 {
			err = d.errf(n, "%s doors: no length", what)
		}
		return m, err
	}
	items, err := d.list(n, what+" doors")
	if err != nil {
		return m, err
	}
	if len(items) == 0 {
		return m, d.errf(n, "%s doors: empty list", what)
	}
	for _, it := range items {
		var door Door
		if it.Kind == yaml.MappingNode {
			err = d.fields(it, what+" door", []string{"from", "to", "socket"}, func(key string, _, v *yaml.Node) error {
				var err error
				switch key {
				case "from":
					door.From, err = d.point(v, what+" door from")
				case "to":
					door.To, err = d.point(v, what+" door to")
				case "socket":
					door.Socket, err = d.str(v, what+" door socket")
				}
				return err
			})
		} else {
			door.From, door.To, err = d.segment(it, what+" door")
		}
		if err != nil {
			return m, err
		}
		m.Manual = append(m.Manual, door)
	}
	return m, nil
}

func (d nodes) repeat(n *yaml.Node) (Repeat, error) {
	s, err := d.str(n, "repeat")
	if err != nil {
		return 0, err
	}
	switch strings.ToLower(s) {
	case "allow":
		return RepeatAllow, nil
	case "no-neighbor", "no-neighbour", "noimmediate", "no-immediate":
		return RepeatNoNeighbor, nil
	case "none", "no-repeat", "norepeat":
		return RepeatNone, nil
	}
	return 0, d.errf(n, "repeat: unknown mode %q (want allow, no-neighbor or none)", s)
}

// choices reads a list of template names or {template, weight} mappings.
func (d nodes) choices(n *yaml.Node, what string) ([]Choice, error) {
	items, err := d.list(n, what)
	if err != nil {
		return nil, err
	}
	var out []Choice
	for _, it := range items {
		c := Choice{Weight: 1, Pos: d.pos(it)}
		if it.Kind == yaml.MappingNode {
			err = d.fields(it, what, []string{"template", "weight"}, func(key string, _, v *yaml.Node) error {
				var err error
				if key == "template" {
					c.Template, err = d.str(v, what+" template")
				} else {
					c.Weight, err = d.number(v, what+" weight")
				}
				return err
			})
			if err == nil && c.Template == "" {
				err = d.errf(it, "%s: no template name", what)
			}
		} else {
			c.Template, err = d.str(it, what)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// room reads one entry of the rooms mapping: null (default templates), a
// list of templates, or {templates: [...]}.
func (d nodes) room(name string, k, v *yaml.Node, defaults []Choice) (*Room, error) {
	r := &Room{Name: name, Templates: defaults, Pos: d.pos(k)}
	what := fmt.Sprintf("room %q", name)
	var err error
	switch {
	case v.Kind == yaml.ScalarNode && v.Tag == "!!null":
	case v.Kind == yaml.MappingNode:
		err = d.fields(v, what, []string{"templates"}, func(_ string, _, v *yaml.Node) error {
			var err error
			r.Templates, err = d.choices(v, what+" templates")
			return err
		})
	default:
		r.Templates, err = d.choices(v, what+" templates")
	}
	return r, err
}

// connection reads [a, b] or {from, to, corridor, name}.
func (d nodes) connection(n *yaml.Node, defaultCorridor []Choice) (*Connection, error) {
	c := &Connection{Corridor: defaultCorridor, Pos: d.pos(n)}
	if n.Kind != yaml.MappingNode {
		items, err := d.list(n, "connection")
		if err != nil {
			return nil, err
		}
		if len(items) != 2 {
			return nil, d.errf(n, "connection: want [room, room], got %d items", len(items))
		}
		if c.From, err = d.str(items[0], "connection"); err != nil {
			return nil, err
		}
		c.To, err = d.str(items[1], "connection")
		return c, err
	}
	err := d.fields(n, "connection", []string{"from", "to", "corridor", "name"}, func(key string, _, v *yaml.Node) error {
		var err error
		switch key {
		case "from":
			c.From, err = d.str(v, "connection from")
		case "to":
			c.To, err = d.str(v, "connection to")
		case "name":
			c.CorridorName, err = d.str(v, "connection corridor name")
		case "corridor":
			if v.Kind == yaml.ScalarNode && v.Tag == "!!bool" {
				var on bool
				on, err = d.boolean(v, "connection corridor")
				if !on {
					c.Corridor = nil
				} else if len(defaultCorridor) == 0 {
					err = d.errf(v, "connection corridor: true, but the spec has no default corridors")
				}
				return err
			}
			c.Corridor, err = d.choices(v, "connection corridor")
		}
		return err
	})
	if err == nil && (c.From == "" || c.To == "") {
		err = d.errf(n, "connection: want both from and to")
	}
	return c, err
}
