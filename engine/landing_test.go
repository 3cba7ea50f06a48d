package engine_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestLandToContinue: a flying king that takes c3 may land on d4 to h8,
// but from e5 it can go on to take f4: under "land to continue" it must
// land there (Russian draughts); without the option every landing is a
// move, the one on e5 going on.
func TestLandToContinue(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "games", "russian-draughts.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	const position = `(position (turn White) (White (King a1)) (Black (Man c3 f4)))`
	tests := []struct {
		name   string
		option string
		want   []string
	}{
		{"land to continue", `(option "land to continue" true)`, []string{
			"+ a1 x e5 king-jump ne + e5 x g3 king-jump se +",
			"+ a1 x e5 king-jump ne + e5 x h2 king-jump se +"}},
		{"land anywhere", "", []string{
			"+ a1 x d4 king-jump ne +",
			"+ a1 x e5 king-jump ne + e5 x g3 king-jump se +",
			"+ a1 x e5 king-jump ne + e5 x h2 king-jump se +",
			"+ a1 x f6 king-jump ne +",
			"+ a1 x g7 king-jump ne +",
			"+ a1 x h8 king-jump ne +"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(string(src), `(option "land to continue" true)`, tt.option, 1)
			g := compileText(t, "russian.zrf", text, "")
			s, err := engine.ParsePosition(g, "test", []byte(position))
			if err != nil {
				t.Fatal(err)
			}
			got := notations(t, s)
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("moves\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
