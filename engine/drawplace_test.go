package engine_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// Each bundled game is drawn as it is played: chess, checkers and
// breakthrough on chequered squares, tic-tac-toe as ruled lines with X
// and O marks, connect four as a frame with holes, Pentago as four
// plates that turn, Ur as tiles, Fanorona as points joined by lines.
func TestPictureStyles(t *testing.T) {
	for _, tt := range []struct {
		file, style string
		want, not   []string // colours or elements the SVG has, and has not
	}{
		{"chess.zrf", "squares", []string{"#b58863"}, nil},
		{"checkers.zrf", "squares", []string{"#b58863"}, nil},
		{"breakthrough.zrf", "squares", []string{"#b58863"}, nil},
		{"tic-tac-toe.zrf", "paper", []string{"<line"}, []string{"#b58863", "#2f5fb3"}},
		{"connect-four.zrf", "holes", []string{"#2f5fb3"}, []string{"#b58863"}},
		{"pentago.zrf", "plates", []string{"#b58863", "<circle"}, []string{"#2f5fb3"}},
		{"ur.zrf", "tiles", []string{"#efd9b4"}, []string{"#8a7560"}},
		{"fanorona.zrf", "lines", []string{"#8a7560"}, nil},
	} {
		g, err := games.Open("../games/"+tt.file, games.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.PictureStyle(g.Compiled, g.View); got != tt.style {
			t.Errorf("%s: drawn as %s, want %s", tt.file, got, tt.style)
		}
		var svg bytes.Buffer
		if err := engine.Picture(engine.NewState(g.Compiled), g.View).WriteSVG(&svg); err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(svg.String(), w) {
				t.Errorf("%s: the picture has no %s", tt.file, w)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(svg.String(), n) {
				t.Errorf("%s: the picture has %s", tt.file, n)
			}
		}
	}
}
