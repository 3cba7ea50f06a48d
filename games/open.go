package games

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
)

// Bundled returns the name of the bundled rules file that arg names, when
// no file arg exists on disk: "chess", "chess.zrf" and "games/chess.zrf"
// (as the docs write it) all name chess.zrf, so that the examples work
// from any directory. A file on disk always comes first.
func Bundled(arg string) (string, bool) {
	if _, err := os.Stat(arg); !errors.Is(err, fs.ErrNotExist) {
		return "", false
	}
	name := strings.TrimPrefix(path.Clean(strings.ReplaceAll(arg, `\`, "/")), "games/")
	if !strings.HasSuffix(name, ".zrf") {
		name += ".zrf"
	}
	if strings.Contains(name, "/") {
		return "", false
	}
	if _, ok := Source(name); !ok {
		return "", false
	}
	return name, true
}

// ReadFile reads the rules file at p, or the bundled one p names (see
// Bundled).
func ReadFile(p string) (*zrf.File, error) {
	name, ok := Bundled(p)
	if !ok {
		return zrf.ReadFile(p)
	}
	src, _ := Source(name)
	return zrf.Read(name, src, files)
}

// Open reads the game sel of the rules file at p (or of the bundled file
// p names, see Bundled) and compiles it, as zrf.Open does.
func Open(p, sel string) (*zrf.Game, error) {
	f, err := ReadFile(p)
	if err != nil {
		return nil, err
	}
	e, err := f.Select(sel)
	if err != nil {
		return nil, err
	}
	g, err := f.Build(e)
	if err != nil {
		return nil, err
	}
	if g.Compiled, err = engine.Compile(g.Rules); err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	return g, nil
}
