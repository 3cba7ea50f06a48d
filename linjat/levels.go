package linjat

import (
	"bytes"
	"embed"
	"fmt"
)

// levelFiles are ludus's own level packs, twenty levels of each
// difficulty made by the generator (seeds 1-24, the pack's choice), so
// that every tool has levels to work on without the original game's.
//
//go:embed levels/*.json
var levelFiles embed.FS

// BuiltinLevels returns the level packs that ship with ludus as a
// collection by difficulty.
func BuiltinLevels() (Collection, error) {
	c := Collection{}
	for _, d := range Difficulties {
		name := "levels/" + d.Name + ".json"
		data, err := levelFiles.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("built-in levels: %w", err)
		}
		p, err := ReadPack(bytes.NewReader(data), name)
		if err != nil {
			return nil, err
		}
		for _, l := range p.Levels {
			c[d.Name] = append(c[d.Name], Level{Puzzle: l.Puzzle, Score: l.Score})
		}
	}
	return c, nil
}
