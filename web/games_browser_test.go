package web_test

// Browser tests of games whose moves are not a click from one position to
// another: dice (Ur), a drop into a column (connect four), a drop and a
// turn of a quadrant (Pentago); and of what the page offers for each game
// (the record formats) and for an address that names no page.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserNotFound: an unknown address, after a page with a tab, shows
// a page saying so, and no tab as the current one.
func TestBrowserNotFound(t *testing.T) {
	p := openPage(t, "#/tiles")
	wait[bool](p, `document.querySelectorAll(".tabs a.active").length === 1`, 10*time.Second)
	eval[chromedp.Void](p, `location.hash = "#/nowhere"`)
	wait[bool](p, `(document.querySelector("#main h1") || {}).textContent === "Nothing here"`, 10*time.Second)
	if n := eval[int](p, `document.querySelectorAll(".tabs a.active").length`); n != 0 {
		t.Errorf("%d tabs shown as active on a page that is none of theirs", n)
	}
	if n := eval[int](p, `document.querySelectorAll(".tabs a[aria-current]").length`); n != 0 {
		t.Errorf("%d tabs marked as the current page", n)
	}
	eval[chromedp.Void](p, `location.hash = "#/2048"`)
	wait[bool](p, `[...document.querySelectorAll(".tabs a.active")].map((a) => a.dataset.tab).join() === "2048"`, 10*time.Second)
}

// TestBrowserUr starts a game of dice from the lobby: the form offers a
// seat to each player, not to the dice, and the game is played by
// clicking.
func TestBrowserUr(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	p.click(`[data-game="ur.zrf"]`)
	wait[bool](p, `(document.querySelector(".card-title") || {}).textContent?.includes("Ur")`, 5*time.Second)
	seats := eval[[]string](p, `[...document.querySelectorAll(".seat-row .seat-name")].map((e) => e.textContent)`)
	if !slices.Equal(seats, []string{"White", "Black"}) {
		t.Fatalf("the form offers seats to %q", seats)
	}
	id := p.startGame("ur.zrf", "random")
	for range 3 {
		p.myTurn(id)
		var st struct {
			Legal  []string `json:"legal"`
			Result any      `json:"result"`
		}
		p.getJSON("/api/sessions/"+id, &st)
		if st.Result != nil {
			break
		}
		// The dice are shown beside the board, as the total thrown.
		dice := wait[string](p, `(document.querySelector(".dice") || {}).textContent || ""`, 5*time.Second)
		if !strings.Contains(dice, "thrown") {
			t.Errorf("the dice are shown as %q", dice)
		}
		before := eval[int](p, `document.querySelectorAll(".tree-move").length`)
		if len(st.Legal) == 1 && !strings.ContainsAny(st.Legal[0], "0123456789") {
			p.click(".pass-box button")
		} else {
			start := wait[string](p, `(document.querySelector(".board-overlay .target.active") || {dataset: {}}).dataset.cell || ""`, 5*time.Second)
			p.click(target(start))
			if next := eval[string](p, `(document.querySelector(".board-overlay .target.active:not([data-cell='`+start+`'])") || {dataset: {}}).dataset.cell || ""`); next != "" {
				p.click(target(next))
			}
			if eval[bool](p, `!!document.querySelector(".choices:not([hidden]) button")`) {
				p.click(".choices:not([hidden]) .choice-buttons button")
			}
		}
		wait[bool](p, fmt.Sprintf(`document.querySelectorAll(".tree-move").length > %d`, before), 10*time.Second)
	}
	p.shot("session-ur")
}

// TestBrowserRecordFormats: the record is offered in the formats that can
// write the game, and each of them downloads.
func TestBrowserRecordFormats(t *testing.T) {
	longBrowserTest(t)
	tests := []struct {
		game string
		want []string
	}{
		{"tic-tac-toe.zrf", []string{"ludus", "sgf"}},
		{"chess.zrf", []string{"ludus", "pgn", "sgf"}},
		{"checkers.zrf", []string{"ludus", "sgf", "pdn"}},
	}
	p := openPage(t, "#/")
	for _, tt := range tests {
		id := eval[string](p, fmt.Sprintf(`fetch("/api/sessions", {method: "POST", headers: {"Content-Type": "application/json"},
			body: JSON.stringify({game: %q, seats: [{kind: "human"}, {kind: "human"}]})}).then((r) => r.json()).then((s) => s.id)`, tt.game))
		eval[chromedp.Void](p, fmt.Sprintf(`location.hash = "#/session/%s"`, id))
		got := wait[[]string](p, fmt.Sprintf(`location.hash.endsWith(%q) && document.querySelector(".downloads button") ?
			[...document.querySelectorAll(".downloads button")].map((b) => b.dataset.format) : null`, id), 10*time.Second)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: the record is offered as %q, want %q", tt.game, got, tt.want)
		}
		for _, f := range got {
			status := eval[int](p, fmt.Sprintf(`fetch("/api/sessions/%s/record?format=%s").then((r) => r.status)`, id, f))
			if status != 200 {
				t.Errorf("%s: the %s record answers %d", tt.game, f, status)
			}
		}
	}
}

// TestBrowserConnectFourColumn: a click anywhere in a column drops a disc
// into it.
func TestBrowserConnectFourColumn(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	id := p.startGame("connect-four.zrf", "random")
	p.myTurn(id)
	p.click(target("d6"))
	wait[bool](p, fmt.Sprintf(`fetch("/api/sessions/%s").then((r) => r.json()).then((s) => s.moves.length > 0)`, id), 10*time.Second)
	var st struct {
		Moves []string `json:"moves"`
	}
	p.getJSON("/api/sessions/"+id, &st)
	if !strings.HasPrefix(st.Moves[0], "d1 ") {
		t.Errorf("a click at the top of column d played %q", st.Moves[0])
	}
}

// TestBrowserPentago: every empty hole takes a marble, and then each of
// the eight turns of a quadrant is offered, whether or not two of them
// lead to the same position.
func TestBrowserPentago(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	id := p.startGame("pentago.zrf", "random")
	p.myTurn(id)
	if n := eval[int](p, `document.querySelectorAll(".board-overlay .target.active").length`); n != 36 {
		t.Errorf("%d holes take a marble at the first move, want 36", n)
	}
	p.click(target("a6"))
	turns := wait[[]string](p, `document.querySelector(".choices:not([hidden])") ?
		[...document.querySelectorAll(".choices .choice-buttons button")].map((b) => b.title) : null`, 5*time.Second)
	if len(turns) != 8 {
		t.Fatalf("a6 offers %d turns, want 8: %q", len(turns), turns)
	}
	p.shot("session-pentago")
	// A turn of the marble's own quadrant, which moves the marble: the
	// move is kept as played, not as another that reaches the same
	// position.
	turn := turns[7]
	for _, m := range turns {
		if strings.Contains(m, " nw ") {
			turn = m
		}
	}
	p.click(`.choices .choice-buttons button[title="` + turn + `"]`)
	wait[bool](p, fmt.Sprintf(`fetch("/api/sessions/%s").then((r) => r.json()).then((s) => s.moves.length > 0)`, id), 10*time.Second)
	var st struct {
		Moves []string `json:"moves"`
	}
	p.getJSON("/api/sessions/"+id, &st)
	if st.Moves[0] != turn {
		t.Errorf("the move played is %q, want %q", st.Moves[0], turn)
	}
}
