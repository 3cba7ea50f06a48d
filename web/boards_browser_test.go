package web_test

// Browser tests of the board as people see and work it: moves animated
// (web/static/animate.js), the keyboard's cursor and what screen readers
// are told (web/static/cursor.js), and xiangqi, shogi and draughts drawn
// as their players know them.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// motionCases runs animate.js on pictures made in the page: each case
// plays the move from a picture before to one after and says what was
// animated, as {el: first keyframe}.
const motionCases = `(async () => {
	const m = await import("/animate.js");
	const NS = "http://www.w3.org/2000/svg";
	const geo = {cell: 50, cells: [{name: "a2", x: 25, y: 25}, {name: "b2", x: 75, y: 25}, {name: "a1", x: 25, y: 75}, {name: "b1", x: 75, y: 75}]};
	// pic draws a picture with pieces {position: owner} and, with plate,
	// the four cells on a plate that turns.
	const pic = (pieces, plate) => {
		const svg = document.createElementNS(NS, "svg");
		svg.setAttribute("viewBox", "0 0 100 100");
		if (plate) {
			const g = document.createElementNS(NS, "g");
			g.setAttribute("class", "plate");
			g.dataset.cells = "a2 b2 a1 b1";
			svg.append(g);
		}
		for (const [at, owner] of Object.entries(pieces)) {
			const g = document.createElementNS(NS, "g");
			g.setAttribute("class", "piece");
			g.dataset.at = at;
			g.dataset.owner = String(owner);
			g.append(document.createElementNS(NS, "circle"));
			svg.append(g);
		}
		document.body.append(svg);
		return svg;
	};
	const seen = (after) => {
		const out = {};
		for (const el of after.querySelectorAll("g")) {
			for (const a of el.getAnimations()) {
				const k = a.effect.getKeyframes()[0];
				out[el.getAttribute("class") + (el.dataset.at ? " " + el.dataset.at : "")] = k.transform || "opacity " + k.opacity;
			}
		}
		return out;
	};
	const motion = new m.Motion();
	const out = {};
	let after = pic({b2: 0});
	motion.play(pic({a1: 0}), after, geo, {from: "a1", to: "b2", captures: []});
	out.slide = seen(after);
	const first = after.querySelector("g.piece").getAnimations()[0];
	after = pic({b2: 0});
	motion.play(pic({a1: 0, b2: 1, a2: 1}), after, geo, {from: "a1", to: "b2", captures: ["a2"]});
	out.finishedEarly = first ? first.playState : "none";
	out.capture = seen(after);
	const ghosts = after.querySelectorAll(".ghost").length;
	motion.finish();
	await new Promise((r) => setTimeout(r, 0));
	out.ghosts = [ghosts, after.querySelectorAll(".ghost").length];
	after = pic({b2: 0, b1: 1}, true);
	motion.play(pic({a2: 0}, true), after, geo, {from: "", to: "b2", captures: []});
	out.turn = seen(after);
	after = pic({a1: 0});
	motion.play(pic({}), after, geo, {from: "", to: "a1", captures: []});
	out.drop = seen(after);
	after = pic({b2: 0});
	motion.play(pic({a1: 0}), after, geo, null);
	out.none = seen(after);
	return JSON.stringify(out);
})()`

