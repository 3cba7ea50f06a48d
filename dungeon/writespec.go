package dungeon

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// WriteYAML writes the spec in our own YAML format (docs/dungeon.md), for
// instance to turn an imported legacy map into an editable file. The most
// common template list becomes defaultTemplates and the most common
// corridor list the default corridors.
func (s *Spec) WriteYAML(w io.Writer) error {
	root := mapping()
	if s.MinDistance > 0 {
		add(root, "minDistance", scalar(strconv.Itoa(s.MinDistance)))
	}
	tpls := mapping()
	for _, t := range s.Templates {
		add(tpls, t.Name, templateNode(t))
	}
	add(root, "templates", tpls)

	defaults := mostCommon(len(s.Rooms), func(i int) []Choice { return s.Rooms[i].Templates })
	if len(defaults) > 0 {
		add(root, "defaultTemplates", choicesNode(defaults))
	}
	inConn := map[string]bool{}
	for _, c := range s.Connections {
		inConn[c.From], inConn[c.To] = true, true
	}
	rooms := mapping()
	for _, r := range s.Rooms {
		switch {
		case !sameChoices(r.Templates, defaults):
			add(rooms, r.Name, choicesNode(r.Templates))
		case !inConn[r.Name]:
			add(rooms, r.Name, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"})
		}
	}
	if len(rooms.Content) > 0 {
		add(root, "rooms", rooms)
	}
	corridor := mostCommon(len(s.Connections), func(i int) []Choice { return s.Connections[i].Corridor })
	if len(corridor) > 0 {
		add(root, "corridors", choicesNode(corridor))
	}
	conns := &yaml.Node{Kind: yaml.SequenceNode}
	for _, c := range s.Connections {
		if sameChoices(c.Corridor, corridor) && c.CorridorName == "" {
			conns.Content = append(conns.Content, flowList(scalar(c.From), scalar(c.To)))
			continue
		}
		m := mapping()
		m.Style = yaml.FlowStyle
		add(m, "from", scalar(c.From))
		add(m, "to", scalar(c.To))
		switch {
		case len(c.Corridor) == 0:
			add(m, "corridor", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "false"})
		case !sameChoices(c.Corridor, corridor):
			add(m, "corridor", choicesNode(c.Corridor))
		}
		if c.CorridorName != "" {
			add(m, "name", scalar(c.CorridorName))
		}
		conns.Content = append(conns.Content, m)
	}
	add(root, "connections", conns)
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}); err != nil {
		return err
	}
	return enc.Close()
}

func templateNode(t *Template) *yaml.Node {
	m := mapping()
	pts := make([]*yaml.Node, len(t.Outline))
	for i, p := range t.Outline {
		pts[i] = flowList(scalar(strconv.Itoa(p.X)), scalar(strconv.Itoa(p.Y)))
	}
	add(m, "outline", flowList(pts...))
	if len(t.Doors.Manual) == 0 {
		d := mapping()
		d.Style = yaml.FlowStyle
		add(d, "length", scalar(strconv.Itoa(t.Doors.Length)))
		add(d, "corner", scalar(strconv.Itoa(t.Doors.Corner)))
		if t.Doors.Socket != "" {
			add(d, "socket", scalar(t.Doors.Socket))
		}
		add(m, "doors", d)
	} else {
		list := &yaml.Node{Kind: yaml.SequenceNode}
		for _, door := range t.Doors.Manual {
			seg := flowList(
				flowList(scalar(strconv.Itoa(door.From.X)), scalar(strconv.Itoa(door.From.Y))),
				flowList(scalar(strconv.Itoa(door.To.X)), scalar(strconv.Itoa(door.To.Y))))
			if door.Socket != "" {
				dm := mapping()
				dm.Style = yaml.FlowStyle
				add(dm, "from", seg.Content[0])
				add(dm, "to", seg.Content[1])
				add(dm, "socket", scalar(door.Socket))
				seg = dm
			}
			list.Content = append(list.Content, seg)
		}
		add(m, "doors", list)
	}
	if len(t.Transforms) > 0 {
		var names []*yaml.Node
		for _, tr := range t.Transforms {
			names = append(names, scalar(tr.String()))
		}
		add(m, "transforms", flowList(names...))
	}
	if t.Repeat != RepeatAllow {
		add(m, "repeat", scalar(t.Repeat.String()))
	}
	return m
}

func choicesNode(cs []Choice) *yaml.Node {
	var items []*yaml.Node
	for _, c := range cs {
		if c.Weight == 1 {
			items = append(items, scalar(c.Template))
			continue
		}
		m := mapping()
		m.Style = yaml.FlowStyle
		add(m, "template", scalar(c.Template))
		add(m, "weight", scalar(strconv.FormatFloat(c.Weight, 'g', -1, 64)))
		items = append(items, m)
	}
	return flowList(items...)
}

// mostCommon returns the choice list shared by most of n items.
func mostCommon(n int, at func(int) []Choice) []Choice {
	best, bestCount := []Choice(nil), 0
	for i := range n {
		count := 0
		for j := range n {
			if sameChoices(at(i), at(j)) {
				count++
			}
		}
		if count > bestCount {
			best, bestCount = at(i), count
		}
	}
	return best
}

func sameChoices(a, b []Choice) bool {
	return slices.EqualFunc(a, b, func(x, y Choice) bool { return x.Template == y.Template && x.Weight == y.Weight })
}

func mapping() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }

func add(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, scalar(key), v)
}

// scalar makes a string node, quoted when it would read as something else.
func scalar(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Value: s, Tag: "!!str"}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		n.Tag = "!!int"
		if _, err := strconv.Atoi(s); err != nil {
			n.Tag = "!!float"
		}
	}
	return n
}

func flowList(items ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: items}
}

// String summarises the spec.
func (s *Spec) String() string {
	return fmt.Sprintf("%s: %d templates, %d rooms, %d connections", s.Source, len(s.Templates), len(s.Rooms), len(s.Connections))
}
