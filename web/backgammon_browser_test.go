package web_test

// Backgammon in the browser: a turn is a path through several checkers'
// steps, and a point's checkers are drawn closer than a cell apart, so
// that a click must take the place under the pointer, not the one drawn
// over it.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/internal/testenv"
)

// bgStart is backgammon's start, White to move with the throw d1, d2
// already on the dice.
func bgStart(d1, d2 int) string {
	faces := []string{"", "One", "Two", "Three", "Four", "Five", "Six"}
	left1, left2 := 1, 1
	if d1 == d2 {
		left1, left2 = 4, 0
	}
	var b strings.Builder
	fmt.Fprintf(&b, `(position (turn White)
  (White (Checker 24a 24b 13a 13b 13c 13d 13e 8a 8b 8c 6a 6b 6c 6d 6e))
  (Black (Checker 1a 1b 12a 12b 12c 12d 12e 17a 17b 17c 19a 19b 19c 19d 19e))
  (?Dice (%s d1) (%s d2))
  (variable die1 %d) (variable die2 %d) (variable left1 %d) (variable left2 %d)
  (variable pips 0) (variable back-w 25) (variable back-b 0)
`, faces[d1], faces[d2], d1, d2, left1, left2)
	for i := 1; i <= 24; i++ {
		fmt.Fprintf(&b, "  (position-attribute point %d %da)\n", i, i)
	}
	b.WriteString("  (position-attribute point 25 bwa))\n")
	return b.String()
}

// startFrom starts a session of game from a position, the first seat
// this page's and the others the bot, and opens its page.
func (p *page) startFrom(game, position, bot string) string {
	p.t.Helper()
	id := wait[string](p, fmt.Sprintf(`fetch("/api/sessions", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({game: %q, position: %s, seats: [{kind: "human"}, {kind: "bot", spec: %q}]})})
		.then((r) => r.json()).then((res) => {
			if (!res.id) return "";
			localStorage.setItem("ludus.session." + res.id + ".tokens", JSON.stringify(res.seats.map((s) => s.token || null)));
			location.hash = "#/session/" + res.id;
			return res.id;
		})`, game, jsString(position), bot), 10*time.Second)
	wait[bool](p, `document.querySelectorAll(".board-overlay .target").length > 0`, 10*time.Second)
	return id
}

