// Package examples holds the example inputs bundled with ludus (dungeon
// level specs, tile sets and boards, Linjat puzzles), so that the server
// offers them from any directory, as package games does for rules files.
package examples

import (
	"embed"
	"io/fs"
)

//go:embed dungeon/*.yaml tiles/*.txt tiles/*.board linjat/*.txt
var files embed.FS

// FS returns the bundled examples: dungeon/NAME.yaml, tiles/NAME.txt (tile
// sets), tiles/NAME.board and linjat/NAME.txt.
func FS() fs.FS { return files }
