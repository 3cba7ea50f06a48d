package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// setText replaces the editor's text as typing would, so that the page
// sees its input event.
func (p *page) setText(text string) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`(() => {
		const a = document.querySelector(".code-text");
		a.value = %s;
		a.dispatchEvent(new Event("input"));
	})()`, jsString(text)))
}

// TestBrowserEditor writes a new game from a template: a mistake is
// pinned to its line, the mended text saves as an upload, a game of it
// starts; saved again, it is the next version, and the game started
// before is offered a restart on it.
func TestBrowserEditor(t *testing.T) {
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	p.click(`[data-game="tic-tac-toe.zrf"]`)
	p.click("#new-rules")
	wait[bool](p, `location.hash.startsWith("#/design/new") && (document.querySelector(".code-text") || {value: ""}).value.includes("Tic-Tac-Toe")`, 10*time.Second)
	good := eval[string](p, `document.querySelector(".code-text").value`)
	if ro := eval[bool](p, `document.querySelector(".code-text").readOnly`); ro {
		t.Fatal("a new game's text is read-only")
	}

	// A misspelt word of a move is pinned to its line and column, in the
	// gutter and in the list beside.
	bad := strings.Replace(good, "(drops (drop-on-empty))", "(drops (drop-on-emty))", 1)
	line, col := 0, 0
	for i, l := range strings.Split(bad, "\n") {
		if k := strings.Index(l, "drop-on-emty)"); k >= 0 {
			line, col = i+1, k+1
		}
	}
	if line == 0 {
		t.Fatal("the template has no drop-on-empty move")
	}
	p.setText(bad)
	eval[chromedp.Void](p, `document.querySelector("#design-name").value = "noughts.zrf"`)
	p.click("#design-check")
	wait[bool](p, `document.querySelectorAll(".code-gutter .ln.err").length > 0`, 10*time.Second)
	if marked := eval[string](p, `[...document.querySelectorAll(".code-gutter .ln.err")].map((e) => e.dataset.line).join(",")`); marked != fmt.Sprint(line) {
		t.Errorf("lines marked as errors: %q, want %d", marked, line)
	}
	if band := eval[string](p, `[...document.querySelectorAll(".code-bands .band.err")].map((e) => e.dataset.line).join(",")`); band != fmt.Sprint(line) {
		t.Errorf("bands behind lines %q, want %d", band, line)
	}
	msg := eval[string](p, `document.querySelector("#design-problems .problem.err").textContent`)
	if !strings.Contains(msg, fmt.Sprintf("Line %d, column %d", line, col)) || !strings.Contains(msg, "drop-on-emty") {
		t.Errorf("the problem listed: %q, want line %d, column %d", msg, line, col)
	}
	// Its place takes the caret there.
	p.click(`#design-problems .problem.err .problem-at`)
	if where := eval[string](p, `document.querySelector(".code-where").textContent`); where != fmt.Sprintf("Line %d, column %d", line, col) {
		t.Errorf("after a click on the problem, the caret is at %q", where)
	}
	p.shot("designer-error")

	// Mended, it reads, and saves as a new upload of that name.
	p.setText(strings.Replace(good, `(title "Tic-Tac-Toe")`, `(title "Noughts")`, 1))
	p.click("#design-check")
	wait[bool](p, `!!document.querySelector("#design-ok") && document.querySelectorAll(".code-gutter .ln.err").length === 0`, 10*time.Second)
	p.click("#design-save")
	wait[bool](p, `location.hash === "#/design/noughts.zrf" && (document.querySelector("#design-version") || {}).textContent === "version 1"`, 10*time.Second)
	if ro := eval[bool](p, `document.querySelector(".code-text").readOnly`); ro {
		t.Error("the page's own upload is read-only")
	}

	// A game of version 1.
	wait[bool](p, `!!document.querySelector("#design-play")`, 10*time.Second)
	p.click("#design-play")
	first := p.sessionID()
	wait[bool](p, `(document.querySelector(".session-title") || {}).textContent === "Noughts"`, 10*time.Second)

	// Back to the rules: version 2 offers a restart; the game under way
	// keeps version 1.
	eval[chromedp.Void](p, `location.hash = "#/design/noughts.zrf"`)
	wait[bool](p, `(document.querySelector(".code-text") || {value: ""}).value.includes("Noughts")`, 10*time.Second)
	p.setText(strings.Replace(good, `(title "Tic-Tac-Toe")`, `(title "Noughts II")`, 1))
	p.click("#design-save")
	wait[bool](p, `(document.querySelector("#design-version") || {}).textContent === "version 2" && !!document.querySelector("#design-restart-yes")`, 10*time.Second)
	p.shot("designer-saved")
	var st struct {
		Variant string `json:"variant"`
	}
	p.getJSON("/api/sessions/"+first, &st)
	if st.Variant != "Noughts" {
		t.Errorf("the game under way plays %q, want its version's Noughts", st.Variant)
	}
	p.click("#design-restart-yes")
	wait[bool](p, fmt.Sprintf(`location.hash.startsWith("#/session/") && !location.hash.endsWith(%q) && (document.querySelector(".session-title") || {}).textContent === "Noughts II"`, first), 10*time.Second)
}

