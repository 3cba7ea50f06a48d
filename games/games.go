// Package games is the one loader of board games: it holds the rules files
// bundled with ludus, so that every command and the server find them from
// any directory, and turns a rules file (bundled, on disk, or a text sent
// alone) into a Game ready to play: read (engine/zrf), the variant
// selected, built into the rules model (engine/rules) and compiled
// (engine), with its evaluation and a registry of bots (search).
package games

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.zrf
var files embed.FS

// FS returns the bundled rules files, at the root of the file system.
func FS() fs.FS { return files }

// Names lists the bundled rules files ("chess.zrf", ...), sorted.
func Names() []string {
	names, _ := fs.Glob(files, "*.zrf")
	sort.Strings(names)
	return names
}

// Source returns the text of a bundled rules file.
func Source(name string) ([]byte, bool) {
	b, err := fs.ReadFile(files, name)
	return b, err == nil
}
