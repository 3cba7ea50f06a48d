package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// other opens a page in another browser context of the same browser: a
// profile of its own (storage, cookies), as a second person's browser.
func (p *page) other(route string) *page {
	p.t.Helper()
	ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithNewBrowserContext())
	p.t.Cleanup(cancel)
	q := &page{t: p.t, url: p.url, ctx: ctx}
	q.watch()
	q.do(chromedp.Navigate(q.url + "/" + route))
	return q
}

// playCell waits until the page may move and clicks a position.
func (p *page) playCell(cell string, moves int) {
	p.t.Helper()
	wait[bool](p, fmt.Sprintf(`!!document.querySelector(".status .your-move") && document.querySelector(".status .version").textContent === "move %d"`, moves), 10*time.Second)
	p.click(target(cell))
}

// TestBrowserTwoPlayers starts a game with a seat for someone else: the
// page shows the invite link, a second browser profile opens it and takes
// the seat, and the two play tic-tac-toe to the end on a clock, one move
// taken back by request and acceptance on the way.
func TestBrowserTwoPlayers(t *testing.T) {
	longBrowserTest(t)
	x := openPage(t, "#/")
	wait[bool](x, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	x.click(`[data-game="tic-tac-toe.zrf"]`)
	wait[bool](x, `!!document.querySelector("#start-game") && document.querySelector(".card-title").textContent.includes("Tic")`, 5*time.Second)
	eval[chromedp.Void](x, `(() => {
		const set = (sel, v) => { const e = document.querySelector(sel); e.value = v; e.dispatchEvent(new Event("change")); };
		set("[name=seat-0]", "human");
		set("[name=seat-1]", "open");
		set("#clock", "5m+3s");
	})()`)
	x.click("#start-game")
	id := x.sessionID()
	link := wait[string](x, `(document.querySelector('.invite[data-seat="1"] .invite-link') || {}).value || ""`, 10*time.Second)
	if !strings.Contains(link, "#/session/"+id+"?seat=1&invite=") {
		t.Fatalf("the invite link: %q", link)
	}
	wait[bool](x, `document.querySelector('.seat[data-seat="1"] .seat-who').textContent === "waiting for a player"`, 5*time.Second)
	x.shot("session-invite")

	// The other person sees the seat in the lobby, and takes it by the
	// link.
	o := x.other("#/")
	wait[bool](o, fmt.Sprintf(`!!document.querySelector('#open-seats .join[data-session=%q][data-seat="1"]')`, id), 10*time.Second)
	o.shot("games-open-seat")
	o.do(chromedp.Navigate(link))
	o.click(`.join[data-seat="1"]`)
	wait[bool](o, `document.querySelector('.seat[data-seat="1"] .seat-who').textContent === "you" && !location.hash.includes("invite")`, 10*time.Second)
	wait[bool](x, `document.querySelector('.seat[data-seat="1"] .seat-who').textContent === "human"`, 10*time.Second)

	// X plays, then a move it regrets; it asks to take it back and O
	// accepts.
	x.playCell("a1", 0)
	o.playCell("b2", 1)
	x.playCell("c3", 2)
	wait[bool](x, `document.querySelector(".status .version").textContent === "move 3"`, 10*time.Second)
	wait[bool](x, `document.querySelector("#takeback").textContent === "Ask to take back" && !document.querySelector("#takeback").disabled`, 10*time.Second)
	x.click("#takeback")
	wait[bool](o, `!!document.querySelector('.offer[data-kind="takeback"] .accept')`, 10*time.Second)
	// The clocks tick: O's, which runs, shows less a moment later.
	before := eval[string](o, `document.querySelector('.clock[data-seat="1"]').textContent`)
	time.Sleep(1100 * time.Millisecond)
	if after := eval[string](o, `document.querySelector('.clock[data-seat="1"]').textContent`); after == before {
		t.Errorf("O's clock stands at %s", after)
	}
	o.shot("session-two-players")
	o.click(`.offer[data-kind="takeback"] .accept`)
	wait[bool](x, `document.querySelector(".status .version").textContent === "move 2" && !document.querySelector(".offer")`, 10*time.Second)

	// Then on to the end: X takes column a.
	x.playCell("a2", 2)
	o.playCell("b1", 3)
	x.playCell("a3", 4)
	for _, p := range []*page{x, o} {
		if got := wait[string](p, `(document.querySelector("#result") || {}).textContent || ""`, 10*time.Second); !strings.Contains(got, "X wins") {
			t.Errorf("the result shown: %q", got)
		}
	}
	var st struct {
		Moves  []string `json:"moves"`
		Result *struct {
			Scores []float64 `json:"scores"`
		} `json:"result"`
	}
	x.getJSON("/api/sessions/"+id, &st)
	if st.Result == nil || st.Result.Scores[0] != 1 || len(st.Moves) != 5 {
		t.Fatalf("the session: %+v", st)
	}
	x.shot("session-two-players-over")
}
