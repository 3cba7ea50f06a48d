package web_test

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/ludus-games/ludus/linjat"
)

// TestBrowserLinjat asks for a hint, then solves the generated puzzle by
// clicking: each number, then the ends of its line in the solution.
func TestBrowserLinjat(t *testing.T) {
	p := openPage(t, "#/linjat")
	text := wait[string](p, `(document.querySelector(".linjat-board") || {dataset: {}}).dataset.puzzle || ""`, 60*time.Second)
	puz, err := linjat.Parse(text)
	if err != nil {
		t.Fatalf("the page's puzzle: %v\n%s", err, text)
	}
	sols, err := linjat.Solve(puz, 1)
	if err != nil || len(sols) == 0 {
		t.Fatalf("the page's puzzle has no solution (%v):\n%s", err, text)
	}

	p.click("#linjat-hint-btn")
	// The idle text, then a spinner, then the step (or an error).
	hint := wait[string](p, `(() => { const b = document.querySelector("#linjat-hint"); return b && !b.querySelector(".spinner, p.muted") ? b.textContent : ""; })()`, 20*time.Second)
	if eval[bool](p, `!!document.querySelector("#linjat-hint .error")`) {
		t.Fatalf("hint: %s", hint)
	}
	// The step names its rule, says why, and marks the cells it decides.
	rule := eval[string](p, `(document.querySelector("#linjat-hint .rule") || {}).textContent || ""`)
	marked := eval[int](p, `document.querySelectorAll(".linjat-board .cell.hint, .linjat-board .cell.focus").length`)
	if rule == "" || len(hint) < len(rule)+20 || marked == 0 {
		t.Fatalf("hint %q (rule %q) marks %d cells", hint, rule, marked)
	}
	p.shot("linjat-hint")
	// Applying the step draws lines.
	p.click("#linjat-apply")
	wait[bool](p, `document.querySelectorAll(".linjat-board line.bar").length > 0 && !document.querySelector(".linjat-board .cell.hint")`, 5*time.Second)

	cell := func(r, c int) string { return fmt.Sprintf(`.linjat-board [data-rc="%d,%d"]`, r, c) }
	for _, l := range sols[0] {
		if l.Value == 1 {
			continue
		}
		p.click(cell(l.Row, l.Col))
		for _, end := range [][2]int{{l.R0, l.C0}, {l.R1, l.C1}} {
			if end != [2]int{l.Row, l.Col} {
				p.click(cell(end[0], end[1]))
			}
		}
	}
	wait[bool](p, `!!document.querySelector("#linjat-solved")`, 20*time.Second)
	p.shot("linjat")
}

// Test2048 plays a few moves with the keys and the buttons, and one move of
// the AI, whose evaluation of each move is shown.
func TestBrowser2048(t *testing.T) {
	p := openPage(t, "#/2048")
	wait[bool](p, `[...document.querySelectorAll("#g2048-board .tile")].filter((e) => e.dataset.value > 0).length === 2`, 20*time.Second)
	moves := func() int {
		n, _ := strconv.Atoi(eval[string](p, `document.querySelectorAll(".scorebox strong")[2].textContent`))
		return n
	}
	for _, k := range []string{kb.ArrowLeft, kb.ArrowUp, kb.ArrowRight, kb.ArrowDown} {
		before := moves()
		p.do(chromedp.KeyEvent(k))
		// A key that moves nothing is refused; the others count.
		time.Sleep(150 * time.Millisecond)
		if after := moves(); after < before {
			t.Fatalf("moves went from %d to %d", before, after)
		}
	}
	p.click(`.arrows [data-move="left"]`)
	time.Sleep(150 * time.Millisecond)
	if moves() == 0 {
		t.Fatal("no move was counted after five moves")
	}
	before := moves()
	p.click("#g2048-ai")
	wait[bool](p, `!!document.querySelector(".eval-row.best")`, 20*time.Second)
	if after := moves(); after != before+1 {
		t.Errorf("the AI's move: moves %d, want %d", after, before+1)
	}
	if rows := eval[int](p, `document.querySelectorAll(".eval-row").length`); rows != 4 {
		t.Errorf("%d evaluation rows, want 4", rows)
	}
	// The move played is the one valued best.
	values := eval[[]float64](p, `[...document.querySelectorAll(".eval-row")].filter((r) => !r.textContent.includes("not legal")).map((r) => Number(r.querySelector(".num").textContent.replace(/,/g, "")))`)
	best := eval[float64](p, `Number(document.querySelector(".eval-row.best .num").textContent.replace(/,/g, ""))`)
	for _, v := range values {
		if v > best {
			t.Errorf("the AI played a move valued %v; another is valued %v", best, v)
		}
	}
	// Watch the AI play a few moves, then stop it.
	before = moves()
	p.click("#g2048-auto")
	wait[bool](p, fmt.Sprintf(`Number(document.querySelectorAll(".scorebox strong")[2].textContent) >= %d`, before+3), 20*time.Second)
	p.click("#g2048-auto")
	wait[bool](p, `document.querySelector("#g2048-auto").getAttribute("aria-pressed") === "false"`, 5*time.Second)
	stopped := moves()
	time.Sleep(500 * time.Millisecond)
	if after := moves(); after > stopped+1 {
		t.Errorf("the AI went on playing after Stop: %d moves, then %d", stopped, after)
	}
	tiles := eval[string](p, `[...document.querySelectorAll("#g2048-board .tile")].map((e) => e.dataset.value).join(",")`)
	if strings.Count(tiles, ",") != 15 {
		t.Errorf("board %q: want 16 tiles", tiles)
	}
	p.shot("2048")
}