// TestBrowserReadOnlyRules: a bundled game's rules open read-only, and
// copy to a game of one's own.
func TestBrowserReadOnlyRules(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/design/connect-four.zrf")
	wait[bool](p, `(document.querySelector(".code-text") || {value: ""}).value.includes("(game")`, 10*time.Second)
	if ro := eval[bool](p, `document.querySelector(".code-text").readOnly`); !ro {
		t.Error("a bundled game's text is not read-only")
	}
	if label := eval[string](p, `document.querySelector("#design-save").textContent`); label != "Copy to my games" {
		t.Errorf("the save button says %q", label)
	}
	eval[chromedp.Void](p, `document.querySelector("#design-name").value = "my-four.zrf"`)
	p.click("#design-save")
	wait[bool](p, `location.hash === "#/design/my-four.zrf" && (document.querySelector(".code-text") || {readOnly: true}).readOnly === false`, 10*time.Second)
}

// TestBrowserBalanceRun starts a balance run from the rules page, follows
// it to its report and charts, and finds it in the game's runs.
func TestBrowserBalanceRun(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/design/tic-tac-toe.zrf")
	wait[bool](p, `!!document.querySelector("#run-start") && document.querySelectorAll("#run-list li").length > 0`, 10*time.Second)
	eval[chromedp.Void](p, `(() => {
		const k = document.querySelector("#run-kind");
		k.value = "balance";
		k.dispatchEvent(new Event("change"));
		document.querySelector("[name=run-bot-0]").value = "random";
		document.querySelector("#run-games").value = "40";
		document.querySelector("#run-seed").value = "5";
	})()`)
	p.click("#run-start")
	text := wait[string](p, `(() => {
		const s = document.querySelector("#run-status");
		const t = document.querySelector("#run-text");
		return s && t && s.textContent.startsWith("Done") && t.textContent.includes("First player wins") ? t.textContent : "";
	})()`, 60*time.Second)
	if !strings.Contains(text, "40 games (seed 5)") {
		t.Errorf("the report: %q", text)
	}
	wait[bool](p, `!!document.querySelector("#run-plot[data-done='40'] svg")`, 10*time.Second)
	if charts := eval[string](p, `document.querySelector("#run-plot svg").textContent`); !strings.Contains(charts, "Branching factor") || !strings.Contains(charts, "Game length") {
		t.Errorf("the charts say %q", charts)
	}
	wait[bool](p, `[...document.querySelectorAll("#run-list a")].some((a) => a.textContent.includes("40/40") && a.textContent.includes("done"))`, 10*time.Second)
	id := eval[string](p, `document.querySelector(".run-card").dataset.run`)
	var run struct {
		Status string `json:"status"`
		Done   int    `json:"done"`
		Text   string `json:"text"`
	}
	p.getJSON("/api/runs/"+id, &run)
	if run.Status != "done" || run.Done != 40 || run.Text != text {
		t.Errorf("the server's run %s: %s, %d games; its text the page's: %v", id, run.Status, run.Done, run.Text == text)
	}
	p.shot("designer-balance")
}

