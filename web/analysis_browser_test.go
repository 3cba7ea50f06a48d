package web_test

// Browser tests of analysis on the session page: browsing the moves while
// the game goes on, the board flipped, a new game from a position shown,
// the position editor, and a bot's analysis.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// startSeats starts a session of a game with the seats given (JSON), the
// page holding the human ones, and opens it.
func (p *page) startSeats(game, seats string) string {
	p.t.Helper()
	id := eval[string](p, fmt.Sprintf(`fetch("/api/sessions", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({game: %q, seats: %s})}).then((r) => r.json())
		.then((res) => import("/ui.js").then((m) => { m.created(res); return res.id; }))`, game, seats))
	eval[chromedp.Void](p, fmt.Sprintf(`location.hash = "#/session/%s"`, id))
	wait[bool](p, `document.querySelectorAll(".board-overlay .target").length > 0`, 10*time.Second)
	return id
}

// key sends a key to the page, as typed with nothing focused.
func (p *page) key(k string) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`document.activeElement && document.activeElement.blur(),
		document.body.dispatchEvent(new KeyboardEvent("keydown", {key: %q, bubbles: true, cancelable: true}))`, k))
}

// shownPath waits until the move list marks the move at path as the one
// the board shows ("" for the game as it is), and the board is drawn.
func (p *page) shownPath(path string) {
	p.t.Helper()
	js := `!document.querySelector(".tree-move.shown") && document.querySelector("#back-to-game").hidden`
	if path != "" {
		js = fmt.Sprintf(`(document.querySelector(".tree-move.shown") || {dataset: {}}).dataset.path === %q && !document.querySelector("#back-to-game").hidden`, path)
	}
	wait[bool](p, js, 10*time.Second)
}

// TestBrowserBrowse: a chess game's moves are paired per line; a click on
// a move shows the board there (its last move marked, nothing to play),
// the arrow keys, Home and End step through, new moves of the game come
// in meanwhile, and "back to the game" returns to it.
func TestBrowserBrowse(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	id := p.startBoth("chess.zrf")
	for i, m := range []string{"e2e4", "e7e5", "g1f3"} {
		p.typeMove(m, i+1)
	}
	rows := eval[[]string](p, `[...document.querySelectorAll(".tree.paired .tree-row")].map((r) => r.textContent)`)
	if strings.Join(rows, "|") != "1.e4e5|2.Nf3" {
		t.Errorf("the move list reads %q", rows)
	}
	p.click(`.tree-move[data-path="0"]`)
	p.shownPath("0")
	wait[bool](p, `document.querySelectorAll(".board-overlay .hl-last").length === 2 && !document.querySelector(".board-overlay.my-turn")`, 5*time.Second)
	if where := eval[string](p, `document.querySelector(".browse-where").textContent`); !strings.Contains(where, "after 1. e4") {
		t.Errorf("the bar says %q", where)
	}
	// The board shows the position after 1. e4: the overlay's last move
	// is e2-e4, whatever the game's.
	var node struct {
		LastMove struct{ From, To string } `json:"last_move"`
	}
	p.getJSON("/api/sessions/"+id+"/node?path=0", &node)
	if node.LastMove.From != "e2" || node.LastMove.To != "e4" {
		t.Fatalf("node 0: %+v", node)
	}
	p.key("ArrowRight")
	p.shownPath("0.0")
	p.key("ArrowLeft")
	p.key("ArrowLeft")
	wait[bool](p, `document.querySelector(".browse-where").textContent.includes("at the start") && !document.querySelector(".tree-move.shown")`, 5*time.Second)
	p.key("ArrowRight")
	p.shownPath("0")
	// The game goes on meanwhile: Black replies, the list grows, the board
	// stays where it is.
	eval[chromedp.Void](p, fmt.Sprintf(`import("/ui.js").then((m) => fetch("/api/sessions/%s/moves", {method: "POST",
		headers: {"Content-Type": "application/json"}, body: JSON.stringify({token: m.tokens(%q)[1], move: "b8c6"})}))`, id, id))
	wait[bool](p, `document.querySelectorAll(".tree-move").length === 4 && document.querySelector(".browse-where").textContent.includes("is at move 4")`, 10*time.Second)
	p.shownPath("0")
	p.shot("session-browse")
	p.click("#back-to-game")
	p.shownPath("")
	wait[bool](p, `!!document.querySelector(".board-overlay.my-turn") && document.querySelector(".tree-move.current").dataset.path === "0.0.0.0"`, 5*time.Second)
	// Home and End, and End is the game as it is.
	p.key("Home")
	wait[bool](p, `!document.querySelector("#back-to-game").hidden && document.querySelectorAll(".board-overlay .hl-last").length === 0`, 5*time.Second)
	p.key("End")
	p.shownPath("")
	// Keys typed into the move field are the field's.
	eval[chromedp.Void](p, `(() => { const i = document.querySelector(".move-form input"); i.focus();
		i.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowLeft", bubbles: true, cancelable: true})); })()`)
	if eval[bool](p, `!document.querySelector("#back-to-game").hidden`) {
		t.Error("an arrow key in the move field stepped back")
	}
}

