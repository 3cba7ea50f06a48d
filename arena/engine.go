package arena

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
)

// Engine is a game of the board-game engine made ready for the arena:
// the game as the runs play it and a registry of bots that know the
// engine's evaluation and move keys.
type Engine struct {
	Rules *zrf.Game
	Game  Game[engine.Ply, *engine.Position]
	Bots  *search.Registry[engine.Ply, *engine.Position]
	// Eval is the evaluation the bots use.
	Eval *engine.Evaluator
}

// EngineOptions choose what OpenEngine reads and how games are played.
type EngineOptions struct {
	// Variant selects a game of the file, by title or number ("": the
	// file's default).
	Variant string
	// Eval overrides the rules' evaluation: piece values and the mobility
	// weight, as in engine.NewEvaluator ("Man=1,King=3,mobility=5").
	Eval string
	// MaxPlies ends a game that runs this long as a draw (0: 2000).
	MaxPlies int
}

// OpenEngine reads a rules file (or a bundled game named as games.Open
// takes it) and makes its game ready for matches, tournaments and balance
// runs. Games are named after the rules' title;
// moves are written in the universal notation and endings name the goal
// that ended the game.
func OpenEngine(path string, o EngineOptions) (*Engine, error) {
	g, err := games.Open(path, o.Variant)
	if err != nil {
		return nil, err
	}
	return NewEngine(g, path, o)
}

// NewEngine makes a game already read and compiled (g.Compiled set) ready
// for matches, as OpenEngine does for a file; path names the rules in
// messages. o.Variant is not used: g is the variant.
func NewEngine(g *zrf.Game, path string, o EngineOptions) (*Engine, error) {
	var err error
	ev := g.Compiled.Evaluator()
	if o.Eval != "" {
		if ev, err = engine.NewEvaluator(g.Compiled, o.Eval); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	name := g.Rules.Title
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	// Goals are named by their place in the file; the file's name is
	// enough there, however the path was written.
	full, short := path+":", filepath.Base(path)+":"
	e := &Engine{Rules: g, Eval: ev}
	e.Game = Game[engine.Ply, *engine.Position]{
		Name: name,
		File: path,
		New:  func() *engine.Position { return engine.NewPosition(engine.NewState(g.Compiled), ev) },
		Reason: func(pos *engine.Position) string {
			return strings.ReplaceAll(pos.EndReason(), full, short)
		},
		MaxPlies: o.MaxPlies,
	}
	start := e.Game.New()
	for p := range start.Players() {
		e.Game.Players = append(e.Game.Players, start.PlayerName(game.Player(p)))
	}
	e.Bots = search.NewRegistry(search.Hooks[engine.Ply, *engine.Position]{
		Eval:    func(pos *engine.Position, p game.Player) float64 { return pos.Evaluate(p) },
		MoveKey: engine.MoveKey,
	})
	return e, nil
}

// Entrants builds the bots of the specs for this game (see Entrants).
func (e *Engine) Entrants(specs ...string) ([]Entrant[engine.Ply, *engine.Position], error) {
	return Entrants(e.Bots, specs...)
}
