// Package games holds the rules files bundled with ludus, so that every
// command and the server find them from any directory.
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
