package web_test

// Tests of the page in a real browser: a headless Chromium drives the page
// served by a real server on a fresh store, clicking as a person would.
// They skip when no Chromium or Chrome is installed (LUDUS_CHROME names
// one elsewhere). With LUDUS_SCREENSHOTS=1 they save a screenshot of each
// page to docs/screenshots.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ludus-games/ludus/internal/chrometest"
	"github.com/ludus-games/ludus/internal/testenv"
	"github.com/ludus-games/ludus/server"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/web"
)

// page is a browser tab on a page of a fresh server.
type page struct {
	t   *testing.T
	ctx context.Context
	url string // the server's address

	mu         sync.Mutex
	exceptions []string
}

// TestMain stops the browser that the tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	chrometest.StopShared()
	os.Exit(code)
}

// openPage starts a server on a fresh store, opens a tab of the browser
// the tests share, and opens the page at the given route ("#/linjat").
func openPage(t *testing.T, route string) *page {
	t.Helper()
	url := os.Getenv("LUDUS_TEST_SERVER")
	if url == "" {
		url = startServer(t)
	}
	return openPageAt(t, url, route)
}

// openPageAt opens the page of the server at url.
func openPageAt(t *testing.T, url, route string) *page {
	t.Helper()
	p := &page{t: t, url: url, ctx: chrometest.Tab(t, 2*time.Minute, chromedp.WindowSize(1280, 860))}
	p.watch()
	p.do(chromedp.Navigate(p.url + "/" + route))
	return p
}

// watch makes the test fail on what the page throws and on what its
// policy refuses.
func (p *page) watch() {
	t := p.t
	if err := chromedp.Listen(p.ctx, func(ev any) {
		if ev, ok := ev.(*runtime.EventExceptionThrown); ok {
			d := ev.ExceptionDetails
			text := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				text = d.Exception.Description
			}
			p.mu.Lock()
			p.exceptions = append(p.exceptions, fmt.Sprintf("%s:%d: %s", d.URL, d.LineNumber+1, text))
			p.mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.exceptions {
			t.Errorf("the page threw: %s", e)
		}
	})
	// Whatever the page's policy refuses (an inline style, a script, a
	// connection) is noted, and fails the test.
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `
			window.__refused = [];
			document.addEventListener("securitypolicyviolation", (e) =>
				window.__refused.push(e.violatedDirective + " refused " + (e.blockedURI || "inline") + " at " + e.sourceFile + ":" + e.lineNumber));`})
		return err
	}))
	t.Cleanup(func() {
		refused, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`window.__refused || []`))
		if err != nil {
			return // the browser is gone: the test has failed already
		}
		for _, r := range refused {
			t.Errorf("the page's Content-Security-Policy: %s", r)
		}
	})
}

// startServer starts a server on a fresh store, with the limits of ludus
// serve (which nobody playing in the page may meet), and returns its
// address. (LUDUS_TEST_SERVER=http://host:port runs the tests against a
// server that runs already, such as ludus serve.)
func startServer(t *testing.T) string {
	t.Helper()
	return startServerWith(t, server.Config{}, nil)
}

// startServerWith starts a server as startServer does, with more of its
// configuration and a wrapper of its handler (nil: none).
func startServerWith(t *testing.T, cfg server.Config, wrap func(http.Handler) http.Handler) string {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.Web, cfg.BotWorkers, cfg.MoveTime = st, web.Handler(), 1, 2*time.Second
	if cfg.Limits == (server.Limits{}) {
		cfg.Limits = server.DefaultLimits
	}
	srv, err := server.New(ctx, cfg)
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	h := srv.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(func() {
		hs.CloseClientConnections()
		hs.Close()
		srv.Close()
		st.Close()
	})
	return hs.URL
}