// TestBrowserMotion: a piece moved slides from its square to the new
// one, pieces taken fade out and go, a piece dropped fades in, a plate
// turned turns with its marbles; the next picture finishes what still
// moves; with less motion asked for, nothing moves.
func TestBrowserMotion(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	type result struct {
		Slide, Capture, Turn, Drop, None map[string]string
		FinishedEarly                    string
		Ghosts                           []int
	}
	var got result
	if err := json.Unmarshal([]byte(eval[string](p, motionCases)), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"piece b2": "translate(-50px, 50px)"}
	if fmt.Sprint(got.Slide) != fmt.Sprint(want) {
		t.Errorf("a move from a1 to b2 animates %v, want %v", got.Slide, want)
	}
	if got.FinishedEarly != "finished" {
		t.Errorf("the next picture leaves the last animation %s", got.FinishedEarly)
	}
	want = map[string]string{"piece b2": "translate(-50px, 50px)", "piece ghost": "opacity 1"}
	if fmt.Sprint(got.Capture) != fmt.Sprint(want) || fmt.Sprint(got.Ghosts) != "[2 0]" {
		t.Errorf("a capture animates %v with ghosts %v, want %v with [2 0]", got.Capture, got.Ghosts, want)
	}
	want = map[string]string{"plate": "rotate(-90deg)", "piece b2": "rotate(-90deg)", "piece b1": "rotate(-90deg)"}
	if fmt.Sprint(got.Turn) != fmt.Sprint(want) {
		t.Errorf("a drop and a turn clockwise animate %v, want %v", got.Turn, want)
	}
	if len(got.Drop) != 1 || !strings.HasPrefix(got.Drop["piece a1"], "translate(25px, 75px) scale(0.6)") {
		t.Errorf("a drop animates %v", got.Drop)
	}
	if len(got.None) != 0 {
		t.Errorf("no move animates %v", got.None)
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	}))
	got = result{}
	if err := json.Unmarshal([]byte(eval[string](p, motionCases)), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Slide)+len(got.Capture)+len(got.Turn)+len(got.Drop) != 0 || fmt.Sprint(got.Ghosts) != "[0 0]" {
		t.Errorf("with reduced motion: %+v", got)
	}
}

// recordAnimations makes the page note each animation it starts, as
// "data-at: first keyframe", in window.__anims.
func (p *page) recordAnimations() {
	p.t.Helper()
	eval[chromedp.Void](p, `(() => {
		window.__anims = [];
		const animate = Element.prototype.animate;
		Element.prototype.animate = function (frames, o) {
			window.__anims.push((this.dataset.at || this.getAttribute("class")) + ": " + (frames[0].transform || "opacity " + frames[0].opacity) + " " + o.duration + "ms");
			return animate.call(this, frames, o);
		};
	})()`)
}

// TestBrowserMotionInGame: in a game, the piece moved slides (for both
// players' moves), and a capture fades the piece taken.
func TestBrowserMotionInGame(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	p.startBoth("chess.zrf")
	p.recordAnimations()
	for i, m := range []string{"e2e4", "d7d5", "e4d5"} {
		p.typeMove(m, i+1)
	}
	got := eval[[]string](p, `window.__anims`)
	want := []string{"e4: translate(0px, 112px) 200ms", "d5: translate(0px, -112px) 200ms",
		"d5: translate(56px, 56px) 200ms", "piece ghost: opacity 1 200ms"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the moves animate %q, want %q", got, want)
	}
}