// bgCell is a place of the board's picture, in the units of its geometry.
type bgCell struct {
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// clickPicture clicks the board's picture at (x, y), in the units of its
// geometry, as a mouse does, once the page is scrolled so that the spot is
// in the middle of the window (clear of the bar along its top). It
// returns the place whose target is under the pointer there.
func (p *page) clickPicture(x, y float64) string {
	p.t.Helper()
	at := eval[[]any](p, fmt.Sprintf(`(() => {
		const o = document.querySelector(".board-overlay");
		const screen = () => new DOMPoint(%[1]g, %[2]g).matrixTransform(o.getScreenCTM());
		window.scrollBy(0, screen().y - innerHeight / 2);
		const s = screen();
		const under = document.elementFromPoint(s.x, s.y);
		return [s.x, s.y, (under && under.dataset && under.dataset.cell) || ""];
	})()`, x, y))
	p.do(chromedp.MouseClickXY(at[0].(float64), at[1].(float64)))
	return at[2].(string)
}

// bgTurn clicks a move's path on the page: the checkers on their centres,
// and the points they go to on the checker's centre or, with far, four
// places further from the edge, on the point's bare triangle. It returns
// the move the game recorded.
func bgTurn(t *testing.T, p *page, id string, at map[string]bgCell, path []string, dest map[string]bool, far bool) string {
	t.Helper()
	var st struct {
		Moves []string `json:"moves"`
	}
	p.getJSON("/api/sessions/"+id, &st)
	for i, name := range path {
		if i > 0 {
			wait[bool](p, fmt.Sprintf(`!!document.querySelector(%s)`, jsString(target(name)+".active")), 15*time.Second)
		}
		c := at[name]
		spot := name
		if far && dest[name] && len(name) >= 2 && name[0] >= '1' && name[0] <= '9' {
			if up, ok := at[name[:len(name)-1]+string(name[len(name)-1]+4)]; ok {
				c, spot = up, up.Name
			}
		}
		if under := p.clickPicture(c.X, c.Y); under != spot {
			t.Fatalf("the target under the centre of %s is %q", spot, under)
		}
	}
	if eval[bool](p, `!!document.querySelector(".choices:not([hidden]) button[title]")`) {
		p.click(".choices:not([hidden]) button[title]")
	}
	wait[bool](p, fmt.Sprintf(`fetch("/api/sessions/%s").then((r) => r.json()).then((s) => s.moves.length > %d)`, id, len(st.Moves)), 10*time.Second)
	var after struct {
		Moves []string `json:"moves"`
	}
	p.getJSON("/api/sessions/"+id, &after)
	return after.Moves[len(st.Moves)]
}

// dice returns the faces of the dice shown beside the board (of those of
// class more, ".used" say), separated by spaces.
func dice(p *page, more string) string {
	return eval[string](p, fmt.Sprintf(`[...document.querySelectorAll(".dice .die-face%s")].map((f) => f.dataset.face).join(" ")`, more))
}

// destinations returns the positions a move's checkers go to: the words
// after "-" or "x".
func destinations(move string) map[string]bool {
	out := map[string]bool{}
	w := strings.Fields(move)
	for i := 1; i < len(w); i++ {
		if w[i-1] == "-" || w[i-1] == "x" {
			out[w[i]] = true
		}
	}
	return out
}

// TestBrowserBackgammon plays whole turns of backgammon by clicking, as a
// player does: the checker to move, then the point it goes to, for each
// number of the throw (four on a double), on the checkers' centres and on
// the points' bare triangles. Each time the game must record the move
// whose path was clicked (the same position after it), and the dice
// beside the board must show the throw and grey those used. The quick
// run clicks three set turns and three of a game; LUDUS_LONG=1 all.
func TestBrowserBackgammon(t *testing.T) {
	longBrowserTest(t) // TestBrowserPlaces and TestBrowserDice in the quick run
	g, err := games.Open("backgammon", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// same reports whether two moves lead from a position to one place.
	same := func(position, a, b string) bool {
		t.Helper()
		var keys [2]uint64
		for i, m := range []string{a, b} {
			s, err := engine.ParsePosition(g.Compiled, "position", []byte(position))
			if err != nil {
				t.Fatal(err)
			}
			pos := engine.NewPosition(s, g.Eval)
			ply, err := pos.ParseMove(m)
			if err != nil {
				t.Fatalf("%q: %v", m, err)
			}
			pos.Play(ply)
			keys[i] = pos.Key()
		}
		return keys[0] == keys[1]
	}
	// places returns the places of the session's board by name, and
	// their names.
	places := func(p *page, id string) (map[string]bgCell, map[string]bool) {
		var geo struct {
			Cells []bgCell `json:"cells"`
		}
		p.getJSON("/api/sessions/"+id+"/geometry", &geo)
		at, names := map[string]bgCell{}, map[string]bool{}
		for _, c := range geo.Cells {
			at[c.Name], names[c.Name] = c, true
		}
		return at, names
	}
	for _, tt := range []struct {
		name   string
		d1, d2 int
		path   []string // the places of the move
		clicks []string // where it is clicked, when not on its places
		used   []string // the dice shown used after each click but the last
		long   bool     // played with LUDUS_LONG=1 only
	}{
		// 13/7 6/5. The place above 6e, 6f, is where the checker on 7
		// would go on to with the 1: a click on the checker on 6 must
		// take that checker, not go on to 6f.
		{"6-1", 6, 1, []string{"13e", "7a", "6e", "5a"}, nil, []string{"", "6", "6"}, false},
		// The same, the 13 point and the 7 point clicked on their bare
		// triangles (13k, 7e), far from their checkers.
		{"6-1 triangles", 6, 1, []string{"13e", "7a", "6e", "5a"}, []string{"13k", "7e", "6e", "5a"}, []string{"", "6", "6"}, true},
		// The same checker on by both numbers: 13/7/6, 6f clicked.
		{"6-1 on", 6, 1, []string{"13e", "7a", "6f"}, nil, []string{"", "6"}, true},
		// 1-6, the second die's 6 first: 13/7 8/7, the 6 greyed first.
		{"1-6", 1, 6, []string{"13e", "7a", "8c", "7b"}, nil, []string{"", "6", "6"}, false},
		// A double: four moves, two checkers from 24 and two from 13.
		{"3-3", 3, 3, []string{"24b", "21a", "24a", "21b", "13e", "10a", "13d", "10b"}, nil,
			[]string{"", "3", "3", "3 3", "3 3", "3 3 3", "3 3 3"}, true},
		// A double, three of it by one checker: 24/15 13/10, every point
		// but the first clicked on its triangle.
		{"3-3 on", 3, 3, []string{"24b", "21a", "18a", "15a", "13e", "10a"}, []string{"24b", "21e", "18e", "15e", "13k", "10e"},
			[]string{"", "3", "3 3", "3 3 3", "3 3 3"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.long && !testenv.Long() {
				t.Skip("LUDUS_LONG=1 clicks this turn too")
			}
			p := openPage(t, "#/")
			start := bgStart(tt.d1, tt.d2)
			id := p.startFrom("backgammon.zrf", start, "random")
			at, names := places(p, id)
			p.myTurn(id)
			var st struct {
				Every []string `json:"every"`
			}
			p.getJSON("/api/sessions/"+id, &st)
			want := ""
			for _, m := range st.Every {
				if slices.Equal(positions(m, names), tt.path) {
					want = m
				}
			}
			if want == "" {
				t.Fatalf("no move goes through %v among %q", tt.path, st.Every)
			}
			if tt.clicks == nil {
				tt.clicks = tt.path
			}
			// The throw is shown as its dice, four on a double, not as
			// their sum.
			faces := fmt.Sprint(tt.d1, " ", tt.d2)
			if tt.d1 == tt.d2 {
				faces = strings.Repeat(fmt.Sprint(tt.d1, " "), 3) + fmt.Sprint(tt.d1)
			}
			if got := dice(p, ""); got != faces {
				t.Errorf("the dice shown are %q, want %q", got, faces)
			}
			if text := eval[string](p, `document.querySelector(".dice").textContent`); !strings.Contains(text, fmt.Sprintf("%d-%d", tt.d1, tt.d2)) || strings.Contains(text, "thrown") {
				t.Errorf("the dice say %q", text)
			}
			for i, spot := range tt.clicks {
				if i > 0 {
					// The place the move goes on to is offered, so the
					// click continues the move begun.
					wait[bool](p, fmt.Sprintf(`!!document.querySelector(%s)`, jsString(target(tt.path[i])+".active")), 15*time.Second)
				}
				c := at[spot]
				if under := p.clickPicture(c.X, c.Y); under != spot {
					t.Fatalf("the target under the centre of %s is %q", spot, under)
				}
				if i < len(tt.used) {
					// The dice the steps made have used are greyed.
					if got := dice(p, ".used"); got != tt.used[i] {
						t.Errorf("after the click on %s the dice used are %q, want %q", spot, got, tt.used[i])
					}
				}
				if tt.name == "3-3 on" && i == 3 {
					p.shot("session-backgammon-double")
				}
			}
			wait[bool](p, fmt.Sprintf(`fetch("/api/sessions/%s").then((r) => r.json()).then((s) => s.moves.length > 0)`, id), 10*time.Second)
			var after struct {
				Moves []string `json:"moves"`
			}
			p.getJSON("/api/sessions/"+id, &after)
			if !same(start, want, after.Moves[0]) {
				t.Fatalf("clicked %v for %q, the game has %q", tt.clicks, want, after.Moves[0])
			}
		})
	}
	// Whole turns of a game against a random player, dice thrown by the
	// server: the move with the longest path each time.
	t.Run("game", func(t *testing.T) {
		p := openPage(t, "#/")
		wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
		id := p.startGame("backgammon.zrf", "random")
		at, names := places(p, id)
		for turn := range testenv.Pick(3, 8) {
			p.myTurn(id)
			var st struct {
				Legal    []string `json:"legal"`
				Position string   `json:"position"`
				Result   any      `json:"result"`
				Dice     []int    `json:"dice"`
			}
			p.getJSON("/api/sessions/"+id, &st)
			if st.Result != nil {
				break
			}
			if len(st.Dice) != 2 {
				t.Fatalf("turn %d: dice %v", turn, st.Dice)
			}
			faces := fmt.Sprint(st.Dice[0], " ", st.Dice[1])
			if st.Dice[0] == st.Dice[1] {
				faces = strings.Repeat(fmt.Sprint(st.Dice[0], " "), 3) + fmt.Sprint(st.Dice[0])
			}
			if got := dice(p, ""); got != faces {
				t.Errorf("turn %d: the dice shown are %q, want %q", turn, got, faces)
			}
			move, path := "", []string(nil)
			for _, m := range st.Legal {
				if mp := positions(m, names); len(mp) > len(path) {
					move, path = m, mp
				}
			}
			if len(path) == 0 {
				// No checker can move: the turn passes by its button.
				p.click(".pass-box button")
				wait[bool](p, fmt.Sprintf(`fetch("/api/sessions/%s").then((r) => r.json()).then((s) => s.position !== %s)`, id, jsString(st.Position)), 10*time.Second)
				continue
			}
			t.Logf("turn %d: %s through %v", turn, move, path)
			got := bgTurn(t, p, id, at, path, destinations(move), turn%2 == 1)
			if !same(st.Position, move, got) {
				t.Fatalf("turn %d: clicked %q through %v, the game has %q", turn, move, path, got)
			}
		}
		p.myTurn(id)
		// The move list writes each throw as its dice, "6-1".
		throws := eval[[]string](p, `[...document.querySelectorAll(".tree-move.chance .mv")].map((m) => m.textContent)`)
		if len(throws) < 2 {
			t.Errorf("the move list shows the throws %q", throws)
		}
		for _, th := range throws {
			if !regexp.MustCompile(`^[1-6]-[1-6]$`).MatchString(th) {
				t.Errorf("the move list shows a throw as %q", th)
			}
		}
		p.shot("session-backgammon")
	})
}
