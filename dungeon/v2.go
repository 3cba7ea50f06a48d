package dungeon

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// readV2 imports a neutral JSON transcription of an example of the
// reference's newer (v2) documentation: roomTemplates, roomDescriptions
// (template lists, some marked as corridors), rooms (room -> description)
// and connections. Corridor rooms, which have exactly two neighbours there,
// become corridors of the connection between those neighbours.
func readV2(d nodes, root *yaml.Node) (*Spec, error) {
	spec := &Spec{}
	type desc struct {
		corridor  bool
		templates []Choice
	}
	descs := map[string]*desc{}
	roomDesc := map[string]string{}
	var roomOrder []string
	var roomsNode, connsNode, descsNode *yaml.Node
	known := []string{"_note", "source", "publishedAvgTime", "minimumRoomDistance", "roomTemplates", "roomDescriptions", "rooms", "connections"}
	err := d.fields(root, "level", known, func(key string, _, v *yaml.Node) error {
		var err error
		switch key {
		case "minimumRoomDistance":
			spec.MinDistance, err = d.integer(v, "minimumRoomDistance", 0, 1000)
		case "roomTemplates":
			err = d.fields(v, "roomTemplates", nil, func(name string, k, v *yaml.Node) error {
				t, err := d.v2Template(name, k, v)
				spec.Templates = append(spec.Templates, t)
				return err
			})
		case "roomDescriptions":
			descsNode = v
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
	if descsNode == nil || roomsNode == nil {
		return nil, d.errf(root, "level needs roomDescriptions and rooms")
	}
	err = d.fields(descsNode, "roomDescriptions", nil, func(name string, _, v *yaml.Node) error {
		ds := &desc{}
		descs[name] = ds
		return d.fields(v, "room description "+name, []string{"isCorridor", "roomTemplates"}, func(key string, _, v *yaml.Node) error {
			var err error
			if key == "isCorridor" {
				ds.corridor, err = d.boolean(v, "isCorridor")
			} else {
				ds.templates, err = d.choices(v, "roomTemplates")
			}
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	err = d.fields(roomsNode, "rooms", nil, func(name string, k, v *yaml.Node) error {
		dn, err := d.str(v, "room description")
		if err != nil {
			return err
		}
		if descs[dn] == nil {
			return d.errf(v, "room %q: unknown room description %q", name, dn)
		}
		roomDesc[name] = dn
		roomOrder = append(roomOrder, name)
		if !descs[dn].corridor {
			spec.Rooms = append(spec.Rooms, &Room{Name: name, Templates: descs[dn].templates, Pos: d.pos(k)})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	links := map[string][]string{}
	var linkPos = map[string]Pos{}
	if connsNode != nil {
		items, err := d.list(connsNode, "connections")
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			pair, err := d.list(it, "connection")
			if err != nil {
				return nil, err
			}
			if len(pair) != 2 {
				return nil, d.errf(it, "connection: want [room, room]")
			}
			var e [2]string
			for i, p := range pair {
				if e[i], err = d.str(p, "connection room"); err != nil {
					return nil, err
				}
				if _, ok := roomDesc[e[i]]; !ok {
					return nil, d.errf(p, "connection: unknown room %q", e[i])
				}
			}
			for i := range 2 {
				if descs[roomDesc[e[i]]].corridor {
					links[e[i]] = append(links[e[i]], e[1-i])
					linkPos[e[i]] = d.pos(it)
				}
			}
			if !descs[roomDesc[e[0]]].corridor && !descs[roomDesc[e[1]]].corridor {
				spec.Connections = append(spec.Connections, &Connection{From: e[0], To: e[1], Pos: d.pos(it)})
			}
		}
	}
	for _, name := range roomOrder {
		ds := descs[roomDesc[name]]
		if !ds.corridor {
			continue
		}
		ends := links[name]
		if len(ends) != 2 || descs[roomDesc[ends[0]]].corridor || descs[roomDesc[ends[1]]].corridor {
			return nil, d.errf(roomsNode, "corridor room %q must connect exactly two rooms that are not corridors, it connects [%s]",
				name, strings.Join(ends, ", "))
		}
		spec.Connections = append(spec.Connections, &Connection{From: ends[0], To: ends[1], Corridor: ds.templates,
			CorridorName: name, Pos: linkPos[name]})
	}
	return spec, nil
}

// v2Template reads {outline, doors: {mode, ...}, transformations}.
func (d nodes) v2Template(name string, k, v *yaml.Node) (*Template, error) {
	t := &Template{Name: name, Pos: d.pos(k)}
	what := "room template " + name
	err := d.fields(v, what, []string{"outline", "doors", "transformations", "repeatMode"}, func(key string, _, v *yaml.Node) error {
		var err error
		switch key {
		case "outline":
			t.Outline, err = d.points(v, what+" outline")
		case "transformations":
			t.Transforms, err = d.transforms(v)
		case "repeatMode":
			t.Repeat, err = d.repeat(v)
		case "doors":
			err = d.fields(v, what+" doors", []string{"mode", "doorLength", "cornerDistance", "doors"}, func(key string, _, v *yaml.Node) error {
				var err error
				switch key {
				case "mode":
					var m string
					m, err = d.str(v, "door mode")
					if err == nil && m != "simple" && m != "manual" {
						err = d.errf(v, "door mode %q: want simple or manual", m)
					}
				case "doorLength":
					t.Doors.Length, err = d.integer(v, "doorLength", 1, maxCoord)
				case "cornerDistance":
					t.Doors.Corner, err = d.integer(v, "cornerDistance", 0, maxCoord)
				case "doors":
					var items []*yaml.Node
					items, err = d.list(v, "doors")
					for _, it := range items {
						if err != nil {
							break
						}
						var door Door
						err = d.fields(it, "door", []string{"from", "to"}, func(key string, _, v *yaml.Node) error {
							var err error
							if key == "from" {
								door.From, err = d.point(v, "door from")
							} else {
								door.To, err = d.point(v, "door to")
							}
							return err
						})
						t.Doors.Manual = append(t.Doors.Manual, door)
					}
				}
				return err
			})
		}
		return err
	})
	return t, err
}
