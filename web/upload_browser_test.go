package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserUpload uploads a rules file from the games page and starts a
// game of it; a file that does not read is refused with the reader's error.
func TestBrowserUpload(t *testing.T) {
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	src, err := os.ReadFile(filepath.Join("..", "games", "tic-tac-toe.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "noughts.zrf")
	if err := os.WriteFile(good, []byte(strings.Replace(string(src), `(title "Tic-Tac-Toe")`, `(title "Noughts and Crosses")`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "broken.zrf")
	if err := os.WriteFile(bad, []byte("(game (title \"Broken\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	p.do(chromedp.SetUploadFiles(chromedp.CSS("#upload-zrf"), []string{bad}))
	msg := wait[string](p, `(document.querySelector(".toast.error") || {}).textContent || ""`, 10*time.Second)
	if !strings.Contains(msg, "broken.zrf") {
		t.Errorf("the error shown for a broken file: %q", msg)
	}

	p.do(chromedp.SetUploadFiles(chromedp.CSS("#upload-zrf"), []string{good}))
	wait[bool](p, `(document.querySelector("[data-game='noughts.zrf'].selected") || {}).textContent?.includes("Noughts and Crosses")`, 10*time.Second)
	p.startGame("noughts.zrf", "random")
	wait[bool](p, `document.querySelector(".session-title").textContent === "Noughts and Crosses"`, 10*time.Second)

	// The page holds the upload's key: the edited file replaces it.
	if err := os.WriteFile(good, []byte(strings.Replace(string(src), `(title "Tic-Tac-Toe")`, `(title "Noughts and Crosses II")`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	eval[chromedp.Void](p, `location.hash = "#/"`)
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#upload-zrf"), []string{good}))
	wait[bool](p, `(document.querySelector("[data-game='noughts.zrf'].selected") || {}).textContent?.includes("Noughts and Crosses II")`, 10*time.Second)
	if msg := wait[string](p, `[...document.querySelectorAll(".toast")].map((e) => e.textContent).join(" ")`, 10*time.Second); !strings.Contains(msg, "replaced (version 2)") {
		t.Errorf("the page says %q after the replacement", msg)
	}
}

// TestBrowserRulesFail: a rules file whose move program never ends. At the
// start, starting a game of it is refused with the engine's reason; in a
// later position, the session stops and the page says why.
func TestBrowserRulesFail(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	const line = `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (1 0))) (directions (e 1 0) (w -1 0))))`
	dir := t.TempDir()
	spin := filepath.Join(dir, "spin.zrf")
	os.WriteFile(spin, []byte(`(game (title "Spin") (players A B) (turn-order A B) `+line+`
  (piece (name Spinner) (moves (move-type spin) ((while true mark) add)))
  (board-setup (A (Spinner a))))`), 0o644)
	trap := filepath.Join(dir, "trap.zrf")
	os.WriteFile(trap, []byte(`(game (title "Trap") (players A B) (turn-order A B) `+line+`
  (piece (name Runner) (moves ((e (verify empty?) add))))
  (piece (name Spinner) (moves (move-type spin) ((while true mark) add)))
  (board-setup (A (Runner a)) (B (Spinner c))))`), 0o644)

	p.do(chromedp.SetUploadFiles(chromedp.CSS("#upload-zrf"), []string{spin}))
	wait[bool](p, `!!document.querySelector("[data-game='spin.zrf'].selected")`, 10*time.Second)
	p.click(`[data-game="spin.zrf"]`)
	wait[bool](p, `!!document.querySelector("#start-game")`, 5*time.Second)
	p.click("#start-game")
	msg := wait[string](p, `[...document.querySelectorAll(".toast.error")].map((e) => e.textContent).join(" ")`, 10*time.Second)
	if !strings.Contains(msg, "did not stop") || !strings.Contains(msg, "spin.zrf") {
		t.Errorf("starting a game whose first move never ends: %q", msg)
	}

	p.do(chromedp.SetUploadFiles(chromedp.CSS("#upload-zrf"), []string{trap}))
	wait[bool](p, `!!document.querySelector("[data-game='trap.zrf'].selected")`, 10*time.Second)
	p.startGame("trap.zrf", "random")
	p.click(target("a"))
	p.click(target("b"))
	msg = wait[string](p, `(document.querySelector(".status .error") || {}).textContent || ""`, 10*time.Second)
	if !strings.Contains(msg, "did not stop") {
		t.Errorf("the page says %q", msg)
	}
	p.shot("session-rules-failed")
}

// TestBrowserHex plays on a hex board of a file written here: the page
// draws hexes and takes a click on one.
func TestBrowserHex(t *testing.T) {
	longBrowserTest(t)
	p := openPage(t, "#/")
	wait[bool](p, `document.querySelectorAll("[data-game]").length > 0`, 10*time.Second)
	file := filepath.Join(t.TempDir(), "hex3.zrf")
	os.WriteFile(file, []byte(`(game (title "Hex Three") (players Red Blue) (turn-order Red Blue)
  (board (grid (start-rectangle 0 0 60 52) (dimensions ("a/b/c" (60 0)) ("3/2/1" (30 52)))
    (directions (e 1 0) (w -1 0) (ne 1 -1) (sw -1 1) (nw 0 -1) (se 0 1))))
  (piece (name Stone) (drops ((verify empty?) add)))
  (board-setup (Red (Stone off 5)) (Blue (Stone off 4)))
  (draw-condition (Red Blue) stalemated))`), 0o644)
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#upload-zrf"), []string{file}))
	wait[bool](p, `!!document.querySelector("[data-game='hex3.zrf'].selected")`, 10*time.Second)
	id := p.startGame("hex3.zrf", "random")
	if n := eval[int](p, `document.querySelectorAll(".board-picture polygon").length`); n < 9 {
		t.Errorf("the hex board has %d polygons, want a hexagon for each of its 9 cells", n)
	}
	if n := eval[int](p, `document.querySelectorAll(".board-overlay .target.active").length`); n != 9 {
		t.Errorf("%d cells to drop on, want 9", n)
	}
	p.click(target("b2"))
	p.myTurn(id)
	var st struct {
		Moves []string `json:"moves"`
	}
	p.getJSON("/api/sessions/"+id, &st)
	if len(st.Moves) != 2 || !strings.HasPrefix(st.Moves[0], "b2") {
		t.Fatalf("after a click on b2 and the bot's answer: %q", st.Moves)
	}
	p.shot("session-hex")
}
