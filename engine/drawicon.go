package engine

import (
	"fmt"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/render"
)

// PieceIcon draws a piece of a player alone, one cell wide, as Picture
// draws it on the board of s's game (a mark, a stone, a chess piece, a
// disc with its letter): the palette of a position editor. The moves it
// looks at to choose how to draw the board are generated under s's
// budget.
func PieceIcon(s *State, v *rules.View, player, typ int) (*render.Drawing, error) {
	g := s.g
	if player < 0 || player >= len(g.Rules.Players) || typ < 0 || typ >= g.ntypes {
		return nil, fmt.Errorf("no piece %d of player %d", typ, player)
	}
	style := chooseStyle(g, v)
	if style == squares {
		style = placementStyle(g, v, newPictureFrame(g, v).at, s.meter.b)
	}
	d := render.New(cellSize, cellSize)
	d.Background = render.Color{} // the icon lies on whatever holds it
	c := render.Pt(cellSize/2, cellSize/2)
	if style == paper && drawMark(d, g.Rules.Players[player].Name, c, cellSize, playerInk(g, player)) {
		return d, nil
	}
	drawPiece(d, g, MakePiece(typ, player)|g.defaults[typ], c, cellSize)
	return d, nil
}
