package engine_test

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// picture opens a bundled game, plays moves (in the universal notation)
// from its start, lets change the position further, and returns its
// picture as SVG.
func picture(t *testing.T, file string, o engine.DrawOptions, moves []string, change func(*games.Game, *engine.State)) string {
	t.Helper()
	g, err := games.Open("../games/"+file, games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(g.Compiled)
	for _, m := range moves {
		mv, err := s.ParseMove(m)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		s.Play(&mv)
	}
	if change != nil {
		change(g, s)
	}
	var b bytes.Buffer
	if err := engine.PictureWith(s, g.View, o).WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestXiangqiPicture: xiangqi's pieces stand on the points of its lines,
// as discs bearing their characters, red and black; the river cuts the
// board between the fifth and sixth ranks, with its words, and each
// palace has its two diagonals. With letters, the pieces bear letters.
func TestXiangqiPicture(t *testing.T) {
	svg := picture(t, "xiangqi.zrf", engine.DrawOptions{}, nil, nil)
	golden(t, "xiangqi.svg", []byte(svg))
	for glyph, want := range map[string]int{"帥": 1, "將": 1, "仕": 2, "士": 2, "相": 2, "象": 2, "傌": 2, "馬": 2,
		"俥": 2, "車": 2, "炮": 2, "砲": 2, "兵": 5, "卒": 5, "楚 河": 1, "漢 界": 1} {
		if n := strings.Count(svg, ">"+glyph+"<"); n != want {
			t.Errorf("%d pieces or words %s, want %d", n, glyph, want)
		}
	}
	// Red's characters are red, Black's black.
	if !strings.Contains(svg, `fill="#c0392b">帥<`) || !strings.Contains(svg, `fill="#262626">將<`) {
		t.Error("the generals are not in their sides' colours")
	}
	if strings.Contains(svg, `fill="#b58863"`) {
		t.Error("xiangqi drawn on chequered squares")
	}
	// Lines: 10 ranks, the two side files whole, the seven inner ones in
	// two halves, and the four diagonals of the palaces.
	lines := regexp.MustCompile(`<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"`).FindAllStringSubmatch(svg, -1)
	var across, down, diagonal int
	for _, l := range lines {
		x1, _ := strconv.ParseFloat(l[1], 64)
		y1, _ := strconv.ParseFloat(l[2], 64)
		x2, _ := strconv.ParseFloat(l[3], 64)
		y2, _ := strconv.ParseFloat(l[4], 64)
		switch {
		case y1 == y2:
			across++
		case x1 == x2:
			down++
		case x2-x1 == y2-y1 || x2-x1 == y1-y2:
			diagonal++
		}
	}
	if across != 10 || down != 2+2*7 || diagonal != 4 {
		t.Errorf("%d lines across, %d down, %d diagonal; want 10, 16, 4", across, down, diagonal)
	}
	letters := picture(t, "xiangqi.zrf", engine.DrawOptions{Letters: true}, nil, nil)
	if strings.Contains(letters, ">帥<") || strings.Count(letters, ">K<") != 2 || strings.Count(letters, ">C<") != 4 {
		t.Error("with letters, the pieces are not drawn with their letters")
	}
}

// TestShogiPicture: shogi's pieces are pentagons pointing at the
// opponent, the opponent's characters upside down, a promoted piece's
// red; the board has its four star points; the pieces in hand lie beside
// it, counted.
func TestShogiPicture(t *testing.T) {
	// Black's bishop takes White's and promotes to a Horse (馬).
	moves := []string{"7g - 7f pawn-1", "3c - 3d pawn-1", "8h x 2b pslide ne Bishop Horse = Horse"}
	g, err := games.Open("../games/shogi.zrf", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pawn, gold := -1, -1
	for i, pt := range g.Rules.Pieces {
		switch pt.Name {
		case "Pawn":
			pawn = i
		case "Gold":
			gold = i
		}
	}
	svg := picture(t, "shogi.zrf", engine.DrawOptions{}, moves, func(g *games.Game, s *engine.State) {
		engine.SetReserve(s, 0, pawn, 3)
		engine.SetReserve(s, 1, gold, 1)
	})
	golden(t, "shogi.svg", []byte(svg))
	// On the board: 20 pentagons a side less the bishop taken, and in
	// hand Black's bishop and three pawns, White's gold.
	if n := strings.Count(svg, `fill="#f3dca6"`); n != 39+3 {
		t.Errorf("%d pieces drawn, want 42", n)
	}
	for glyph, want := range map[string]int{"玉": 1, "王": 1, "飛": 2, "角": 1, "金": 5, "銀": 4, "桂": 4, "香": 4, "歩": 19, "馬": 1} {
		if n := strings.Count(svg, ">"+glyph+"<"); n != want {
			t.Errorf("%d characters %s, want %d", n, glyph, want)
		}
	}
	if !strings.Contains(svg, `fill="#c0392b">馬<`) {
		t.Error("the promoted bishop's character is not red")
	}
	if n := strings.Count(svg, `transform="rotate(180`); n != 19+1 {
		t.Errorf("%d characters upside down, want White's 19 and its gold in hand", n)
	}
	if n := strings.Count(svg, `r="3.92"`); n != 4 {
		t.Errorf("%d star points, want 4", n)
	}
	if !strings.Contains(svg, ">×3<") || strings.Contains(svg, ">×1<") {
		t.Error("the pawns in hand are not counted (×3), or a single piece is")
	}
	if strings.Contains(svg, ">P<") || strings.Contains(svg, `fill="#b58863"`) {
		t.Error("shogi drawn with letters or chequered squares")
	}
}

// TestDraughtsNumbers: draughts boards bear the numbers of their playing
// squares, 1 to 32 in checkers and Russian draughts, 1 to 50 in
// international draughts; chess's bear none.
func TestDraughtsNumbers(t *testing.T) {
	for _, tt := range []struct {
		file  string
		count int
	}{{"checkers.zrf", 32}, {"russian-draughts.zrf", 32}, {"international-draughts.zrf", 50}, {"chess.zrf", 0}} {
		svg := picture(t, tt.file, engine.DrawOptions{}, nil, nil)
		if tt.file == "checkers.zrf" {
			golden(t, "checkers.svg", []byte(svg))
		}
		labels := regexp.MustCompile(`font-size="11.2"[^>]*>(\d+)<`).FindAllStringSubmatch(svg, -1)
		seen := map[int]bool{}
		for _, l := range labels {
			n, _ := strconv.Atoi(l[1])
			seen[n] = true
		}
		if len(labels) != tt.count || len(seen) != tt.count {
			t.Errorf("%s: %d numbers (%d different), want %d", tt.file, len(labels), len(seen), tt.count)
		}
		for n := 1; n <= tt.count; n++ {
			if !seen[n] {
				t.Errorf("%s: no square %d", tt.file, n)
			}
		}
	}
}