// TestBrowserFlip: a page that holds Black alone shows the board turned
// (a1 at the top); the button and f turn it; the picture and the click
// targets turn together.
func TestBrowserFlip(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	p.startSeats("chess.zrf", `[{kind: "bot", spec: "random"}, {kind: "human"}]`)
	above := `(() => { const y = (c) => Number(document.querySelector('.board-overlay .target[data-cell="' + c + '"]').getAttribute("y"));
		return y("a1") < y("a8"); })()`
	wait[bool](p, above, 10*time.Second)
	p.key("f")
	wait[bool](p, "!"+above, 10*time.Second)
	// The picture is the upright one: rank 1 written at the bottom.
	if !eval[bool](p, `(() => { const t = [...document.querySelectorAll(".board-picture text")];
		const y = (s) => Number(t.find((e) => e.textContent === s).getAttribute("y"));
		return y("1") > y("8"); })()`) {
		t.Error("the picture did not turn with the targets")
	}
	p.click("#flip-board")
	wait[bool](p, above, 10*time.Second)
	p.shot("session-flipped")
}

// TestBrowserPlayFromHere: a new game from a move of the list starts
// there, human against human unless chosen otherwise.
func TestBrowserPlayFromHere(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	id := p.startBoth("chess.zrf")
	p.typeMove("e2e4", 1)
	p.typeMove("e7e5", 2)
	p.click(`.tree-move[data-path="0"]`)
	p.shownPath("0")
	p.click("#play-from-here")
	kinds := eval[[]string](p, `[...document.querySelectorAll("#play-from .seat-row select")].map((s) => s.value)`)
	if strings.Join(kinds, ",") != "human,human" {
		t.Errorf("the seats offered: %q", kinds)
	}
	p.click("#play-from-start")
	wait[bool](p, fmt.Sprintf(`location.hash.startsWith("#/session/") && !location.hash.includes(%q)`, id), 10*time.Second)
	next := p.sessionID()
	var st struct {
		Start  string   `json:"start"`
		Moves  []string `json:"moves"`
		ToMove int      `json:"to_move"`
	}
	p.getJSON("/api/sessions/"+next, &st)
	if !strings.Contains(st.Start, "(turn Black)") || !strings.Contains(st.Start, "e4") || len(st.Moves) != 0 || st.ToMove != 1 {
		t.Fatalf("the new game: %+v", st)
	}
	// Black moves first, as the page says; the list numbers it 1... .
	wait[bool](p, `(document.querySelector(".status .your-move") || {}).textContent === "Your move, Black"`, 10*time.Second)
	p.typeMove("d7d5", 1)
	if row := eval[string](p, `document.querySelector(".tree-row").textContent`); row != "1...…d5" {
		t.Errorf("the first line reads %q", row)
	}
}

