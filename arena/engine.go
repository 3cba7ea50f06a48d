package arena

import (
	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// BoardGame makes a board game, loaded by package games, a game of the
// arena: named after the rules' title, its records naming the rules file,
// moves written in the universal notation and endings naming the goal that
// ended the game.
func BoardGame(g *games.Game) Game[engine.Ply, *engine.Position] {
	return Game[engine.Ply, *engine.Position]{
		Name:     g.Name,
		File:     g.Path,
		New:      g.New,
		Reason:   g.Reason,
		MaxPlies: g.MaxPlies,
		Players:  g.Players(),
	}
}
