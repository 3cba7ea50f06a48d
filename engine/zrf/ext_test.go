package zrf

import (
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
)

// The native dialect's forms read into the model.
func TestDialectForms(t *testing.T) {
	src := `(game (title "D") (players A B C) (coalition A C)
  (variable captured 2)
  (board (grid (start-rectangle 0 0 10 10)
    (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
    (attribute height 0))
  (option "ko" situation)
  (piece (name P) (attribute strength 4)
    (moves ((verify (and my? (> strength 1) (< (height n) 3) (is-piece? P)))
            n (verify (= (count (liberties)) (count (group w (directions n s)))))
            (capture (pieces enemy? (piece? P) is-attacked?))
            (set-variable captured (+ captured (count (pieces enemy?))))
            (set-position-attribute height (max 1 (- height 1)) s)
            (set-attribute strength (* 2 strength))
            add)))
  (board-setup (position-attribute height 2 a1 b1))
  (win-condition (A) (= (count moves) 0) (priority 3))
  (loss-condition (B) (connected z z (directions n s)))
  (count-condition (>= (count passes) 2))
  (zone-free)
  (score (count (territory)))
  (komi C 0.5))`
	_, err := read(t, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	src = strings.Replace(src, "(zone-free)", "", 1)
	src = strings.Replace(src, "(attribute height 0))", "(attribute height 0) (zone (name z) (players A B C) (positions a1)))", 1)
	r := build(t, src, nil).Rules
	if r.Players[0].Coalition == 0 || r.Players[0].Coalition != r.Players[2].Coalition || r.Players[1].Coalition != 0 {
		t.Errorf("coalitions %+v", r.Players)
	}
	if len(r.Vars) != 1 || r.Vars[0] != (rules.Variable{Name: "captured", Init: 2}) {
		t.Errorf("variables %+v", r.Vars)
	}
	if len(r.PosAttrs) != 1 || r.PosAttrs[0].Name != "height" || len(r.PosAttrSetup) != 2 {
		t.Errorf("position attributes %+v %+v", r.PosAttrs, r.PosAttrSetup)
	}
	if r.Options.Ko != rules.KoSituational || r.Komi[2] != 0.5 || r.Score == nil {
		t.Errorf("ko %v komi %v score %v", r.Options.Ko, r.Komi, r.Score)
	}
	if len(r.Goals) != 3 || r.Goals[0].Priority != 3 || r.Goals[0].Cond.Kind != rules.GoalCompare ||
		r.Goals[1].Cond.Kind != rules.GoalConnected || len(r.Goals[2].Players) != 3 {
		t.Errorf("goals %+v", r.Goals)
	}
	body := r.Pieces[0].Moves[0].Body
	kinds := []rules.StmtKind{rules.SVerify, rules.SNav, rules.SVerify, rules.SCapture, rules.SSetVar,
		rules.SSetPosAttr, rules.SSetAttr, rules.SAdd}
	if len(body) != len(kinds) {
		t.Fatalf("program %+v", body)
	}
	for i, k := range kinds {
		if body[i].Kind != k {
			t.Errorf("statement %d: kind %d, want %d", i, body[i].Kind, k)
		}
	}
	if body[3].Set == nil || body[3].Set.Kind != rules.SetPieces || len(body[3].Set.Filter) != 3 ||
		body[6].X == nil || body[6].X.Kind != rules.EMul {
		t.Errorf("capture set %+v, strength %+v", body[3].Set, body[6].X)
	}
	if _, err := engine.Compile(r); err != nil {
		t.Fatal(err)
	}
}

// A file with Dagaz's hook rules gets them from a shim: named by its hook
// option, or implied by the title of a Dagaz game that states no goal.
func TestShims(t *testing.T) {
	stones := `(players Black White) ` + board + ` (piece (name Stone) (drops ((verify empty?) add)))`
	tests := []struct {
		src   string
		shim  string // what the shim line says, "" for none
		goals int
	}{
		{`(game (title "Reversi") ` + stones + `)`, "outflank", 1},
		{`(game (title "Othello 6x6") ` + stones + `)`, "outflank", 1},
		{`(game (title "Reversi") ` + stones + ` (draw-condition (Black White) stalemated))`, "", 1},
		{`(game (title "Anything") (option "reversi-extension" true) ` + stones + `)`, "outflank", 1},
		{`(game (title "Go (9x9)") (option "pass turn" true) ` + stones + `)`, "superko", 1},
		{`(game (title "Baduk") (option "go-extension" true) ` + stones + `)`, "superko", 1},
		{`(game (title "Amazons") ` + stones + `)`, "cannot move loses", 1},
		{`(game (title "Fanorona") (option "fanorona-extension" true) (players White Black) (board (grid (start-rectangle 0 0 1 1)
		  (dimensions ("a/b/c" (1 0)) ("3/2/1" (0 1))) (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
		  (piece (name Stone) (moves (n add))) (loss-condition (White Black) stalemated))`, "approach or withdrawal", 1},
		{`(game (title "Fanorona") ` + stones + `)`, "", 0}, // no compass directions, no piece that moves
		{`(game (title "Hex") ` + stones + `)`, "", 0},      // no start-zone and stop-zone to join
		{`(game (title "Laska") (option "columns-checkers-extension" inversed) ` + stones +
			` (draw-condition (Black White) stalemated))`, "top piece of the jumped column", 1},
	}
	for _, tt := range tests {
		g := build(t, tt.src, nil)
		r := g.Rules
		got := strings.Join(r.Shims, "\n")
		if (tt.shim == "") != (got == "") || !strings.Contains(got, tt.shim) || len(r.Goals) != tt.goals {
			t.Errorf("%s\nshims %q, %d goals; want %q, %d goals", tt.src, got, len(r.Goals), tt.shim, tt.goals)
		}
		for _, n := range r.Notes {
			if strings.Contains(n, "hook") {
				t.Errorf("%s: note %q for a hook a shim answered", tt.src, n)
			}
		}
		if _, err := engine.Compile(r); err != nil {
			t.Errorf("%s: %v", tt.src, err)
		}
	}
}
