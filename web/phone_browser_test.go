package web_test

// Browser tests of the page on a phone: every page fits a screen 390
// pixels wide, with no scrolling sideways.

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ludus-games/ludus/internal/chrometest"
)

// openPhone opens the page at route in a tab the size of a phone's
// screen, 390x844 CSS pixels (twice as many device pixels), with touch.
func openPhone(t *testing.T, url, route string) *page {
	t.Helper()
	p := &page{t: t, url: url, ctx: chrometest.Tab(t, 2*time.Minute, chromedp.WindowSize(1280, 860))}
	p.watch()
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	p.do(chromedp.Navigate(p.url + "/" + route))
	return p
}

// TestBrowserPhone opens each page on a phone's screen: nothing is wider
// than the screen, the tabs are all within reach, and the board fills
// the width with the panels below it.
func TestBrowserPhone(t *testing.T) {
	url := os.Getenv("LUDUS_TEST_SERVER")
	if url == "" {
		url = startServer(t)
	}
	p := openPhone(t, url, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	id := p.startBoth("chess.zrf")
	p.typeMove("e2e4", 1)
	pages := []struct {
		name, route, ready string
	}{
		{"games", "#/", `document.querySelectorAll("[data-game]").length > 0`},
		{"session", "#/session/" + id, `document.querySelectorAll(".board-overlay .target").length === 64 && !!document.querySelector(".tree-move")`},
		{"2048", "#/2048", `[...document.querySelectorAll("#g2048-board .tile")].filter((e) => e.dataset.value > 0).length >= 2`},
		{"linjat", "#/linjat", `!!(document.querySelector(".linjat-board") || {dataset: {}}).dataset.puzzle`},
		{"dungeon", "#/dungeon", `!!document.querySelector("#dungeon-picture svg")`},
		{"tiles", "#/tiles", `[...document.querySelectorAll("#tiles-picture img, .boards img")].filter((i) => i.complete && i.naturalWidth > 0).length === 3`},
	}
	for _, pg := range pages {
		eval[chromedp.Void](p, fmt.Sprintf(`location.hash = %q`, pg.route))
		wait[bool](p, fmt.Sprintf(`document.querySelector("#main").dataset.page && (%s)`, pg.ready), 60*time.Second)
		if w := eval[int](p, `window.innerWidth`); w != 390 {
			t.Fatalf("%s: the screen is %d pixels wide, want 390", pg.name, w)
		}
		// What is wider than the screen, if anything: the page scrolls
		// sideways then.
		wide := eval[[]string](p, `(() => {
			const out = [];
			const w = document.documentElement.clientWidth;
			if (document.documentElement.scrollWidth > w) out.push("the page: " + document.documentElement.scrollWidth);
			for (const el of document.querySelectorAll("body *")) {
				const r = el.getBoundingClientRect();
				if (r.width > 0 && (r.right > w + 0.5 || r.left < -0.5) && !el.closest(".tabs, .visually-hidden, .skip")) {
					out.push((el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + [...el.classList].join(".")) + ": " + Math.round(r.left) + " to " + Math.round(r.right));
				}
			}
			return out.slice(0, 8);
		})()`)
		if len(wide) > 0 {
			t.Errorf("%s: wider than the screen: %q", pg.name, wide)
		}
		// Every tab is reachable: within the screen, or in the tab bar's
		// own scrolling.
		tabs := eval[[]string](p, `[...document.querySelectorAll(".tabs a")].filter((a) => {
			const r = a.getBoundingClientRect();
			return r.width === 0 || r.right > document.documentElement.clientWidth + 0.5;
		}).map((a) => a.textContent)`)
		if len(tabs) > 0 {
			t.Errorf("%s: the tabs %q are out of reach", pg.name, tabs)
		}
		// On a phone's screen they fit on one line.
		if rows := eval[int](p, `new Set([...document.querySelectorAll(".tabs a")].map((a) => Math.round(a.getBoundingClientRect().top))).size`); rows != 1 {
			t.Errorf("%s: the tabs take %d lines", pg.name, rows)
		}
		if pg.name == "session" {
			// The board fills the width, the panels come below it.
			got := eval[[]float64](p, `(() => {
				const b = document.querySelector(".board").getBoundingClientRect();
				const s = document.querySelector(".side-col").getBoundingClientRect();
				return [b.width, document.documentElement.clientWidth, s.top - b.bottom];
			})()`)
			if got[0] < got[1]-40 || got[2] < 0 {
				t.Errorf("the board is %.0f pixels wide on a screen of %.0f, the panels %.0f below it", got[0], got[1], got[2])
			}
		}
		p.shot("phone-" + pg.name)
	}
}