// do runs actions, failing the test on an error.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// eval evaluates JavaScript in the page and decodes its value.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript expression until it is truthy and returns it.
func wait[T any](p *page, expr string, d time.Duration) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Poll[T](expr, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		p.failShot()
		p.t.Fatalf("waiting for %s: %v", expr, err)
	}
	return v
}

// click clicks the element a CSS selector finds.
//
// The page redraws boards by replacing their nodes, so the node found may
// be gone before the browser is asked where it is; that finding is tried
// again (no mouse event has been sent by then).
func (p *page) click(sel string) {
	p.t.Helper()
	var err error
	for try := 0; try < 5; try++ {
		if err = chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(sel))); err == nil || !strings.Contains(err.Error(), "Could not find node") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		p.t.Fatalf("click %s: %v", sel, err)
	}
}

// shot saves a screenshot of the whole page as docs/screenshots/NAME.png
// when LUDUS_SCREENSHOTS is set.
func (p *page) shot(name string) {
	p.t.Helper()
	if os.Getenv("LUDUS_SCREENSHOTS") == "" {
		return
	}
	// From the top, so that the sticky bar is drawn where it belongs,
	// without the passing notices, and once the tiles and pieces have
	// stopped moving.
	eval[chromedp.Void](p, `window.scrollTo(0, 0); document.querySelectorAll(".toast").forEach((t) => t.remove())`)
	wait[bool](p, `document.getAnimations().every((a) => a.playState !== "running" || a.effect.getTiming().iterations === Infinity)`, 5*time.Second)
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	dir := filepath.Join("..", "docs", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// failShot saves what the page showed when a wait failed, when
// LUDUS_SCREENSHOTS is set, to the temporary directory.
func (p *page) failShot() {
	if os.Getenv("LUDUS_SCREENSHOTS") == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		return
	}
	name := filepath.Join(os.TempDir(), "ludus-failed-"+strings.ReplaceAll(p.t.Name(), "/", "-")+".png")
	if os.WriteFile(name, png, 0o644) == nil {
		p.t.Logf("the page as it was: %s", name)
	}
}

// getJSON fetches a JSON answer of the server.
func (p *page) getJSON(path string, out any) {
	p.t.Helper()
	res, err := http.Get(p.url + path)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		p.t.Fatalf("GET %s: %s", path, res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		p.t.Fatalf("GET %s: %v", path, err)
	}
}

// sessionID returns the id of the session the page shows.
func (p *page) sessionID() string {
	p.t.Helper()
	return wait[string](p, `(location.hash.match(/^#\/session\/(.+)$/) || [])[1] || ""`, 10*time.Second)
}

// startGame starts a game from the games page with the first seat human and
// the others the given bot.
func (p *page) startGame(game, bot string) string {
	p.t.Helper()
	p.click(fmt.Sprintf(`[data-game=%q]`, game))
	wait[bool](p, fmt.Sprintf(`document.querySelector("#start-game") && document.querySelector(".card-title").textContent.includes(%q)`, "New game"), 5*time.Second)
	eval[chromedp.Void](p, fmt.Sprintf(`(() => {
		for (const sel of document.querySelectorAll(".seat-row select")) {
			const i = Number(sel.name.split("-")[1]);
			sel.value = i === 0 ? "human" : "bot";
			sel.dispatchEvent(new Event("change"));
			document.querySelector("[name=spec-" + i + "]").value = %q;
		}
	})()`, bot))
	p.click("#start-game")
	id := p.sessionID()
	wait[bool](p, `document.querySelectorAll(".board-overlay .target").length > 0`, 10*time.Second)
	return id
}

func TestBrowserTicTacToe(t *testing.T) {
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	p.shot("games")
	id := p.startGame("tic-tac-toe.zrf", "random")
	// The page follows the session over the WebSocket.
	wait[bool](p, `(document.querySelector(".live") || {}).textContent?.includes("WebSocket")`, 10*time.Second)

	played := ""
	for range 9 {
		// Wait until the game is over or it is our turn on a position not
		// yet played from.
		state := wait[string](p, fmt.Sprintf(`(() => {
			if (document.querySelector("#result")) return "over";
			const mine = document.querySelector(".status .your-move");
			const n = document.querySelector(".status .version");
			const t = document.querySelector(".board-overlay .target.active");
			if (!mine || !n || !t || n.textContent === %q) return "";
			return n.textContent + "|" + t.dataset.cell;
		})()`, played), 20*time.Second)
		if state == "over" {
			break
		}
		played, _, _ = strings.Cut(state, "|")
		_, cell, _ := strings.Cut(state, "|")
		if played == "move 2" {
			p.shot("session")
		}
		p.click(fmt.Sprintf(`.board-overlay .target[data-cell=%q]`, cell))
	}
	result := wait[string](p, `(document.querySelector("#result") || {}).textContent || ""`, 20*time.Second)
	if !strings.Contains(result, "wins") && !strings.Contains(result, "Draw") {
		t.Errorf("result shown as %q", result)
	}
	var st struct {
		Result *struct{ Scores []float64 } `json:"result"`
		Moves  []string                    `json:"moves"`
	}
	p.getJSON("/api/sessions/"+id, &st)
	if st.Result == nil {
		t.Fatalf("the page shows %q but the session has no result", result)
	}
	if shown := eval[int](p, `document.querySelectorAll(".tree-move").length`); shown != len(st.Moves) {
		t.Errorf("the move list shows %d moves, the session has %d", shown, len(st.Moves))
	}
	p.shot("session-over")

	// A reload keeps the seat: the token is kept for the session.
	p.do(chromedp.Reload())
	wait[bool](p, `[...document.querySelectorAll(".seat-who")].some((e) => e.textContent === "you")`, 10*time.Second)

	// Play again: a new session with the same seats.
	p.click("#rematch")
	wait[bool](p, fmt.Sprintf(`location.hash.startsWith("#/session/") && !location.hash.endsWith(%q) && !!document.querySelector(".status .your-move")`, id), 10*time.Second)
}

// TestBrowserUndo plays a move, takes it back, and plays again: the move
// list then shows the first move as a variation.
func TestBrowserUndo(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	p.startGame("tic-tac-toe.zrf", "random")
	wait[bool](p, `!!document.querySelector(".status .your-move")`, 10*time.Second)
	p.click(`.board-overlay .target[data-cell="a1"]`)
	wait[bool](p, `document.querySelector(".status .version").textContent === "move 2" && !!document.querySelector(".status .your-move")`, 20*time.Second)
	p.click("#takeback")
	wait[bool](p, `document.querySelector(".status .version").textContent === "move 0" && !!document.querySelector(".status .your-move")`, 10*time.Second)
	p.click(`.board-overlay .target[data-cell="b2"]`)
	wait[bool](p, `document.querySelectorAll(".tree .variation").length > 0`, 20*time.Second)
}

// TestBrowserWatchSSE watches a game between two bots with WebSockets
// missing from the browser: the page follows it over Server-Sent Events.
func TestBrowserWatchSSE(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	// The WebSocket constructor throws: the page falls back to EventSource.
	eval[chromedp.Void](p, `window.WebSocket = function () { throw new Error("no WebSocket here"); }`)
	id := eval[string](p, `fetch("/api/sessions", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({game: "connect-four.zrf", seats: [{kind: "bot", spec: "random"}, {kind: "bot", spec: "random"}]})})
		.then((r) => r.json()).then((s) => s.id)`)
	eval[chromedp.Void](p, fmt.Sprintf(`location.hash = "#/session/%s"`, id))
	wait[bool](p, `(document.querySelector(".live") || {}).textContent?.includes("events")`, 10*time.Second)
	wait[bool](p, `!!document.querySelector("#result")`, 60*time.Second)
	var st struct {
		Moves []string `json:"moves"`
	}
	p.getJSON("/api/sessions/"+id, &st)
	if shown := eval[int](p, `document.querySelectorAll(".tree-move").length`); shown != len(st.Moves) {
		t.Errorf("the move list shows %d moves, the session has %d", shown, len(st.Moves))
	}
}

// TestBrowserClickMoves plays games whose moves go from one position to
// another (and in checkers, capture chains through several) by clicking
// each position of a legal move in turn, or by dragging.
func TestBrowserClickMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("games in the browser: skipped with -short")
	}
	games := testenv.Pick([]string{"checkers.zrf"}, []string{"checkers.zrf", "chess.zrf", "breakthrough.zrf"})
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			p := openPage(t, "#/")
			wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
			id := p.startGame(game, "random")
			var geo struct {
				Cells []struct{ Name string } `json:"cells"`
			}
			p.getJSON("/api/sessions/"+id+"/geometry", &geo)
			names := map[string]bool{}
			for _, c := range geo.Cells {
				names[c.Name] = true
			}
			for turn := range 4 {
				p.myTurn(id)
				var st struct {
					Version int      `json:"version"`
					Legal   []string `json:"legal"`
					Result  any      `json:"result"`
				}
				p.getJSON("/api/sessions/"+id, &st)
				if st.Result != nil {
					break
				}
				// The move with the longest path, the first of them.
				move, path := "", []string(nil)
				for _, m := range st.Legal {
					if mp := positions(m, names); len(mp) > len(path) {
						move, path = m, mp
					}
				}
				if len(path) < 2 {
					t.Fatalf("no move from one position to another among %q", st.Legal)
				}
				if turn%2 == 1 && len(path) == 2 {
					p.do(chromedp.DragAndDrop(chromedp.CSS(target(path[0])), chromedp.CSS(target(path[1]))))
				} else {
					for i, name := range path {
						if i > 0 {
							// The page marks the positions that may come next.
							wait[bool](p, fmt.Sprintf(`!!document.querySelector(%s)`, jsString(target(name)+".active")), 5*time.Second)
						}
						p.click(target(name))
					}
				}
				// Several moves with this path (a promotion) are offered in a menu.
				if eval[bool](p, fmt.Sprintf(`!!document.querySelector(%s)`, jsString(fmt.Sprintf(`.choices:not([hidden]) button[title=%q]`, move)))) {
					p.click(fmt.Sprintf(`.choices button[title=%q]`, move))
				}
				wait[bool](p, fmt.Sprintf(`fetch("/api/sessions/%s").then((r) => r.json()).then((s) => s.version > %d)`, id, st.Version), 10*time.Second)
				var after struct {
					Moves []string `json:"moves"`
				}
				p.getJSON("/api/sessions/"+id, &after)
				if len(after.Moves) <= turn*2 || after.Moves[turn*2] != move {
					t.Fatalf("turn %d: clicked %q through %v, the game has %q", turn, move, path, after.Moves)
				}
			}
			if game == "chess.zrf" {
				p.shot("session-chess")
			}
		})
	}
}