// TestBrowserPositionEditor sets up a position from the lobby: pieces placed and
// taken off, the side to move chosen, and a game started there; a
// position the rules find over is said so.
func TestBrowserPositionEditor(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	p.click(`[data-game="chess.zrf"]`)
	p.click("#setup-position")
	wait[bool](p, `document.querySelectorAll(".palette-piece").length === 12 && document.querySelectorAll(".editor .target").length === 64`, 10*time.Second)
	label := func(cell string) string {
		return eval[string](p, fmt.Sprintf(`document.querySelector('.editor .target[data-cell="%s"]').getAttribute("aria-label")`, cell))
	}
	if got := label("e1"); got != "e1: White King" {
		t.Fatalf("the start: e1 reads %q", got)
	}
	p.click("#editor-clear")
	wait[bool](p, `document.querySelector('.editor .target[data-cell="e1"]').getAttribute("aria-label") === "e1: empty"`, 10*time.Second)
	place := func(player, piece, cell string) {
		// Picked as a click of the keyboard would: the top bar may hide the
		// palette from the mouse of a page scrolled down.
		eval[chromedp.Void](p, fmt.Sprintf(`document.querySelector(%s).click()`, jsString(fmt.Sprintf(`.palette-piece[data-player=%q][data-piece=%q]`, player, piece))))
		p.click(fmt.Sprintf(`.editor .target[data-cell=%q]`, cell))
		wait[bool](p, fmt.Sprintf(`document.querySelector('.editor .target[data-cell="%s"]').getAttribute("aria-label") === "%s: %s %s"`, cell, cell, player, piece), 10*time.Second)
	}
	place("White", "King", "g1")
	place("White", "Rook", "a1")
	place("Black", "King", "g8")
	place("Black", "Pawn", "h7")
	place("Black", "Pawn", "g7")
	place("Black", "Queen", "d4")
	// A second click of the same piece takes it off.
	p.click(`.editor .target[data-cell="d4"]`)
	wait[bool](p, `document.querySelector('.editor .target[data-cell="d4"]').getAttribute("aria-label") === "d4: empty"`, 10*time.Second)
	place("Black", "Pawn", "f7")
	p.shot("editor")
	p.click("#editor-start")
	id := p.sessionID()
	var st struct {
		Start string `json:"start"`
		Legal []string
	}
	p.getJSON("/api/sessions/"+id, &st)
	for _, want := range []string{"(turn White)", "(White (Rook a1) (King g1))", "(Black (Pawn f7 g7 h7) (King g8))"} {
		if !strings.Contains(st.Start, want) {
			t.Errorf("the game starts from %q, without %s", st.Start, want)
		}
	}
	// Tic-tac-toe with three in a row is over: the editor says why.
	eval[chromedp.Void](p, `location.hash = "#/editor/tic-tac-toe.zrf"`)
	wait[bool](p, `document.querySelectorAll(".palette-piece").length === 2`, 10*time.Second)
	for _, c := range []string{"a1", "b1", "c1"} {
		place("X", "Mark", c)
	}
	problem := wait[string](p, `(() => { const e = document.querySelector("#editor-problem"); return e && !e.hidden ? e.textContent : ""; })()`, 10*time.Second)
	if !strings.Contains(problem, "over in this position (three in a row)") {
		t.Errorf("the editor says %q", problem)
	}
}

// TestBrowserAnalysis asks a bot about the position shown: a mate in one
// found is a win, said in words, its line in standard algebraic notation.
func TestBrowserAnalysis(t *testing.T) {
	p := openPage(t, "#/")
	p.startBoth("chess.zrf")
	for i, m := range []string{"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"} {
		p.typeMove(m, i+1)
	}
	p.click("#analyse")
	words := wait[string](p, `(document.querySelector(".analysis-words") || {}).textContent || ""`, 20*time.Second)
	if words != "White wins in 1 move (checkmate)" {
		t.Errorf("the analysis says %q", words)
	}
	if pv := eval[string](p, `document.querySelector(".analysis-pv li").textContent`); pv != "Qxf7#" {
		t.Errorf("the line starts with %q", pv)
	}
	p.shot("session-analysis")
	// Another position shown: the answer is put away.
	p.click(`.tree-move[data-path="0"]`)
	p.shownPath("0")
	wait[bool](p, `!document.querySelector(".analysis-words")`, 5*time.Second)
}
