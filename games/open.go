package games

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/search"
)

// Game is one game of a rules file, read, built and compiled: ready for
// the bots, matches, the server and the commands. It is read-only once
// made, so one Game serves any number of concurrent games.
type Game struct {
	// Name names the game in records and reports: the rules' title, or
	// the file's name without its extension.
	Name string
	// Path names the rules file as it was given, in messages and in the
	// File tag of records.
	Path string
	// File is the rules file read, with all of its games; Entry is the
	// one this is.
	File  *zrf.File
	Entry *zrf.Entry
	// Rules and View are the syntax-free model the reader built.
	Rules *rules.Rules
	View  *rules.View
	// Compiled is the game the engine plays.
	Compiled *engine.Game
	// Eval is the evaluation the bots use: the rules' own, or the one of
	// Options.Eval.
	Eval *engine.Evaluator
	// Bots builds bots from specs ("mcts:iterations=500"); they evaluate
	// with Eval and know the engine's move keys.
	Bots *search.Registry[engine.Ply, *engine.Position]
	// MaxPlies ends a game of a match that runs this long as a draw (0:
	// the arena's default).
	MaxPlies int
}

// Options choose which game of a file is loaded and how it is played.
type Options struct {
	// Variant selects a game of the file, by title or number ("": the
	// file's default).
	Variant string
	// Eval overrides the rules' evaluation: piece values and the mobility
	// weight, as in engine.NewEvaluator ("Man=1,King=3,mobility=5").
	Eval string
	// MaxPlies ends a match's game that runs this long as a draw (0: the
	// arena's default).
	MaxPlies int
	// MaxPositions bounds the board's positions (0: no bound): a file
	// over it is refused before the work of building it, with an error
	// that wraps zrf.ErrTooLarge.
	MaxPositions int
}

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

// Open loads a game of the rules file at p, or of the bundled file p
// names (see Bundled). Errors name the file, line and column.
func Open(p string, o Options) (*Game, error) {
	f, err := ReadFile(p)
	if err != nil {
		return nil, err
	}
	return load(f, p, o)
}

// Read loads a game of a rules text named name, as a file would be;
// includes resolve among the bundled games, since the text comes alone
// (an upload, a queued run).
func Read(name string, src []byte, o Options) (*Game, error) {
	f, err := zrf.Read(name, src, files)
	if err != nil {
		return nil, err
	}
	return Load(f, o)
}

// Load loads the game of a file already read that o.Variant selects.
func Load(f *zrf.File, o Options) (*Game, error) {
	return load(f, f.Path, o)
}

func load(f *zrf.File, p string, o Options) (*Game, error) {
	e, err := f.Select(o.Variant)
	if err != nil {
		return nil, err
	}
	return build(f, e, p, o)
}

// Build builds and compiles one game of a file already read, e (o.Variant
// is not used: e is the variant).
func Build(f *zrf.File, e *zrf.Entry, o Options) (*Game, error) {
	return build(f, e, f.Path, o)
}

func build(f *zrf.File, e *zrf.Entry, p string, o Options) (*Game, error) {
	b, err := f.BuildWithin(e, zrf.Limits{Positions: o.MaxPositions})
	if err != nil {
		return nil, err
	}
	cg, err := engine.Compile(b.Rules)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	ev := cg.Evaluator()
	if o.Eval != "" {
		if ev, err = engine.NewEvaluator(cg, o.Eval); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
	}
	if b.View != nil && len(b.View.Labels) == 0 {
		// Draughts boards bear the numbers their records name squares by.
		if nums := notation.SquareNumbers(cg); nums != nil {
			b.View.Labels = make([]string, len(nums))
			for p, n := range nums {
				if n > 0 {
					b.View.Labels[p] = strconv.Itoa(n)
				}
			}
		}
	}
	name := b.Rules.Title
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	}
	return &Game{
		Name: name, Path: p, File: f, Entry: e,
		Rules: b.Rules, View: b.View, Compiled: cg, Eval: ev,
		Bots: search.NewRegistry(search.Hooks[engine.Ply, *engine.Position]{
			Eval:    func(pos *engine.Position, p game.Player) float64 { return pos.Evaluate(p) },
			MoveKey: engine.MoveKey,
		}),
		MaxPlies: o.MaxPlies,
	}, nil
}

// New returns the start position, evaluated by g.Eval.
func (g *Game) New() *engine.Position {
	return engine.NewPosition(engine.NewState(g.Compiled), g.Eval)
}

// Position returns a position of g read from the position file at p (the
// position format), evaluated by g.Eval.
func (g *Game) Position(p string) (*engine.Position, error) {
	s, err := engine.ReadPosition(g.Compiled, p)
	if err != nil {
		return nil, err
	}
	return engine.NewPosition(s, g.Eval), nil
}

// Reason says how a finished game ended: the goal that ended it, named by
// its place in the file (the file's base name is enough there, however
// the path was written).
func (g *Game) Reason(pos *engine.Position) string {
	return strings.ReplaceAll(pos.EndReason(), g.Path+":", filepath.Base(g.Path)+":")
}

// Players names the seats that move, first player first.
func (g *Game) Players() []string {
	start := g.New()
	names := make([]string, 0, start.Players())
	for p := range start.Players() {
		names = append(names, start.PlayerName(game.Player(p)))
	}
	return names
}