// myTurn waits until the session waits for the first seat, or is over,
// and the page shows that state.
func (p *page) myTurn(id string) {
	p.t.Helper()
	wait[bool](p, fmt.Sprintf(`fetch("/api/sessions/%s").then((r) => r.json()).then((s) => {
		const shown = document.querySelector(".status .version");
		if (!shown || shown.textContent !== "move " + s.moves.length) return false;
		return s.result ? !!document.querySelector("#result") : s.to_move === 0 && !s.thinking && !!document.querySelector(".status .your-move");
	})`, id), 20*time.Second)
}

// positions returns the positions a move goes through, as the page reads
// them: its words that name positions, repeats in a row merged.
func positions(move string, names map[string]bool) []string {
	var out []string
	for _, w := range strings.Fields(move) {
		if names[w] && (len(out) == 0 || out[len(out)-1] != w) {
			out = append(out, w)
		}
	}
	return out
}

// target is the selector of a position's click target.
func target(name string) string {
	return fmt.Sprintf(`.board-overlay .target[data-cell=%q]`, name)
}

// jsString quotes a string for JavaScript.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestBrowserPicker runs the page's move picker (moves.js) on moves of the
// universal notation: chains, promotions, drops and passes.
func TestBrowserPicker(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	legal := []string{
		"+ e3 x c5 man-jump nw + c5 x e7 man-jump ne +",
		"+ e3 x c5 man-jump nw + c5 x a7 man-jump nw +",
		"e3 - d4 man-step ne",
		"g7 - g8 pawn-push = Queen",
		"g7 - g8 pawn-push = Knight",
		"b2 drop-on-empty X Mark",
		"b2 - b3 slide n",
		"pass",
	}
	names := []string{"a7", "b2", "b3", "c5", "d4", "e3", "e7", "g7", "g8"}
	tests := []struct {
		clicks []string
		want   string // the last click's outcome
		next   string // the positions that may come next, sorted
	}{
		{[]string{"e3"}, `{"more":true}`, "c5 d4"},
		{[]string{"e3", "c5"}, `{"more":true}`, "a7 e7"},
		{[]string{"e3", "c5", "e7"}, `{"move":"+ e3 x c5 man-jump nw + c5 x e7 man-jump ne +"}`, ""},
		{[]string{"e3", "d4"}, `{"move":"e3 - d4 man-step ne"}`, ""},
		{[]string{"g7", "g8"}, `{"choices":["g7 - g8 pawn-push = Queen","g7 - g8 pawn-push = Knight"],"more":false}`, ""},
		{[]string{"b2"}, `{"choices":["b2 drop-on-empty X Mark"],"more":true}`, "b3"},
		{[]string{"b2", "b3"}, `{"move":"b2 - b3 slide n"}`, ""},
		{[]string{"e3", "e3"}, `{"more":true}`, "b2 e3 g7"}, // a second click takes the first back
		{[]string{"e3", "g7"}, `{"more":true}`, "g8"},       // another start begins again
		{[]string{"a7"}, `{"none":true}`, "b2 e3 g7"},
	}
	for _, tt := range tests {
		js := fmt.Sprintf(`import("/moves.js").then((m) => {
			const pk = new m.Picker(%s, new Set(%s));
			let r;
			for (const c of %s) r = pk.click(c);
			const next = [...(pk.prefix.length ? pk.next() : pk.starts())].sort().join(" ");
			return JSON.stringify([r, next, pk.pathless(), m.difference(["g7 - g8 pawn-push = Queen", "g7 - g8 pawn-push = Knight"])]);
		})`, jsonOf(legal), jsonOf(names), jsonOf(tt.clicks))
		var got []json.RawMessage
		if err := json.Unmarshal([]byte(eval[string](p, js)), &got); err != nil {
			t.Fatal(err)
		}
		if string(got[0]) != tt.want {
			t.Errorf("clicks %v: %s, want %s", tt.clicks, got[0], tt.want)
		}
		if next := strings.Trim(string(got[1]), `"`); next != tt.next {
			t.Errorf("clicks %v: next %q, want %q", tt.clicks, next, tt.next)
		}
		if string(got[2]) != `["pass"]` || string(got[3]) != `["Queen","Knight"]` {
			t.Errorf("pathless %s, difference %s", got[2], got[3])
		}
	}
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// longBrowserTest skips a browser test in the quick run, which keeps one
// browser test of each page: each test costs Chromium seconds of
// processor time (a tab, a page, its drawing), more than the test binary
// itself, so all of them would take the quick run over its minutes.
// LUDUS_LONG=1 runs them all.
func longBrowserTest(t *testing.T) {
	t.Helper()
	testenv.SkipUnlessLong(t)
}
