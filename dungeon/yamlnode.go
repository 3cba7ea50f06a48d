package dungeon

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ludus-games/ludus/dungeon/geom"
)

// maxCoord bounds every coordinate and length read from a file, so that
// the integer geometry can never overflow.
const maxCoord = 1 << 20

// nodes decodes yaml.Node trees of one file, turning every problem into an
// error that names the file, line and column.
type nodes struct{ file string }

func (d nodes) pos(n *yaml.Node) Pos { return Pos{File: d.file, Line: n.Line, Col: n.Column} }

func (d nodes) errf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s: %s", d.pos(n), fmt.Sprintf(format, args...))
}

// parseDoc parses YAML or JSON text into its document's root node. JSON is
// checked first with encoding/json so that its syntax errors are reported
// as JSON ones.
func (d nodes) parseDoc(data []byte, isJSON bool) (*yaml.Node, error) {
	if isJSON {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				line, col := lineCol(data, int(se.Offset))
				return nil, fmt.Errorf("%s:%d:%d: %v", d.file, line, col, se)
			}
			return nil, fmt.Errorf("%s: %v", d.file, err)
		}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", d.file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: empty file", d.file)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, d.errf(root, "want a mapping at the top level")
	}
	return root, nil
}

// lineCol converts a byte offset into a 1-based line and column.
func lineCol(data []byte, off int) (int, int) {
	off = min(max(off, 0), len(data))
	line := 1 + strings.Count(string(data[:off]), "\n")
	col := off - strings.LastIndexByte(string(data[:off]), '\n')
	return line, col
}

// resolve follows aliases.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// fields walks a mapping, calling f for every key in order. Keys must be
// in known (when known is not nil) and must not repeat.
func (d nodes) fields(n *yaml.Node, what string, known []string, f func(key string, k, v *yaml.Node) error) error {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return d.errf(n, "%s: want a mapping", what)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		key := k.Value
		if k.Kind != yaml.ScalarNode {
			key = ""
		}
		if known != nil && !slices.Contains(known, key) {
			return d.errf(k, "%s: unknown key %q (want one of %s)", what, key, strings.Join(known, ", "))
		}
		if seen[key] && key != "" {
			return d.errf(k, "%s: key %q given twice", what, key)
		}
		seen[key] = true
		if err := f(key, k, v); err != nil {
			return err
		}
	}
	return nil
}

// list returns the items of a sequence.
func (d nodes) list(n *yaml.Node, what string) ([]*yaml.Node, error) {
	n = resolve(n)
	if n.Kind != yaml.SequenceNode {
		return nil, d.errf(n, "%s: want a list", what)
	}
	out := make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = resolve(c)
	}
	return out, nil
}

// str reads a scalar as a string.
func (d nodes) str(n *yaml.Node, what string) (string, error) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", d.errf(n, "%s: want a name", what)
	}
	return n.Value, nil
}

// integer reads a scalar integer in [lo, hi].
func (d nodes) integer(n *yaml.Node, what string, lo, hi int) (int, error) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode {
		return 0, d.errf(n, "%s: want an integer", what)
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil {
		if f, ferr := strconv.ParseFloat(n.Value, 64); ferr == nil && f == math.Trunc(f) && math.Abs(f) < maxCoord {
			v, err = int(f), nil
		}
	}
	if err != nil {
		return 0, d.errf(n, "%s: %q is not an integer", what, n.Value)
	}
	if v < lo || v > hi {
		return 0, d.errf(n, "%s: %d is out of range [%d, %d]", what, v, lo, hi)
	}
	return v, nil
}

// number reads a positive finite number.
func (d nodes) number(n *yaml.Node, what string) (float64, error) {
	n = resolve(n)
	f, err := strconv.ParseFloat(n.Value, 64)
	if n.Kind != yaml.ScalarNode || err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, d.errf(n, "%s: want a number", what)
	}
	if f <= 0 {
		return 0, d.errf(n, "%s: must be positive, got %v", what, f)
	}
	return f, nil
}

// boolean reads true or false.
func (d nodes) boolean(n *yaml.Node, what string) (bool, error) {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode {
		switch strings.ToLower(n.Value) {
		case "true", "yes", "on":
			return true, nil
		case "false", "no", "off":
			return false, nil
		}
	}
	return false, d.errf(n, "%s: want true or false", what)
}

// point reads [x, y].
func (d nodes) point(n *yaml.Node, what string) (geom.Point, error) {
	items, err := d.list(n, what)
	if err != nil {
		return geom.Point{}, err
	}
	if len(items) != 2 {
		return geom.Point{}, d.errf(n, "%s: want [x, y], got %d numbers", what, len(items))
	}
	x, err := d.integer(items[0], what+" x", -maxCoord, maxCoord)
	if err != nil {
		return geom.Point{}, err
	}
	y, err := d.integer(items[1], what+" y", -maxCoord, maxCoord)
	return geom.Point{X: x, Y: y}, err
}

// points reads a list of [x, y].
func (d nodes) points(n *yaml.Node, what string) ([]geom.Point, error) {
	items, err := d.list(n, what)
	if err != nil {
		return nil, err
	}
	out := make([]geom.Point, 0, len(items))
	for _, it := range items {
		p, err := d.point(it, what)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// segment reads [[x1, y1], [x2, y2]].
func (d nodes) segment(n *yaml.Node, what string) (geom.Point, geom.Point, error) {
	pts, err := d.points(n, what)
	if err != nil {
		return geom.Point{}, geom.Point{}, err
	}
	if len(pts) != 2 {
		return geom.Point{}, geom.Point{}, d.errf(n, "%s: want two end points, got %d", what, len(pts))
	}
	return pts[0], pts[1], nil
}

// transforms reads a list of symmetry names, or one of the shorthands
// "rotations" and "all".
func (d nodes) transforms(n *yaml.Node) ([]geom.Transform, error) {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode {
		switch strings.ToLower(n.Value) {
		case "rotations":
			return slices.Clone(geom.Rotations), nil
		case "all":
			return slices.Clone(geom.AllTransforms), nil
		case "none", "identity":
			return []geom.Transform{geom.Identity}, nil
		}
		return nil, d.errf(n, "transforms: want a list of transforms, \"rotations\" or \"all\"")
	}
	items, err := d.list(n, "transforms")
	if err != nil {
		return nil, err
	}
	var out []geom.Transform
	for _, it := range items {
		s, err := d.str(it, "transform")
		if err != nil {
			return nil, err
		}
		t, err := geom.ParseTransform(s)
		if err != nil {
			return nil, d.errf(it, "%v", err)
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out, nil
}