// TestBrowserDungeon shows a layout, the next seed's, and offers the
// downloads.
func TestBrowserDungeon(t *testing.T) {
	p := openPage(t, "#/dungeon")
	wait[bool](p, `!!document.querySelector("#dungeon-picture svg")`, 30*time.Second)
	// Another spec.
	eval[chromedp.Void](p, `(() => { const s = document.querySelector("#dungeon-spec"); s.value = "keep.yaml"; s.form.requestSubmit(); })()`)
	wait[bool](p, `(document.querySelector("#dungeon-picture svg") || {getAttribute: () => ""}).getAttribute("aria-label").startsWith("Layout of keep.yaml")`, 30*time.Second)
	if rooms := eval[int](p, `document.querySelectorAll("#dungeon-picture svg text").length`); rooms < 10 {
		t.Errorf("the keep's layout names %d rooms", rooms)
	}
	first := eval[string](p, `document.querySelector("#dungeon-picture svg").outerHTML`)
	p.shot("dungeon")
	p.click("#dungeon-regenerate")
	wait[bool](p, fmt.Sprintf(`(() => { const s = document.querySelector("#dungeon-picture svg"); return !!s && s.outerHTML !== %s; })()`, jsString(first)), 30*time.Second)
	for _, f := range []string{"layout.json", "layout.svg", "layout.tmx", "tiles.png"} {
		href := eval[string](p, fmt.Sprintf(`document.querySelector(".downloads a[href*='%s']").href`, f))
		res, err := http.Get(href)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Errorf("%s: %s", href, res.Status)
		}
	}
}

// TestBrowserTiles shows a tile set's tiles, two boards and its score.
func TestBrowserTiles(t *testing.T) {
	p := openPage(t, "#/tiles")
	wait[bool](p, `(() => {
		const imgs = [...document.querySelectorAll("#tiles-picture img, .boards img")];
		return imgs.length === 3 && imgs.every((i) => i.complete && i.naturalWidth > 0);
	})()`, 30*time.Second)
	wait[bool](p, `!!document.querySelector("#tiles-score .big-number, #tiles-score .error")`, 60*time.Second)
	if msg := eval[string](p, `(document.querySelector("#tiles-score .error") || {}).textContent || ""`); msg != "" {
		t.Fatalf("score: %s", msg)
	}
	if score := eval[string](p, `document.querySelector("#tiles-score .big-number").textContent`); !strings.Contains(score, "±") {
		t.Errorf("score shown as %q", score)
	}
	p.shot("tiles")
}

// TestBrowser2048Honest: the bars of the AI's evaluation are as long as
// the values are large (values of 1,602,788 and 1,606,124 are bars of
// nearly one length), and a game left for another page is there on
// coming back.
func TestBrowser2048Honest(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/2048")
	wait[bool](p, `[...document.querySelectorAll("#g2048-board .tile")].filter((e) => e.dataset.value > 0).length === 2`, 20*time.Second)
	p.click("#g2048-ai")
	wait[bool](p, `!!document.querySelector(".eval-row.best")`, 20*time.Second)
	rows := eval[[][2]float64](p, `[...document.querySelectorAll(".eval-row")].filter((r) => !r.textContent.includes("not legal")).map((r) =>
		[Number(r.querySelector(".num").textContent.replace(/,/g, "")), r.querySelector(".eval-bar > span").getBoundingClientRect().width / r.querySelector(".eval-bar").getBoundingClientRect().width])`)
	if len(rows) < 2 {
		t.Fatalf("evaluation rows %v", rows)
	}
	best := 0.0
	for _, r := range rows {
		best = max(best, r[0])
	}
	for _, r := range rows {
		if r[0] <= 0 {
			continue
		}
		if want := r[0] / best; math.Abs(r[1]-want) > 0.03 {
			t.Errorf("a move valued %v of the best %v is a bar %.2f long, want %.2f", r[0], best, r[1], want)
		}
	}
	board := eval[string](p, `[...document.querySelectorAll("#g2048-board .tile")].map((e) => e.dataset.value).join()`)
	eval[chromedp.Void](p, `location.hash = "#/tiles"`)
	wait[bool](p, `document.querySelector("#main").dataset.page === "tiles"`, 10*time.Second)
	eval[chromedp.Void](p, `location.hash = "#/2048"`)
	again := wait[string](p, `document.querySelector("#main").dataset.page === "2048" && document.querySelectorAll("#g2048-board .tile").length === 16 ?
		[...document.querySelectorAll("#g2048-board .tile")].map((e) => e.dataset.value).join() : ""`, 10*time.Second)
	if again != board {
		t.Errorf("back on the page, the board is %s; it was %s", again, board)
	}
	if n := eval[string](p, `document.querySelectorAll(".scorebox strong")[2].textContent`); n != "1" {
		t.Errorf("back on the page, %s moves; one was played", n)
	}
}
