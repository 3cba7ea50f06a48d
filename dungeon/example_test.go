package dungeon_test

import (
	"context"
	"fmt"

	"github.com/ludus-games/ludus/dungeon"
)

// A level is read from our YAML format, checked, and laid out; the same
// seed always gives the same layout.
func Example() {
	src := `
templates:
  room: {outline: [[0,0],[8,0],[8,6],[0,6]], doors: {length: 1, corner: 1}, transforms: rotations}
  boss: {outline: [[0,0],[12,0],[12,12],[0,12]], doors: {length: 1, corner: 4}}
defaultTemplates: [room]
rooms:
  lair: [boss]
connections: [[entrance, hall], [hall, armoury], [armoury, lair], [lair, hall]]
`
	spec, err := dungeon.Parse([]byte(src), "level.yaml", dungeon.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := dungeon.NewGenerator(spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	l, _, err := g.Generate(context.Background(), dungeon.Options{Seed: 42})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range l.Rooms {
		fmt.Println(r.ID, r.Template, len(r.Outline), "corners")
	}
	fmt.Println(len(l.Doors), "doors")
	// Output:
	// lair boss 4 corners
	// entrance room 4 corners
	// hall room 4 corners
	// armoury room 4 corners
	// 4 doors
}

// Checking a spec names the rooms at fault.
func ExampleNewGenerator() {
	src := `
templates:
  small: {outline: [[0,0],[5,0],[5,5],[0,5]], doors: {length: 1, corner: 1}}
  gate: {outline: [[0,0],[9,0],[9,5],[0,5]], doors: {length: 3, corner: 1}}
defaultTemplates: [small]
rooms:
  gate: [gate]
connections: [[gate, yard], [yard, keep], [moat, bridge]]
`
	spec, _ := dungeon.Parse([]byte(src), "castle.yaml", dungeon.ReadOptions{})
	_, err := dungeon.NewGenerator(spec)
	fmt.Println(err)
	// Output:
	// castle.yaml: the level graph is not connected: it falls into 2 parts: {moat, bridge}, {gate, yard, keep}
}
