package web_test

// Browser tests of games shown as their players know them: chess moves
// in standard algebraic notation, the King in check, the result in words,
// and each seat in the colour of its pieces.

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// startBoth starts a session of a game with both seats held by the page,
// and opens it.
func (p *page) startBoth(game string) string {
	p.t.Helper()
	id := eval[string](p, fmt.Sprintf(`fetch("/api/sessions", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({game: %q, seats: [{kind: "human"}, {kind: "human"}]})}).then((r) => r.json())
		.then((res) => import("/ui.js").then((m) => { m.created(res); return res.id; }))`, game))
	eval[chromedp.Void](p, fmt.Sprintf(`location.hash = "#/session/%s"`, id))
	wait[bool](p, `!!document.querySelector(".status .your-move")`, 10*time.Second)
	return id
}

// typeMove plays a move by typing it, and waits for the page to show it.
func (p *page) typeMove(move string, n int) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`(() => {
		const input = document.querySelector(".move-form input");
		input.value = %q;
		input.form.requestSubmit();
	})()`, move))
	wait[bool](p, fmt.Sprintf(`document.querySelector(".status .version").textContent === "move %d"`, n), 10*time.Second)
}

func TestBrowserChessAsPlayed(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	p.startBoth("chess.zrf")
	for i, m := range []string{"e2e4", "f7f6", "d1h5"} {
		p.typeMove(m, i+1)
	}
	status := eval[string](p, `document.querySelector(".status").textContent`)
	if !strings.Contains(status, "check") {
		t.Errorf("after Qh5+ the status says %q", status)
	}
	if n := eval[int](p, `document.querySelectorAll(".board-overlay .hl-check").length`); n != 1 {
		t.Errorf("%d Kings ringed in check", n)
	}
	p.shot("session-chess-check")
	p.typeMove("g7g6", 4)
	p.typeMove("h5g6", 5)
	// Back to the mate of the fool, in a new session.
	id := p.startBoth("chess.zrf")
	for i, m := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		p.typeMove(m, i+1)
	}
	result := wait[string](p, `(document.querySelector("#result strong") || {}).textContent || ""`, 10*time.Second)
	if result != "Black wins: checkmate" {
		t.Errorf("the result reads %q", result)
	}
	if rule := eval[string](p, `document.querySelector("#result .reason").textContent`); !strings.Contains(rule, "loss-condition of White") {
		t.Errorf("the rule reads %q", rule)
	}
	moves := eval[[]string](p, `[...document.querySelectorAll(".tree-move .mv")].map((e) => e.textContent)`)
	if want := []string{"f3", "e5", "g4", "Qh4#"}; !slices.Equal(moves, want) {
		t.Errorf("the move list reads %q, want %q", moves, want)
	}
	if said := eval[string](p, `document.querySelector(".announce[aria-live]").textContent`); said != "Black played Qh4#" {
		t.Errorf("screen readers are told %q", said)
	}
	p.seatColours(id)
	p.shot("session-chess-mate")
}

// seatColours checks that each seat's dot is in a colour of the board's
// picture, the one the server names for the seat's pieces.
func (p *page) seatColours(id string) {
	p.t.Helper()
	var geo struct {
		Colors []string `json:"colors"`
	}
	p.getJSON("/api/sessions/"+id+"/geometry", &geo)
	dots := eval[[]string](p, `[...document.querySelectorAll(".seat .seat-dot")].map((e) => e.dataset.color)`)
	if !slices.Equal(dots, geo.Colors) || len(dots) == 0 {
		p.t.Errorf("the seats are shown in %q, their pieces are %q", dots, geo.Colors)
	}
	res, err := http.Get(p.url + "/api/sessions/" + id + "/board.svg")
	if err != nil {
		p.t.Fatal(err)
	}
	svg, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, c := range geo.Colors {
		if !strings.Contains(strings.ToLower(string(svg)), strings.ToLower(c)) {
			p.t.Errorf("no piece of the picture is in %s", c)
		}
	}
}

// TestBrowserResultInWords: tic-tac-toe ends in "X wins: three in a row",
// its seats in the colours of X and O.
func TestBrowserResultInWords(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	id := p.startBoth("tic-tac-toe.zrf")
	for i, m := range []string{"a1", "a2", "b1", "b2"} {
		p.typeMove(m, i+1)
	}
	p.seatColours(id)
	p.typeMove("c1", 5)
	result := wait[string](p, `(document.querySelector("#result strong") || {}).textContent || ""`, 10*time.Second)
	if result != "X wins: three in a row" {
		t.Errorf("the result reads %q", result)
	}
}

// TestBrowserGoPoints: Go on a wooden board, and a game ended by two
// passes won by the points counted.
func TestBrowserGoPoints(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	p.startBoth("go.zrf")
	p.click(target("e5"))
	wait[bool](p, `document.querySelector(".status .version").textContent === "move 1" && !!document.querySelector(".status .your-move")`, 10*time.Second)
	p.shot("session-go")
	for i := range 2 {
		p.click(".pass-box button")
		wait[bool](p, fmt.Sprintf(`document.querySelector(".status .version").textContent === "move %d"`, i+2), 10*time.Second)
	}
	result := wait[string](p, `(document.querySelector("#result strong") || {}).textContent || ""`, 10*time.Second)
	if result != "Black wins by 73.5 points" {
		t.Errorf("the result reads %q", result)
	}
	if pts := eval[string](p, `document.querySelector("#result .points").textContent`); pts != "Black 81 · White 7.5" {
		t.Errorf("the points read %q", pts)
	}
	p.shot("session-go-over")
}