// TestBrowserDungeonSteps steps through the search behind a layout: the
// chains in their colours, then partial layouts, a step back among them.
func TestBrowserDungeonSteps(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/dungeon")
	wait[bool](p, `!!document.querySelector("#dungeon-spec option[value='warren.yaml']")`, 30*time.Second)
	eval[chromedp.Void](p, `(() => {
		document.querySelector("#dungeon-seed").value = "0";
		const s = document.querySelector("#dungeon-spec");
		s.value = "warren.yaml";
		s.form.requestSubmit();
	})()`)
	var tr struct {
		Steps []struct {
			Kind          string `json:"kind"`
			Chains        int    `json:"chains"`
			Decomposition int    `json:"decomposition"`
			Layout        struct {
				Rooms []struct{} `json:"rooms"`
			} `json:"layout"`
		} `json:"steps"`
		Decompositions [][]struct{} `json:"decompositions"`
	}
	p.getJSON("/api/dungeon/trace?spec=warren.yaml&seed=0", &tr)
	// The page shows the warren's search (not the first spec's) once its
	// slider has a step for each of the search's.
	wait[bool](p, fmt.Sprintf(`Number(document.querySelector("#search-step").max) === %d && (document.querySelector("#search-caption") || {}).textContent?.startsWith("Step 1:")`, len(tr.Steps)-1), 30*time.Second)
	last := tr.Steps[len(tr.Steps)-1]
	if n := eval[int](p, `document.querySelectorAll("#search-chains .chain-legend li").length`); n != len(tr.Decompositions[last.Decomposition]) {
		t.Errorf("the legend lists %d chains, the layout was found with %d", n, len(tr.Decompositions[last.Decomposition]))
	}
	if n := eval[int](p, `document.querySelectorAll("#search-chains .node").length`); n != 16 {
		t.Errorf("the chains' figure has %d rooms, want 16", n)
	}
	back, chain := -1, -1
	for i, st := range tr.Steps {
		if st.Kind == "backtrack" && back < 0 {
			back = i
		}
		if st.Kind == "chain" && st.Chains >= 2 && chain < 0 {
			chain = i
		}
	}
	if back < 0 || chain < 0 {
		t.Fatalf("no step back (%d) or of a second chain (%d) in the search", back, chain)
	}
	step := func(i int) string {
		eval[chromedp.Void](p, fmt.Sprintf(`(() => { const s = document.querySelector("#search-step"); s.value = %d; s.dispatchEvent(new Event("input")); })()`, i))
		return eval[string](p, `document.querySelector("#search-caption").dataset.kind + "|" + document.querySelector("#search-caption").textContent + "|" + document.querySelectorAll("#search-steps .room").length`)
	}
	for _, i := range []int{chain, back} {
		got := strings.Split(step(i), "|")
		if got[0] != tr.Steps[i].Kind || !strings.HasPrefix(got[1], fmt.Sprintf("Step %d:", i+1)) || got[2] != fmt.Sprint(len(tr.Steps[i].Layout.Rooms)) {
			t.Errorf("step %d shows %q, want a %s step of %d rooms", i, got, tr.Steps[i].Kind, len(tr.Steps[i].Layout.Rooms))
		}
	}
	if got := step(back); !strings.Contains(got, "back") {
		t.Errorf("the step back says %q", got)
	}
	p.shot("dungeon-search")
	// Play goes on by itself.
	step(0)
	p.click("#search-play")
	wait[bool](p, `Number(document.querySelector("#search-step").value) >= 2`, 10*time.Second)
	p.click("#search-play")
}

// TestBrowserLinjatCurve: a puzzle generated in the page shows the
// optimiser's best score against its iterations.
func TestBrowserLinjatCurve(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/linjat")
	wait[bool](p, `!!document.querySelector("#linjat-generate")`, 10*time.Second)
	p.click("#linjat-generate")
	wait[bool](p, `!!document.querySelector("#linjat-curve svg")`, 30*time.Second)
	if text := eval[string](p, `document.querySelector("#linjat-curve svg").textContent`); !strings.Contains(text, "Best score") || !strings.Contains(text, "iterations") {
		t.Errorf("the curve says %q", text)
	}
	p.shot("linjat-curve")
}
