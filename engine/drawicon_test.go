package engine_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// A piece's icon is drawn as the board draws it: a chess piece's outline,
// a mark of tic-tac-toe in its ink, a checker as a disc.
func TestPieceIcon(t *testing.T) {
	for _, tt := range []struct {
		file          string
		player, piece int
		want          string
	}{
		{"chess.zrf", 1, 0, "<path"},
		{"tic-tac-toe.zrf", 0, 0, "<line"},
		{"checkers.zrf", 0, 0, "<circle"},
	} {
		g, err := games.Open("../games/"+tt.file, games.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d, err := engine.PieceIcon(engine.NewState(g.Compiled), g.View, tt.player, tt.piece)
		if err != nil {
			t.Fatal(err)
		}
		var svg bytes.Buffer
		if err := d.WriteSVG(&svg); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(svg.String(), tt.want) || !strings.Contains(svg.String(), `viewBox="0 0 56 56"`) {
			t.Errorf("%s: the icon has no %s:\n%s", tt.file, tt.want, svg.String())
		}
		if _, err := engine.PieceIcon(engine.NewState(g.Compiled), g.View, 2, 0); err == nil {
			t.Errorf("%s: an icon of a third player", tt.file)
		}
	}
}
