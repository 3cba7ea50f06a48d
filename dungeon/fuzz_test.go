package dungeon

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// FuzzParse feeds arbitrary text to the spec readers (our format, legacy
// maps and v2 transcriptions, YAML and JSON) and to the checks: they must
// return a spec or an error, never panic or hang; a spec that passes the
// checks must lay out or time out cleanly.
func FuzzParse(f *testing.F) {
	f.Add([]byte(square+"connections: [[a,b],[b,c],[c,a]]\n"), false)
	f.Add([]byte("roomsRange: {from: 0, to: 2}\npassages: [[0,1],[1,2]]\ncustomRoomDescriptionsSet:\n  default:\n    doorMode: !OverlapMode {doorLength: 1, cornerDistance: 1}\n  roomDescriptions:\n    s: {shape: [[0,0],[0,4],[4,4],[4,0]]}\ndefaultRoomShapes: [{setName: custom}]\n"), false)
	f.Add([]byte(`{"roomTemplates": {"r": {"outline": [[0,0],[0,4],[4,4],[4,0]], "doors": {"mode": "simple", "doorLength": 1, "cornerDistance": 1}}}, "roomDescriptions": {"d": {"roomTemplates": ["r"]}}, "rooms": {"0": "d", "1": "d"}, "connections": [[0, 1]]}`), true)
	f.Add([]byte("templates:\n  a: {outline: [[0,0],[4,0],[4,4],[0,4]], doors: [[[1,0],[2,0]], {from: [4,1], to: [4,2], socket: x}]}\ndefaultTemplates: [a]\ncorridors: [a]\nconnections: [{from: p, to: q, corridor: false}]\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, isJSON bool) {
		name := "fuzz.yaml"
		if isJSON {
			name = "fuzz.json"
		}
		spec, err := Parse(data, name, ReadOptions{RoomsDir: t.TempDir()})
		if err != nil {
			return
		}
		if len(spec.Rooms) > 60 || len(spec.Templates) > 20 {
			return
		}
		for _, tpl := range spec.Templates {
			for _, p := range tpl.Outline {
				if p.X < -200 || p.X > 200 || p.Y < -200 || p.Y > 200 {
					return // keep the checks fast, not the readers
				}
			}
		}
		g, err := NewGenerator(spec)
		if err != nil {
			return
		}
		g.Generate(context.Background(), Options{Seed: 1, TimeLimit: 20 * time.Millisecond})
	})
}

// FuzzReadLayout checks that the layout reader fails cleanly.
func FuzzReadLayout(f *testing.F) {
	f.Add([]byte(`{"rooms":[{"id":1,"template":"a","corridor":false,"outline":[[0,0],[1,0],[1,1],[0,1]]}],"doors":[{"from":1,"to":"x","line":[[0,0],[1,0]]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadLayout(bytesReader(data))
		if err != nil {
			return
		}
		l.Tiles()
		l.Draw(DrawOptions{})
	})
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
