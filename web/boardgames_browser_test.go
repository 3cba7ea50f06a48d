package web_test

// Browser tests of games whose boards are drawn in a style of their own:
// Surakarta's loops, Kalah's pits (a move is one click on the pit sown)
// and Splut!'s diamond for four (a levitation names the Rock as the path's
// last position). Backgammon's points have a test of their own
// (backgammon_browser_test.go).

import (
	"fmt"
	"testing"
	"time"
)

// TestBrowserBoardGames plays a few moves of each game by clicking, with
// random players in the other seats.
func TestBrowserBoardGames(t *testing.T) {
	longBrowserTest(t)
	if testing.Short() {
		t.Skip("three games in the browser: skipped with -short")
	}
	for _, tt := range []struct {
		game, shot string
		moves      int
	}{
		{"surakarta.zrf", "session-surakarta", 3},
		{"kalah.zrf", "session-kalah", 3},
		{"splut.zrf", "session-splut", 3},
	} {
		t.Run(tt.game, func(t *testing.T) {
			p := openPage(t, "#/")
			wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
			id := p.startGame(tt.game, "random")
			// The board's picture is drawn, with its title.
			wait[bool](p, `[...document.querySelectorAll(".board svg:not(.board-overlay) text")].length > 0`, 10*time.Second)
			var geo struct {
				Cells []struct{ Name string } `json:"cells"`
			}
			p.getJSON("/api/sessions/"+id+"/geometry", &geo)
			names := map[string]bool{}
			for _, c := range geo.Cells {
				names[c.Name] = true
			}
			for turn := range tt.moves {
				p.myTurn(id)
				var st struct {
					Version int      `json:"version"`
					Moves   []string `json:"moves"`
					Legal   []string `json:"legal"`
					Result  any      `json:"result"`
				}
				p.getJSON("/api/sessions/"+id, &st)
				if st.Result != nil {
					break
				}
				// The move with the longest path (a levitation, a whole
				// turn of checkers), the first of them.
				move, path := "", []string(nil)
				for _, m := range st.Legal {
					if mp := positions(m, names); len(mp) > len(path) {
						move, path = m, mp
					}
				}
				if len(path) == 0 {
					t.Fatalf("turn %d: no move names a position among %q", turn, st.Legal)
				}
				t.Logf("turn %d: %s through %v", turn, move, path)
				for i, name := range path {
					if i > 0 {
						wait[bool](p, fmt.Sprintf(`!!document.querySelector(%s)`, jsString(target(name)+".active")), 15*time.Second)
					}
					p.click(target(name))
				}
				if eval[bool](p, fmt.Sprintf(`!!document.querySelector(%s)`, jsString(fmt.Sprintf(`.choices:not([hidden]) button[title=%q]`, move)))) {
					p.click(fmt.Sprintf(`.choices button[title=%q]`, move))
				}
				wait[bool](p, fmt.Sprintf(`fetch("/api/sessions/%s").then((r) => r.json()).then((s) => s.moves.length > %d)`, id, len(st.Moves)), 10*time.Second)
				var after struct {
					Moves []string `json:"moves"`
				}
				p.getJSON("/api/sessions/"+id, &after)
				if after.Moves[len(st.Moves)] != move {
					t.Fatalf("turn %d: clicked %q through %v, the game has %q", turn, move, path, after.Moves[len(st.Moves)])
				}
			}
			p.myTurn(id)
			p.shot(tt.shot)
		})
	}
}