// TestBrowserKeyboard plays chess from the keyboard: the board is one
// stop of the Tab key, the arrow keys move the cursor to the nearest
// position that way, Enter picks, Escape drops a move begun; each move,
// the page's and the bot's, is said to screen readers in SAN.
func TestBrowserKeyboard(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	id := p.startGame("chess.zrf", "random")
	p.myTurn(id)
	if n := eval[int](p, `document.querySelectorAll('.board-overlay .target[tabindex="0"]').length`); n != 1 {
		t.Fatalf("%d positions are stops of the Tab key, want the board's one", n)
	}
	// Tab from the move box backwards reaches the board.
	eval[chromedp.Void](p, `document.querySelector('.board-overlay .target[tabindex="0"]').focus()`)
	focused := func() string {
		return eval[string](p, `(document.activeElement && document.activeElement.dataset.cell) || ""`)
	}
	start := focused()
	if start != "a2" {
		t.Errorf("the cursor starts on %q, want a2, the first position a move starts from", start)
	}
	keys := func(ks ...string) {
		for _, k := range ks {
			p.do(chromedp.KeyEvent(k))
		}
	}
	keys(kb.ArrowRight, kb.ArrowRight, kb.ArrowRight, kb.ArrowRight)
	if f := focused(); f != "e2" {
		t.Fatalf("four steps right of a2 the cursor is on %q", f)
	}
	keys(kb.ArrowUp, kb.ArrowDown)
	if f := focused(); f != "e2" {
		t.Fatalf("up and down again the cursor is on %q", f)
	}
	// A move begun, then dropped with Escape.
	keys("\r")
	wait[bool](p, `!!document.querySelector(".board-overlay .hl-selected")`, 5*time.Second)
	keys(kb.Escape)
	wait[bool](p, `!document.querySelector(".board-overlay .hl-selected")`, 5*time.Second)
	if shown := eval[bool](p, `(() => { const s = getComputedStyle(document.activeElement); return s.strokeWidth === "4px"; })()`); !shown {
		t.Error("the cursor is not shown")
	}
	// e2, up twice to e4, Enter: the move is played.
	keys("\r", kb.ArrowUp, kb.ArrowUp, " ")
	said := wait[string](p, `(() => { const a = document.querySelector(".announce[aria-live]").textContent; return a.startsWith("Black played") ? a : ""; })()`, 20*time.Second)
	var st struct {
		Moves []string `json:"moves"`
	}
	p.getJSON("/api/sessions/"+id, &st)
	if len(st.Moves) < 2 || !strings.HasPrefix(st.Moves[0], "e2 - e4") {
		t.Fatalf("the keys played %q", st.Moves)
	}
	if last := eval[string](p, `[...document.querySelectorAll(".tree-move .mv")].pop().textContent`); said != "Black played "+last {
		t.Errorf("screen readers are told %q, the list says %q", said, last)
	}
	if got := eval[[]string](p, `[...document.querySelectorAll(".tree-move .mv")].map((e) => e.textContent)`); got[0] != "e4" {
		t.Errorf("the first move reads %q, want e4", got[0])
	}
	// The board kept the cursor through the new pictures.
	if f := focused(); f != "e4" {
		t.Errorf("after the move the cursor is on %q, want e4", f)
	}
	// Moves taken back are not played again backwards.
	p.recordAnimations()
	wait[bool](p, `(() => { const b = document.querySelector("#takeback"); return !!b && !b.disabled && !b.closest("[hidden]"); })()`, 10*time.Second)
	p.click("#takeback")
	wait[bool](p, `document.querySelector(".status .version").textContent === "move 0"`, 10*time.Second)
	if got := eval[[]string](p, `window.__anims`); len(got) != 0 {
		t.Errorf("a takeback animates %q", got)
	}
}

// TestBrowserBoardsAsPlayed: xiangqi's pieces on the points with their
// characters and the river, shogi's pentagons, draughts' numbered
// squares, as the session page shows them.
func TestBrowserBoardsAsPlayed(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	for _, tt := range []struct {
		game, shot, shape string
		moves             []string
		want              []string
	}{
		{"xiangqi.zrf", "session-xiangqi", "point", []string{"h3 - e3 cannon-move w"}, []string{"帥", "將", "楚 河"}},
		// Black's bishop takes White's, promoted (馬, in red): Black holds a bishop.
		{"shogi.zrf", "session-shogi", "square", []string{"7g - 7f pawn-1", "3c - 3d pawn-1", "8h x 2b pslide ne Bishop Horse = Horse"},
			[]string{"玉", "王", "飛", "角", "馬"}},
		{"international-draughts.zrf", "session-draughts", "square", []string{"d4 - c5 man-step nw"}, []string{"1", "50"}},
	} {
		id := p.startBoth(tt.game)
		for i, m := range tt.moves {
			p.typeMove(m, i+1)
		}
		texts := eval[[]string](p, `[...document.querySelectorAll(".board-picture text")].map((e) => e.textContent)`)
		for _, w := range tt.want {
			if !contains(texts, w) {
				t.Errorf("%s: the board has no %q", tt.game, w)
			}
		}
		var geo struct{ Shape string }
		p.getJSON("/api/sessions/"+id+"/geometry", &geo)
		if geo.Shape != tt.shape {
			t.Errorf("%s: the cells are %q, want %q", tt.game, geo.Shape, tt.shape)
		}
		p.shot(tt.shot)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
